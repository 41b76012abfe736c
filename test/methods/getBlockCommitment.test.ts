import { describe, expect, it } from 'vitest';
import { type BlockCommitment, createRpc } from '../../src/index.js';
import { resultTextOf, serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const RECENT = 'conformance/getBlockCommitment.recent';
const NULL_COMMITMENT = 'conformance/getBlockCommitment.rooted-long-ago-null';

const RECENT_RESULT: BlockCommitment = {
  commitment: [...Array<bigint>(30).fill(0n), 1230000000000n, 387512398271644392n],
  totalStake: 398471293817263549n,
};

const recent = (search: string, replacement: string) => resultTextOf(RECENT, [[search, replacement]]);
const ZEROS_30 = Array(30).fill('0').join(',');

describeMethod('getBlockCommitment', {
  defaults: { args: [356139500], sent: [356139500], answer: serveFixture(RECENT), expect: RECENT_RESULT },
  cases: [
    { name: '32 stake amounts by lockout depth, exact above 2^53, and the total stake' },
    {
      name: 'a block the node no longer tracks: commitment null, the total stake still given',
      args: [355000000],
      sent: [355000000],
      answer: serveFixture(NULL_COMMITMENT),
      expect: { commitment: null, totalStake: 398471293817263549n },
    },
    {
      name: 'commitment missing (a proxy dropped the null): null',
      answer: '{"totalStake":398471293817263549}',
      expect: { commitment: null, totalStake: 398471293817263549n },
    },
    { name: 'the slot as a bigint', args: [356139500n], sent: [356139500] },
    {
      name: 'call options only: nothing but the slot on the wire',
      args: [356139500, { timeoutMs: 1_000 }],
      sent: [356139500],
    },
    {
      name: 'u64::MAX stake and an unknown key: exact, and not copied',
      answer: recent('"totalStake":398471293817263549', '"totalStake":18446744073709551615,"slot":356139500'),
      expect: { ...RECENT_RESULT, totalStake: 18446744073709551615n },
    },
  ],
  refusals: [
    {
      name: '31 stake amounts (agave sends exactly 32)',
      answer: recent(`[${ZEROS_30},`, `[${ZEROS_30.slice(2)},`),
      path: 'result.commitment',
    },
    {
      name: '33 stake amounts',
      answer: recent(`[${ZEROS_30},`, `[0,${ZEROS_30},`),
      path: 'result.commitment',
    },
    {
      name: 'a stake as a string',
      answer: recent('1230000000000', '"1230000000000"'),
      path: 'result.commitment.30',
    },
    {
      name: 'a stake as a float token above 2^53 (digits already lost)',
      answer: recent('387512398271644392', '3.87512398271644392e17'),
      path: 'result.commitment.31',
    },
    { name: 'a negative stake', answer: recent('[0,', '[-1,'), path: 'result.commitment.0' },
    {
      name: 'totalStake missing',
      answer: recent(',"totalStake":398471293817263549', ''),
      path: 'result.totalStake',
    },
    { name: 'totalStake null', answer: recent('398471293817263549}', 'null}'), path: 'result.totalStake' },
    { name: 'a result that is null', answer: 'null', path: 'result' },
    { name: 'a bare array', answer: `[${ZEROS_30},0,0]`, path: 'result' },
  ],
  inputErrors: [
    { name: 'no slot', args: [], param: 'slot' },
    { name: 'a negative slot', args: [-5], param: 'slot' },
    { name: 'a slot as a string', args: ['356139500'], param: 'slot' },
    { name: 'a slot above Number.MAX_SAFE_INTEGER as a number', args: [2 ** 53 + 2], param: 'slot' },
    {
      name: 'commitment: agave takes no config here',
      args: [356139500, { commitment: 'finalized' }],
      param: 'config.commitment',
    },
    { name: 'a second slot', args: [356139500, 356139501], param: 'config' },
    { name: 'a third argument', args: [356139500, {}, {}], param: 'arguments' },
  ],
});

describe('getBlockCommitment: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('a bigint slot above 2^53 goes out as an exact integer', async () => {
    mockRpc({ getBlockCommitment: serveFixture(NULL_COMMITMENT) });
    await rpc().getBlockCommitment(9007199254740993n);
    expect(calls[0]?.body).toContain('"params":[9007199254740993]');
  });

  it('an odd stake just above 2^53 stays exact: a double would round it', async () => {
    mockRpc({ getBlockCommitment: reply.resultText(recent('1230000000000', '9007199254740993')) });
    const { commitment } = await rpc().getBlockCommitment(356139500);
    expect(commitment?.[30]).toBe(9007199254740993n);
    expect(BigInt(Number(9007199254740993n))).not.toBe(9007199254740993n);
    expect(sent()).toStrictEqual([{ method: 'getBlockCommitment', params: [356139500] }]);
  });
});
