import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, rejectsWith, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

/** A real legacy transfer message (one signature), as base64 and as bytes. */
const MESSAGE =
  'AQABA8axfLM90oUbHwEQo1TVL1FVVUkXQq+ojaiybrJ8cHfHOwVlt2ry8oIbmxIK6hzOMxbi0hxQIL5v9R0HwVs6/w4AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAALMHjYIzWQJe1UBNoDQ9YB0Etq8dq4hnRoJRkFbidZ/UAQICAAEMAgAAAADyBSoBAAAA';
const BYTES = Uint8Array.from(Buffer.from(MESSAGE, 'base64'));
const FEE = 'conformance/getFeeForMessage.fee-5000';
const context = { slot: 356139505, apiVersion: '2.3.7' };

describeMethod('getFeeForMessage', {
  defaults: {
    args: [MESSAGE, { commitment: 'confirmed' }],
    sent: [MESSAGE, { commitment: 'confirmed' }],
    answer: serveFixture(FEE),
    expect: { context, value: 5000n },
  },
  cases: [
    { name: 'base64 text is sent as it is' },
    { name: 'bytes are sent as base64', args: [BYTES, { commitment: 'confirmed' }] },
    {
      name: 'an expired blockhash: value null, not 0n',
      args: [MESSAGE],
      sent: [MESSAGE],
      answer: serveFixture('conformance/getFeeForMessage.expired-blockhash-null'),
      expect: { context: { slot: 428277367, apiVersion: '4.1.0' }, value: null },
    },
    {
      name: 'value missing (a proxy that drops nulls): null',
      answer: '{"context":{"slot":356139505,"apiVersion":"2.3.7"}}',
      expect: { context, value: null },
    },
    {
      name: 'a fee above 2^53 stays exact',
      args: [BYTES, { commitment: 'processed', minContextSlot: 356139500 }],
      sent: [MESSAGE, { commitment: 'processed', minContextSlot: 356139500 }],
      answer: serveFixture('conformance/getFeeForMessage.fee-above-2^53'),
      expect: { context, value: 12000000000000005000n },
    },
  ],
  refusals: [
    { name: 'a negative fee', answer: '{"context":{"slot":1},"value":-1}', path: 'result.value' },
    { name: 'a fee as a string', answer: '{"context":{"slot":1},"value":"5000"}', path: 'result.value' },
    {
      name: 'a fee above u64::MAX',
      answer: '{"context":{"slot":1},"value":18446744073709551616}',
      path: 'result.value',
    },
  ],
  inputErrors: [
    { name: 'no message', args: [], param: 'message' },
    { name: 'text that is not base64', args: ['AQAB*not base64*'], param: 'message' },
    { name: 'an empty message', args: [new Uint8Array(0)], param: 'message' },
    { name: 'more bytes than a packet (1,233)', args: [new Uint8Array(1233)], param: 'message' },
    { name: 'an array of numbers', args: [[1, 2, 3]], param: 'message' },
    { name: 'commitment: recent', args: [MESSAGE, { commitment: 'recent' }], param: 'config.commitment' },
  ],
});

describe('getFeeForMessage input', { timeout: 5_000 }, () => {
  it('names the size limit of a too-long message, and sends nothing', async () => {
    const rpc = createRpc(RPC_URL, { retry: false });
    mockRpc({});
    const error = await rejectsWith(rpc.getFeeForMessage(new Uint8Array(5000)), 'InvalidInputError');
    expect(error.message).toContain('the message is 5000 bytes; a transaction holds at most 1232');
    expect(calls).toHaveLength(0);
  });
});
