import { defineMethod } from '../defineMethod.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { checkAddress, checkHash, checkU64 } from '../options/check.js';
import { commitment, type OptionCheck } from '../options/config.js';
import { signature } from '../schemas/address.js';
import type { Address, CommitmentConfig, Signature } from '../types/index.js';

// 1. Config

/** Options of `requestAirdrop` (agave's `RpcRequestAirdropConfig`; it takes no `minContextSlot`). */
export interface RequestAirdropConfig extends CommitmentConfig {
  /** The blockhash the faucet's transfer is built on; the bank's latest by default. */
  recentBlockhash?: string;
}

// 2. Result: the signature of the faucet's transfer (a `Signature`, base58), sent but not yet confirmed.

// 3. Signature

/** Asks the node's faucet for lamports. */
export interface RequestAirdrop {
  /**
   * Asks the node's faucet to send `lamports` to `address`, and returns the signature of its transfer
   * once sent (not confirmed: watch it with `getSignatureStatuses`). Test validators and the devnet and
   * testnet faucets serve it; a node without a faucet answers -32600.
   * @example
   * const signature = await rpc.requestAirdrop(address, 1_000_000_000n, { commitment: 'confirmed' });
   */
  (address: Address, lamports: number | bigint, config?: RequestAirdropConfig): Promise<Signature>;
}

// 4. Wire schema: the shared `signature`.

/** `lamports` is required: a u64, as `number` (safe integer) or `bigint`. */
const lamports: OptionCheck = (method, param, value) => {
  if (value === undefined) throw new InvalidInputError({ method, param, problem: 'expected an amount, got nothing' });
  return checkU64(method, param, value);
};

// 5. Definition

/** `requestAirdrop`: lamports from the node's faucet, on nodes that run one. */
export const requestAirdrop = /* @__PURE__ */ defineMethod<RequestAirdrop, Signature>({
  name: 'requestAirdrop',
  args: { address: checkAddress, lamports },
  config: { commitment, recentBlockhash: checkHash },
  result: signature,
});
