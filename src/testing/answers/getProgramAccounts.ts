/** getProgramAccounts: every account the program owns that passes the filters, in the bank at the commitment. */
import { type ProgramAccountsConfig, programAccounts } from '../simulatedAccounts.js';
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';
import { atBank, bankOf, lastConfig } from './shared.js';

export const getProgramAccounts = defineAnswer({
  method: 'getProgramAccounts',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'RpcProgramAccountsConfig' }],
  minContextSlot: {},
  answer(ctx, params) {
    const program = verifyPubkey(params[0]);
    const config = lastConfig<ProgramAccountsConfig & { commitment?: string }>(params.slice(1));
    const bank = bankOf(ctx, config);
    const value = programAccounts(program, config, ctx.slot, ctx.nowMs, ctx.ledger, bank);
    return config.withContext ? atBank(bank, value) : value;
  },
});
