import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { loadFixture, serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const ACCOUNTS = loadFixture('conformance/getRecentPrioritizationFees.accounts-u64').params[0] as string[];
const TOO_MANY = loadFixture('conformance/getRecentPrioritizationFees.error.too-many').params[0] as string[];

describeMethod('getRecentPrioritizationFees', {
  defaults: {
    args: [ACCOUNTS],
    sent: [ACCOUNTS],
    answer: serveFixture('conformance/getRecentPrioritizationFees.accounts-u64'),
    expect: [
      { slot: 356139501, prioritizationFee: 0n },
      { slot: 356139502, prioritizationFee: 18446744073709551615n },
      { slot: 356139503, prioritizationFee: 9007199254740993n },
    ],
  },
  cases: [
    { name: 'addresses: fees exact as bigint (u64::MAX, 2^53 + 1)' },
    { name: 'an empty list is sent as one', args: [[]], sent: [[]], answer: '[]', expect: [] },
    { name: 'no addresses: params []', args: [], sent: [], answer: '[]', expect: [] },
    {
      name: 'call options only: the addresses alone on the wire',
      args: [ACCOUNTS, { timeoutMs: 1_000 }],
      answer: '[{"prioritizationFee":1,"slot":2,"extra":true}]',
      expect: [{ slot: 2, prioritizationFee: 1n }],
    },
  ],
  refusals: [
    {
      name: 'a slot above Number.MAX_SAFE_INTEGER',
      answer: '[{"prioritizationFee":0,"slot":9007199254740993}]',
      path: 'result.0.slot',
    },
    { name: 'a negative fee', answer: '[{"prioritizationFee":-1,"slot":1}]', path: 'result.0.prioritizationFee' },
    { name: 'an object, not a list', answer: '{"prioritizationFee":0,"slot":1}', path: 'result' },
  ],
  inputErrors: [
    { name: '129 addresses (agave takes 128)', args: [TOO_MANY], param: 'addresses' },
    { name: 'one bad address', args: [[ACCOUNTS[0], 'nope']], param: 'addresses.1' },
    { name: 'one address, not in a list', args: [ACCOUNTS[0]], param: 'addresses' },
    { name: 'a config option it does not take', args: [[], { commitment: 'confirmed' }], param: 'config.commitment' },
  ],
});

describe('getRecentPrioritizationFees limit', { timeout: 5_000 }, () => {
  it('sends 128 addresses, and refuses 129 before any request', async () => {
    mockRpc({ getRecentPrioritizationFees: reply.resultText('[]') });
    const rpc = createRpc(RPC_URL, { retry: false });
    await expect(rpc.getRecentPrioritizationFees(TOO_MANY.slice(0, 128))).resolves.toStrictEqual([]);
    expect(sent()).toStrictEqual([{ method: 'getRecentPrioritizationFees', params: [TOO_MANY.slice(0, 128)] }]);
    await expect(rpc.getRecentPrioritizationFees(TOO_MANY)).rejects.toThrow(
      'getRecentPrioritizationFees: invalid addresses: 129 addresses; the node takes at most 128',
    );
    expect(calls).toHaveLength(1);
  });
});
