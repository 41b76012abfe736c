import type { FetchLike } from '../types.js';

/**
 * Loads cross-fetch, for runtimes without a global `fetch` (Node before 18). Browser builds replace
 * this file with fallbackFetch.browser.ts through package.json's `browser` field, so no browser bundle
 * carries it.
 */
export function loadFallbackFetch(): Promise<FetchLike> {
  return import('cross-fetch').then((module) => (module.fetch ?? module.default) as unknown as FetchLike);
}
