/**
 * The simulated cluster's WebSocket side, through solrpc's own subscriptions client: slots from its
 * clock, a signature's status as getSignatureStatuses has it, the logs of a transaction sent to it as it
 * lands, and the methods a node without their flags refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, createRpcSubscriptions, isSolRpcError, type RpcSubscriptions } from '../../src/index.js';
import {
  SIMULATION,
  type SimulatedCluster,
  simulatedFailedTransfer,
  simulatedTransfer,
  startSimulatedCluster,
} from '../../src/testing/simulatedCluster.js';
import { fundedPayers, signedWalletTransfer } from '../support/walletTransfer.js';

let clock = 1_754_900_754_000;
let cluster: SimulatedCluster;
let subs: RpcSubscriptions;

beforeAll(async () => {
  cluster = await startSimulatedCluster({ now: () => clock, accounts: await fundedPayers(11) });
  subs = createRpcSubscriptions(cluster.wsUrl);
});

afterAll(async () => {
  subs.close();
  await cluster.close();
});

describe('the simulated cluster over WebSocket', { timeout: 20_000 }, () => {
  it('notifies each slot its clock reaches, with its root', async () => {
    const slots = subs.slotSubscribe();
    const next = slots.next();
    // Let the subscription reach the server, then move the clock one slot on.
    await new Promise((resolve) => setTimeout(resolve, 50));
    clock += 400;
    const { value } = await next;
    expect(value).toEqual({ slot: cluster.slot(), parent: cluster.slot() - 1, root: cluster.slot() - 32 });
    await slots.return();
  });

  it("a signature's status: at once when already reached, failed ones with their error", async () => {
    for await (const { value } of subs.signatureSubscribe(simulatedTransfer(0).signature, {
      commitment: 'finalized',
    })) {
      expect(value).toEqual({ err: null });
    }
    const failed = subs.signatureSubscribe(simulatedFailedTransfer(0).signature, { commitment: 'confirmed' });
    expect((await failed.next()).value?.value).toEqual({ err: { InstructionError: [0, { Custom: 1 }] } });
    expect((await failed.next()).done).toBe(true);
  });

  it('the logs of a transaction sent to it, as it lands; its status when confirmed', async () => {
    const rpc = createRpc(cluster.url, { retry: false });
    const { value: blockhash } = await rpc.getLatestBlockhash();
    const { wire, signature } = await signedWalletTransfer(11, blockhash);
    const logs = subs.logsSubscribe({ mentions: [SIMULATION.wallet.address] }, { commitment: 'processed' });
    const status = subs.signatureSubscribe(signature, { commitment: 'confirmed' });
    const [nextLog, nextStatus] = [logs.next(), status.next()];
    await new Promise((resolve) => setTimeout(resolve, 50));
    await rpc.sendTransaction(wire, { encoding: 'base64' });
    clock += 400; // lands
    const { value } = await nextLog;
    expect(value?.value).toEqual({
      signature,
      err: null,
      logs: ['Program 11111111111111111111111111111111 invoke [1]', 'Program 11111111111111111111111111111111 success'],
    });
    clock += 400; // confirmed
    expect((await nextStatus).value?.value).toEqual({ err: null });
    // getTransaction finds it once its block is confirmed, with the same logs.
    const landed = await rpc.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(landed?.meta?.logMessages).toEqual(value?.value.logs);
    await logs.return();
  });

  it('refuses blockSubscribe and voteSubscribe as a node without their flags does', async () => {
    for (const iterator of [subs.blockSubscribe('all'), subs.voteSubscribe()]) {
      const error = await iterator.next().catch((e: unknown) => e);
      expect(isSolRpcError(error, 'RpcError') && error.code).toBe(-32601);
    }
  });
});
