import { describe, expect, it } from 'vitest';
import { createRpc, type StakeMinimumDelegationResult } from '../../src/index.js';
import { resultTextOf, serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const BASIC = 'conformance/getStakeMinimumDelegation.basic';
const ONE_SOL = 'conformance/getStakeMinimumDelegation.one-sol';
const LARGE = 'conformance/getStakeMinimumDelegation.above-2-53';
const CONTEXT = { slot: 356139456, apiVersion: '2.3.6' };
const BASIC_RESULT: StakeMinimumDelegationResult = { context: CONTEXT, value: 1n };

/** The basic result with one exact text edit. */
const basicWith = (search: string, replacement: string) => resultTextOf(BASIC, [[search, replacement]]);
const MISSING = 'nothing (the field is missing)';

describeMethod('getStakeMinimumDelegation', {
  defaults: { answer: serveFixture(BASIC), expect: BASIC_RESULT },
  cases: [
    { name: 'no config: params []', args: [], sent: [] },
    { name: 'an empty config: params []', args: [{}], sent: [] },
    { name: 'call options only: nothing on the wire', args: [{ timeoutMs: 1_000 }], sent: [] },
    { name: 'commitment', args: [{ commitment: 'confirmed' }], sent: [{ commitment: 'confirmed' }] },
    {
      name: 'commitment and minContextSlot (a bigint), as agave’s RpcContextConfig',
      args: [{ commitment: 'finalized', minContextSlot: 356139400n }],
      sent: [{ commitment: 'finalized', minContextSlot: 356139400 }],
      answer: serveFixture(ONE_SOL),
      expect: { context: CONTEXT, value: 1_000_000_000n },
    },
    {
      name: 'a minimum above 2^53 stays exact (no rounding to 9007199254740992)',
      answer: serveFixture(LARGE),
      expect: { context: CONTEXT, value: 9007199254740993n },
    },
    {
      name: 'u64::MAX lamports',
      answer: basicWith('"value":1', '"value":18446744073709551615'),
      expect: { context: CONTEXT, value: 18446744073709551615n },
    },
    {
      name: 'context without apiVersion (older node) leaves it absent',
      answer: basicWith('"apiVersion":"2.3.6",', ''),
      expect: { context: { slot: 356139456 }, value: 1n },
    },
    {
      name: 'unknown keys are tolerated and not copied into the result',
      answer: basicWith('"value":1', '"value":1,"zz":{"nested":[1]}'),
    },
  ],
  refusals: [
    { name: 'value as a string', answer: basicWith('"value":1', '"value":"1"'), path: 'result.value' },
    { name: 'value negative', answer: basicWith('"value":1', '"value":-1'), path: 'result.value' },
    { name: 'value fractional', answer: basicWith('"value":1', '"value":1.5'), path: 'result.value' },
    {
      name: 'value above u64::MAX',
      answer: basicWith('"value":1', '"value":18446744073709551616'),
      path: 'result.value',
    },
    {
      name: 'value as a float token above 2^53 (1e16, digits already lost)',
      answer: basicWith('"value":1', '"value":1e16'),
      path: 'result.value',
    },
    { name: 'value null', answer: basicWith('"value":1', '"value":null'), path: 'result.value' },
    { name: 'value missing', answer: basicWith(',"value":1', ''), path: 'result.value', received: MISSING },
    { name: 'context missing', answer: '{"value":1}', path: 'result.context', received: MISSING },
    { name: 'a bare number (no context)', answer: '1', path: 'result' },
  ],
  inputErrors: [
    { name: 'commitment: recent (removed)', args: [{ commitment: 'recent' }], param: 'config.commitment' },
    { name: 'minContextSlot: negative', args: [{ minContextSlot: -1 }], param: 'config.minContextSlot' },
    { name: 'minContextSlot: an unsafe number', args: [{ minContextSlot: 2 ** 53 }], param: 'config.minContextSlot' },
    { name: 'config: a string (a positional commitment)', args: ['confirmed'], param: 'config' },
    { name: 'config: null', args: [null], param: 'config' },
    { name: 'an option of another method', args: [{ encoding: 'base64' }], param: 'config.encoding' },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

// What the table cannot say: exact bigints in the request text.

const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describe('getStakeMinimumDelegation', { timeout: 5_000 }, () => {
  it('a bigint minContextSlot above 2^53 is written as the exact integer', async () => {
    mockRpc({ getStakeMinimumDelegation: serveFixture(BASIC) });
    await expect(rpc().getStakeMinimumDelegation({ minContextSlot: 9007199254740993n })).resolves.toStrictEqual(
      BASIC_RESULT,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toContain('"params":[{"minContextSlot":9007199254740993}]');
  });
});
