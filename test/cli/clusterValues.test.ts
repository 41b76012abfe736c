/**
 * The one-value commands (`slot`, `block-height`, `epoch`, `transaction-count`, `cluster-version`): the bare
 * value on one line as the Solana CLI prints it, whatever --output says; the commitment sent; exact u64s;
 * refused extra arguments; the simulated cluster.
 */
import { describe, expect, it } from 'vitest';
import { reply } from '../msw/server.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const sim = useSimulatedCluster();

describe('the one-value commands', { timeout: 10_000 }, () => {
  it.each([
    ['slot', 'getSlot', '356139521', '356139521'],
    ['block-height', 'getBlockHeight', '334287178', '334287178'],
    ['transaction-count', 'getTransactionCount', '18446744073709551615', '18446744073709551615'],
  ])('%s prints %s’s answer alone, exact, at the configured commitment', async (command, method, answer, printed) => {
    const rpc = await scripted({ [method]: reply.resultText(answer) });
    for (const output of ['text', 'json', 'json-compact']) {
      const result = await runCli([command, '-u', rpc.url, '--output', output]);
      expect(result).toEqual({ code: 0, out: `${printed}\n`, err: '' });
    }
    expect(rpc.calls[0]).toMatchObject({ method, params: [{ commitment: 'confirmed' }] });
    await runCli([command, '-u', rpc.url, '--commitment', 'finalized']);
    expect(rpc.calls.at(-1)?.params).toEqual([{ commitment: 'finalized' }]);
  });

  it('epoch prints the epoch number of getEpochInfo', async () => {
    const rpc = await scripted({
      getEpochInfo: reply.result({
        absoluteSlot: 356139521,
        blockHeight: 334287178,
        epoch: 824,
        slotIndex: 171521,
        slotsInEpoch: 432000,
        transactionCount: 418273992151,
      }),
    });
    expect(await runCli(['epoch', '-u', rpc.url])).toEqual({ code: 0, out: '824\n', err: '' });
  });

  it('cluster-version prints solana-core, and with --verbose the whole answer; a hostile version is stripped', async () => {
    const rpc = await scripted({ getVersion: reply.result({ 'solana-core': '2.3.7', 'feature-set': 2891131721 }) });
    expect(await runCli(['cluster-version', '-u', rpc.url])).toEqual({ code: 0, out: '2.3.7\n', err: '' });
    expect((await runCli(['cluster-version', '-u', rpc.url, '-v'])).out).toBe(
      'RpcVersionInfo { solana_core: "2.3.7", feature_set: Some(2891131721) }\n',
    );
    expect(rpc.calls[0]).toMatchObject({ method: 'getVersion', params: [] });
    const older = await scripted({ getVersion: reply.result({ 'solana-core': '1.13.5\u001b[2J' }) });
    expect((await runCli(['cluster-version', '-u', older.url, '-v'])).out).toBe(
      'RpcVersionInfo { solana_core: "1.13.5", feature_set: None }\n',
    );
  });

  it('refuses an extra argument before any request, with the usage exit code', async () => {
    const rpc = await scripted({ getSlot: reply.resultText('1') });
    const result = await runCli(['slot', '42', '-u', rpc.url]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^Error: /);
    expect(rpc.calls).toEqual([]);
  });

  it('an RPC error exits 1 with the error on stderr', async () => {
    const rpc = await scripted({ getSlot: reply.error(-32005, 'Node is behind by 42 slots', { numSlotsBehind: 42 }) });
    const result = await runCli(['slot', '-u', rpc.url]);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/RPC error -32005/);
  });

  it('each one works against the simulated cluster', async () => {
    const url = sim.cluster.url;
    const slot = Number((await runCli(['slot', '-u', url])).out);
    expect(slot).toBe(sim.cluster.slot() - 1);
    // The simulation counts block height from the newest slot, one ahead of the confirmed one.
    expect(Number((await runCli(['block-height', '-u', url])).out) - (slot - 21_852_343)).toBeOneOf([0, 1]);
    expect((await runCli(['epoch', '-u', url])).out).toBe('824\n');
    expect((await runCli(['transaction-count', '-u', url])).out).toMatch(/^\d{12}\n$/);
    expect((await runCli(['cluster-version', '-u', url])).out).toBe('2.3.7\n');
  });
});
