/**
 * `solrpc rent` against the newest Solana CLI's format (agave `process_calculate_rent`, `CliRentCalculation`):
 * the rent-exempt minimum from the Rent sysvar by `Rent::minimum_balance`, lengths and monikers, --lamports,
 * JSON (the deprecated rates kept at 0), the warning past 10 MiB; errors.
 */
import { describe, expect, it } from 'vitest';
import { minimumBalance } from '../../src/cli/commands/rent.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { accountHandlers, type Held, RENT, rentAccount } from './accountServer.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

async function node(accounts: Held[] = [rentAccount()]) {
  return scripted(accountHandlers(accounts));
}

describe('rent', () => {
  it('a length and each moniker, in SOL and lamports', async () => {
    const server = await node();
    const cases: [string, string, string][] = [
      ['0', '0.00089088 SOL', '890880 lamports'],
      ['165', '0.00203928 SOL', '2039280 lamports'],
      ['system', '0.00089088 SOL', '890880 lamports'],
      ['NONCE', '0.00144768 SOL', '1447680 lamports'],
      ['stake', '0.00228288 SOL', '2282880 lamports'],
      ['Vote', '0.0270744 SOL', '27074400 lamports'],
    ];
    for (const [length, sol, lamports] of cases) {
      const text = await runCli(['rent', length, '-u', server.url]);
      expect(text.err).toBe('');
      expect(text.code).toBe(0);
      expect(text.out).toBe(`Rent-exempt minimum: ${sol}\n`);
      const inLamports = await runCli(['rent', length, '--lamports', '-u', server.url]);
      expect(inLamports.out).toBe(`Rent-exempt minimum: ${lamports}\n`);
    }
    expect(server.calls.every((c) => c.method === 'getAccountInfo' && c.params[0] === RENT)).toBe(true);
  });

  it('JSON: CliRentCalculation with its deprecated rates at 0', async () => {
    const server = await node();
    const json = await runCli(['rent', '200', '--output', 'json', '-u', server.url]);
    expect(json.out).toBe(
      '{\n  "lamportsPerByteYear": 0,\n  "lamportsPerEpoch": 0,\n  "rentExemptMinimumLamports": 2282880\n}\n',
    );
    const compact = await runCli(['rent', '200', '--output', 'json-compact', '-u', server.url]);
    expect(compact.out).toBe('{"lamportsPerByteYear":0,"lamportsPerEpoch":0,"rentExemptMinimumLamports":2282880}\n');
  });

  it('past 10 MiB: a warning on stderr, and the minimum still computed', async () => {
    const server = await node();
    const result = await runCli(['rent', '10485761', '--lamports', '-u', server.url]);
    expect(result.code).toBe(0);
    expect(result.err).toBe('Warning: Maximum account size is 10485760 bytes, 10485761 provided\n');
    expect(result.out).toBe(`Rent-exempt minimum: ${(128n + 10_485_761n) * 3480n * 2n} lamports\n`);
  });

  it('Rent::minimum_balance: integer math at the thresholds 1.0 (SIMD-0194) and 2.0, else the f64 product truncated', () => {
    const f64 = (value: number) => new Uint8Array(new Float64Array([value]).buffer);
    expect(minimumBalance(3480n, f64(2), 0n)).toBe(890_880n);
    expect(minimumBalance(6960n, f64(1), 0n)).toBe(890_880n);
    expect(minimumBalance(3480n, f64(1.5), 1n)).toBe(673_380n);
    expect(minimumBalance(3480n, f64(Number.NaN), 1n)).toBe(0n);
    expect(minimumBalance(3480n, f64(-1), 1n)).toBe(0n);
    // Past 2^53 the f64 path rounds; the integer paths stay exact, wrapping as u64 in a release build.
    expect(minimumBalance(1n << 60n, f64(2), 0n)).toBe(0n);
    expect(minimumBalance(9_007_199_254_740_993n, f64(1), -127n)).toBe(9_007_199_254_740_993n);
  });

  it('a cluster past SIMD-0194 (6960 lamports a byte, threshold 1.0) gives the same minimums', async () => {
    const server = await node([rentAccount(6960n, 1)]);
    const result = await runCli(['rent', 'stake', '--lamports', '-u', server.url]);
    expect(result.out).toBe('Rent-exempt minimum: 2282880 lamports\n');
  });

  it('errors: a bad length exit 2 with the Solana CLI message; a missing sysvar exit 1', async () => {
    const bad = await runCli(['rent', 'Tokens', '-u', 'http://127.0.0.1:9']);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe(
      `Error: Invalid value for '<DATA_LENGTH_OR_MONIKER>': expected number or moniker, got "tokens"\n`,
    );
    const negative = await runCli(['rent', '-5', '-u', 'http://127.0.0.1:9']);
    expect(negative.code).toBe(2);
    const none = await node([]);
    const missing = await runCli(['rent', '10', '-u', none.url]);
    expect(missing.err).toBe(`Error: AccountNotFound: pubkey=${RENT}\n`);
    expect(missing.code).toBe(1);
  });
});

const sim = useSimulatedCluster();

describe('rent against the simulated cluster (demo --serve)', () => {
  it("agrees with the node's getMinimumBalanceForRentExemption", async () => {
    for (const length of [0, 80, 165, 200, 3762, 10_000]) {
      const result = await runCli(['rent', String(length), '--lamports', '-u', sim.cluster.url]);
      const minimum = await sim.rpc.getMinimumBalanceForRentExemption(length);
      expect(result.out).toBe(`Rent-exempt minimum: ${minimum} lamports\n`);
    }
  });
});
