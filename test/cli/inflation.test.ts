/**
 * `solrpc inflation` against the Solana CLI's `CliInflation`: a tapering governor or a fixed rate, the
 * foundation lines only with a foundation term (its percentage printed without × 100, as the Solana CLI
 * prints it), this epoch's rates, JSON with serde_json's floats; `inflation rewards` against
 * `CliKeyedEpochRewards`: the table, -v, JSON, null rewards, u64 amounts, errors; refused input; the simulation.
 */
import { describe, expect, it } from 'vitest';
import { reply } from '../msw/server.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const sim = useSimulatedCluster();
const MAINNET = { initial: 0.08, terminal: 0.015, taper: 0.15, foundation: 0.05, foundationTerm: 7 };
const RATE = { total: 0.0466943, validator: 0.0443596, foundation: 0.0023347, epoch: 824 };

describe('inflation', { timeout: 10_000 }, () => {
  it('prints the tapering governor, the foundation lines and this epoch’s rates', async () => {
    const rpc = await scripted({ getInflationGovernor: reply.result(MAINNET), getInflationRate: reply.result(RATE) });
    expect(await runCli(['inflation', '-u', rpc.url])).toEqual({
      code: 0,
      out: [
        'Inflation Governor:',
        'Initial rate:             8.00%',
        'Terminal rate:            1.50%',
        'Rate reduction per year: 15.00%',
        '* Rate reduction is derived using the target slot time in genesis config',
        'Foundation percentage:    0.05%',
        'Foundation term:         7.0 years',
        '',
        'Inflation for Epoch 824:',
        'Total rate:               4.67%',
        'Staking rate:             4.44%',
        'Foundation rate:          0.23%',
        '',
      ].join('\n'),
      err: '',
    });
    expect(rpc.calls.find((c) => c.method === 'getInflationGovernor')?.params).toEqual([{ commitment: 'confirmed' }]);
    expect(rpc.calls.find((c) => c.method === 'getInflationRate')?.params).toEqual([]);
  });

  it('prints a fixed rate as one line, and no foundation lines without a term', async () => {
    const fixed = { initial: 0.05, terminal: 0.05, taper: 0, foundation: 0, foundationTerm: 0 };
    const rpc = await scripted({
      getInflationGovernor: reply.result(fixed),
      getInflationRate: reply.result({ total: 0.05, validator: 0.05, foundation: 0, epoch: 3 }),
    });
    const out = (await runCli(['inflation', '-u', rpc.url])).out.split('\n');
    expect(out.slice(0, 3)).toEqual(['Inflation Governor:', 'Fixed rate:               5.00%', '']);
    expect(out).not.toContain('Foundation rate:          0.00%');
  });

  it('rounds the percentages as Rust does, ties to even', async () => {
    // 0.00125 × 100 is 0.125 exactly: Rust's {:.2} gives 0.12 where toFixed gives 0.13.
    const governor = { initial: 0.5, terminal: 0.00125, taper: 0.15, foundation: 0.125, foundationTerm: 0.25 };
    const rpc = await scripted({
      getInflationGovernor: reply.result(governor),
      getInflationRate: reply.result({ total: 0.00125, validator: 0.00125, foundation: 0, epoch: 1 }),
    });
    const out = (await runCli(['inflation', '-u', rpc.url])).out.split('\n');
    expect(out).toContain('Terminal rate:            0.12%');
    expect(out).toContain('Foundation percentage:    0.12%');
    expect(out).toContain('Foundation term:         0.2 years');
  });

  it('--output json: the governor and the current rate; a subcommand it lacks is refused', async () => {
    const rpc = await scripted({ getInflationGovernor: reply.result(MAINNET), getInflationRate: reply.result(RATE) });
    const json = JSON.parse((await runCli(['inflation', '-u', rpc.url, '--output', 'json'])).out);
    expect(json).toEqual({ governor: MAINNET, currentRate: RATE });
    // serde_json writes every f64 with a point: 7.0, not 7.
    expect((await runCli(['inflation', '-u', rpc.url, '--output', 'json-compact'])).out).toBe(
      '{"governor":{"initial":0.08,"terminal":0.015,"taper":0.15,"foundation":0.05,"foundationTerm":7.0},"currentRate":{"total":0.0466943,"validator":0.0443596,"foundation":0.0023347,"epoch":824}}\n',
    );
    const calls = rpc.calls.length;
    for (const argv of [
      ['inflation', 'rewards'],
      ['inflation', 'show'],
      ['inflation', '--rewards-epoch', '5'],
    ]) {
      const result = await runCli([...argv, '-u', rpc.url]);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/^Error: /);
    }
    expect(rpc.calls).toHaveLength(calls);
  });

  it('works against the simulated cluster', async () => {
    const result = await runCli(['inflation', '-u', sim.cluster.url]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Inflation for Epoch 824:');
  });
});

const VOTE = 'E6EApAzTScndLCbipZBpuJVWcMPzjisb6j1Su6AnE15q';
const STAKE = 'HkYsCx6x3dPaSRk7vYRRz8FMBCLen4hTnJ59AS3AFv4A';
const NONE = 'Vote111111111111111111111111111111111111111';
// A vote account's reward, a stake account's above 2^53 lamports (paid in a later partition), and none.
const REWARDS = `[{"amount":1234567890,"commission":5,"effectiveSlot":356400000,"epoch":824,"postBalance":98765432100},{"amount":250000000000,"commission":null,"effectiveSlot":356400003,"epoch":824,"postBalance":18446744073709551615},null]`;

describe('inflation rewards', { timeout: 10_000 }, () => {
  function rewardServer(times: Record<number, number | null> = { 356400000: 1754900000, 356400003: 1754900002 }) {
    return scripted({
      getInflationReward: reply.resultText(REWARDS),
      getBlockTime: (request) => reply.result(times[Number((request.params as unknown[])[0])] ?? null),
    });
  }

  it('prints the CliKeyedEpochRewards table: amounts cut to nine characters, percent as {:>13.9}, empty APR', async () => {
    const rpc = await rewardServer();
    const result = await runCli(['inflation', 'rewards', VOTE, STAKE, NONE, '-u', rpc.url]);
    expect(result).toEqual({
      code: 0,
      out: [
        'Epoch: 824',
        'Epoch Rewards:',
        `  ${'Address'.padEnd(44)}  ${'Amount'.padEnd(18)}  ${'New Balance'.padEnd(18)}  Percent Change      APR  Commission`,
        `  ${VOTE}  ◎1.2345678          ◎98.765432            1.265822773%                   5%`,
        `  ${STAKE}  ◎250                ◎184467440            0.000001355%                    -`,
        `  ${NONE.padEnd(44)}  No rewards in epoch`,
        '',
      ].join('\n'),
      err: '',
    });
    const reward = rpc.calls.find((c) => c.method === 'getInflationReward');
    expect(reward?.params).toEqual([[VOTE, STAKE, NONE], { commitment: 'confirmed' }]);
    // One getBlockTime per reward slot, in the order of the rewards.
    expect(rpc.calls.filter((c) => c.method === 'getBlockTime').map((c) => c.params)).toEqual([
      [356400000],
      [356400003],
    ]);
  });

  it('-v adds the reward slot and its UTC time; --rewards-epoch is sent', async () => {
    const rpc = await rewardServer();
    const result = await runCli(['inflation', 'rewards', VOTE, '--rewards-epoch', '824', '-v', '-u', rpc.url]);
    expect(result.out.split('\n').slice(2, 4)).toEqual([
      `  ${'Address'.padEnd(44)}  Reward Slot  ${'Time'.padEnd(23)}  ${'Amount'.padEnd(18)}  ${'New Balance'.padEnd(20)}  Percent Change      APR  Commission`,
      `  ${VOTE}  356400000    2025-08-11 08:13:20 UTC  ◎1.2345678          ◎98.765432              1.265822773%                   5%`,
    ]);
    expect(rpc.calls[0]?.params).toEqual([[VOTE], { commitment: 'confirmed', epoch: 824 }]);
  });

  it('--output json: CliKeyedEpochRewards with exact lamports, serde floats, null rewards and the zeroed metadata', async () => {
    const rpc = await rewardServer();
    const result = await runCli(['inflation', 'rewards', VOTE, STAKE, NONE, '-u', rpc.url, '--output', 'json-compact']);
    expect(result.out).toBe(
      `{"epoch":824,"effectiveSlot":0,"blockTime":0,"rewards":[{"address":"${VOTE}","reward":{"epoch":824,"effectiveSlot":356400000,"amount":1234567890,"postBalance":98765432100,"percentChange":1.2658227731293061,"apr":null,"commission":5,"blockTime":1754900000}},{"address":"${STAKE}","reward":{"epoch":824,"effectiveSlot":356400003,"amount":250000000000,"postBalance":18446744073709551615,"percentChange":1.35525273397398e-6,"apr":null,"commission":null,"blockTime":1754900002}},{"address":"${NONE}","reward":null}]}\n`,
    );
  });

  it('no reward at all prints "No rewards found in epoch" and JSON without an epoch; a reward equal to the balance has no row', async () => {
    const none = await scripted({ getInflationReward: reply.resultText('[null,null]') });
    expect(await runCli(['inflation', 'rewards', VOTE, STAKE, '-u', none.url])).toEqual({
      code: 0,
      out: 'No rewards found in epoch\n',
      err: '',
    });
    expect((await runCli(['inflation', 'rewards', VOTE, '-u', none.url, '--output', 'json-compact'])).out).toBe(
      '{"rewards":[]}\n',
    );
    const whole = await scripted({
      getInflationReward: reply.resultText('[{"amount":5,"commission":0,"effectiveSlot":9,"epoch":1,"postBalance":5}]'),
      getBlockTime: reply.result(1754900000),
    });
    expect((await runCli(['inflation', 'rewards', VOTE, '-u', whole.url])).out.split('\n').at(-2)).toBe(
      `  ${VOTE}  No rewards in epoch`,
    );
  });

  it('an RPC error is "Rewards not available …" (exit 1); a block without a time is "Block Not Found"', async () => {
    const failing = await scripted({
      getInflationReward: reply.error(-32004, 'Block not available for slot 356832000'),
    });
    const latest = await runCli(['inflation', 'rewards', VOTE, '-u', failing.url]);
    expect(latest.code).toBe(1);
    expect(latest.err).toMatch(/^Error: Rewards not available .*-32004/);
    const given = await runCli(['inflation', 'rewards', VOTE, '--rewards-epoch', '900', '-u', failing.url]);
    expect(given).toEqual({ code: 1, out: '', err: 'Error: Rewards not available for epoch 900\n' });
    const timeless = await rewardServer({ 356400000: null });
    expect(await runCli(['inflation', 'rewards', VOTE, '-u', timeless.url])).toEqual({
      code: 1,
      out: '',
      err: 'Error: Block Not Found: slot=356400000\n',
    });
  });

  it.each([
    [['not-an-address']],
    [[VOTE, '--rewards-epoch', '-1']],
    [[VOTE, '--rewards-epoch', '1.5']],
    [[VOTE, '--rewards-epoch', '18446744073709551616']],
    [[VOTE, '--commitment', 'processed']],
    [[...Array.from({ length: 33 }, () => VOTE)]],
  ])('refuses %j before any request, with the usage exit code', async (argv) => {
    const rpc = await scripted({});
    const result = await runCli(['inflation', 'rewards', ...argv, '-u', rpc.url]);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/^Error: /);
    expect(rpc.calls).toEqual([]);
  });

  it('against the simulated cluster: the rewards of its vote accounts for the last epoch, dated by the reward block', async () => {
    const votes = (await sim.rpc.getVoteAccounts()).current.map((v) => v.votePubkey).slice(0, 2);
    const rewards = await sim.rpc.getInflationReward(votes);
    const time = await sim.rpc.getBlockTime(355_968_000);
    const result = await runCli(['inflation', 'rewards', ...votes, '-u', sim.cluster.url, '--output', 'json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.out) as { epoch: number; rewards: { address: string; reward: unknown }[] };
    expect(json.epoch).toBe(823);
    expect(json.rewards.map((r) => r.address)).toEqual(votes);
    json.rewards.forEach((r, i) => {
      expect(r.reward).toMatchObject({
        epoch: 823,
        effectiveSlot: 355_968_000,
        amount: Number(rewards[i]?.amount),
        blockTime: time,
      });
    });
    const text = await runCli(['inflation', 'rewards', ...votes, '-u', sim.cluster.url]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^Epoch: 823\nEpoch Rewards:\n {2}Address {39}Amount/);
    // An epoch whose reward block the ledger no longer holds fails as on a real node.
    const old = await runCli(['inflation', 'rewards', ...votes, '--rewards-epoch', '820', '-u', sim.cluster.url]);
    expect(old).toMatchObject({ code: 1, out: '' });
    expect(old.err).toMatch(/^Error: Rewards not available for epoch 820/);
    const wallet = await runCli(['inflation', 'rewards', NONE, '-u', sim.cluster.url]);
    expect(wallet).toEqual({ code: 0, out: 'No rewards found in epoch\n', err: '' });
    const future = await runCli(['inflation', 'rewards', NONE, '--rewards-epoch', '824', '-u', sim.cluster.url]);
    expect(future).toEqual({ code: 1, out: '', err: 'Error: Rewards not available for epoch 824\n' });
  });
});
