/**
 * The one-value commands (`slot`, `block-height`, `epoch`, `transaction-count`, `cluster-version`): the bare
 * value on one line as the Solana CLI prints it, whatever --output says; the commitment sent; exact u64s;
 * cluster-version's Display (first word) and Debug (whole text); refused input; the simulated cluster.
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

  it('cluster-version prints the first word of solana-core, -v the whole text; --output json the same line', async () => {
    const rpc = await scripted({
      getVersion: reply.result({
        'solana-core': '2.3.7 (src:a1b2c3d4; feat:2891131721, client:Agave)',
        'feature-set': 2891131721,
      }),
    });
    for (const output of ['text', 'json', 'json-compact']) {
      expect(await runCli(['cluster-version', '-u', rpc.url, '--output', output])).toEqual({
        code: 0,
        out: '2.3.7\n',
        err: '',
      });
    }
    expect((await runCli(['cluster-version', '-u', rpc.url, '-v'])).out).toBe(
      '2.3.7 (src:a1b2c3d4; feat:2891131721, client:Agave)\n',
    );
    // getVersion takes no commitment, whatever --commitment says.
    await runCli(['cluster-version', '-u', rpc.url, '--commitment', 'finalized']);
    expect(rpc.calls.map((c) => c.params)).toEqual(rpc.calls.map(() => []));
  });

  it('cluster-version: leading whitespace skipped, an all-blank version printed as sent, no feature set allowed, control characters stripped', async () => {
    const padded = await scripted({ getVersion: reply.result({ 'solana-core': '\u00a0 1.18.26\tsomething' }) });
    expect((await runCli(['cluster-version', '-u', padded.url])).out).toBe('1.18.26\n');
    const blank = await scripted({ getVersion: reply.result({ 'solana-core': '', 'feature-set': null }) });
    expect(await runCli(['cluster-version', '-u', blank.url])).toEqual({ code: 0, out: '\n', err: '' });
    const hostile = await scripted({ getVersion: reply.result({ 'solana-core': '1.13.5\u001b[2J' }) });
    expect((await runCli(['cluster-version', '-u', hostile.url, '-v'])).out).toBe('1.13.5\n');
  });

  it.each([
    ['slot', '42'],
    ['block-height', 'x'],
    ['epoch', '1'],
    ['transaction-count', 'all'],
    ['cluster-version', '--print-accounts'],
    ['slot', '--commitment=fast'],
  ])('%s %s is refused before any request, with the usage exit code', async (command, extra) => {
    const rpc = await scripted({});
    const result = await runCli([command, extra, '-u', rpc.url]);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
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
