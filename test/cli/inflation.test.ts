/**
 * `solrpc inflation` against the Solana CLI's `CliInflation`: a tapering governor or a fixed rate, the
 * foundation lines only with a foundation term (its percentage printed without × 100, as the Solana CLI
 * prints it), this epoch's rates, JSON, an unknown subcommand refused, the simulation.
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

  it('--output json: the governor and the current rate; a subcommand it lacks is refused', async () => {
    const rpc = await scripted({ getInflationGovernor: reply.result(MAINNET), getInflationRate: reply.result(RATE) });
    const json = JSON.parse((await runCli(['inflation', '-u', rpc.url, '--output', 'json'])).out);
    expect(json).toEqual({ governor: MAINNET, currentRate: RATE });
    const calls = rpc.calls.length;
    expect((await runCli(['inflation', 'rewards', '-u', rpc.url])).code).toBe(2);
    expect(rpc.calls).toHaveLength(calls);
  });

  it('works against the simulated cluster', async () => {
    const result = await runCli(['inflation', '-u', sim.cluster.url]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Inflation for Epoch 824:');
  });
});
