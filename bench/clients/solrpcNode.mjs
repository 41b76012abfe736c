// solrpc over `createNodeFetch()` from the solrpc/node entry (a keep-alive node:http fetch) instead of
// Node's global fetch, coalescing off like the `solrpc` row. Absent from builds before solrpc/node
// existed: the runner then skips it.
import { createRpc } from '../../dist/index.js';
import { calls } from './solrpc.mjs';
import { wireViews } from './wire.mjs';

const node = await import('../../dist/node.js').catch(() => undefined);

export const available = typeof node?.createNodeFetch === 'function';
export const name = 'solrpc (createNodeFetch)';
export const note =
  "createRpc(url, { coalesce: false, fetch: createNodeFetch() }) with createNodeFetch from 'solrpc/node'";
export const create = (url) => calls(createRpc(url, { coalesce: false, fetch: node.createNodeFetch() }));
export const views = wireViews;
