import { base58Problem } from '../codecs/base58Text.js';
import { defineMethod } from '../defineMethod.js';
import { memo } from '../schemas/memo.js';
import { expected } from '../schemas/numbers.js';
import { define } from '../schemas/struct.js';
import type { CallOptions } from '../types/index.js';

// 1. Config

/** Options of `getGenesisHash`: only the per-call ones; it sends no params. */
export interface GetGenesisHashConfig extends CallOptions {}

// 2. Result: the hash of the cluster's genesis config, 32 bytes in base58 (a `string`).

// 3. Signature

/** Reads which cluster the node belongs to. */
export interface GetGenesisHash {
  /**
   * Reads the genesis hash: 32 bytes in base58, the same on every node of a cluster and different
   * between clusters, so it tells mainnet-beta, testnet and devnet apart.
   * @example
   * const hash = await rpc.getGenesisHash();
   * if (hash !== '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d') throw new Error('not mainnet-beta');
   */
  (config?: GetGenesisHashConfig): Promise<string>;
}

// 4. Wire schema: one value, so decoding its length costs nothing; text that is not 32 bytes is refused.

const genesisHash = /* @__PURE__ */ memo(() =>
  define<string>('hash', (value) =>
    base58Problem(value, 32) === undefined ? true : expected('a base58 32-byte hash', value),
  ),
);

// 5. Definition

/** `getGenesisHash`: the hash of the cluster's genesis config. Served by every node. */
export const getGenesisHash = /* @__PURE__ */ defineMethod<GetGenesisHash, string>({
  name: 'getGenesisHash',
  fullApi: false,
  result: genesisHash,
});
