/** getTokenSupply: the supply the mint's bytes hold (the sum of its accounts), at its decimals. */

import { u64le } from '../bytes.js';
import { RpcFailure } from '../simulatedLedger.js';
import { tokenAmountAt } from '../simulatedTokens.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../simulationCast.js';
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';
import { accountAt, atBank, bankOf, lastConfig } from './shared.js';

const refuse = (message: string) => new RpcFailure({ code: -32602, message: `Invalid param: ${message}` });

export const getTokenSupply = defineAnswer({
  method: 'getTokenSupply',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'CommitmentConfig' }],
  answer(ctx, params) {
    const mint = verifyPubkey(params[0]);
    const bank = bankOf(ctx, lastConfig(params.slice(1)));
    // agave's order here: the account, then its owner, then its data.
    const stored = accountAt(ctx, mint, bank);
    if (!stored) throw refuse('could not find account');
    if (stored.owner !== TOKEN_PROGRAM && stored.owner !== TOKEN_2022_PROGRAM) throw refuse('not a Token mint');
    if (stored.bytes.length < 82 || stored.bytes[45] !== 1) throw refuse('mint could not be unpacked');
    const bytes = stored.bytes;
    return atBank(bank, tokenAmountAt(u64le(bytes, 36), bytes[44] as number));
  },
});
