import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

// Each error is checked as the server sent it; retries have their own suite.
const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describeMethod('getSlot', {
  defaults: { answer: serveFixture('conformance/getSlot.basic'), expect: 356139512 },
  cases: [
    { name: 'no config: params []', args: [], sent: [] },
    {
      name: 'call options only: nothing on the wire',
      args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
      sent: [],
    },
    { name: 'commitment', args: [{ commitment: 'processed' }], sent: [{ commitment: 'processed' }] },
    {
      name: 'minContextSlot as a bigint',
      args: [{ minContextSlot: 356139500n }],
      sent: [{ minContextSlot: 356139500 }],
    },
    {
      name: 'commitment and minContextSlot, in that order',
      args: [{ minContextSlot: 0, commitment: 'confirmed' }],
      sent: [{ commitment: 'confirmed', minContextSlot: 0 }],
    },
    {
      name: 'the conformance call with commitment and minContextSlot',
      args: [{ commitment: 'confirmed', minContextSlot: 356139500 }],
      sent: [{ commitment: 'confirmed', minContextSlot: 356139500 }],
      answer: serveFixture('conformance/getSlot.confirmed-min-context-slot'),
      expect: 356139520,
    },
    { name: 'slot 0 (a new cluster)', answer: '0', expect: 0 },
    { name: 'Number.MAX_SAFE_INTEGER is still exact', answer: '9007199254740991', expect: 9007199254740991 },
  ],
  refusals: [
    {
      name: 'a slot above Number.MAX_SAFE_INTEGER, not a rounded number',
      answer: '9007199254740993',
      path: 'result',
      received: '9007199254740993',
    },
    { name: 'a slot as a string', answer: '"356139512"', path: 'result' },
    { name: 'a negative slot', answer: '-1', path: 'result' },
    { name: 'a fractional slot', answer: '356139512.5', path: 'result' },
    { name: 'null', answer: 'null', path: 'result' },
    { name: 'a context-wrapped slot', answer: '{"context":{"slot":356139512},"value":356139512}', path: 'result' },
  ],
  inputErrors: [
    { name: 'commitment: recent (removed)', args: [{ commitment: 'recent' }], param: 'config.commitment' },
    { name: 'minContextSlot: negative', args: [{ minContextSlot: -1 }], param: 'config.minContextSlot' },
    { name: 'minContextSlot: an unsafe number', args: [{ minContextSlot: 2 ** 53 }], param: 'config.minContextSlot' },
    { name: 'minContextSlot: a string', args: [{ minContextSlot: '1' }], param: 'config.minContextSlot' },
    { name: 'config: a string (a positional commitment)', args: ['confirmed'], param: 'config' },
    { name: 'config: null', args: [null], param: 'config' },
    { name: 'an option of another method', args: [{ encoding: 'base64' }], param: 'config.encoding' },
    { name: 'timeoutMs: zero', args: [{ timeoutMs: 0 }], param: 'config.timeoutMs' },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

describe('getSlot', { timeout: 5_000 }, () => {
  it('writes a bigint minContextSlot above 2^53 as the exact integer', async () => {
    mockRpc({ getSlot: serveFixture('conformance/getSlot.basic') });
    await expect(rpc().getSlot({ minContextSlot: 9007199254740993n })).resolves.toBe(356139512);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toContain('"params":[{"minContextSlot":9007199254740993}]');
  });
});
