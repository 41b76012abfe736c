/**
 * `solrpc transaction-history`: signatures newest first, `-v` lines as the Solana CLI writes them (slot,
 * RFC 3339 time, status or `Failed: <Debug form>`, memo), `--show-transactions`, paging options sent,
 * bad input refused before any request, the simulated wallet's history.
 */
import { describe, expect, it } from 'vitest';
import { rustDebug } from '../../src/cli/commands/transactionHistory.js';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { reply } from '../msw/server.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const sim = useSimulatedCluster();
const ADDRESS = '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL';
const SIG_1 = '5wj4Apus3U9ihu3EFXJhAnHZijxFNJLCvaRPCtKTByxzQCTYpxWPjHcBoF9GhqckhMpnuft54WUMkUBL5bo328C5';
const SIG_2 = '3F9oEyVbNd815M5NELvdanJVCNRjiEsguKZSxMH5bgges428pQTHDCcgTFuF2R1W2dVPCK6Zp6nW8XDcyDHzrEur';
const HISTORY = `[{"blockTime":1754900874,"confirmationStatus":"confirmed","err":{"InstructionError":[2,{"Custom":6001}]},"memo":null,"signature":"${SIG_1}","slot":356139500},{"blockTime":null,"confirmationStatus":"finalized","err":null,"memo":"[11] order-42-ok","signature":"${SIG_2}","slot":356139400}]`;

describe('rustDebug', () => {
  it.each([
    ['BlockhashNotFound', 'BlockhashNotFound'],
    [{ InstructionError: [0, { Custom: 1 }] }, 'InstructionError(0, Custom(1))'],
    [{ InstructionError: [3, 'InvalidAccountData'] }, 'InstructionError(3, InvalidAccountData)'],
    [{ InsufficientFundsForRent: { account_index: 1 } }, 'InsufficientFundsForRent { account_index: 1 }'],
    [{ DuplicateInstruction: 2 }, 'DuplicateInstruction(2)'],
  ])('%j is %s', (error, text) => {
    expect(rustDebug(error)).toBe(text);
  });
});

describe('transaction-history', { timeout: 10_000 }, () => {
  it('prints the signatures newest first, then the count; -v adds slot, time, status and memo', async () => {
    const rpc = await scripted({ getSignaturesForAddress: reply.resultText(HISTORY) });
    expect(await runCli(['transaction-history', ADDRESS, '-u', rpc.url])).toEqual({
      code: 0,
      out: `${SIG_1}\n${SIG_2}\n2 transactions found\n`,
      err: '',
    });
    expect(rpc.calls[0]).toMatchObject({
      method: 'getSignaturesForAddress',
      params: [ADDRESS, { limit: 1000, commitment: 'confirmed' }],
    });
    const verbose = await runCli(['transaction-history', ADDRESS, '-u', rpc.url, '-v']);
    expect(verbose.out.split('\n')).toEqual([
      // The newest CLI prints `{err:?}` of its UiTransactionError newtype, whose derived Debug names it.
      `${SIG_1} [slot=356139500 timestamp=2025-08-11T08:27:54Z status=Failed: UiTransactionError(InstructionError(2, Custom(6001)))] `,
      `${SIG_2} [slot=356139400 status=Finalized] [11] order-42-ok`,
      '2 transactions found',
      '',
    ]);
  });

  it('--output json: CliHistorySignature objects, the verbose fields flattened in with -v', async () => {
    const rpc = await scripted({ getSignaturesForAddress: reply.resultText(HISTORY) });
    const plain = await runCli(['transaction-history', ADDRESS, '-u', rpc.url, '--output', 'json-compact']);
    expect(plain.out).toBe(`[{"signature":"${SIG_1}"},{"signature":"${SIG_2}"}]\n`);
    const verbose = JSON.parse(
      (await runCli(['transaction-history', ADDRESS, '-u', rpc.url, '-v', '--output', 'json'])).out,
    );
    expect(verbose).toEqual([
      {
        signature: SIG_1,
        slot: 356139500,
        blockTime: 1754900874,
        err: { InstructionError: [2, { Custom: 6001 }] },
        confirmationStatus: 'confirmed',
        memo: null,
      },
      {
        signature: SIG_2,
        slot: 356139400,
        blockTime: null,
        err: null,
        confirmationStatus: 'finalized',
        memo: '[11] order-42-ok',
      },
    ]);
  });

  it('sends --limit, --before and --until; refuses bad ones before any request', async () => {
    const rpc = await scripted({ getSignaturesForAddress: reply.resultText('[]') });
    const result = await runCli([
      'transaction-history',
      ADDRESS,
      '-u',
      rpc.url,
      '--limit',
      '5',
      '--before',
      SIG_1,
      '--until',
      SIG_2,
    ]);
    expect(result.out).toBe('0 transactions found\n');
    expect(rpc.calls[0]?.params).toEqual([ADDRESS, { limit: 5, commitment: 'confirmed', before: SIG_1, until: SIG_2 }]);
    for (const bad of [
      ['--limit', '0'],
      ['--limit', '1001'],
      ['--before', 'nope'],
    ]) {
      expect((await runCli(['transaction-history', ADDRESS, '-u', rpc.url, ...bad])).code).toBe(2);
    }
    expect((await runCli(['transaction-history', 'not-an-address', '-u', rpc.url])).code).toBe(2);
    expect(rpc.calls).toHaveLength(1);
  });

  it('--show-transactions prints each transaction below its signature, or why it could not', async () => {
    const rpc = await scripted({
      getSignaturesForAddress: reply.resultText(HISTORY),
      getTransaction: (request) =>
        (request.params as string[])[0] === SIG_1
          ? reply.result(null)
          : reply.error(-32011, 'Transaction history is not available from this node'),
    });
    const result = await runCli(['transaction-history', ADDRESS, '-u', rpc.url, '--show-transactions']);
    // As CliTransactionConfirmation's VerboseDisplay words it: a confirmed one it could not read is "not yet
    // finalized" (though it reads at confirmed); a finalized one gives the error; then the status line.
    expect(result.out.split('\n')).toEqual([
      '',
      'Unable to get finalized transaction details: not yet finalized',
      '',
      'Transaction failed: Error processing Instruction 2: custom program error: 0x1771',
      '',
      expect.stringMatching(/^Unable to get finalized transaction details: getTransaction: RPC error -32011/),
      '',
      'Finalized',
      '2 transactions found',
      '',
    ]);
    const json = JSON.parse(
      (await runCli(['transaction-history', ADDRESS, '-u', rpc.url, '--show-transactions', '--output', 'json'])).out,
    );
    expect(json).toEqual([
      { confirmationStatus: 'confirmed', err: { InstructionError: [2, { Custom: 6001 }] } },
      { confirmationStatus: 'finalized' },
    ]);
    expect(rpc.calls.find((c) => c.method === 'getTransaction')?.params[1]).toEqual({
      encoding: 'base64',
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
  });

  it('reads the simulated wallet’s history, decoding its transactions', async () => {
    const result = await runCli([
      'transaction-history',
      SIMULATION.wallet.address,
      '-u',
      sim.cluster.url,
      '--limit',
      '2',
      '--show-transactions',
    ]);
    expect(result.code).toBe(0);
    expect(result.out.split('\n')[1]).toMatch(/^Transaction executed in slot \d+:$/);
    expect(result.out.split('\n')[2]).toMatch(/^ {2}Block Time: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(result.out).toContain('  Status: Error processing Instruction 0: custom program error: 0x1');
    expect(result.out.trimEnd().split('\n').at(-1)).toBe('2 transactions found');
    const json = JSON.parse(
      (
        await runCli([
          'transaction-history',
          SIMULATION.wallet.address,
          '-u',
          sim.cluster.url,
          '--limit',
          '1',
          '--show-transactions',
          '--output',
          'json',
        ])
      ).out,
    );
    // CliTransaction flattened in: the json-encoded transaction, its meta, block time and slot.
    expect(Object.keys(json[0])).toEqual(
      expect.arrayContaining(['confirmationStatus', 'transaction', 'meta', 'blockTime', 'slot']),
    );
    expect(json[0].transaction.message.instructions[0]).toMatchObject({ stackHeight: null });
    expect(typeof json[0].transaction.signatures[0]).toBe('string');
  });
});
