import type { FetchLike } from '../types.js';

/**
 * Loads cross-fetch, for runtimes without a global `fetch` (Node before 18). Imported as
 * `#fallback-fetch`: package.json's `imports` gives browsers fallbackFetch.browser.ts instead, so no
 * browser bundle carries cross-fetch.
 */
export function loadFallbackFetch(): Promise<FetchLike> {
  return import('cross-fetch').then((module) => (module.fetch ?? module.default) as unknown as FetchLike);
}
