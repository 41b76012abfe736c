import type { FetchLike } from '../types.js';

/** Every browser has `fetch`; reaching this means it was removed, which no polyfill of ours can fix. */
export function loadFallbackFetch(): Promise<FetchLike> {
  return Promise.reject(new TypeError('no global fetch in this browser; pass the fetch option'));
}
