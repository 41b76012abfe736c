/**
 * checkValidator against scripted clusters: one per verdict the operator must be told about. Time is
 * injected, so no test waits for real.
 */
import { describe, expect, it } from 'vitest';
import {
  type CheckValidatorOptions,
  checkValidator,
  createRpc,
  createRpcWith,
  getHealth,
  getHighestSnapshotSlot,
  getVersion,
  isSolRpcError,
  NetworkError,
} from '../../src/index.js';
import { mockRpc, RPC_URL, type RpcReply, reply, sent, useMswServer } from '../msw/server.js';

useMswServer();

const IDENTITY = '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL';
const VOTE = '8R4SNAWowTjABqR5uWfyb2bMZoz2XmLJNLAkR6bHo1Sk';
const OTHER = '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy';

const node = (pubkey: string, rpc: string | null = null) => ({
  pubkey,
  gossip: '203.0.113.44:8001',
  tpu: '203.0.113.44:8003',
  tpuQuic: '203.0.113.44:8009',
  rpc,
  pubsub: null,
  version: '2.3.7',
  featureSet: 2891131721,
  shredVersion: 50093,
});

const voteAccount = (lastVote: number, stake = '13822119736540281', nodePubkey = IDENTITY) =>
  `{"activatedStake":${stake},"commission":5,"epochCredits":[[823,2451965631,2445052618],[824,2458877976,2451965631]],"epochVoteAccount":true,"lastVote":${lastVote},"nodePubkey":"${nodePubkey}","rootSlot":${lastVote - 32},"votePubkey":"${VOTE}"}`;

const epoch = (absoluteSlot: number, epochNumber = 824) => ({
  absoluteSlot,
  blockHeight: absoluteSlot - 21852343,
  epoch: epochNumber,
  slotIndex: absoluteSlot - epochNumber * 432000,
  slotsInEpoch: 432000,
  transactionCount: 418273992151,
});

interface Script {
  nodes?: unknown[] | RpcReply;
  /** One entry per getVoteAccounts call (the last repeats): where the account sits, and its last vote. */
  votes?: ({ list: 'current' | 'delinquent'; lastVote: number; stake?: string; nodePubkey?: string } | 'none')[];
  votesReply?: RpcReply;
  /** One entry per getEpochInfo call (the last repeats). */
  epochs?: ReturnType<typeof epoch>[];
  schedule?: Record<string, number[]> | RpcReply;
  /** The identity's [leaderSlots, blocksProduced] this epoch, or an error. */
  production?: [number, number] | RpcReply;
  /** What the validator's own node answers (served by the same mock server through `connectNode`). */
  health?: RpcReply;
  snapshot?: { full: number; incremental: number | null } | RpcReply;
}

/** Serves a scripted cluster through msw. Defaults describe a healthy validator. */
function cluster(script: Script = {}): void {
  const votes = script.votes ?? [
    { list: 'current', lastVote: 356139515 },
    { list: 'current', lastVote: 356139520 },
  ];
  const epochs = script.epochs ?? [epoch(356139516), epoch(356139521)];
  let voteCall = 0;
  let epochCall = 0;
  const at = <T>(list: T[], i: number) => list[Math.min(i, list.length - 1)] as T;
  mockRpc({
    getClusterNodes:
      script.nodes && !Array.isArray(script.nodes)
        ? (script.nodes as RpcReply)
        : reply.result(script.nodes ?? [node(OTHER), node(IDENTITY, '203.0.113.44:8899')]),
    getVoteAccounts:
      script.votesReply ??
      (() => {
        const entry = at(votes, voteCall++);
        if (entry === 'none') return reply.resultText('{"current":[],"delinquent":[]}');
        const account = voteAccount(entry.lastVote, entry.stake, entry.nodePubkey);
        return reply.resultText(
          entry.list === 'current'
            ? `{"current":[${account}],"delinquent":[]}`
            : `{"current":[],"delinquent":[${account}]}`,
        );
      }),
    getEpochInfo: () => reply.result(at(epochs, epochCall++)),
    getLeaderSchedule:
      script.schedule && 'error' in script.schedule
        ? (script.schedule as RpcReply)
        : reply.result(script.schedule ?? { [IDENTITY]: [171456, 171457, 171458, 171459, 200000, 200001] }),
    getBlockProduction:
      script.production && !Array.isArray(script.production)
        ? script.production
        : reply.result({
            context: { slot: 356139521 },
            value: {
              byIdentity: { [IDENTITY]: script.production ?? [40, 39] },
              range: { firstSlot: 824 * 432000, lastSlot: 356139521 },
            },
          }),
    getHealth: script.health ?? reply.result('ok'),
    getVersion: reply.result({ 'solana-core': '2.3.7', 'feature-set': 2891131721 }),
    getHighestSnapshotSlot:
      script.snapshot && 'error' in script.snapshot
        ? (script.snapshot as RpcReply)
        : reply.result(script.snapshot ?? { full: 356125000, incremental: 356139400 }),
  });
}

/** The addresses `connectNode` was asked for; each is answered by the mock server. */
const connected: string[] = [];
const connectNode = (address: string) => {
  connected.push(address);
  return createRpcWith(RPC_URL, { getHealth, getVersion, getHighestSnapshotSlot }, { timeoutMs: 2_000 });
};

const fakeTime = () => {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    now: () => now,
  };
};

async function check(options: Partial<CheckValidatorOptions> = {}) {
  const time = fakeTime();
  const report = await checkValidator(createRpc(RPC_URL, { retry: false, freshReads: false }), {
    identity: IDENTITY,
    votePubkey: VOTE,
    sleep: time.sleep,
    now: time.now,
    connectNode,
    ...options,
  });
  const byCheck = Object.fromEntries(report.findings.map((f) => [f.check, f]));
  return { report, byCheck, time };
}

describe('checkValidator', () => {
  it('reports a healthy validator as ok, with the details an operator needs', async () => {
    cluster();
    const { report, byCheck, time } = await check({ samples: 2, interval: 1500 });
    expect(report.verdict).toBe('ok');
    expect(report.findings.map((f) => [f.check, f.verdict])).toEqual([
      ['visible', 'ok'],
      ['voting', 'ok'],
      ['staked', 'ok'],
      ['cluster-progress', 'ok'],
      ['vote-progress', 'ok'],
      ['leader-slots', 'ok'],
      ['skip-rate', 'ok'],
      ['node-health', 'ok'],
      ['snapshot', 'ok'],
    ]);
    expect(byCheck['skip-rate']?.reason).toBe(
      `2.50% skipped: 1 of 40 leader slots without a block (slots ${824 * 432000}..356139521; warning at 10%, critical at 25%)`,
    );
    expect(byCheck['node-health']?.reason).toBe('its RPC at 203.0.113.44:8899 reports healthy, version 2.3.7');
    expect(byCheck.snapshot?.reason).toBe(
      'incremental snapshot at slot 356139400 (full at 356125000), 121 slots old (warning at 30000, critical at 100000)',
    );
    expect(report.blockProduction).toEqual({ leaderSlots: 40, blocksProduced: 39 });
    expect(report.node).toEqual({
      rpc: '203.0.113.44:8899',
      health: 'ok',
      version: '2.3.7',
      snapshot: { full: 356125000, incremental: 356139400 },
    });
    expect(connected.at(-1)).toBe('203.0.113.44:8899');
    expect(byCheck.visible?.reason).toBe(
      'in gossip at 203.0.113.44:8001, version 2.3.7, advertises RPC at 203.0.113.44:8899',
    );
    expect(byCheck.voting?.reason).toBe(
      `voting with ${VOTE}: last vote at slot 356139520, 1 slot behind, root 356139488, 6912345 credits this epoch`,
    );
    expect(byCheck['cluster-progress']?.reason).toBe('the cluster advanced 5 slots in 1.5 s');
    expect(byCheck['vote-progress']?.reason).toBe('the last vote advanced 5 slots');
    expect(report.gossip).toEqual({
      address: '203.0.113.44:8001',
      version: '2.3.7',
      rpc: '203.0.113.44:8899',
      advertisesRpc: true,
    });
    expect(report.vote).toEqual({
      votePubkey: VOTE,
      delinquent: false,
      lastVote: 356139520,
      rootSlot: 356139488,
      activatedStake: 13822119736540281n,
      commission: 5,
      creditsThisEpoch: 6912345,
    });
    // Slot index 171521 of epoch 824: the next leader slot is index 200000.
    expect(report.leaderSlots).toEqual({ epoch: 824, count: 6, nextSlot: 824 * 432000 + 200000 });
    expect(time.waits).toEqual([1500]);
    expect(
      sent()
        .map((c) => c.method)
        .sort(),
    ).toEqual(
      [
        'getClusterNodes',
        'getEpochInfo',
        'getEpochInfo',
        'getLeaderSchedule',
        'getBlockProduction',
        'getVoteAccounts',
        'getVoteAccounts',
        'getHealth',
        'getVersion',
        'getHighestSnapshotSlot',
      ].sort(),
    );
    expect(sent().find((c) => c.method === 'getBlockProduction')?.params).toEqual([{ identity: IDENTITY }]);
    expect(sent().find((c) => c.method === 'getVoteAccounts')?.params).toEqual([
      { keepUnstakedDelinquents: true, votePubkey: VOTE },
    ]);
    expect(sent().find((c) => c.method === 'getLeaderSchedule')?.params).toEqual([null, { identity: IDENTITY }]);
  });

  it('is critical when the identity is not in gossip', async () => {
    cluster({ nodes: [node(OTHER)] });
    const { report, byCheck } = await check();
    expect(report.verdict).toBe('critical');
    expect(byCheck.visible).toEqual({
      check: 'visible',
      verdict: 'critical',
      reason: 'not in gossip: none of the 1 nodes the RPC node sees has this identity',
    });
    expect(report.gossip).toBeUndefined();
  });

  it('is critical when the vote account is delinquent', async () => {
    cluster({ votes: [{ list: 'delinquent', lastVote: 356139000 }], epochs: [epoch(356139516), epoch(356139521)] });
    const { report, byCheck } = await check();
    expect(report.verdict).toBe('critical');
    expect(byCheck.voting?.reason).toBe('delinquent: last vote at slot 356139000, 521 slots behind');
    expect(report.vote?.delinquent).toBe(true);
    expect(byCheck['vote-progress']?.verdict).toBe('critical');
  });

  it('warns about an unstaked validator that agave still lists as current', async () => {
    cluster({
      votes: [
        { list: 'current', lastVote: 356139515, stake: '0' },
        { list: 'current', lastVote: 356139520, stake: '0' },
      ],
    });
    const { report, byCheck } = await check();
    expect(byCheck.voting?.verdict).toBe('ok');
    expect(byCheck.staked).toEqual({
      check: 'staked',
      verdict: 'warning',
      reason: 'no active stake: the account votes but earns no rewards and leads no slots',
    });
    expect(report.verdict).toBe('warning');
  });

  it('is critical when the cluster stalls, and does not blame the votes for it', async () => {
    cluster({
      epochs: [epoch(356139516), epoch(356139516), epoch(356139516)],
      votes: [{ list: 'current', lastVote: 356139515 }],
    });
    const { report, byCheck } = await check({ samples: 3, interval: 2000 });
    expect(report.verdict).toBe('critical');
    expect(byCheck['cluster-progress']?.reason).toBe('the cluster is stalled: slot 356139516 did not advance in 4.0 s');
    expect(byCheck['vote-progress']).toEqual({
      check: 'vote-progress',
      verdict: 'unknown',
      reason: 'the cluster did not advance either, so votes could not',
    });
    expect(report.samples).toHaveLength(3);
  });

  it('is critical when votes stall while the cluster advances', async () => {
    cluster({ votes: [{ list: 'current', lastVote: 356139515 }] });
    const { report, byCheck } = await check();
    expect(report.verdict).toBe('critical');
    expect(byCheck['cluster-progress']?.verdict).toBe('ok');
    expect(byCheck['vote-progress']?.reason).toBe(
      'votes are stalled: the last vote stayed at slot 356139515 while the cluster advanced',
    );
  });

  it('compares absolute slots across an epoch rollover, where slotIndex resets', async () => {
    cluster({
      epochs: [epoch(824 * 432000 + 431998, 824), epoch(825 * 432000 + 3, 825)],
      snapshot: { full: 825 * 432000 - 2, incremental: null },
    });
    const { report, byCheck } = await check();
    expect(report.samples.map((s) => s.slotIndex)).toEqual([431998, 3]);
    expect(byCheck['cluster-progress']).toEqual({
      check: 'cluster-progress',
      verdict: 'ok',
      reason: 'the cluster advanced 5 slots in 2.0 s (epoch 824 → 825)',
    });
    expect(report.verdict).toBe('ok');
  });

  it('reports what it could not check on a node without the full RPC API, and checks the rest', async () => {
    cluster({ nodes: reply.error(-32601, 'Method not found') });
    const { report, byCheck } = await check();
    expect(byCheck.visible).toEqual({
      check: 'visible',
      verdict: 'unknown',
      reason:
        'could not check gossip: the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL',
    });
    expect(byCheck.voting?.verdict).toBe('ok');
    expect(report.verdict).toBe('unknown');
  });

  it('finds the vote account by identity when none is given', async () => {
    cluster();
    const { report } = await check({ votePubkey: undefined });
    expect(report.vote?.votePubkey).toBe(VOTE);
    const voteCalls = sent().filter((c) => c.method === 'getVoteAccounts');
    expect(voteCalls[0]?.params).toEqual([{ keepUnstakedDelinquents: true }]);
    // Later samples ask for the account found at the first.
    expect(voteCalls[1]?.params).toEqual([{ keepUnstakedDelinquents: true, votePubkey: VOTE }]);
  });

  it('is critical when no vote account belongs to the identity, or it votes for another', async () => {
    cluster({ votes: ['none'] });
    const missing = await check({ votePubkey: undefined });
    expect(missing.byCheck.voting?.reason).toBe(
      'no vote account votes for this identity (pass the vote account to check it directly)',
    );
    expect(missing.byCheck.staked?.verdict).toBe('unknown');

    cluster({ votes: [{ list: 'current', lastVote: 356139515, nodePubkey: OTHER }] });
    const foreign = await check();
    expect(foreign.byCheck.voting?.reason).toBe(`vote account ${VOTE} votes for another identity, ${OTHER}`);
    expect(foreign.report.verdict).toBe('critical');
  });

  it('turns failed requests into unknown findings instead of throwing', async () => {
    cluster({
      votesReply: reply.error(-32005, 'Node is behind by 42 slots', { numSlotsBehind: 42 }),
      schedule: reply.error(-32603, 'Internal error'),
    });
    const { report, byCheck } = await check();
    expect(byCheck.voting?.reason).toMatch(/^could not check the vote account: getVoteAccounts: RPC error -32005/);
    expect(byCheck['leader-slots']?.verdict).toBe('unknown');
    expect(byCheck['vote-progress']?.verdict).toBe('unknown');
    expect(report.verdict).toBe('unknown');
  });

  it('says progress is unknown with a single sample', async () => {
    cluster();
    const { byCheck, time } = await check({ samples: 1 });
    expect(byCheck['cluster-progress']?.verdict).toBe('unknown');
    expect(time.waits).toEqual([]);
  });

  it('rejects bad options before any request, and rejects with AbortError when aborted', async () => {
    cluster();
    await expect(check({ identity: 'nope' })).rejects.toMatchObject({
      name: 'InvalidInputError',
      param: 'options.identity',
    });
    await expect(check({ samples: 0 })).rejects.toMatchObject({ param: 'options.samples' });
    expect(sent()).toEqual([]);

    const controller = new AbortController();
    const aborted = checkValidator(createRpc(RPC_URL, { retry: false, freshReads: false }), {
      identity: IDENTITY,
      samples: 3,
      signal: controller.signal,
      sleep: async () => controller.abort(new Error('operator pressed Ctrl-C')),
    });
    const error = await aborted.catch((e: unknown) => e);
    expect(isSolRpcError(error, 'AbortError')).toBe(true);
  });
});

describe('checkValidator: skip rate, the node itself, its snapshot', () => {
  it('judges the skip rate against its levels, given or default', async () => {
    cluster({ production: [40, 34] });
    const warned = await check();
    expect(warned.byCheck['skip-rate']?.verdict).toBe('warning');
    expect(warned.byCheck['skip-rate']?.reason).toMatch(/^15\.00% skipped: 6 of 40 leader slots/);
    expect(warned.report.verdict).toBe('warning');
    cluster({ production: [40, 20] });
    expect((await check()).byCheck['skip-rate']?.verdict).toBe('critical');
    cluster({ production: [40, 34] });
    expect((await check({ skipRate: { warning: 20, critical: 50 } })).byCheck['skip-rate']?.verdict).toBe('ok');
    cluster({ production: [0, 0] });
    expect((await check()).byCheck['skip-rate']).toEqual({
      check: 'skip-rate',
      verdict: 'ok',
      reason: `no leader slots yet this epoch (slots ${824 * 432000}..356139521)`,
    });
    cluster({ production: reply.error(-32601, 'Method not found') });
    expect((await check()).byCheck['skip-rate']?.verdict).toBe('unknown');
  });

  it('is critical when the node says it is behind, and unknown when it cannot be reached', async () => {
    cluster({ health: reply.error(-32005, 'Node is behind by 312 slots', { numSlotsBehind: 312 }) });
    const behind = await check();
    expect(behind.byCheck['node-health']).toEqual({
      check: 'node-health',
      verdict: 'critical',
      reason: 'its RPC at 203.0.113.44:8899 reports unhealthy: 312 slots behind, version 2.3.7',
    });
    expect(behind.report.node).toMatchObject({ health: 'behind', slotsBehind: 312 });

    cluster();
    // A node that refuses the connection, as a firewalled RPC port does.
    const refused = () =>
      Promise.reject(
        new NetworkError({
          origin: 'http://203.0.113.44:8899',
          cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
        }),
      );
    const unreachable = await check({
      connectNode: () => createRpcWith(refused, { getHealth, getVersion, getHighestSnapshotSlot }),
    });
    expect(unreachable.byCheck['node-health']?.verdict).toBe('unknown');
    expect(unreachable.byCheck['node-health']?.reason).toMatch(/^could not ask its RPC at 203\.0\.113\.44:8899: /);
    expect(unreachable.byCheck.snapshot?.verdict).toBe('unknown');
    expect(unreachable.report.verdict).toBe('unknown');
  });

  it('asks nothing of a node that advertises no RPC, or one not in gossip', async () => {
    cluster({ nodes: [node(IDENTITY)] });
    connected.length = 0;
    const { byCheck, report } = await check();
    expect(byCheck['node-health']).toEqual({
      check: 'node-health',
      verdict: 'ok',
      reason: 'not checked: the node advertises no public RPC',
    });
    expect(byCheck.snapshot?.verdict).toBe('ok');
    expect(report.node).toBeUndefined();
    cluster({ nodes: [node(OTHER)] });
    const absent = await check();
    expect(absent.byCheck['node-health']?.reason).toBe('the node is not in gossip, so its RPC address is unknown');
    expect(connected).toEqual([]);
  });

  it('judges the snapshot age, and warns when the node has none', async () => {
    cluster({ snapshot: { full: 356100000, incremental: null } });
    const old = await check();
    expect(old.byCheck.snapshot).toEqual({
      check: 'snapshot',
      verdict: 'warning',
      reason: 'full snapshot at slot 356100000, 39521 slots old (warning at 30000, critical at 100000)',
    });
    cluster({ snapshot: { full: 356000000, incremental: 356010000 } });
    expect((await check()).byCheck.snapshot?.verdict).toBe('critical');
    cluster({ snapshot: reply.error(-32008, 'No snapshot') });
    const none = await check();
    expect(none.byCheck.snapshot).toEqual({
      check: 'snapshot',
      verdict: 'warning',
      reason: 'the node has no snapshot',
    });
    expect(none.report.node?.snapshot).toBeNull();
  });

  it('refuses levels that are not two ordered non-negative numbers, before any request', async () => {
    cluster();
    await expect(check({ skipRate: { warning: 30, critical: 20 } })).rejects.toMatchObject({
      param: 'options.skipRate',
    });
    await expect(check({ snapshotAge: { warning: -1, critical: 5 } })).rejects.toMatchObject({
      param: 'options.snapshotAge',
    });
    await expect(check({ connectNode: 'http://x' as never })).rejects.toMatchObject({ param: 'options.connectNode' });
    expect(sent()).toEqual([]);
  });
});

describe('checkValidator edge cases', () => {
  it('does not call a slot that went backwards a stall (load-balanced RPC URLs)', async () => {
    cluster({ epochs: [epoch(356139521), epoch(356139516)] });
    const { byCheck } = await check();
    expect(byCheck['cluster-progress']).toEqual({
      check: 'cluster-progress',
      verdict: 'unknown',
      reason: 'the slot went backwards (356139521 → 356139516): the RPC URL may balance across nodes that disagree',
    });
  });

  it('counts leader slots in the epoch the schedule was read for, across a rollover', async () => {
    cluster({
      epochs: [epoch(824 * 432000 + 431990, 824), epoch(825 * 432000 + 10, 825)],
      schedule: { [IDENTITY]: [431995, 431999] },
    });
    const { report } = await check();
    // Both slots of epoch 824 have passed by the last sample: none left in the schedule that was read.
    expect(report.leaderSlots).toEqual({ epoch: 824, count: 2, nextSlot: null });
  });

  it('refuses a signal, sleep or now of the wrong type before any request', async () => {
    cluster();
    await expect(check({ signal: {} as AbortSignal })).rejects.toMatchObject({ param: 'options.signal' });
    await expect(check({ sleep: 5 as unknown as () => Promise<void> })).rejects.toMatchObject({
      param: 'options.sleep',
    });
    await expect(check({ commitment: 'recent' as never })).rejects.toMatchObject({ param: 'options.commitment' });
    expect(sent()).toEqual([]);
  });
});
