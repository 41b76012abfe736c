/**
 * What a client keeps for the free functions built on it (streamProgramAccounts): its transport and
 * decoding limits, under a key registered with `Symbol.for`, so a client of another copy of solrpc in
 * the same app is read too. Not enumerable: spreading or logging a client shows its methods only.
 * @module
 */
import type { DecodeContext, Transport } from './types/index.js';

/** The key of a client's link. */
export const CLIENT_LINK: unique symbol = Symbol.for('solrpc.client') as never;

/** A client's link: how free functions make requests of their own through it. */
export interface ClientLink {
  readonly transport: Transport;
  readonly maxDecompressedBytes: DecodeContext['maxDecompressedBytes'];
}

/** The link of `client`, or `undefined` for an object that is no solrpc client (a wrapper, a mock). */
export function clientLink(client: object): ClientLink | undefined {
  const link = (client as { [CLIENT_LINK]?: ClientLink })[CLIENT_LINK];
  return link && typeof link.transport === 'function' ? link : undefined;
}
