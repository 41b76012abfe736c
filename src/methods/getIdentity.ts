import { defineMethod, type WireOf } from '../defineMethod.js';
import { address } from '../schemas/address.js';
import { memo } from '../schemas/memo.js';
import { type } from '../schemas/struct.js';
import type { Address, CallOptions } from '../types/index.js';

// 1. Config

/** Options of `getIdentity`: only the per-call ones; it sends no params. */
export interface GetIdentityConfig extends CallOptions {}

// 2. Result

/** The identity of the node that answered. */
export interface NodeIdentity {
  /** The node's identity public key: the `pubkey` it has in gossip (`getClusterNodes`). */
  identity: Address;
}

// 3. Signature

/** Reads the identity of the node that answers. */
export interface GetIdentity {
  /**
   * Reads the identity public key of the node serving the request: behind a load balancer, of whichever
   * node answered this call.
   * @example
   * const { identity } = await rpc.getIdentity();
   * console.log(`answered by ${identity}`);
   */
  (config?: GetIdentityConfig): Promise<NodeIdentity>;
}

// 4. Wire schema

const nodeIdentity = /* @__PURE__ */ memo(() => type({ identity: address() }));

// 5. Definition

/** `getIdentity`: the identity of the node. Served by every node. */
export const getIdentity = /* @__PURE__ */ defineMethod<GetIdentity, WireOf<typeof nodeIdentity>>({
  name: 'getIdentity',
  fullApi: false,
  result: nodeIdentity,
  decode: (wire): NodeIdentity => ({ identity: wire.identity }),
});
