/**
 * simulateTransaction: runs the transaction against the bank at the commitment, changing nothing. With
 * `sigVerify` the signatures are checked first (-32003); with `replaceRecentBlockhash` the bank's own
 * blockhash stands in for the transaction's.
 */
import { decodeWire, simulateAt, simulationResult, verifySignatures } from '../ledger/send.js';
import { RpcFailure } from '../simulatedLedger.js';
import { BLOCKHASH_LIFETIME, blockHeightAt, simulatedAddress } from '../simulationCast.js';
import { defineAnswer } from './answer.js';
import { atBank, bankOf, lastConfig } from './shared.js';

interface SimulateConfig {
  encoding?: string;
  commitment?: string;
  sigVerify?: boolean;
  replaceRecentBlockhash?: boolean;
}

export const simulateTransaction = defineAnswer({
  method: 'simulateTransaction',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'RpcSimulateTransactionConfig' }],
  minContextSlot: {},
  answer(ctx, params) {
    const config = lastConfig<SimulateConfig>(params.slice(1));
    if (config.sigVerify && config.replaceRecentBlockhash) {
      throw new RpcFailure({ code: -32602, message: 'sigVerify may not be used with replaceRecentBlockhash' });
    }
    const { bytes, transaction } = decodeWire(params[0], config.encoding);
    if (config.sigVerify) verifySignatures(bytes, transaction);
    const bank = bankOf(ctx, config);
    const replaced = config.replaceRecentBlockhash === true;
    const value: Record<string, unknown> = simulationResult(simulateAt(ctx, transaction, bytes, bank, !replaced));
    if (replaced) {
      value.replacementBlockhash = {
        blockhash: simulatedAddress(`blockhash/${bank}`),
        lastValidBlockHeight: blockHeightAt(bank) + BLOCKHASH_LIFETIME,
      };
    }
    return atBank(bank, value);
  },
});
