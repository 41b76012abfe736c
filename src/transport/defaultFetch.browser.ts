import type { FetchLike } from '../types/index.js';

/** Browsers: the global `fetch`. Every browser has one; without it, only the caller's `fetch` option can help. */
export function defaultFetch(): FetchLike | Promise<FetchLike> {
  if (typeof globalThis.fetch === 'function') return globalThis.fetch as FetchLike;
  return Promise.reject(new TypeError('no global fetch in this browser; pass the fetch option'));
}
