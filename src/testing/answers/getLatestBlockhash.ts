/**
 * getLatestBlockhash: the blockhash of the bank at the commitment (finalized by default, as a node), and
 * the last block height at which a transaction using it can land: 150 blocks on.
 */
import { BLOCKHASH_LIFETIME, blockHeightAt, simulatedAddress } from '../simulationCast.js';
import { defineAnswer } from './answer.js';
import { atBank, bankOf, lastConfig } from './shared.js';

export const getLatestBlockhash = defineAnswer({
  method: 'getLatestBlockhash',
  minimal: false,
  required: [],
  optional: [{ struct: 'RpcContextConfig' }],
  minContextSlot: {},
  answer(ctx, params) {
    const bank = bankOf(ctx, lastConfig(params));
    const blockhash = simulatedAddress(`blockhash/${bank}`);
    return atBank(bank, { blockhash, lastValidBlockHeight: blockHeightAt(bank) + BLOCKHASH_LIFETIME });
  },
});
