/**
 * `solrpc confirm`: what `solana confirm` prints for each state (agave's CliTransactionConfirmation),
 * against the simulated cluster (its finalized and failed transfers, and a transaction sent to it with the
 * slot clock moved by hand) and a scripted node for the requests sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SIMULATION,
  type SimulatedCluster,
  simulatedFailedTransfer,
  simulatedTransfer,
  startSimulatedCluster,
} from '../../src/testing/simulatedCluster.js';
import { fundedPayers, type Lifetime, signedWalletTransfer } from '../support/walletTransfer.js';
import { closedPort, removeTempDirs, runCli, type ScriptedRpc, startScriptedRpc } from './helpers.js';

let clock = 1_754_900_754_000;
let cluster: SimulatedCluster;
beforeAll(async () => {
  cluster = await startSimulatedCluster({ now: () => clock, accounts: await fundedPayers(7) });
});
afterAll(async () => {
  await cluster.close();
  removeTempDirs();
});
const servers: ScriptedRpc[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const TRANSFER = simulatedTransfer(0).signature;
const FAILED = simulatedFailedTransfer(0).signature;
const UNKNOWN = '5'.repeat(87);
const confirm = (...args: string[]) => runCli(['confirm', ...args, '-u', cluster.url]);

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(cluster.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
  return body.result as T;
}

/** A signed transfer of 1 lamport from a fixed key to the simulated wallet, with the cluster's latest blockhash. */
async function signedTransfer(): Promise<{ wire: string; signature: string }> {
  const { value } = await rpc<{ value: Lifetime }>('getLatestBlockhash', []);
  return signedWalletTransfer(7, value);
}

describe('solrpc confirm: one line, exit 0 whatever the answer (as solana confirm)', () => {
  it('a finalized transaction: Finalized', async () => {
    expect(await confirm(TRANSFER)).toEqual({ code: 0, out: 'Finalized\n', err: '' });
  });

  it('a failed transaction: Transaction failed: and agave’s text for its error', async () => {
    expect(await confirm(FAILED)).toEqual({
      code: 0,
      out: 'Transaction failed: Error processing Instruction 0: custom program error: 0x1\n',
      err: '',
    });
  });

  it('a signature the node does not know: Not found', async () => {
    expect(await confirm(UNKNOWN)).toEqual({ code: 0, out: 'Not found\n', err: '' });
  });

  it('a sent transaction: Not found before it lands, then Processed, Confirmed, Finalized as slots pass', async () => {
    const { wire, signature } = await signedTransfer();
    expect(await rpc('sendTransaction', [wire, { encoding: 'base64' }])).toBe(signature);
    expect((await confirm(signature)).out).toBe('Not found\n');
    clock += 400;
    expect((await confirm(signature)).out).toBe('Processed\n');
    clock += 400;
    expect((await confirm(signature)).out).toBe('Confirmed\n');
    const verbose = await confirm(signature, '-v');
    expect(verbose.out).toMatch(/^\nTransaction executed in slot \d+:\n {2}Block Time: /);
    expect(verbose.out).toContain(`  Signature 0: ${signature}\n`);
    expect(verbose.out).toContain(`    Account 1: ${SIMULATION.wallet.address} (1)\n    Transfer { lamports: 1 }\n`);
    // The ledger's execution: the payer (1 SOL) pays the fee and the lamport, the wallet gains it; the
    // System Program's account holds its 1 lamport.
    expect(verbose.out.slice(verbose.out.indexOf('\n  Status: Ok'))).toBe(
      '\n  Status: Ok\n    Fee: ◎0.000005\n    Account 0 balance: ◎1 -> ◎0.999994999\n    Account 1 balance: ◎10293847.561029385 -> ◎10293847.561029386\n    Account 2 balance: ◎0.000000001\n  Compute Units Consumed: 150\n  Log Messages:\n    Program 11111111111111111111111111111111 invoke [1]\n    Program 11111111111111111111111111111111 success\n\nConfirmed\n',
    );
    clock += 32 * 400;
    expect((await confirm(signature)).out).toBe('Finalized\n');
  });
});

describe('solrpc confirm -v: the transaction as solana confirm -v prints it', () => {
  it('a finalized transfer: slot, block time, accounts with their modes, the instruction, status, fee, balances, logs', async () => {
    const run = await confirm(TRANSFER, '-v');
    const slot = SIMULATION.firstSlot - 40;
    const blockhash = simulatedTransfer(slot).transaction.message.recentBlockhash;
    expect(run).toEqual({
      code: 0,
      err: '',
      out: [
        '',
        `Transaction executed in slot ${slot}:`,
        '  Block Time: 2025-08-11T08:33:38Z',
        '  Version: legacy',
        `  Recent Blockhash: ${blockhash}`,
        `  Signature 0: ${TRANSFER}`,
        `  Account 0: srw- ${SIMULATION.wallet.address} (fee payer)`,
        `  Account 1: -rw- ${SIMULATION.delegate}`,
        '  Account 2: -r-x 11111111111111111111111111111111',
        '  Instruction 0',
        '    Program:   11111111111111111111111111111111 (2)',
        `    Account 0: ${SIMULATION.wallet.address} (0)`,
        `    Account 1: ${SIMULATION.delegate} (1)`,
        '    Transfer { lamports: 250000000 }',
        '  Status: Ok',
        '    Fee: ◎0.000005',
        '    Account 0 balance: ◎10293847.811034385 -> ◎10293847.561029385',
        '    Account 1 balance: ◎0 -> ◎0.25',
        '    Account 2 balance: ◎0.000000001',
        '  Compute Units Consumed: 150',
        '  Log Messages:',
        '    Program 11111111111111111111111111111111 invoke [1]',
        '    Program 11111111111111111111111111111111 success',
        '',
        'Finalized',
        '',
      ].join('\n'),
    });
  });

  it('a failed transfer: its error as the status, then the failure line', async () => {
    const { out } = await confirm(FAILED, '-v');
    expect(out).toContain('\n  Status: Error processing Instruction 0: custom program error: 0x1\n');
    expect(out).toContain('    Transfer { lamports: 5000000000 }\n');
    expect(out.endsWith('\n\nTransaction failed: Error processing Instruction 0: custom program error: 0x1\n')).toBe(
      true,
    );
  });

  it('not found: a blank line, then the line (as agave’s verbose display), no getTransaction', async () => {
    const node = await startScriptedRpc({ getSignatureStatuses: { result: { context: { slot: 9 }, value: [null] } } });
    servers.push(node);
    expect(await runCli(['confirm', UNKNOWN, '-v', '-u', node.url])).toEqual({
      code: 0,
      out: '\nNot found\n',
      err: '',
    });
    expect(node.calls.map((c) => c.method)).toEqual(['getSignatureStatuses']);
  });

  it('details that cannot be fetched: "not yet finalized" before finalization, the error after, exit 0', async () => {
    const status = (confirmationStatus: string) => ({
      result: {
        context: { slot: 9 },
        value: [{ slot: 8, confirmations: 1, err: null, status: { Ok: null }, confirmationStatus }],
      },
    });
    const node = await startScriptedRpc({
      getSignatureStatuses: status('confirmed'),
      getTransaction: { result: null },
    });
    servers.push(node);
    expect(await runCli(['confirm', UNKNOWN, '-v', '-u', node.url])).toEqual({
      code: 0,
      out: '\nUnable to get finalized transaction details: not yet finalized\n\nConfirmed\n',
      err: '',
    });
    node.script({
      getSignatureStatuses: status('finalized'),
      getTransaction: { error: { code: -32009, message: 'Slot 8 was skipped' } },
    });
    const run = await runCli(['confirm', UNKNOWN, '-v', '-u', node.url]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^\nUnable to get finalized transaction details: .*Slot 8 was skipped.*\n\nFinalized\n$/);
  });
});

describe('solrpc confirm: the requests, --output json, refusals', () => {
  it('asks getSignatureStatuses with searchTransactionHistory, and getTransaction (base64, confirmed, v0) for -v', async () => {
    const node = await startScriptedRpc({
      getSignatureStatuses: { result: { context: { slot: 9 }, value: [null] } },
    });
    servers.push(node);
    await runCli(['confirm', UNKNOWN, '-u', node.url, '--commitment', 'finalized']);
    expect(node.calls.map((c) => [c.method, c.params])).toEqual([
      ['getSignatureStatuses', [[UNKNOWN], { searchTransactionHistory: true }]],
    ]);
    node.script({
      getSignatureStatuses: {
        result: {
          context: { slot: 9 },
          value: [{ slot: 8, confirmations: null, err: null, status: { Ok: null }, confirmationStatus: 'finalized' }],
        },
      },
      getTransaction: { result: null },
    });
    await runCli(['confirm', UNKNOWN, '-v', '-u', node.url]);
    expect(node.calls.at(-1)?.params).toEqual([
      UNKNOWN,
      { commitment: 'confirmed', encoding: 'base64', maxSupportedTransactionVersion: 0 },
    ]);
  });

  it('--output json: confirmationStatus (null when not found) and err, as solana confirm --output json', async () => {
    expect(JSON.parse((await confirm(TRANSFER, '--output', 'json')).out)).toEqual({ confirmationStatus: 'finalized' });
    expect(JSON.parse((await confirm(UNKNOWN, '--output', 'json')).out)).toEqual({ confirmationStatus: null });
    expect(await confirm(FAILED, '--output', 'json-compact')).toEqual({
      code: 0,
      out: '{"confirmationStatus":"finalized","err":{"InstructionError":[0,{"Custom":1}]}}\n',
      err: '',
    });
  });

  it('--output json -v: the transaction in the json encoding, its meta (exact lamports) and block time', async () => {
    const json = JSON.parse((await confirm(TRANSFER, '-v', '--output', 'json')).out);
    expect(Object.keys(json)).toEqual(['confirmationStatus', 'transaction', 'meta', 'blockTime']);
    expect(json.transaction.signatures).toEqual([TRANSFER]);
    expect(json.meta.fee).toBe(5000);
    expect((await confirm(TRANSFER, '-v', '--output', 'json')).out).toContain('10293847811034385');
  });

  it.each([
    ['abc', 'Error: invalid signature abc: expected 64–88 base58 characters (64 bytes), got 3 characters\n'],
    [`${'0'.repeat(87)}`, /^Error: invalid signature 0{87}: /],
    [SIMULATION.wallet.address, /^Error: invalid signature \w+: expected 64–88 base58 characters/],
  ])('a bad signature (%s) is refused with exit 2 before any request', async (bad, err) => {
    const port = await closedPort();
    const run = await runCli(['confirm', bad, '-u', `http://127.0.0.1:${port}`]);
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    if (typeof err === 'string') expect(run.err).toBe(err);
    else expect(run.err).toMatch(err);
  });

  it('no signature, or two: exit 2', async () => {
    expect(await runCli(['confirm'])).toEqual({
      code: 2,
      out: '',
      err: "Error: 'confirm' needs an argument (see 'solrpc confirm --help')\n",
    });
    expect((await runCli(['confirm', TRANSFER, TRANSFER])).code).toBe(2);
  });

  it('a node that cannot be reached: exit 69; an error answer: exit 1', async () => {
    const port = await closedPort();
    const unreachable = await runCli(['confirm', TRANSFER, '-u', `http://127.0.0.1:${port}`]);
    expect(unreachable.code).toBe(69);
    expect(unreachable.err).toMatch(/^Error: getSignatureStatuses: cannot reach /);
    const node = await startScriptedRpc({
      getSignatureStatuses: { error: { code: -32011, message: 'Transaction history is not available from this node' } },
    });
    servers.push(node);
    const refused = await runCli(['confirm', TRANSFER, '-u', node.url]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Transaction history is not available from this node');
  });
});

describe('the simulated cluster refuses what a node would', () => {
  it('a transaction whose signature does not verify: -32003', async () => {
    const { wire } = await signedTransfer();
    const bytes = Buffer.from(wire, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1; // the message changed after signing
    await expect(rpc('sendTransaction', [bytes.toString('base64'), { encoding: 'base64' }])).rejects.toMatchObject({
      code: -32003,
      message: 'Transaction signature verification failure',
    });
  });

  it('a blockhash it never handed out: -32002 (preflight), accepted but never landing with skipPreflight', async () => {
    const { wire, signature } = await signedTransfer();
    clock += 151 * 400; // the blockhash expires
    await expect(rpc('sendTransaction', [wire, { encoding: 'base64' }])).rejects.toMatchObject({ code: -32002 });
    expect(await rpc('sendTransaction', [wire, { encoding: 'base64', skipPreflight: true }])).toBe(signature);
    clock += 400;
    expect((await confirm(signature)).out).toBe('Not found\n');
  });
});
