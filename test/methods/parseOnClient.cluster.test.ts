/**
 * `parseOnClient` against the test cluster, as a new user would first try it: every program the cluster
 * holds accounts of (stake, vote, config, lookup tables, the upgradeable loader, the token program,
 * sysvars, durable nonces), read by a program scan and by address, each way of asking (`true`, and each
 * `wire`), gives what the cluster's own `jsonParsed` gives. The cluster writes its jsonParsed with
 * `parseAccountData` (vote accounts apart, below), so this proves the plumbing end to end (the encodings the cluster serves, context,
 * the mints read at the accounts' slot, the token scan's parsed-only list), not the parsers: those are
 * held to agave's own views in test/decoders and test/methods/parseOnClient.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, type KeyedAccount, type Rpc, streamProgramAccounts } from '../../src/index.js';
import { startTestCluster, type TestCluster } from '../../src/testing/index.js';

const PROGRAMS = {
  stake: 'Stake11111111111111111111111111111111111111',
  vote: 'Vote111111111111111111111111111111111111111',
  config: 'Config1111111111111111111111111111111111111',
  lookupTable: 'AddressLookupTab1e1111111111111111111111111',
  loader: 'BPFLoaderUpgradeab1e11111111111111111111111',
  token: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  sysvar: 'Sysvar1111111111111111111111111111111111111',
  system: '11111111111111111111111111111111',
};

const WAYS = [true, { wire: 'base64' }, { wire: 'base64+zstd' }] as const;

/**
 * The fields agave 4 added to a vote account's jsonParsed (SIMD-0185). The cluster reports its vote
 * accounts' jsonParsed from their simulated state, as agave 2.3 shows them (castAccount in
 * src/testing/simulatedAccounts.ts), while the parsers here give the newest agave's view of the same V3
 * bytes; every other field must agree.
 */
const VOTE_V4_FIELDS = [
  'blockRevenueCollector',
  'blockRevenueCommissionBps',
  'blsPubkeyCompressed',
  'inflationRewardsCollector',
  'inflationRewardsCommissionBps',
  'pendingDelegatorRewards',
];

/** A list as the cluster's jsonParsed shows it: for vote accounts, without the agave 4 fields. */
function asClusterShows(list: readonly KeyedAccount<unknown>[]): KeyedAccount<unknown>[] {
  return list.map((item) => {
    const data = item.account.data as { program?: string; parsed?: { info?: Record<string, unknown> } };
    if (data.program !== 'vote' || !data.parsed?.info) return item;
    const info = { ...data.parsed.info };
    for (const field of VOTE_V4_FIELDS) {
      expect(field in info, `the newest view has ${field}`).toBe(true);
      delete info[field];
    }
    return { ...item, account: { ...item.account, data: { ...data, parsed: { ...data.parsed, info } } } };
  });
}

const byKey = (list: readonly KeyedAccount<unknown>[]) =>
  [...list].sort((a, b) => (a.pubkey < b.pubkey ? -1 : a.pubkey > b.pubkey ? 1 : 0));

/** How many of a list's accounts came back parsed (not bytes). */
const parsedCount = (list: readonly KeyedAccount<unknown>[]) =>
  list.filter(({ account }) => !(account.data instanceof Uint8Array)).length;

let cluster: TestCluster;
let rpc: Rpc;

beforeAll(async () => {
  cluster = await startTestCluster();
  rpc = createRpc(cluster.url, { retry: false });
});
afterAll(async () => {
  await cluster?.close();
});

describe('parseOnClient over the test cluster', () => {
  it.each(Object.entries(PROGRAMS))('%s: a scan parsed here equals the node’s jsonParsed', async (_name, program) => {
    const config = { encoding: 'jsonParsed', commitment: 'finalized', withContext: true } as const;
    for (const parseOnClient of WAYS) {
      // Compared at one slot: the cluster moves on, and a sysvar changes with every slot. Two reads that
      // straddle a new slot are read again (the cluster's slots last hundreds of milliseconds).
      let compared = false;
      for (let attempt = 0; attempt < 10 && !compared; attempt++) {
        const fromNode = await rpc.getProgramAccounts(program, config);
        const here = await rpc.getProgramAccounts(program, { ...config, parseOnClient });
        if (here.context.slot !== fromNode.context.slot) continue;
        expect(parsedCount(fromNode.value), 'the cluster holds parsed accounts of this program').toBeGreaterThan(0);
        expect(byKey(asClusterShows(here.value)), JSON.stringify(parseOnClient)).toStrictEqual(byKey(fromNode.value));
        compared = true;
      }
      expect(compared, 'two reads at one slot').toBe(true);
    }
  });

  it('the stream and reads by address agree with jsonParsed too', async () => {
    const config = { encoding: 'jsonParsed', commitment: 'finalized' } as const;
    const tokens = byKey(await rpc.getProgramAccounts(PROGRAMS.token, config));
    const stakes = byKey(await rpc.getProgramAccounts(PROGRAMS.stake, config));
    expect(tokens.length).toBeGreaterThan(0);
    expect(stakes.length).toBeGreaterThan(0);
    for (const parseOnClient of WAYS) {
      const streamed: KeyedAccount<unknown>[] = [];
      for await (const item of streamProgramAccounts(rpc, PROGRAMS.token, { ...config, parseOnClient })) {
        streamed.push(item);
      }
      expect(byKey(streamed)).toStrictEqual(tokens);
      const addresses = [...tokens, ...stakes].map(({ pubkey }) => pubkey).slice(0, 100);
      const many = await rpc.getMultipleAccounts(addresses, { ...config, parseOnClient });
      const expected = await rpc.getMultipleAccounts(addresses, config);
      expect(many.value).toStrictEqual(expected.value);
      const [first] = addresses as [string];
      expect((await rpc.getAccountInfo(first, { ...config, parseOnClient })).value).toStrictEqual(
        (await rpc.getAccountInfo(first, config)).value,
      );
    }
  });
});
