/**
 * simulateTransaction: runs the transaction against the bank at the commitment, changing nothing. With
 * `sigVerify` the signatures are checked first (-32003); a transaction already landed in that
 * bank is AlreadyProcessed; with `replaceRecentBlockhash` the bank's own
 * blockhash stands in for the transaction's; with `accounts` the accounts as the simulation left them.
 */
import { decodeWire, prepareVerified, simulateAt, simulationResult, verifySignatures } from '../ledger/send.js';
import { storedFromState, uiAccount } from '../simulatedAccounts.js';
import { RpcFailure } from '../simulatedLedger.js';
import { BLOCKHASH_LIFETIME, blockHeightAt, simulatedAddress } from '../simulationCast.js';
import { defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';
import { accountAt, atBank, bankOf, lastConfig } from './shared.js';

interface SimulateConfig {
  encoding?: string;
  commitment?: string;
  sigVerify?: boolean;
  replaceRecentBlockhash?: boolean;
  accounts?: { addresses?: unknown[]; encoding?: string };
}

export const simulateTransaction = defineAnswer({
  method: 'simulateTransaction',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'RpcSimulateTransactionConfig' }],
  minContextSlot: {},
  // With sigVerify the signatures are checked by WebCrypto, asynchronously, before the answer.
  async prepare(_ctx, params) {
    const config = lastConfig<SimulateConfig>(params.slice(1));
    return config.sigVerify ? prepareVerified(params[0], config.encoding) : undefined;
  },
  answer(ctx, params) {
    const config = lastConfig<SimulateConfig>(params.slice(1));
    if (config.sigVerify && config.replaceRecentBlockhash) {
      throw new RpcFailure({ code: -32602, message: 'sigVerify may not be used with replaceRecentBlockhash' });
    }
    const { bytes, transaction } = decodeWire(params[0], config.encoding);
    if (config.sigVerify) verifySignatures(ctx.prepared);
    const bank = bankOf(ctx, config);
    const replaced = config.replaceRecentBlockhash === true;
    const wanted = config.accounts;
    if (wanted && (wanted.encoding === 'binary' || wanted.encoding === 'base58')) {
      throw new RpcFailure({ code: -32602, message: 'base58 encoding not supported' });
    }
    const keys = transaction.message.accountKeys.length;
    const addresses = (wanted?.addresses ?? []).map(verifyPubkey);
    if (addresses.length > keys) {
      throw new RpcFailure({ code: -32602, message: `Too many accounts provided; max ${keys}` });
    }
    const outcome = simulateAt(ctx, transaction, bytes, bank, !replaced);
    const value: Record<string, unknown> = simulationResult(outcome);
    if (wanted) {
      // The accounts as the simulation left them (the bank's where it did not write them); null each on failure.
      const writes = 'err' in outcome && outcome.err === null ? outcome.writes : undefined;
      const encoding = { encoding: wanted.encoding ?? 'base64' };
      value.accounts = addresses.map((address) => {
        if (!writes) return null;
        const written = writes.get(address);
        const stored = written ? storedFromState(written) : accountAt(ctx, address, bank);
        return stored && stored.lamports > 0n ? uiAccount(stored, encoding, 'refuse') : null;
      });
    }
    if (replaced) {
      value.replacementBlockhash = {
        blockhash: simulatedAddress(`blockhash/${bank}`),
        lastValidBlockHeight: blockHeightAt(bank) + BLOCKHASH_LIFETIME,
      };
    }
    return atBank(bank, value);
  },
});
