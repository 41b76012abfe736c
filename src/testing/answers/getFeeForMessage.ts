/** getFeeForMessage: the fee the bank would charge for a message (signatures and priority fee); null when its blockhash is unknown to that bank. */
import { decodeTransaction } from '../../index.js';
import { concatBytes } from '../bytes.js';
import { encodeLength } from '../encodeTransaction.js';
import { feeOf } from '../ledger/fees.js';
import { notDeserialized, VERSIONED_MESSAGE, wireBytes } from '../ledger/wireText.js';
import { blockhashValid } from '../simulatedLedger.js';
import { defineAnswer } from './answer.js';
import { atBank, bankOf, lastConfig } from './shared.js';

export const getFeeForMessage = defineAnswer({
  method: 'getFeeForMessage',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'RpcContextConfig' }],
  minContextSlot: {},
  answer(ctx, params) {
    const message = wireBytes(String(params[0]), 'base64', VERSIONED_MESSAGE);
    const signers = message[(message[0] ?? 0) & 0x80 ? 1 : 0] ?? 0;
    // A message is a transaction without its signatures: give it as many empty ones to read it.
    const wire = concatBytes([Uint8Array.from(encodeLength(signers)), new Uint8Array(64 * signers), message]);
    let transaction: ReturnType<typeof decodeTransaction>;
    try {
      transaction = decodeTransaction(new Uint8Array(wire));
    } catch {
      throw notDeserialized(VERSIONED_MESSAGE);
    }
    const bank = bankOf(ctx, lastConfig(params.slice(1)));
    const known = blockhashValid(ctx.ledger, transaction.message.recentBlockhash, bank);
    return atBank(bank, known ? feeOf(transaction) : null);
  },
});
