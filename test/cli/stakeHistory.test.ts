/**
 * `solrpc stake-history` against the newest Solana CLI's format (agave `process_show_stake_history`,
 * cli-output `CliStakeHistory`): the table with its widths, SOL with all nine decimals (rounded where an f64
 * rounds, as there), --lamports, --limit (default 10, 0 for all; JSON always all); errors.
 */
import { describe, expect, it } from 'vitest';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { accountHandlers, type Held, held, STAKE_HISTORY, SYSVAR_OWNER, stakeHistoryAccount } from './accountServer.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();
const SOL = 1_000_000_000n;

/** Twelve epochs, newest first: 799 down to 788, each effective stake past what an f64 holds exactly. */
const ENTRIES = Array.from({ length: 12 }, (_, i) => ({
  epoch: 799 - i,
  effective: i === 0 ? 123_456_789_012_345_678n : 400_000_000n * SOL - BigInt(i),
  activating: i === 0 ? 1n : BigInt(i) * SOL,
  deactivating: 0n,
}));

async function node(accounts: Held[] = [stakeHistoryAccount(ENTRIES)]) {
  return scripted(accountHandlers(accounts));
}

const HEADER = '  Epoch       Effective Stake      Activating Stake    Deactivating Stake';

describe('stake-history', () => {
  it('the ten newest epochs by default, SOL with nine decimals', async () => {
    const server = await node();
    const result = await runCli(['stake-history', '-u', server.url]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '',
      HEADER,
      '    799   123456789.012345687           0.000000001           0.000000000 SOL',
      '    798   400000000.000000000           1.000000000           0.000000000 SOL',
    ]);
    expect(lines).toHaveLength(2 + 10 + 1);
    expect(lines[11]).toBe('    790   400000000.000000000           9.000000000           0.000000000 SOL');
    expect(server.calls.map((c) => c.params[0])).toEqual([STAKE_HISTORY]);
  });

  it('--limit 2, --limit 0 (all), --lamports', async () => {
    const server = await node();
    const two = await runCli(['stake-history', '--limit', '2', '--lamports', '-u', server.url]);
    expect(two.out).toBe(
      [
        '',
        HEADER,
        '    799    123456789012345678                     1                     0 lamports',
        '    798    399999999999999999            1000000000                     0 lamports',
        '',
      ].join('\n'),
    );
    const all = await runCli(['stake-history', '--limit', '0', '-u', server.url]);
    expect(all.out.trimEnd().split('\n')).toHaveLength(2 + 12);
  });

  it('JSON: every entry whatever --limit says, u64s exact', async () => {
    const server = await node();
    const json = await runCli(['stake-history', '--limit', '1', '--output', 'json-compact', '-u', server.url]);
    const parsed = JSON.parse(json.out) as { entries: unknown[] };
    expect(parsed.entries).toHaveLength(12);
    expect(
      json.out.startsWith(
        '{"entries":[{"epoch":799,"effectiveStake":123456789012345678,"activatingStake":1,"deactivatingStake":0},',
      ),
    ).toBe(true);
    const pretty = await runCli(['stake-history', '--output', 'json', '-u', server.url]);
    expect(
      pretty.out.startsWith(
        '{\n  "entries": [\n    {\n      "epoch": 799,\n      "effectiveStake": 123456789012345678,',
      ),
    ).toBe(true);
  });

  it('errors: a bad --limit exit 2; a missing or unreadable sysvar one line, exit 1', async () => {
    const bad = await runCli(['stake-history', '--limit', 'ten', '-u', 'http://127.0.0.1:9']);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe("Error: --limit must be a whole number of epochs (0 for all), got 'ten'\n");
    const none = await node([]);
    const missing = await runCli(['stake-history', '-u', none.url]);
    expect(missing.err).toBe(`Error: AccountNotFound: pubkey=${STAKE_HISTORY}\n`);
    expect(missing.code).toBe(1);
    const broken = await node([held(STAKE_HISTORY, SYSVAR_OWNER, 1n, new Uint8Array([200, 0, 0, 0, 0, 0, 0, 0]))]);
    const unreadable = await runCli(['stake-history', '-u', broken.url]);
    expect(unreadable.err).toBe('Error: RPC request error: Failed to deserialize stake history\n');
    expect(unreadable.code).toBe(1);
  });
});

const sim = useSimulatedCluster();

describe('stake-history against the simulated cluster (demo --serve)', () => {
  it("the node's StakeHistory, newest first, as its jsonParsed has it", async () => {
    const { value } = await sim.rpc.getAccountInfo(STAKE_HISTORY, { encoding: 'jsonParsed', commitment: 'confirmed' });
    const entries = (
      (value as NonNullable<typeof value>).data as unknown as {
        parsed: { info: { epoch: number; stakeHistory: Record<string, number | bigint> }[] };
      }
    ).parsed.info;
    const json = JSON.parse((await runCli(['stake-history', '-u', sim.cluster.url, '--output', 'json-compact'])).out);
    expect(json.entries).toHaveLength(entries.length);
    expect(json.entries[0].epoch).toBe(823);
    const text = await runCli(['stake-history', '--limit', '3', '--lamports', '-u', sim.cluster.url]);
    const rows = text.out.trimEnd().split('\n').slice(2);
    expect(rows).toHaveLength(3);
    rows.forEach((row, i) => {
      const e = entries[i] as (typeof entries)[number];
      const cell = (v: number | bigint | undefined) => String(v).padStart(20);
      expect(row).toBe(
        `  ${String(e.epoch).padStart(5)}  ${cell(e.stakeHistory.effective)}  ${cell(e.stakeHistory.activating)}  ${cell(e.stakeHistory.deactivating)} lamports`,
      );
    });
  });
});
