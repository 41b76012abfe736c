import type { FetchLike } from '../types/index.js';

let fallback: Promise<FetchLike> | undefined;

/**
 * The `fetch` an endpoint uses when the caller gave none, in runtimes that are neither Node nor a
 * browser (workers, edge runtimes): the global `fetch`, or cross-fetch, loaded once, where there is none.
 * Imported as `#default-fetch`: package.json's `imports` gives Node defaultFetch.node.ts and browsers
 * defaultFetch.browser.ts instead, so no browser bundle carries cross-fetch or `node:http`.
 */
export function defaultFetch(): FetchLike | Promise<FetchLike> {
  if (typeof globalThis.fetch === 'function') return globalThis.fetch as FetchLike;
  fallback ??= import('cross-fetch').then((module) => (module.fetch ?? module.default) as unknown as FetchLike);
  return fallback;
}
