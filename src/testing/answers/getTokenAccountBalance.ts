/** getTokenAccountBalance: a token account's amount at its mint's decimals, or agave's refusals. */
import { encodeBase58 } from '../../codecs/base58.js';
import { u64le } from '../bytes.js';
import { RpcFailure } from '../simulatedLedger.js';
import { tokenAmountAt } from '../simulatedTokens.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../simulationCast.js';
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';
import { accountAt, atBank, bankOf, lastConfig } from './shared.js';
import { mintAt } from './tokenScan.js';

const refuse = (message: string) => new RpcFailure({ code: -32602, message: `Invalid param: ${message}` });

export const getTokenAccountBalance = defineAnswer({
  method: 'getTokenAccountBalance',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'CommitmentConfig' }],
  answer(ctx, params) {
    const address = verifyPubkey(params[0]);
    const bank = bankOf(ctx, lastConfig(params.slice(1)));
    const stored = accountAt(ctx, address, bank);
    if (!stored) throw refuse('could not find account');
    if (stored.owner !== TOKEN_PROGRAM && stored.owner !== TOKEN_2022_PROGRAM) throw refuse('not a Token account');
    if (stored.bytes.length < 165 || stored.bytes[108] === 0) throw refuse('not a v2.0 Token account');
    const bytes = stored.bytes;
    const { decimals } = mintAt(ctx, encodeBase58(bytes.subarray(0, 32)), bank);
    return atBank(bank, tokenAmountAt(u64le(bytes, 64), decimals));
  },
});
