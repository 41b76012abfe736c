import type { FetchLike } from '../types/index.js';
import { createNodeFetch, type NodeFetch } from './nodeFetch.js';

let shared: NodeFetch | undefined;

/**
 * Node: one keep-alive `node:http`/`node:https` pool (createNodeFetch) shared by every client that was
 * given no `fetch`. Node's global fetch costs 1.5-3x more per small call (docs/performance.md). Idle
 * sockets never keep the process alive: Node unrefs a pooled socket while it waits.
 */
export function defaultFetch(): FetchLike | Promise<FetchLike> {
  shared ??= createNodeFetch();
  return shared;
}
