// The notifications of the subscriptions benchmark (bench/subscriptions.mjs), in agave's wire format,
// and what a correct client makes of them. Shared by the push server and the runner, so both agree on
// every notification without talking about it: notification `i` of a round carries slot `base + i`,
// lamports `LAMPORTS + i` and the token account `ACCOUNTS[i % 64]`.
import bs58 from 'bs58';
import { rng, TOKEN_PROGRAM, U64_MAX } from './workloads.mjs';

const r = rng(0x5ab5);
export const ADDRESS = r.address();
export const LAMPORTS = 2_039_280;

/** 64 classic SPL Token accounts of 165 bytes: mint, owner, an amount, Initialized; no delegate. */
export const ACCOUNTS = Array.from({ length: 64 }, () => {
  const bytes = new Uint8Array(165);
  bytes.set(bs58.decode(r.address()), 0);
  bytes.set(bs58.decode(r.address()), 32);
  new DataView(bytes.buffer).setBigUint64(64, BigInt(r.int(2 ** 31)) * 1_000_003n, true);
  bytes[108] = 1;
  return bytes;
});
const BASE64 = ACCOUNTS.map((bytes) => Buffer.from(bytes).toString('base64'));

/** The text of notification `i`, slot `slot`, for subscription `id`: what agave's pubsub sends. */
export function accountFrame(id, slot, i) {
  return `{"jsonrpc":"2.0","method":"accountNotification","params":{"result":{"context":{"slot":${slot}},"value":{"data":["${BASE64[i % 64]}","base64"],"executable":false,"lamports":${LAMPORTS + i},"owner":"${TOKEN_PROGRAM}","rentEpoch":${U64_MAX},"space":165}},"subscription":${id}}}`;
}

export function slotFrame(id, slot) {
  return `{"jsonrpc":"2.0","method":"slotNotification","params":{"result":{"parent":${slot - 1},"root":${slot - 32},"slot":${slot}},"subscription":${id}}}`;
}

/** Each round's slots start here, far apart, so that no client can mistake one round's notification for another's. */
export const roundBase = (round) => 356_000_000 + round * 1_000_000;
