/**
 * sendAndConfirmTransaction takes the transaction as sendTransaction does: wire bytes, or their base64
 * text (base58 with `encoding: 'base58'`), and sends the same base64 on the wire whichever was given.
 * What it refuses, it refuses before any request, naming itself and `transaction`, not sendTransaction.
 * A real client (createRpcWith) over msw, so the lazily loaded transaction reader is the one an app gets.
 */
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeBase64 } from '../../src/codecs/base64.js';
import {
  createRpcWith,
  getAccountInfo,
  getBlockHeight,
  getSignatureStatuses,
  getTransaction,
  isBlockhashValid,
  sendAndConfirmTransaction,
  sendTransaction,
} from '../../src/index.js';
import { loadFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';

useMswServer();

const SEND = 'conformance/sendTransaction.base64.transfer';
/** A real signed transfer, base64, and its signature. */
const TX = loadFixture(SEND).params[0] as string;
const SIGNATURE = JSON.parse(loadFixture(SEND).responseText).result as string;
const BYTES = decodeBase64(TX) as Uint8Array;

const rpc = () =>
  createRpcWith(RPC_URL, {
    sendTransaction,
    getSignatureStatuses,
    getBlockHeight,
    isBlockhashValid,
    getAccountInfo,
    getTransaction,
  });

/** The node takes the send and reports the signature confirmed at the first poll. */
function confirmingNode(): void {
  mockRpc({
    sendTransaction: reply.result(SIGNATURE),
    getSignatureStatuses: reply.result({
      context: { slot: 5_001 },
      value: [{ slot: 5_000, confirmations: 1, err: null, status: { Ok: null }, confirmationStatus: 'confirmed' }],
    }),
  });
}

describe('sendAndConfirmTransaction takes the transaction as sendTransaction does', { timeout: 10_000 }, () => {
  it.each([
    ['wire bytes', BYTES, {}],
    ['base64 text', TX, {}],
    ["base58 text with encoding: 'base58'", encodeBase58(BYTES), { encoding: 'base58' as const }],
  ])('%s: the same base64 goes on the wire and the signature is confirmed', async (_, transaction, options) => {
    confirmingNode();
    const result = await sendAndConfirmTransaction(rpc(), transaction, options);
    expect(result).toStrictEqual({ signature: SIGNATURE, slot: 5_000, commitment: 'confirmed' });
    expect(sent()[0]).toStrictEqual({
      method: 'sendTransaction',
      params: [TX, { encoding: 'base64', skipPreflight: false, preflightCommitment: 'confirmed', maxRetries: 0 }],
    });
    expect(sent()[1]?.method).toBe('getSignatureStatuses');
  });

  it.each([
    [
      'garbage bytes',
      new Uint8Array([1, 2, 3]),
      {},
      /^sendAndConfirmTransaction: invalid transaction: not a transaction: signatures\.0 at byte 1: /,
    ],
    [
      'trailing bytes',
      new Uint8Array([...BYTES, 0]),
      {},
      /not a transaction: message at byte \d+: 1 bytes follow the end/,
    ],
    ['text that is not base64', 'not base64!', {}, /not base64 \(pass config.encoding for base58\) text/],
    ['base64 text of garbage', 'AQID', {}, /not a transaction: signatures\.0 at byte 1/],
    ['base64 text in base58 mode', TX, { encoding: 'base58' as const }, /not base58 text/],
    [
      'an unsigned transaction',
      (() => {
        const b = BYTES.slice();
        b.fill(0, 1, 65);
        return b;
      })(),
      {},
      /signature 0 is all zeros/,
    ],
    ['more than a packet', new Uint8Array(1300), {}, /1300 bytes is over the 1232-byte packet limit/],
    ['a number', 42, {}, /expected the wire bytes \(a Uint8Array\) or their base64 or base58 text, got/],
  ])(
    '%s: refused before any request, naming sendAndConfirmTransaction and transaction',
    async (_, transaction, options, message) => {
      mockRpc({ sendTransaction: reply.error(-32602, 'this request should not have been sent') });
      const error = await rejectsWith(
        sendAndConfirmTransaction(rpc(), transaction as Uint8Array, options),
        'InvalidInputError',
      );
      expect(error).toMatchObject({ method: 'sendAndConfirmTransaction', param: 'transaction' });
      expect(error.message).toMatch(/^sendAndConfirmTransaction: invalid transaction: /);
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain('decodeTransaction');
      expect(calls).toHaveLength(0);
    },
  );

  it('an unknown encoding is refused as options.encoding', async () => {
    mockRpc({ sendTransaction: reply.error(-32602, 'this request should not have been sent') });
    const error = await rejectsWith(
      sendAndConfirmTransaction(rpc(), TX, { encoding: 'hex' as never }),
      'InvalidInputError',
    );
    expect(error).toMatchObject({ method: 'sendAndConfirmTransaction', param: 'options.encoding' });
    expect(calls).toHaveLength(0);
  });
});
