/**
 * `solrpc block` against the Solana CLI's `CliBlock`: header lines, the rewards table sorted by address with
 * its total, each transaction decoded, the request the Solana CLI makes, JSON with the wire bytes back in
 * base64, a skipped slot, bad input, the simulation.
 */
import { describe, expect, it } from 'vitest';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { loadFixture } from '../msw/fixtures.js';
import { reply } from '../msw/server.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const sim = useSimulatedCluster();
const FIXTURE = loadFixture('conformance/getBlock.base64.no-rewards');
const BLOCK = JSON.parse(FIXTURE.responseText).result as Record<string, unknown>;
const LEADER = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy';
const VOTER = '7gg3sR26BsRYYp2fQrxLyi1pMsB8L4yneZcz9DhjBLPE';
const STAKER = '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL';
const WITH_REWARDS = {
  ...BLOCK,
  rewards: [
    { pubkey: LEADER, lamports: 12683750, postBalance: 398474902211, rewardType: 'Fee', commission: null },
    { pubkey: VOTER, lamports: -5000, postBalance: 0, rewardType: 'Rent', commission: 7 },
    // A newer node's basis points, which the newest CLI prints before the percent.
    { pubkey: STAKER, lamports: 1000, postBalance: 2000, rewardType: 'Voting', commission: 8, commissionBps: 725 },
  ],
};

describe('block', { timeout: 10_000 }, () => {
  it('prints the header, the rewards by address with their total, and each transaction', async () => {
    const rpc = await scripted({ getBlock: reply.result(WITH_REWARDS) });
    const result = await runCli(['block', '356138556', '-u', rpc.url], { env: { TZ: 'UTC' } });
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'Slot: 356138556',
      'Parent Slot: 356138555',
      'Blockhash: 7EJxkHNP2m9MFQk4kmBTpUsvnX4X7J6Hu1Jd8EWbd8rd',
      'Previous Blockhash: HmjaAKAF2TPprsa3CQpBF4ZKhkbhvvVx6fuMNMR19WtM',
    ]);
    expect(lines[4]).toMatch(/^Block Time: 2025-08-11T\d\d:\d\d:54[+-]\d\d:\d\d$/);
    expect(lines.slice(5, 12)).toEqual([
      'Block Height: 334287100',
      'Rewards:',
      '  Address                                            Type        Amount           New Balance           Percent Change  Commission',
      `  ${VOTER}       rent        -◎0.000005        ${' '.repeat(10)}-                 -          7%`,
      `  ${STAKER}      voting       ◎0.000001        ◎0.000002             100.000000000%       7.25%`,
      `  ${LEADER}        fee        ◎0.0126837       ◎398.47490              0.003183175%      -`,
      // The newest Solana CLI's precision of 9 on the text keeps its first nine characters.
      'Total Rewards: ◎0.0126797   ',
    ]);
    expect(lines.filter((line) => /^Transaction \d+:$/.test(line))).toEqual(['Transaction 0:', 'Transaction 1:']);
    expect(lines).toContain('  Version: 0');
    expect(rpc.calls[0]).toMatchObject({
      method: 'getBlock',
      params: [356138556, { encoding: 'base64', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
    });
  });

  it('reads the finalized slot when none is given; --output json gives the block with base64 bytes', async () => {
    const rpc = await scripted({ getSlot: reply.result(356138556), getBlock: reply.result(WITH_REWARDS) });
    const json = JSON.parse((await runCli(['block', '-u', rpc.url, '--output', 'json'])).out);
    expect(rpc.calls[0]).toMatchObject({ method: 'getSlot', params: [{ commitment: 'finalized' }] });
    const wire = BLOCK.transactions as { transaction: [string, string] }[];
    expect(json.transactions.map((tx: { transaction: unknown }) => tx.transaction)).toEqual(
      wire.map((tx) => tx.transaction),
    );
    expect(Object.keys(json)).toEqual([
      'previousBlockhash',
      'blockhash',
      'parentSlot',
      'transactions',
      'rewards',
      'blockTime',
      'blockHeight',
    ]);
  });

  it('a skipped slot fails with the node’s error; a bad slot is refused before any request', async () => {
    const rpc = await scripted({
      getBlock: reply.error(-32007, 'Slot 356138557 was skipped, or missing due to ledger jump to recent snapshot'),
    });
    const skipped = await runCli(['block', '356138557', '-u', rpc.url]);
    expect(skipped.code).toBe(1);
    expect(skipped.err).toMatch(/RPC error -32007/);
    const calls = rpc.calls.length;
    expect((await runCli(['block', 'latest', '-u', rpc.url])).code).toBe(2);
    expect(rpc.calls).toHaveLength(calls);
  });

  it('prints a block of the simulated cluster', async () => {
    const [newest] = await sim.rpc.getSignaturesForAddress(SIMULATION.wallet.address, {
      limit: 1,
      commitment: 'confirmed',
    });
    const result = await runCli(['block', String(newest?.slot), '-u', sim.cluster.url]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('  Status: Error processing Instruction 0: custom program error: 0x1');
  });
});
