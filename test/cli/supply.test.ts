/**
 * `supply` and `largest-accounts` as the newest Solana CLI prints them: SOL through its
 * `build_balance_message` (`{:.9}` of the f64 `lamports / 1e9`, trailing zeros dropped), exact lamports in
 * JSON, the filters sent, bad input refused before any request, the simulated cluster.
 */
import { describe, expect, it } from 'vitest';
import { solAsBalanceMessage } from '../../src/cli/format.js';
import { reply } from '../msw/server.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const sim = useSimulatedCluster();
const ACCOUNT_A = 'E6EApAzTScndLCbipZBpuJVWcMPzjisb6j1Su6AnE15q';
const ACCOUNT_B = 'HkYsCx6x3dPaSRk7vYRRz8FMBCLen4hTnJ59AS3AFv4A';
const SUPPLY = `{"context":{"slot":356139500},"value":{"circulating":561993847112938475,"nonCirculating":63019283746501928,"nonCirculatingAccounts":["${ACCOUNT_A}","${ACCOUNT_B}"],"total":625013130859440403}}`;

describe('solAsBalanceMessage', () => {
  // The expected texts are what Rust's `format!("{:.9}", n as f64 / 1e9)` writes, trimmed (checked against
  // C's correctly rounded %.9f of the same doubles).
  it.each([
    [0n, '0'],
    [1n, '0.000000001'],
    [100n, '0.0000001'],
    [1_500n, '0.0000015'],
    [1_000_000_000n, '1'],
    [1_500_000_000n, '1.5'],
    [9007199254740993n, '9007199.254740993'],
    // Beyond 2^53 lamports the f64 has fewer digits than the lamports: `{:.9}` writes the double's digits.
    [625013130859440403n, '625013130.859440327'],
    [561993847112938475n, '561993847.112938523'],
    [63019283746501928n, '63019283.74650193'],
    [18446744073709551615n, '18446744073.709552765'],
  ])('%s lamports print as %s', (lamports, text) => {
    expect(solAsBalanceMessage(lamports)).toBe(text);
  });
});

describe('supply', { timeout: 10_000 }, () => {
  it('prints the three totals; --print-accounts lists the non-circulating accounts', async () => {
    const rpc = await scripted({ getSupply: reply.resultText(SUPPLY) });
    const plain = await runCli(['supply', '-u', rpc.url]);
    expect(plain).toEqual({
      code: 0,
      out: 'Total: 625013130.859440327 SOL\nCirculating: 561993847.112938523 SOL\nNon-Circulating: 63019283.74650193 SOL\n',
      err: '',
    });
    expect(rpc.calls[0]).toMatchObject({ method: 'getSupply', params: [{ commitment: 'confirmed' }] });
    const listed = await runCli(['supply', '-u', rpc.url, '--print-accounts']);
    expect(listed.out.split('\n').slice(3)).toEqual([
      '',
      'Non-Circulating Accounts:  ',
      `  ${ACCOUNT_A}`,
      `  ${ACCOUNT_B}`,
      '',
    ]);
  });

  it('--output json: exact lamports and the accounts, as CliSupply serialises them', async () => {
    const rpc = await scripted({ getSupply: reply.resultText(SUPPLY) });
    const result = await runCli(['supply', '-u', rpc.url, '--output', 'json-compact']);
    expect(result.out).toBe(
      `{"total":625013130859440403,"circulating":561993847112938475,"nonCirculating":63019283746501928,"nonCirculatingAccounts":["${ACCOUNT_A}","${ACCOUNT_B}"]}\n`,
    );
  });

  it('refuses an argument or an option of another command before any request', async () => {
    const rpc = await scripted({});
    for (const argv of [
      ['supply', 'all'],
      ['supply', '--circulating'],
      ['supply', '--print-accounts=yes'],
    ]) {
      const result = await runCli([...argv, '-u', rpc.url]);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/^Error: /);
    }
    expect(rpc.calls).toEqual([]);
  });

  it('works against the simulated cluster: the text agrees with the JSON', async () => {
    const json = await runCli(['supply', '-u', sim.cluster.url, '--output', 'json']);
    expect(json.code).toBe(0);
    const value = JSON.parse(json.out) as { total: number; nonCirculatingAccounts: string[] };
    expect(value.nonCirculatingAccounts).toHaveLength(3);
    const text = await runCli(['supply', '-u', sim.cluster.url, '--print-accounts']);
    expect(text.code).toBe(0);
    const lines = text.out.split('\n');
    expect(lines[0]).toMatch(/^Total: \d+(\.\d+)? SOL$/);
    expect(lines.slice(5, 8)).toEqual(value.nonCirculatingAccounts.map((a) => `  ${a}`));
  });
});

describe('largest-accounts', { timeout: 10_000 }, () => {
  const LARGEST = `{"context":{"slot":356139500},"value":[{"address":"${ACCOUNT_A}","lamports":40112887003317441},{"address":"${ACCOUNT_B}","lamports":1}]}`;

  it('prints the Solana CLI table; the filter is sent as asked', async () => {
    const rpc = await scripted({ getLargestAccounts: reply.resultText(LARGEST) });
    const result = await runCli(['largest-accounts', '-u', rpc.url]);
    expect(result.out).toBe(
      [
        `${'Address'.padEnd(44)}  Balance`,
        `${ACCOUNT_A}  40112887.003317438 SOL`,
        `${ACCOUNT_B}  0.000000001 SOL`,
        '',
      ].join('\n'),
    );
    await runCli(['largest-accounts', '-u', rpc.url, '--circulating']);
    await runCli(['largest-accounts', '-u', rpc.url, '--non-circulating']);
    expect(rpc.calls.map((c) => c.params)).toEqual([
      [{ commitment: 'confirmed' }],
      [{ commitment: 'confirmed', filter: 'circulating' }],
      [{ commitment: 'confirmed', filter: 'nonCirculating' }],
    ]);
  });

  it('--output json: exact lamports; both filters at once refused before any request', async () => {
    const rpc = await scripted({ getLargestAccounts: reply.resultText(LARGEST) });
    const json = await runCli(['largest-accounts', '-u', rpc.url, '--output', 'json-compact']);
    expect(json.out).toBe(
      `{"accounts":[{"address":"${ACCOUNT_A}","lamports":40112887003317441},{"address":"${ACCOUNT_B}","lamports":1}]}\n`,
    );
    const both = await runCli(['largest-accounts', '-u', rpc.url, '--circulating', '--non-circulating']);
    expect(both.code).toBe(2);
    expect(both.err).toBe('Error: --circulating and --non-circulating cannot be used together\n');
    expect(rpc.calls).toHaveLength(1);
    const extra = await runCli(['largest-accounts', '20', '-u', rpc.url]);
    expect(extra.code).toBe(2);
    expect(rpc.calls).toHaveLength(1);
  });

  it('works against the simulated cluster', async () => {
    const result = await runCli(['largest-accounts', '-u', sim.cluster.url, '--non-circulating']);
    expect(result.code).toBe(0);
    expect(result.out.split('\n')).toHaveLength(5);
  });
});
