// solrpc given Node's global fetch (undici) instead of its Node default (a keep-alive node:http pool),
// coalescing off like the `solrpc` row: what an app that passes `fetch: globalThis.fetch` gets.
import { createRpc } from '../../dist/index.js';
import { calls } from './solrpc.mjs';
import { wireViews } from './wire.mjs';

export const available = true;
export const name = 'solrpc (global fetch)';
export const note = 'createRpc(url, { coalesce: false, fetch: globalThis.fetch })';
export const create = (url) => calls(createRpc(url, { coalesce: false, fetch: globalThis.fetch }));
export const views = wireViews;
