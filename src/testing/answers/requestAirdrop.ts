/** requestAirdrop: the faucet's signed transfer to the address, landing in the next slot; its signature. */
import { requestAirdrop as airdrop, type SignedAirdrop, signAirdrop } from '../ledger/airdrop.js';
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';

export const requestAirdrop = defineAnswer({
  method: 'requestAirdrop',
  minimal: false,
  required: ['string', 'u64'],
  optional: [{ struct: 'RpcRequestAirdropConfig' }],
  // The faucet signs with WebCrypto, asynchronously, before the answer lands the transfer.
  prepare: (ctx, params) => signAirdrop(ctx.slot, verifyPubkey(params[0]), params[1]),
  answer: (ctx, params) => airdrop(ctx, verifyPubkey(params[0]), params[1], ctx.prepared as SignedAirdrop | undefined),
});
