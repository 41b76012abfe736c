import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { resultTextOf, serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const BASIC = 'conformance/getFirstAvailableBlock.basic';
/** The basic case's result with one exact text edit. */
const basicWith = (replacement: string) => resultTextOf(BASIC, [['355721011', replacement]]);

describeMethod('getFirstAvailableBlock', {
  // agave takes no params: every call sends [] and the basic case answers 355721011.
  defaults: { answer: serveFixture(BASIC), expect: 355721011 },
  cases: [
    { name: 'no config: params []' },
    { name: 'an empty config: params []', args: [{}] },
    {
      name: 'call options only (signal, timeoutMs): nothing on the wire',
      args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
    },
    { name: 'options set to undefined are left out', args: [{ signal: undefined, timeoutMs: undefined }] },
    {
      name: 'a node without complete blocks or long-term storage answers 0',
      answer: serveFixture('conformance/getFirstAvailableBlock.no-history-zero'),
      expect: 0,
    },
    { name: 'the largest safe slot', answer: '9007199254740991', expect: 9007199254740991 },
    {
      name: 'an integer written as a float token within 2^53 is the same integer',
      answer: basicWith('355721011.0'),
      expect: 355721011,
    },
  ],
  refusals: [
    {
      name: 'a slot above Number.MAX_SAFE_INTEGER (not a rounded number)',
      answer: '9007199254740993',
      path: 'result',
      received: '9007199254740993',
    },
    { name: 'u64::MAX', answer: '18446744073709551615', path: 'result' },
    { name: 'a slot as a string', answer: basicWith('"355721011"'), path: 'result' },
    { name: 'a negative slot', answer: '-1', path: 'result' },
    { name: 'a fractional slot', answer: '355721011.5', path: 'result' },
    { name: 'null', answer: 'null', path: 'result' },
    {
      name: 'an object (a context-wrapped answer)',
      answer: '{"context":{"slot":1},"value":355721011}',
      path: 'result',
    },
  ],
  inputErrors: [
    {
      name: 'commitment: not an option of this method',
      args: [{ commitment: 'confirmed' }],
      param: 'config.commitment',
    },
    {
      name: 'minContextSlot: not an option of this method',
      args: [{ minContextSlot: 1 }],
      param: 'config.minContextSlot',
    },
    { name: 'config: a string', args: ['confirmed'], param: 'config' },
    { name: 'config: null', args: [null], param: 'config' },
    { name: 'config: a slot number', args: [355721011], param: 'config' },
    { name: 'signal: not an AbortSignal', args: [{ signal: 'abort' }], param: 'config.signal' },
    { name: 'timeoutMs: zero', args: [{ timeoutMs: 0 }], param: 'config.timeoutMs' },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

// What the table cannot say: RPC errors with their code names and hints.

const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describe('getFirstAvailableBlock', { timeout: 5_000 }, () => {
  it('-32601 from a node without --full-rpc-api carries the full-API hint', async () => {
    mockRpc({ getFirstAvailableBlock: reply.error(-32601, 'Method not found') });
    const error = await rejectsWith(rpc().getFirstAvailableBlock(), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getFirstAvailableBlock', params: [] }]);
    expectRpcError(error, 'getFirstAvailableBlock', {
      code: -32601,
      codeName: 'METHOD_NOT_FOUND',
      message: 'Method not found',
      data: undefined,
      hint: 'the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL.',
      retryable: false,
    });
  });
});
