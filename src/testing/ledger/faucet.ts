/**
 * The cluster's faucet key, from a fixed seed so every run funds from the same address, and its account:
 * part of the cast every cluster holds, as solana-test-validator holds its faucet's.
 */
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { encodeBase58 } from '../../codecs/base58.js';

/** The DER prefix of an Ed25519 private key (PKCS#8), before its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

let faucet: { key: KeyObject; address: string } | undefined;
/** The faucet's key pair, from a fixed seed: every run funds from the same address. */
export function faucetKey(): { key: KeyObject; address: string } {
  if (!faucet) {
    const seed = createHash('sha256').update('solrpc-simulation:faucet').digest();
    const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
    const raw = createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(12);
    faucet = { key, address: encodeBase58(raw) };
  }
  return faucet;
}

/** The faucet's balance: 500 million SOL, enough for any test. */
export const FAUCET_LAMPORTS = 500_000_000_000_000_000n;
