import { describe, expect, it } from 'vitest';
import { decodeBase64 } from '../../src/codecs/base64.js';
import { createRpc, createRpcWith, isPreflightFailure, sendTransaction } from '../../src/index.js';
import { loadFixture, serveFixture } from '../msw/fixtures.js';
import { mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const SEND = 'conformance/sendTransaction.base64.transfer';
const PREFLIGHT = 'conformance/sendTransaction.error.preflight-custom-program-error';
/** A real signed transfer, base64, and its signature. */
const TX = loadFixture(SEND).params[0] as string;
const SIGNATURE = JSON.parse(loadFixture(SEND).responseText).result as string;
const BASE58_CASE = loadFixture('conformance/sendTransaction.base58-default.skip-preflight');
const BYTES = decodeBase64(TX) as Uint8Array;
const unsigned = () => {
  const bytes = BYTES.slice();
  bytes.fill(0, 1, 65);
  return bytes;
};

describeMethod('sendTransaction', {
  defaults: { answer: serveFixture(SEND), expect: SIGNATURE },
  cases: [
    { name: 'base64 text: sent as it is, with encoding base64', args: [TX], sent: [TX, { encoding: 'base64' }] },
    { name: 'bytes: sent as base64', args: [BYTES], sent: [TX, { encoding: 'base64' }] },
    {
      name: 'every option, in order',
      args: [TX, { skipPreflight: true, preflightCommitment: 'confirmed', maxRetries: 0, minContextSlot: 10n }],
      sent: [
        TX,
        {
          encoding: 'base64',
          skipPreflight: true,
          preflightCommitment: 'confirmed',
          maxRetries: 0,
          minContextSlot: 10,
        },
      ],
    },
    {
      name: "base58 text (agave's default) is re-encoded: base64 on the wire",
      args: [BASE58_CASE.params[0], { encoding: 'base58', skipPreflight: true }],
      sent: [expect.any(String), { encoding: 'base64', skipPreflight: true }],
    },
  ],
  refusals: [
    {
      name: 'a result that is not a signature',
      args: [TX],
      sent: [TX, { encoding: 'base64' }],
      answer: '42',
      path: 'result',
    },
  ],
  inputErrors: [
    { name: 'a number', args: [42], param: 'transaction' },
    { name: 'text that is not base64', args: ['not base64!'], param: 'transaction' },
    { name: 'bytes that are not a transaction', args: [new Uint8Array([1, 2, 3])], param: 'transaction' },
    { name: 'trailing bytes', args: [new Uint8Array([...BYTES, 0])], param: 'transaction' },
    { name: 'an unsigned transaction (zero signature)', args: [unsigned()], param: 'transaction' },
    { name: 'over the 1,232-byte packet limit', args: [new Uint8Array(1233)], param: 'transaction' },
    { name: 'an unknown option', args: [TX, { skipPreflite: true }], param: 'config.skipPreflite' },
    {
      name: 'a bad preflightCommitment',
      args: [TX, { preflightCommitment: 'recent' }],
      param: 'config.preflightCommitment',
    },
    { name: 'encoding json', args: [TX, { encoding: 'json' }], param: 'config.encoding' },
  ],
});

describe('sendTransaction errors', { timeout: 5_000 }, () => {
  it('names what is wrong with input before any request', async () => {
    const rpc = createRpcWith(RPC_URL, { sendTransaction });
    const tooLong = await rejectsWith(rpc.sendTransaction(new Uint8Array(1300)), 'InvalidInputError');
    expect(tooLong.message).toContain('1300 bytes is over the 1232-byte packet limit');
    const zero = await rejectsWith(rpc.sendTransaction(unsigned()), 'InvalidInputError');
    expect(zero.message).toContain('signature 0 is all zeros: the transaction is not signed');
    const junk = await rejectsWith(rpc.sendTransaction(new Uint8Array([1, 2, 3])), 'InvalidInputError');
    expect(junk.message).toMatch(/not a transaction: signatures\.0 at byte 1/);
    expect(sent()).toStrictEqual([]);
  });

  it.each([
    ['createRpc', () => createRpc(RPC_URL, { retry: false })],
    ['createRpcWith', () => createRpcWith(RPC_URL, { sendTransaction })],
  ])('-32002 through %s: data decoded to PreflightFailure, message with err and the last logs', async (_, make) => {
    mockRpc({ sendTransaction: serveFixture(PREFLIGHT) });
    const error = await rejectsWith(make().sendTransaction(TX), 'RpcError');
    expect(isPreflightFailure(error)).toBe(true);
    if (!isPreflightFailure(error)) return;
    expect(error.codeName).toBe('SEND_TRANSACTION_PREFLIGHT_FAILURE');
    expect(error.data).toStrictEqual({
      err: { InstructionError: [0, { Custom: 1 }] },
      logs: [
        'Program 11111111111111111111111111111111 invoke [1]',
        'Transfer: insufficient lamports 995000, need 2000000',
        'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
      ],
      unitsConsumed: 150,
      loadedAccountsDataSize: 0,
      returnData: null,
      innerInstructions: null,
      replacementBlockhash: null,
      accounts: null,
    });
    expect(error.message.split('\n')).toStrictEqual([
      'sendTransaction: RPC error -32002 (SEND_TRANSACTION_PREFLIGHT_FAILURE): Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
      `Hint: ${error.hint}`,
      'err: {"InstructionError":[0,{"Custom":1}]}',
      'logs:',
      '  Program 11111111111111111111111111111111 invoke [1]',
      '  Transfer: insufficient lamports 995000, need 2000000',
      '  Program 11111111111111111111111111111111 failed: custom program error: 0x1',
    ]);
    expect(error.hint).toContain('failed its preflight simulation');
  });

  it('-32002 logs in the message: the last 10, one line each, control characters stripped', async () => {
    const logs = Array.from({ length: 14 }, (_, i) => `Program log: line ${i}\u001b[31m\nred`);
    mockRpc({
      sendTransaction: reply.error(-32002, 'Transaction simulation failed: Blockhash not found', {
        accounts: null,
        err: 'BlockhashNotFound',
        innerInstructions: null,
        logs,
        replacementBlockhash: null,
        returnData: { data: ['AQID', 'base64'], programId: '11111111111111111111111111111111' },
        unitsConsumed: 0,
      }),
    });
    const error = await rejectsWith(createRpcWith(RPC_URL, { sendTransaction }).sendTransaction(TX), 'RpcError');
    const lines = error.message.split('\n');
    expect(lines).toContain('logs (last 10 of 14):');
    expect(lines.at(-1)).toBe('  Program log: line 13 red');
    expect(lines.filter((line) => line.startsWith('  Program log:'))).toHaveLength(10);
    expect(error.hint).toContain('sign again with a fresh blockhash');
    expect(isPreflightFailure(error) && error.data.returnData?.data).toStrictEqual(new Uint8Array([1, 2, 3]));
    expect((error.data as { loadedAccountsDataSize: unknown }).loadedAccountsDataSize).toBeNull();
  });

  it('-32002 data that is not a simulation result is kept as sent, not narrowed', async () => {
    mockRpc({ sendTransaction: reply.error(-32002, 'Transaction simulation failed', { reason: 'proxy' }) });
    const error = await rejectsWith(createRpcWith(RPC_URL, { sendTransaction }).sendTransaction(TX), 'RpcError');
    expect(isPreflightFailure(error)).toBe(false);
    expect(error.data).toStrictEqual({ reason: 'proxy' });
  });

  it.each([
    [-32003, 'Transaction signature verification failure', 'a signature does not match the message'],
    [-32013, 'Transaction signature length mismatch', 'a different number of signatures'],
  ])('%i has its own hint', async (code, message, hint) => {
    mockRpc({ sendTransaction: reply.error(code, message) });
    const error = await rejectsWith(createRpcWith(RPC_URL, { sendTransaction }).sendTransaction(TX), 'RpcError');
    expect(error.code).toBe(code);
    expect(error.hint).toContain(hint);
    expect(isPreflightFailure(error)).toBe(false);
    expect(sent()).toStrictEqual([{ method: 'sendTransaction', params: [TX, { encoding: 'base64' }] }]);
  });
});
