import { describe, expect, it } from 'vitest';
import { createRpc, type InflationReward } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { referenceEncode } from '../support/base58Reference.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const WITH_NULL = 'conformance/getInflationReward.with-null';
const BPS = 'conformance/getInflationReward.commission-bps';
const COMMISSION_NULL = 'conformance/getInflationReward.commission-null';
const ALL_NULL = 'conformance/getInflationReward.all-null';

const addressesOf = (name: string) => loadFixture(name).params[0] as string[];
const [STAKE, NO_REWARD, VOTE] = addressesOf(WITH_NULL) as [string, string, string];
const BPS_ADDRESSES = addressesOf(BPS);

const WITH_NULL_RESULT: (InflationReward | null)[] = [
  {
    epoch: 823,
    effectiveSlot: 355536131,
    amount: 3819374102211n,
    postBalance: 10002581934716322n,
    commission: 7,
  },
  null,
  { epoch: 823, effectiveSlot: 355536000, amount: 11234567890n, postBalance: 2300123456789n, commission: 5 },
];

const BPS_RESULT: (InflationReward | null)[] = [
  {
    epoch: 900,
    effectiveSlot: 388800000,
    amount: 71233880211n,
    postBalance: 10231442889001n,
    commission: 5,
    commissionBps: 500,
  },
  null,
  {
    epoch: 900,
    effectiveSlot: 388800003,
    amount: 4112887001334n,
    postBalance: 12004581934716322n,
    commission: 7,
    commissionBps: 700,
  },
];

const withNull = (search: string, replacement: string) => resultTextOf(WITH_NULL, [[search, replacement]]);
const FIRST =
  '"amount":3819374102211,"commission":7,"effectiveSlot":355536131,"epoch":823,"postBalance":10002581934716322';

/** `count` distinct valid addresses. */
function addresses(count: number): string[] {
  return Array.from({ length: count }, (_, i) => referenceEncode(new Uint8Array(32).fill(i + 1)));
}

describeMethod('getInflationReward', {
  defaults: {
    args: [[STAKE, NO_REWARD, VOTE], { epoch: 823 }],
    sent: [[STAKE, NO_REWARD, VOTE], { epoch: 823 }],
    answer: serveFixture(WITH_NULL),
    expect: WITH_NULL_RESULT,
  },
  cases: [
    { name: 'one entry per address, null kept in place; commissionBps absent stays absent' },
    {
      name: 'commissionBps present: kept beside commission; epoch and commitment sent in agave order',
      args: [BPS_ADDRESSES, { commitment: 'confirmed', epoch: 900 }],
      sent: [BPS_ADDRESSES, { epoch: 900, commitment: 'confirmed' }],
      answer: serveFixture(BPS),
      expect: BPS_RESULT,
    },
    {
      name: 'commission null stays null',
      args: [addressesOf(COMMISSION_NULL), { epoch: 120 }],
      sent: [addressesOf(COMMISSION_NULL), { epoch: 120 }],
      answer: serveFixture(COMMISSION_NULL),
      expect: [{ epoch: 120, effectiveSlot: 51840000, amount: 8013221n, postBalance: 503119887004n, commission: null }],
    },
    {
      name: 'commission missing (a proxy dropped the null) comes back null',
      answer: withNull('"commission":7,', ''),
      expect: [{ ...WITH_NULL_RESULT[0], commission: null }, null, WITH_NULL_RESULT[2]],
    },
    {
      name: 'no config: params [addresses]; every address without a reward',
      args: [addressesOf(ALL_NULL)],
      sent: [addressesOf(ALL_NULL)],
      answer: serveFixture(ALL_NULL),
      expect: [null, null],
    },
    {
      name: 'an empty config: params [addresses]',
      args: [[STAKE, NO_REWARD, VOTE], {}],
      sent: [[STAKE, NO_REWARD, VOTE]],
    },
    { name: 'no addresses: params [[]], an empty list', args: [[]], sent: [[]], answer: '[]', expect: [] },
    {
      name: 'thirty-two addresses: agave’s limit, one request',
      args: [addresses(32)],
      sent: [addresses(32)],
      answer: `[${Array(32).fill('null').join(',')}]`,
      expect: Array(32).fill(null),
    },
    {
      name: 'epoch 0, finalized and minContextSlot as a bigint',
      args: [[VOTE], { minContextSlot: 356139400n, commitment: 'finalized', epoch: 0 }],
      sent: [[VOTE], { epoch: 0, commitment: 'finalized', minContextSlot: 356139400 }],
      answer: '[null]',
      expect: [null],
    },
    {
      name: 'call options and undefined fields: nothing more on the wire',
      args: [[STAKE, NO_REWARD, VOTE], { timeoutMs: 1_000, epoch: undefined, commitment: undefined }],
      sent: [[STAKE, NO_REWARD, VOTE]],
    },
    {
      name: 'unknown fields are tolerated and not copied into the result',
      answer: withNull(FIRST, `${FIRST},"rewardType":"Staking"`),
    },
  ],
  refusals: [
    {
      name: 'amount as a string',
      answer: withNull('"amount":3819374102211', '"amount":"3819374102211"'),
      path: 'result.0.amount',
    },
    {
      name: 'postBalance as a float token above 2^53 (digits already lost)',
      answer: withNull('"postBalance":10002581934716322', '"postBalance":1.0002581934716322e16'),
      path: 'result.0.postBalance',
    },
    {
      name: 'amount negative',
      answer: withNull('"amount":11234567890', '"amount":-11234567890'),
      path: 'result.2.amount',
    },
    {
      name: 'effectiveSlot above Number.MAX_SAFE_INTEGER',
      answer: withNull('"effectiveSlot":355536131', '"effectiveSlot":9007199254740993'),
      path: 'result.0.effectiveSlot',
    },
    {
      name: 'epoch missing',
      answer: withNull('"effectiveSlot":355536131,"epoch":823,', '"effectiveSlot":355536131,'),
      path: 'result.0.epoch',
    },
    {
      name: 'commission above 255',
      answer: withNull('"commission":7', '"commission":700'),
      path: 'result.0.commission',
    },
    {
      name: 'commissionBps null (agave leaves it out, never null)',
      answer: withNull('"commission":7,', '"commission":7,"commissionBps":null,'),
      path: 'result.0.commissionBps',
    },
    {
      name: 'commissionBps above a u16',
      answer: withNull('"commission":7,', '"commission":7,"commissionBps":65536,'),
      path: 'result.0.commissionBps',
    },
    { name: 'an entry that is not an object', answer: withNull('null', '0'), path: 'result.1' },
    { name: 'a result that is null', answer: 'null', path: 'result' },
    { name: 'a result wrapped in a context', answer: '{"context":{"slot":1},"value":[]}', path: 'result' },
  ],
  inputErrors: [
    { name: 'no addresses', args: [], param: 'addresses' },
    { name: 'one address, not in a list', args: [VOTE], param: 'addresses' },
    { name: 'a bad address', args: [[STAKE, 'nope']], param: 'addresses.1' },
    { name: 'thirty-three addresses (agave takes 32)', args: [addresses(33)], param: 'addresses' },
    {
      name: "commitment 'processed' (the node reads blocks, from confirmed on)",
      args: [[VOTE], { commitment: 'processed' }],
      param: 'config.commitment',
    },
    { name: 'a commitment that is not one', args: [[VOTE], { commitment: 'max' }], param: 'config.commitment' },
    { name: 'epoch negative', args: [[VOTE], { epoch: -1 }], param: 'config.epoch' },
    { name: 'epoch a string', args: [[VOTE], { epoch: '823' }], param: 'config.epoch' },
    { name: 'epoch an unsafe number', args: [[VOTE], { epoch: 2 ** 53 }], param: 'config.epoch' },
    { name: 'minContextSlot fractional', args: [[VOTE], { minContextSlot: 1.5 }], param: 'config.minContextSlot' },
    { name: 'config: a number (a positional epoch)', args: [[VOTE], 823], param: 'config' },
    { name: 'an option of another method', args: [[VOTE], { filter: 'circulating' }], param: 'config.filter' },
    { name: 'a third argument', args: [[VOTE], {}, {}], param: 'arguments' },
  ],
});

describe('getInflationReward: beyond the table', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('a postBalance above 2^53 stays exact, and an entry without commissionBps has no such key', async () => {
    // An odd balance between 2^53 and 2^54: a double cannot hold it.
    const odd = [['"postBalance":10002581934716322', '"postBalance":10002581934716323']] as const;
    mockRpc({ getInflationReward: serveFixture(WITH_NULL, odd) });
    const [stake, none] = await rpc().getInflationReward([STAKE, NO_REWARD, VOTE], { epoch: 823 });
    expect(stake?.postBalance).toBe(10002581934716323n);
    expect(BigInt(Number(10002581934716323n))).not.toBe(10002581934716323n);
    expect(stake).not.toBeNull();
    expect(Object.hasOwn(stake ?? {}, 'commissionBps')).toBe(false);
    expect(Object.keys(stake ?? {})).toStrictEqual(['epoch', 'effectiveSlot', 'amount', 'postBalance', 'commission']);
    expect(none).toBeNull();
  });

  it('-32017 while the rewards are still being paid: an RpcError with its data', async () => {
    const { responseText } = loadFixture('conformance/getInflationReward.error.rewards-period-active');
    const { error: wire } = JSON.parse(responseText) as { error: { code: number; message: string; data: unknown } };
    mockRpc({ getInflationReward: reply.error(wire.code, wire.message, wire.data) });
    const error = await rejectsWith(rpc().getInflationReward([STAKE], { epoch: 900 }), 'RpcError');
    expectRpcError(error, 'getInflationReward', {
      code: -32017,
      codeName: 'EPOCH_REWARDS_PERIOD_ACTIVE',
      message: 'Epoch rewards period still active at slot 388800002',
      data: { currentBlockHeight: 366947661, rewardsCompleteBlockHeight: 366947903, slot: 388800002 },
      retryable: false,
    });
    expect(sent()).toStrictEqual([{ method: 'getInflationReward', params: [[STAKE], { epoch: 900 }] }]);
  });

  it('an epoch the node no longer holds: -32001 with the archive hint', async () => {
    mockRpc({
      getInflationReward: reply.error(
        -32001,
        'Block 51840000 cleaned up, does not exist on node. First available block: 355000000',
      ),
    });
    const error = await rejectsWith(rpc().getInflationReward([VOTE], { epoch: 120 }), 'RpcError');
    expectRpcError(error, 'getInflationReward', {
      code: -32001,
      codeName: 'BLOCK_CLEANED_UP',
      message: 'Block 51840000 cleaned up, does not exist on node. First available block: 355000000',
      hint: 'the node no longer holds this block; ask an archive RPC node.',
      retryable: false,
    });
  });

  it('thirty-three addresses: refused with the limit named, nothing sent', async () => {
    const error = await rejectsWith(rpc().getInflationReward(addresses(33)), 'InvalidInputError');
    expect(error.message.split('\n')[0]).toBe(
      'getInflationReward: invalid addresses: 33 addresses; the node takes at most 32',
    );
    expect(sent()).toStrictEqual([]);
  });
});
