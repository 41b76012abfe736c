/**
 * `solrpc validators` against the newest Solana CLI's format (agave cli-output `CliValidators`): the table with
 * its distance columns and delinquent marker, skip rates from getBlockProduction (Rust's rounding), versions
 * (semver order) and client ids from gossip, exact stakes, the summary lines with the stake by version and by
 * client id, every sort, --reverse, --number, --lamports, JSON, the requests as the Solana CLI makes them,
 * bad options, the simulation.
 */
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/codecs/json.js';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { reply } from '../msw/server.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { runCli, tempDir, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const sim = useSimulatedCluster();

interface Key {
  id: string;
  vote: string;
}
const A = { id: '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL', vote: '8R4SNAWowTjABqR5uWfyb2bMZoz2XmLJNLAkR6bHo1Sk' };
const B = { id: '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy', vote: '8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu' };
const C = { id: '3GoyTXTktQWGbDajUCn7gnZqj1CLLFfRY8XCqYYtzB17', vote: 'EebAcZ7pXxKvce3ZzHRHb4B3Lie3AmtF1yGsnXj3wnd6' };
const D = { id: 'GbNXn1auyc3qhJf92qsdHfBuUFt9xz3shZw4JGJv2JNh', vote: 'EN719Vqaf3poMXdqcdy6kEAzRDQ6EUXEgc1xGBBvhRGz' };
const E = { id: 'AgWDZzs9T8F8XH4sLBbUkCYvhnpUpGR4c83XtevaVGwz', vote: '345wFmS8jpkpAT7hRBvQxG7UE5ceqgZ8tbb6ZSeyXhuV' };
const F = { id: '7gg3sR26BsRYYp2fQrxLyi1pMsB8L4yneZcz9DhjBLPE', vote: 'BDR415N48YDhR7LmHfT1ydSEPB5CYcnmctU9jK8FVUiD' };

const account = (
  v: Key,
  a: { stake: string; commission: number; lastVote: number; rootSlot: number; credits: string },
) =>
  `{"activatedStake":${a.stake},"commission":${a.commission},"epochCredits":${a.credits},"epochVoteAccount":true,"lastVote":${a.lastVote},"nodePubkey":"${v.id}","rootSlot":${a.rootSlot},"votePubkey":"${v.vote}"}`;

const node = (pubkey: string, version: string | null, clientId?: string | null) => ({
  pubkey,
  gossip: '203.0.113.1:8001',
  rpc: null,
  version,
  ...(clientId === undefined ? {} : { clientId }),
});

const EPOCH_INFO = reply.result({
  absoluteSlot: 356139521,
  blockHeight: 334287178,
  epoch: 824,
  slotIndex: 171521,
  slotsInEpoch: 432000,
});

const production = (byIdentity: Record<string, [number, number]>) =>
  reply.result({
    context: { slot: 356139521 },
    value: { byIdentity, range: { firstSlot: 355968000, lastSlot: 356139521 } },
  });

/**
 * Four validators whose every sort gives a different order. A: above 2^53 lamports, a JitoLabs node. B:
 * delinquent, 300 slots behind, no credits this epoch, an Agave node. C: unstaked, absent from gossip, no
 * leader slots. D: a pre-release, no root, 1 slot skipped in 800 (0.125%, a tie Rust rounds to even), in
 * gossip with a null client id.
 */
function cluster(options: { production?: 'ok' | 'error' } = {}) {
  return scripted({
    getEpochInfo: EPOCH_INFO,
    getVoteAccounts: reply.resultText(
      `{"current":[${[
        account(A, {
          stake: '13822119736540281',
          commission: 10,
          lastVote: 356139520,
          rootSlot: 356139488,
          credits: '[[823,2000,1000],[824,2600,2000]]',
        }),
        account(C, { stake: '0', commission: 7, lastVote: 356139500, rootSlot: 356139468, credits: '[[824,900,100]]' }),
        account(D, {
          stake: '5000000000000',
          commission: 5,
          lastVote: 356139519,
          rootSlot: 0,
          credits: '[[824,10300,10000]]',
        }),
      ].join(',')}],"delinquent":[${account(B, {
        stake: '1000000000',
        commission: 0,
        lastVote: 356139220,
        rootSlot: 356139188,
        credits: '[[823,1500,1000]]',
      })}]}`,
    ),
    getBlockProduction:
      options.production === 'error'
        ? reply.error(-32009, 'Slot 356139521 was skipped, or missing in long-term storage')
        : production({ [A.id]: [40, 39], [B.id]: [8, 4], [D.id]: [800, 799] }),
    getClusterNodes: reply.result([
      node(A.id, '2.2.20', 'JitoLabs'),
      node(B.id, '2.3.7', 'Agave'),
      node(D.id, '2.3.7-rc.1', null),
    ]),
  });
}

/** The environment of a terminal that shows emoji, as the Solana CLI's `console` crate decides it on Linux. */
const UTF8 = () => ({ HOME: tempDir('solrpc-home-'), LANG: 'C.UTF-8' });

const HEADER = `   Identity                                      Vote Account                              Commission  Last Vote        Root Slot     Skip Rate  Credits  Version Client Id${' '.repeat(16)}Active Stake`;

/** Spaces, counted: the client id is padded to 14, then one space, then the stake right-aligned in 22. */
const sp = (n: number) => ' '.repeat(n);
const ROW = {
  A: ` ${A.id}  ${A.vote}   10.00%  356139520 (  0)  356139488 (  0)   2.50%      600   2.2.20 JitoLabs${sp(7)}13822119.736540281 SOL (99.96%)`,
  B: ` ${B.id}  ${B.vote}    0.00%  356139220        356139188        50.00%        0    2.3.7 Agave${sp(17)}1.000000000 SOL (0.00%)`,
  C: ` ${C.id}  ${C.vote}    7.00%  356139500 (-20)  356139468 (-20)    -         800  unknown Unknown${sp(15)}0.000000000 SOL (0.00%)`,
  D: ` ${D.id}  ${D.vote}    5.00%  356139519 ( -1)          -         0.12%      300  2.3.7-rc.1 Unknown${sp(12)}5000.000000000 SOL (0.04%)`,
};

const SUMMARY = [
  '',
  'Average Stake-Weighted Skip Rate: 2.50%',
  'Average Unweighted Skip Rate:     17.54%',
  '',
  'Active Stake: 13827120.736540281 SOL',
  'Current Stake: 13827119.736540281 SOL (100.00%)',
  'Delinquent Stake: 1 SOL (0.00%)',
  '',
  'Stake By Version:',
  '2.3.7   -    0 current validators ( 0.00%)   1 delinquent validators ( 0.00%)',
  '2.3.7-rc.1 -    1 current validators ( 0.04%)',
  '2.2.20  -    1 current validators (99.96%)',
  'unknown -    1 current validators ( 0.00%)',
  '',
  'Stake By Client ID:',
  'Unknown        -    2 current validators ( 0.04%)',
  'Agave          -    0 current validators ( 0.00%)   1 delinquent validators ( 0.00%)',
  'JitoLabs       -    1 current validators (99.96%)',
  '',
];

/** The validators' identities in the order the table lists them. */
const order = (out: string) =>
  out
    .split('\n')
    .slice(1, 5)
    .map((line) => [A, B, C, D].find((v) => line.includes(v.id)));

describe('validators', { timeout: 10_000 }, () => {
  it('prints the Solana CLI table, ascending stake, and the summary', async () => {
    const rpc = await cluster();
    const result = await runCli(['validators', '-u', rpc.url], { env: UTF8() });
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect(result.out.split('\n')).toEqual([
      HEADER,
      `\u00a0${ROW.C}`,
      `⚠️${ROW.B}`,
      `\u00a0${ROW.D}`,
      `\u00a0${ROW.A}`,
      ...SUMMARY,
    ]);
  });

  it('asks as the Solana CLI does: epoch info at the commitment; vote accounts, production and gossip without', async () => {
    const rpc = await cluster();
    expect((await runCli(['validators', '-u', rpc.url])).code).toBe(0);
    const params = (method: string) => rpc.calls.find((c) => c.method === method)?.params;
    expect(params('getEpochInfo')).toEqual([{ commitment: 'confirmed' }]);
    expect(params('getVoteAccounts')).toEqual([{ keepUnstakedDelinquents: false }]);
    expect(params('getBlockProduction')).toEqual([]);
    expect(params('getClusterNodes')).toEqual([]);
  });

  // The `console` crate asks LANG on Linux and the other Unixes only (macOS always shows emoji).
  it.runIf(process.platform !== 'darwin' && process.platform !== 'win32')(
    'marks a delinquent validator "!" where the Solana CLI expects no emoji (LANG not ending in UTF-8)',
    async () => {
      const rpc = await cluster();
      for (const env of [{}, { LANG: 'C' }, { LANG: 'en_US.utf8' }]) {
        const result = await runCli(['validators', '-u', rpc.url], { env: { HOME: tempDir('solrpc-home-'), ...env } });
        expect(result.out.split('\n')[2]).toBe(`!${ROW.B}`);
      }
    },
  );

  it.each([
    ['commission', [B, D, C, A]],
    ['credits', [B, D, A, C]],
    ['delinquent', [A, C, D, B]],
    ['identity', [C, B, A, D]],
    ['last-vote', [B, C, D, A]],
    ['root', [D, B, C, A]],
    ['skip-rate', [D, A, B, C]],
    ['stake', [C, B, D, A]],
    ['version', [C, A, D, B]],
    // `Unknown` (none) first, then by name; ties by stake.
    ['client-id', [C, D, B, A]],
    ['vote-account', [A, B, D, C]],
  ])('--sort %s orders the rows ascending; --reverse and -r turn them around', async (sort, expected) => {
    const rpc = await cluster();
    expect(order((await runCli(['validators', '-u', rpc.url, '--sort', sort])).out)).toEqual(expected);
    const reversed = [...expected].reverse();
    expect(order((await runCli(['validators', '-u', rpc.url, '--sort', sort, '--reverse'])).out)).toEqual(reversed);
    expect(order((await runCli(['validators', '-u', rpc.url, `--sort=${sort}`, '-r'])).out)).toEqual(reversed);
  });

  it('--number counts down to 1 at the bottom (up from 1 with --reverse); --lamports prints lamports', async () => {
    const rpc = await cluster();
    const numbered = (await runCli(['validators', '-u', rpc.url, '-n', '--lamports'], { env: UTF8() })).out.split('\n');
    // The stake column is 22 wide, right-aligned; a wider value pushes the share out.
    const inLamports = (row: string, sol: string, lamports: string) =>
      row.replace(` ${sol.padStart(22)} `, ` ${lamports.padStart(22)} `);
    expect(numbered.slice(0, 5)).toEqual([
      ` ${HEADER}`,
      `4 \u00a0${inLamports(ROW.C, '0.000000000 SOL', '0 lamports')}`,
      `3 ⚠️${inLamports(ROW.B, '1.000000000 SOL', '1000000000 lamports')}`,
      `2 \u00a0${inLamports(ROW.D, '5000.000000000 SOL', '5000000000000 lamports')}`,
      `1 \u00a0${inLamports(ROW.A, '13822119.736540281 SOL', '13822119736540281 lamports')}`,
    ]);
    expect(numbered[4]).toMatch(/ 13822119736540281 lamports \(99\.96%\)$/);
    expect(numbered.slice(9, 12)).toEqual([
      'Active Stake: 13827120736540281 lamports',
      'Current Stake: 13827119736540281 lamports (100.00%)',
      'Delinquent Stake: 1000000000 lamports (0.00%)',
    ]);
    const reversed = (await runCli(['validators', '-u', rpc.url, '--number', '--reverse'])).out.split('\n');
    expect(reversed.slice(1, 5).map((line) => line.slice(0, 2))).toEqual(['1 ', '2 ', '3 ', '4 ']);
    expect(reversed[1]).toContain(A.id);
  });

  it('fails as the Solana CLI does when block production cannot be read', async () => {
    const rpc = await cluster({ production: 'error' });
    const result = await runCli(['validators', '-u', rpc.url]);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/^Error: .*getBlockProduction/);
  });

  it('--output json: CliValidators, exact stakes, validators in the node’s order, stake by version and client id', async () => {
    const rpc = await cluster();
    // Read with the exact parser: the stakes are above 2^53.
    const text = (await runCli(['validators', '-u', rpc.url, '--output', 'json', '--sort', 'identity', '-r'])).out;
    expect(text.startsWith('{\n  "totalActiveStake": 13827120736540281,\n')).toBe(true);
    // Rates written as serde_json writes an f64: a whole one keeps its point.
    expect(text).toContain('"skipRate": 50.0\n');
    expect(text).toContain('"skipRate": 2.5\n');
    expect(parseJson(text)).toEqual({
      totalActiveStake: 13827120736540281n,
      totalCurrentStake: 13827119736540281n,
      totalDelinquentStake: 1000000000,
      validators: [
        {
          identityPubkey: A.id,
          voteAccountPubkey: A.vote,
          commissionBps: 1000,
          lastVote: 356139520,
          rootSlot: 356139488,
          credits: 2600,
          epochCredits: 600,
          activatedStake: 13822119736540281n,
          version: '2.2.20',
          clientId: 'JitoLabs',
          delinquent: false,
          skipRate: 2.5,
        },
        {
          identityPubkey: C.id,
          voteAccountPubkey: C.vote,
          commissionBps: 700,
          lastVote: 356139500,
          rootSlot: 356139468,
          credits: 900,
          epochCredits: 800,
          activatedStake: 0,
          version: 'unknown',
          clientId: 'Unknown',
          delinquent: false,
          skipRate: null,
        },
        {
          identityPubkey: D.id,
          voteAccountPubkey: D.vote,
          commissionBps: 500,
          lastVote: 356139519,
          rootSlot: 0,
          credits: 10300,
          epochCredits: 300,
          activatedStake: 5000000000000,
          version: '2.3.7-rc.1',
          clientId: 'Unknown',
          delinquent: false,
          skipRate: 0.125,
        },
        {
          identityPubkey: B.id,
          voteAccountPubkey: B.vote,
          commissionBps: 0,
          lastVote: 356139220,
          rootSlot: 356139188,
          credits: 0,
          epochCredits: 0,
          activatedStake: 1000000000,
          version: '2.3.7',
          clientId: 'Agave',
          delinquent: true,
          skipRate: 50,
        },
      ],
      averageSkipRate: 17.541666666666668,
      averageStakeWeightedSkipRate: 2.499144615844082,
      stakeByVersion: {
        unknown: { currentValidators: 1, delinquentValidators: 0, currentActiveStake: 0, delinquentActiveStake: 0 },
        '2.2.20': {
          currentValidators: 1,
          delinquentValidators: 0,
          currentActiveStake: 13822119736540281n,
          delinquentActiveStake: 0,
        },
        '2.3.7-rc.1': {
          currentValidators: 1,
          delinquentValidators: 0,
          currentActiveStake: 5000000000000,
          delinquentActiveStake: 0,
        },
        '2.3.7': {
          currentValidators: 0,
          delinquentValidators: 1,
          currentActiveStake: 0,
          delinquentActiveStake: 1000000000,
        },
      },
      stakeByClientId: {
        Unknown: {
          currentValidators: 2,
          delinquentValidators: 0,
          currentActiveStake: 5000000000000,
          delinquentActiveStake: 0,
        },
        Agave: {
          currentValidators: 0,
          delinquentValidators: 1,
          currentActiveStake: 0,
          delinquentActiveStake: 1000000000,
        },
        JitoLabs: {
          currentValidators: 1,
          delinquentValidators: 0,
          currentActiveStake: 13822119736540281n,
          delinquentActiveStake: 0,
        },
      },
    });
    // Key order as serde writes a BTreeMap: ascending versions, `unknown` first.
    expect(Object.keys((parseJson(text) as { stakeByVersion: object }).stakeByVersion)).toEqual([
      'unknown',
      '2.2.20',
      '2.3.7-rc.1',
      '2.3.7',
    ]);
    expect(Object.keys((parseJson(text) as { stakeByClientId: object }).stakeByClientId)).toEqual([
      'Unknown',
      'Agave',
      'JitoLabs',
    ]);
    // The same document on one line (no value here holds a space).
    const compact = (await runCli(['validators', '-u', rpc.url, '--output', 'json-compact'])).out;
    expect(compact).toBe(`${text.replace(/\s/g, '')}\n`);
  });

  it('orders versions as semver does and client ids by name, none first; both tie by stake', async () => {
    const rpc = await scripted({
      getEpochInfo: EPOCH_INFO,
      getVoteAccounts: reply.resultText(
        `{"current":[${(
          [
            [A, '50'],
            [B, '40'],
            [C, '30'],
            [D, '20'],
            [E, '10'],
            [F, '60'],
          ] as const
        )
          .map(([v, stake]) => account(v, { stake, commission: 0, lastVote: 1000, rootSlot: 968, credits: '[]' }))
          .join(',')}],"delinquent":[]}`,
      ),
      getBlockProduction: production({}),
      getClusterNodes: reply.result([
        node(A.id, '10.0.0', 'Unknown(13)'),
        node(B.id, '9.1.0', 'Firedancer'),
        node(C.id, '2.0.0-rc.10', 'Frankendancer'),
        // An older node: no clientId key at all.
        node(D.id, '2.0.0-rc.9'),
        // Not semver: `unknown`, as the Solana CLI's CliVersion parses it.
        node(E.id, 'v2.3.7', 'Agave'),
        node(F.id, '9.1.0', 'Firedancer'),
      ]),
    });
    const result = await runCli(['validators', '-u', rpc.url, '--sort', 'version']);
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines.slice(1, 7).map((line) => [A, B, C, D, E, F].find((v) => line.includes(v.id)))).toEqual([
      E,
      D,
      C,
      B,
      F,
      A,
    ]);
    expect(
      lines
        .slice(lines.indexOf('Stake By Version:') + 1, lines.indexOf('Stake By Client ID:') - 1)
        .map((line) => line.split(' ')[0]),
    ).toEqual(['10.0.0', '9.1.0', '2.0.0-rc.10', '2.0.0-rc.9', 'unknown']);
    // Client ids ascending as CliClientId orders them: none (`Unknown`) first, then the names as gossip sent them.
    expect(lines.slice(lines.indexOf('Stake By Client ID:') + 1, -1)).toEqual([
      'Unknown        -    1 current validators ( 9.52%)',
      'Agave          -    1 current validators ( 4.76%)',
      'Firedancer     -    2 current validators (47.62%)',
      'Frankendancer  -    1 current validators (14.29%)',
      'Unknown(13)    -    1 current validators (23.81%)',
    ]);
    const byClient = await runCli(['validators', '-u', rpc.url, '--sort', 'client-id']);
    expect(
      byClient.out
        .split('\n')
        .slice(1, 7)
        .map((line) => [A, B, C, D, E, F].find((v) => line.includes(v.id))),
    ).toEqual([D, E, B, F, C, A]);
    // No leader slots anywhere: every skip rate is a dash and the averages fall back to 100%, as in agave.
    expect(result.out).toContain(
      'Average Stake-Weighted Skip Rate: 100.00%\nAverage Unweighted Skip Rate:     100.00%\n',
    );
  });

  it('passes --keep-unstaked-delinquents and --delinquent-slot-distance; refuses bad values before any request', async () => {
    const rpc = await cluster();
    await runCli(['validators', '-u', rpc.url, '--keep-unstaked-delinquents', '--delinquent-slot-distance', '256']);
    expect(rpc.calls.find((c) => c.method === 'getVoteAccounts')?.params).toEqual([
      { keepUnstakedDelinquents: true, delinquentSlotDistance: 256 },
    ]);
    const calls = rpc.calls.length;
    for (const bad of [
      ['--sort', 'fastest'],
      ['--delinquent-slot-distance', '-1'],
      ['--delinquent-slot-distance', '1.5'],
      ['--delinquent-slot-distance', '18446744073709551616'],
    ]) {
      const result = await runCli(['validators', '-u', rpc.url, ...bad]);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/^Error: /);
    }
    expect(rpc.calls).toHaveLength(calls);
  });

  it('works against the simulated cluster: the delinquent validator marked, exact stakes', async () => {
    const result = await runCli(['validators', '-u', sim.cluster.url], { env: UTF8() });
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines.filter((line) => line.startsWith('⚠️'))).toHaveLength(1);
    expect(result.out).toContain('13822119.736540281 SOL');
    expect(result.out).toContain('Delinquent Stake: 5689282.263096734 SOL (20.23%)');
    // Each node's client id from the simulation's gossip.
    expect(lines.slice(lines.indexOf('Stake By Client ID:') + 1, -1)).toEqual([
      'Agave          -    2 current validators (49.14%)',
      'AgaveBam       -    1 current validators ( 0.00%)',
      'JitoLabs       -    1 current validators (30.63%)   1 delinquent validators (20.23%)',
    ]);
    const json = parseJson((await runCli(['validators', '-u', sim.cluster.url, '--output', 'json'])).out) as {
      validators: { identityPubkey: string; clientId: string; delinquent: boolean; activatedStake: bigint | number }[];
      totalDelinquentStake: bigint | number;
    };
    expect(json.validators.filter((v) => v.delinquent)).toHaveLength(1);
    expect(BigInt(json.totalDelinquentStake)).toBe(5689282263096734n);
    expect(Object.fromEntries(json.validators.map((v) => [v.identityPubkey, v.clientId]))).toEqual(
      Object.fromEntries(SIMULATION.validators.map((v) => [v.identity, v.client])),
    );
  });
});

describe("validators against agave's own expected output", () => {
  it('matches cli/tests/show_validators.rs (agave 0941dd2): one delinquent, unstaked validator with 10,000 bps', async () => {
    // agave's mock: a delinquent vote account, identity and vote account alike, last vote and root 0, no
    // epoch credits, 0 stake, inflation rewards commission 10,000 bps; its node runs Agave, version unknown.
    const key = '7RoSF9fUmdphVCpabEoefH81WwrW7orsWonXWqTXkKV8';
    const rpc = await scripted({
      getEpochInfo: EPOCH_INFO,
      getVoteAccounts: reply.resultText(
        `{"current":[],"delinquent":[{"activatedStake":0,"inflationRewardsCommissionBps":10000,"epochCredits":[],"epochVoteAccount":true,"lastVote":0,"nodePubkey":"${key}","rootSlot":0,"votePubkey":"${key}"}]}`,
      ),
      getBlockProduction: production({}),
      getClusterNodes: reply.result([node(key, null, 'Agave')]),
    });
    const result = await runCli(['validators', '-u', rpc.url], { env: { LANG: 'C' } });
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        '   Identity                                      Vote Account                              Commission  Last Vote        Root Slot     Skip Rate  Credits  Version Client Id                Active Stake',
        `! ${key}  ${key}  100.00%          -                -          -           0  unknown Agave                 0.000000000 SOL (NaN%)`,
        '',
        'Average Stake-Weighted Skip Rate: 100.00%',
        'Average Unweighted Skip Rate:     100.00%',
        '',
        'Active Stake: 0 SOL',
        '',
        'Stake By Version:',
        'unknown -    0 current validators (  NaN%)   1 delinquent validators (  NaN%)',
        '',
        'Stake By Client ID:',
        'Agave          -    0 current validators (  NaN%)   1 delinquent validators (  NaN%)',
        '',
      ].join('\n'),
    );
    const json = parseJson((await runCli(['validators', '-u', rpc.url, '--output', 'json'])).out) as {
      validators: { commissionBps: number }[];
    };
    expect(json.validators[0]?.commissionBps).toBe(10000);
  });
});
