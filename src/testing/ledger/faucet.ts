/**
 * The cluster's faucet key, from a fixed seed so every run funds from the same address, and its account:
 * part of the cast every cluster holds, as solana-test-validator holds its faucet's. It signs with
 * WebCrypto's Ed25519 (Node 20 and browsers alike), so the msw handlers run in a browser.
 */
import { concatBytes } from '../bytes.js';
import { sha256 } from '../hash.js';

/** The DER prefix of an Ed25519 private key (PKCS#8), before its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

/** The faucet key's 32-byte seed. */
export const FAUCET_SEED = sha256('solrpc-simulation:faucet');

/**
 * The public key of FAUCET_SEED, base58. Written out because the cast needs it synchronously and
 * WebCrypto derives keys asynchronously; test/testing/mswBrowserSafe.test.ts derives it from the seed.
 */
export const FAUCET_ADDRESS = '8PRiXujoKmFNiMypQ3EDz3AdTijeMeXubKtTxUJT3DAk';

let signingKey: Promise<CryptoKey> | undefined;

/** The faucet's Ed25519 signature of `message`. */
export async function faucetSign(message: Uint8Array): Promise<Uint8Array> {
  signingKey ??= crypto.subtle.importKey(
    'pkcs8',
    new Uint8Array(concatBytes([ED25519_PKCS8_PREFIX, FAUCET_SEED])),
    { name: 'Ed25519' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, await signingKey, new Uint8Array(message)));
}

/** The faucet's balance: 500 million SOL, enough for any test. */
export const FAUCET_LAMPORTS = 500_000_000_000_000_000n;
