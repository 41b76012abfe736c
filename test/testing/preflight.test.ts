/**
 * sendTransaction's preflight and the node's health as agave 2.3's rpc.rs has them, over loopback (plain
 * fetch and solrpc's client): a transaction that landed already is AlreadyProcessed in the preflight
 * bank's status cache (-32002) and in simulateTransaction, while with skipPreflight a resend answers its
 * signature and runs once; signatures are checked only with preflight (with skipPreflight a forged one is
 * answered and never lands); the `behind` fault past 128 slots makes getHealth answer -32005 "Node is
 * behind by N slots", a preflight send -32005 too, and `GET /health` the plain text `behind`. The clock
 * is injected: no sleeps.
 */
import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, isSolRpcError, type Rpc } from '../../src/index.js';
import { type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import { keyOf, rawCall, signed, transferInstruction } from './ledgerKit.js';

const SOL = 1_000_000_000n;
let clock = 1_754_900_754_000;
let cluster: SimulatedCluster;
let rpc: Rpc;
let payer: KeyPairSigner;
const slots = (n: number) => {
  clock += n * 400;
};

beforeAll(async () => {
  payer = await keyOf(71);
  cluster = await startSimulatedCluster({ now: () => clock, accounts: { [payer.address]: { lamports: 10n * SOL } } });
  rpc = createRpc(cluster.url, { retry: false, timeoutMs: 10_000 });
});
afterAll(() => cluster.close());

const blockhash = async () => (await rpc.getLatestBlockhash()).value.blockhash as string;
const balance = async (address: string) => (await rpc.getBalance(address, { commitment: 'processed' })).value;
const transfer = async (to: string, lamports: bigint) =>
  signed(payer, await blockhash(), [transferInstruction(payer, to, lamports)]);
const send = (wire: string, config: Record<string, unknown> = {}) =>
  rawCall(cluster.url, 'sendTransaction', [wire, { encoding: 'base64', ...config }]);
const simulate = (wire: string, config: Record<string, unknown> = {}) =>
  rawCall(cluster.url, 'simulateTransaction', [wire, { encoding: 'base64', ...config }]);
/** The wire transaction with one byte of its message changed after signing. */
const forged = (wire: string) => {
  const bytes = Buffer.from(wire, 'base64');
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
  return bytes.toString('base64');
};

describe('a transaction that landed already', () => {
  it('is AlreadyProcessed in the preflight bank (-32002) and in simulateTransaction, once that bank holds it', async () => {
    const to = (await keyOf(72)).address;
    const { wire, signature } = await transfer(to, SOL);
    expect((await send(wire, { preflightCommitment: 'processed' })).result).toBe(signature);
    // Before the preflight bank holds it (it lands in the next slot), a resend passes preflight and is dropped.
    expect((await send(wire, { preflightCommitment: 'processed' })).result).toBe(signature);
    slots(1);
    const again = (await send(wire, { preflightCommitment: 'processed' })).error as {
      code: number;
      message: string;
      data: { err: unknown; logs: unknown[]; unitsConsumed: number };
    };
    expect(again.code).toBe(-32002);
    expect(again.message).toBe('Transaction simulation failed: This transaction has already been processed');
    expect(again.data).toMatchObject({ err: 'AlreadyProcessed', logs: [], unitsConsumed: 0 });
    // The finalized bank (the default preflight) does not hold it yet: 32 slots later it does.
    expect((await send(wire)).result).toBe(signature);
    slots(32);
    expect(((await send(wire)).error as { data: { err: unknown } }).data.err).toBe('AlreadyProcessed');

    const simulated = (await simulate(wire, { commitment: 'processed' })).result as { value: { err: unknown } };
    expect(simulated.value.err).toBe('AlreadyProcessed');
    // With replaceRecentBlockhash the message is another one, which no bank has seen.
    const replaced = (await simulate(wire, { commitment: 'processed', replaceRecentBlockhash: true })).result as {
      value: { err: unknown };
    };
    expect(replaced.value.err).toBeNull();
    // It ran once: the payee holds one transfer's lamports.
    expect(await balance(to)).toBe(SOL);
  });

  it('with skipPreflight, a resend answers its signature and runs once', async () => {
    const to = (await keyOf(73)).address;
    const { wire, signature } = await transfer(to, SOL);
    expect(await rpc.sendTransaction(wire, { skipPreflight: true })).toBe(signature);
    slots(2);
    expect(await rpc.sendTransaction(wire, { skipPreflight: true })).toBe(signature);
    slots(2);
    expect(await balance(to)).toBe(SOL);
  });
});

describe('signatures are checked with preflight only', () => {
  it('with preflight a forged signature is -32003; with skipPreflight it is answered and never lands', async () => {
    const to = (await keyOf(74)).address;
    const { wire } = await transfer(to, SOL);
    const bad = forged(wire);
    expect((await send(bad)).error).toEqual({ code: -32003, message: 'Transaction signature verification failure' });
    const before = await balance(payer.address);
    const answered = (await send(bad, { skipPreflight: true })).result as string;
    expect(typeof answered).toBe('string');
    slots(2);
    expect(await balance(to)).toBe(0n);
    expect(await balance(payer.address)).toBe(before);
    expect((await rpc.getSignatureStatuses([answered as never])).value[0]).toBeNull();
  });
});

describe('a node behind the cluster', () => {
  it('healthy up to 128 slots behind; past it getHealth, a preflight send and GET /health say so', async () => {
    const health = async () => {
      const response = await fetch(`${cluster.url}/health`);
      return { status: response.status, text: await response.text() };
    };
    expect(await rpc.getHealth()).toBe('ok');
    expect(await health()).toEqual({ status: 200, text: 'ok' });

    const near = cluster.fault('behind', { slots: 128 });
    expect(await rpc.getHealth()).toBe('ok');
    expect(await health()).toEqual({ status: 200, text: 'ok' });
    near.clear();

    const far = cluster.fault('behind', { slots: 200 });
    expect((await rawCall(cluster.url, 'getHealth', [])).error).toEqual({
      code: -32005,
      message: 'Node is behind by 200 slots',
      data: { numSlotsBehind: 200 },
    });
    const error = await rpc.getHealth().catch((e: unknown) => e);
    expect(isSolRpcError(error, 'RpcError') && error.code).toBe(-32005);
    expect(await health()).toEqual({ status: 200, text: 'behind' });

    const to = (await keyOf(75)).address;
    // A blockhash the node (200 slots back) knows: the one it hands out itself.
    const { wire, signature } = await transfer(to, SOL);
    expect((await send(wire)).error).toEqual({
      code: -32005,
      message: 'Node is behind by 200 slots',
      data: { numSlotsBehind: 200 },
    });
    // skipPreflight checks nothing, health included.
    expect((await send(wire, { skipPreflight: true })).result).toBe(signature);
    far.clear();
    expect(await health()).toEqual({ status: 200, text: 'ok' });
    expect(await rpc.getHealth()).toBe('ok');
  });
});
