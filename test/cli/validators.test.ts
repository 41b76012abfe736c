/**
 * `solrpc validators` against the Solana CLI's format (agave cli-output `CliValidators`): the table with its
 * distance columns and delinquent marker, skip rates from getBlockProduction, versions from gossip, exact
 * stakes, the summary lines, every sort, --reverse, --number, --lamports, JSON, bad options, the simulation.
 */
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/transport/json.js';
import { reply } from '../msw/server.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const sim = useSimulatedCluster();

const A = { id: '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL', vote: '8R4SNAWowTjABqR5uWfyb2bMZoz2XmLJNLAkR6bHo1Sk' };
const B = { id: '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy', vote: '8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu' };
const C = { id: '3GoyTXTktQWGbDajUCn7gnZqj1CLLFfRY8XCqYYtzB17', vote: 'EebAcZ7pXxKvce3ZzHRHb4B3Lie3AmtF1yGsnXj3wnd6' };

const account = (v: { id: string; vote: string }, stake: string, commission: number, lastVote: number) =>
  `{"activatedStake":${stake},"commission":${commission},"epochCredits":[[823,2000,1000],[824,2600,2000]],"epochVoteAccount":true,"lastVote":${lastVote},"nodePubkey":"${v.id}","rootSlot":${lastVote === 0 ? 0 : lastVote - 32},"votePubkey":"${v.vote}"}`;

const node = (pubkey: string, version: string | null) => ({ pubkey, gossip: '203.0.113.1:8001', rpc: null, version });

function cluster(production: 'ok' | 'error' = 'ok') {
  return scripted({
    getEpochInfo: reply.result({
      absoluteSlot: 356139521,
      blockHeight: 334287178,
      epoch: 824,
      slotIndex: 171521,
      slotsInEpoch: 432000,
    }),
    // A: above 2^53 lamports; B: delinquent, 300 slots behind; C: unstaked, current.
    getVoteAccounts: reply.resultText(
      `{"current":[${account(A, '13822119736540281', 5, 356139520)},${account(C, '0', 100, 356139500)}],"delinquent":[${account(B, '1000000000', 7, 356139220)}]}`,
    ),
    getBlockProduction:
      production === 'ok'
        ? reply.result({
            context: { slot: 356139521 },
            value: {
              byIdentity: { [A.id]: [40, 39], [B.id]: [8, 4] },
              range: { firstSlot: 355968000, lastSlot: 356139521 },
            },
          })
        : reply.error(-32601, 'Method not found'),
    getClusterNodes: reply.result([node(A.id, '2.3.7'), node(B.id, '2.2.20')]),
  });
}

const HEADER =
  '   Identity                                      Vote Account                            Commission  Last Vote        Root Slot     Skip Rate  Credits  Version            Active Stake';

describe('validators', { timeout: 10_000 }, () => {
  it('prints the Solana CLI table, ascending stake, and the summary', async () => {
    const rpc = await cluster();
    const result = await runCli(['validators', '-u', rpc.url]);
    expect(result.code).toBe(0);
    expect(result.out.split('\n')).toEqual([
      HEADER,
      `\u00a0 ${C.id}  ${C.vote}  100%  356139500 (-20)  356139468 (-20)    -         600  unknown         0.000000000 SOL (0.00%)`,
      `⚠️ ${B.id}  ${B.vote}    7%  356139220        356139188        50.00%      600   2.2.20         1.000000000 SOL (0.00%)`,
      `\u00a0 ${A.id}  ${A.vote}    5%  356139520 (  0)  356139488 (  0)   2.50%      600    2.3.7  13822119.736540281 SOL (100.00%)`,
      '',
      'Average Stake-Weighted Skip Rate: 2.50%',
      'Average Unweighted Skip Rate:     26.25%',
      '',
      'Active Stake: 13822120.736540281 SOL',
      'Current Stake: 13822119.736540281 SOL (100.00%)',
      'Delinquent Stake: 1 SOL (0.00%)',
      '',
      'Stake By Version:',
      '2.3.7   -    1 current validators (100.00%)',
      '2.2.20  -    0 current validators ( 0.00%)   1 delinquent validators ( 0.00%)',
      'unknown -    1 current validators ( 0.00%)',
      '',
    ]);
    expect(rpc.calls.find((c) => c.method === 'getVoteAccounts')?.params).toEqual([
      { commitment: 'confirmed', keepUnstakedDelinquents: false },
    ]);
  });

  it.each([
    ['commission', [A.id, B.id, C.id]],
    ['identity', [C.id, B.id, A.id].sort()],
    ['last-vote', [B.id, C.id, A.id]],
    ['skip-rate', [A.id, B.id, C.id]],
    ['delinquent', [A.id, C.id, B.id]],
    ['version', [C.id, B.id, A.id]],
  ])('--sort %s orders the rows ascending; --reverse turns them around', async (sort, order) => {
    const rpc = await cluster();
    const rows = (out: string) =>
      out
        .split('\n')
        .slice(1, 4)
        .map((line) => /[1-9A-HJ-NP-Za-km-z]{32,44}/.exec(line)?.[0]);
    expect(rows((await runCli(['validators', '-u', rpc.url, '--sort', sort])).out)).toEqual(order);
    expect(rows((await runCli(['validators', '-u', rpc.url, '--sort', sort, '--reverse'])).out)).toEqual(
      [...order].reverse(),
    );
  });

  it('--number counts down to 1 at the bottom (up from 1 with --reverse); --lamports prints lamports', async () => {
    const rpc = await cluster();
    const numbered = (await runCli(['validators', '-u', rpc.url, '-n', '--lamports'])).out.split('\n');
    expect(numbered[0]).toBe(` ${HEADER}`);
    expect(numbered.slice(1, 4).map((line) => line.slice(0, 2))).toEqual(['3 ', '2 ', '1 ']);
    expect(numbered[3]).toMatch(/ 13822119736540281 lamports \(100\.00%\)$/);
    expect(numbered).toContain('Active Stake: 13822120736540281 lamports');
  });

  it('without block production, skip rates are dashes and the averages 100%, as the Solana CLI falls back', async () => {
    const rpc = await cluster('error');
    const result = await runCli(['validators', '-u', rpc.url]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Average Stake-Weighted Skip Rate: 100.00%\n');
    expect(result.out.split('\n')[3]).toContain('    -     ');
  });

  it('--output json: CliValidators, exact stakes, validators in the node’s order, stake by version', async () => {
    const rpc = await cluster();
    // Read with the exact parser: the stakes are above 2^53.
    const json = parseJson((await runCli(['validators', '-u', rpc.url, '--output', 'json'])).out) as Record<
      string,
      unknown
    >;
    expect(Object.keys(json)).toEqual([
      'totalActiveStake',
      'totalCurrentStake',
      'totalDelinquentStake',
      'validators',
      'averageSkipRate',
      'averageStakeWeightedSkipRate',
      'stakeByVersion',
    ]);
    expect((await runCli(['validators', '-u', rpc.url, '--output', 'json-compact'])).out).toContain(
      '"totalActiveStake":13822120736540281,',
    );
    expect((json.validators as { identityPubkey: string }[]).map((v) => v.identityPubkey)).toEqual([A.id, C.id, B.id]);
    expect((json.validators as unknown[])[0]).toEqual({
      identityPubkey: A.id,
      voteAccountPubkey: A.vote,
      commission: 5,
      lastVote: 356139520,
      rootSlot: 356139488,
      credits: 2600,
      epochCredits: 600,
      activatedStake: 13822119736540281n,
      version: '2.3.7',
      delinquent: false,
      skipRate: 2.5,
    });
    expect(Object.keys(json.stakeByVersion as object)).toEqual(['unknown', '2.2.20', '2.3.7']);
  });

  it('passes --keep-unstaked-delinquents and --delinquent-slot-distance; refuses bad values before any request', async () => {
    const rpc = await cluster();
    await runCli(['validators', '-u', rpc.url, '--keep-unstaked-delinquents', '--delinquent-slot-distance', '256']);
    expect(rpc.calls.find((c) => c.method === 'getVoteAccounts')?.params).toEqual([
      { commitment: 'confirmed', keepUnstakedDelinquents: true, delinquentSlotDistance: 256 },
    ]);
    const calls = rpc.calls.length;
    for (const bad of [
      ['--sort', 'fastest'],
      ['--delinquent-slot-distance', '-1'],
      ['--delinquent-slot-distance', '1.5'],
    ]) {
      const result = await runCli(['validators', '-u', rpc.url, ...bad]);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/^Error: /);
    }
    expect(rpc.calls).toHaveLength(calls);
  });

  it('works against the simulated cluster: the delinquent validator marked, exact stakes', async () => {
    const result = await runCli(['validators', '-u', sim.cluster.url]);
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines.filter((line) => line.startsWith('⚠️'))).toHaveLength(1);
    expect(result.out).toContain('13822119.736540281 SOL');
    expect(result.out).toContain('Delinquent Stake: 5689282.263096734 SOL (20.23%)');
  });
});
