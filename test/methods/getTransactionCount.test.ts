import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { mockRpc, RPC_URL, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

// Each error is checked as the server sent it; retries have their own suite.
const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describeMethod('getTransactionCount', {
  defaults: { answer: serveFixture('conformance/getTransactionCount.basic'), expect: 418274016502n },
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
      name: 'a count above 2^53 comes back exact (the conformance case)',
      args: [{ commitment: 'confirmed' }],
      sent: [{ commitment: 'confirmed' }],
      answer: serveFixture('conformance/getTransactionCount.above-2-53'),
      expect: 9007199254740993n,
    },
    { name: 'u64::MAX', answer: '18446744073709551615', expect: 18446744073709551615n },
    { name: 'zero (a new cluster): 0n, not 0', answer: '0', expect: 0n },
  ],
  refusals: [
    { name: 'above u64::MAX', answer: '18446744073709551616', path: 'result', received: '18446744073709551616' },
    { name: 'a count as a string', answer: '"418274016502"', path: 'result' },
    { name: 'negative', answer: '-1', path: 'result' },
    { name: 'fractional', answer: '418274016502.5', path: 'result' },
    { name: 'a float token above 2^53 (digits already lost)', answer: '1e19', path: 'result' },
    { name: 'null', answer: 'null', path: 'result' },
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

describe('getTransactionCount', { timeout: 5_000 }, () => {
  it('two reads: the count rises, and the difference is exact bigint arithmetic', async () => {
    mockRpc({ getTransactionCount: serveFixture('conformance/getTransactionCount.basic') });
    const before = await rpc().getTransactionCount();
    mockRpc({ getTransactionCount: serveFixture('conformance/getTransactionCount.above-2-53') });
    const after = await rpc().getTransactionCount({ commitment: 'confirmed' });
    expect(sent()).toStrictEqual([
      { method: 'getTransactionCount', params: [] },
      { method: 'getTransactionCount', params: [{ commitment: 'confirmed' }] },
    ]);
    expect(after - before).toBe(9007199254740993n - 418274016502n);
    expect(typeof after).toBe('bigint');
  });
});
