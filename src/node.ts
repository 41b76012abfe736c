/**
 * The `solrpc/node` entry: what only Node can run. Browser bundles never import this file.
 *
 * @packageDocumentation
 */
export { createNodeFetch, type NodeFetch, type NodeFetchOptions } from './transport/nodeFetch.js';
