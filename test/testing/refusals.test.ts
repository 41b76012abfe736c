/**
 * The test cluster refuses as an agave node words it, seen on the wire (plain fetch, as a kit user's
 * transport sees it) and through solrpc's client: -32602 with agave's "Invalid param: Invalid/WrongSize"
 * for a bad pubkey or signature and jsonrpc-core's "Invalid params: ..." for a wrong type or count;
 * -32016 "Minimum context slot has not been reached" with `{ contextSlot }` for every method that takes
 * minContextSlot in agave (the example of docs/getting-started.md reproduced); -32601 "Method not found"
 * for an unknown method, and for full-API methods on a node without --full-rpc-api.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, isSolRpcError } from '../../src/index.js';
import { ANSWERS } from '../../src/testing/answers/index.js';
import { SIMULATION, type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import { rawCall } from './ledgerKit.js';

const NOW = 1_754_900_754_000;
let cluster: SimulatedCluster;
let minimal: SimulatedCluster;

beforeAll(async () => {
  [cluster, minimal] = await Promise.all([
    startSimulatedCluster({ now: () => NOW }),
    startSimulatedCluster({ now: () => NOW, fullApi: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([cluster.close(), minimal.close()]);
});

const errorOf = async (method: string, params: unknown[], on = cluster) =>
  (await rawCall(on.url, method, params)).error;
const WALLET = SIMULATION.wallet.address;

describe('-32602 in agave’s words', () => {
  it.each([
    ['getBalance', ['not-an-address'], 'Invalid param: Invalid'],
    ['getBalance', ['1111'], 'Invalid param: WrongSize'],
    ['getAccountInfo', ['0x4f3a9bd2e1c0ffee', { encoding: 'base64' }], 'Invalid param: Invalid'],
    ['getTransaction', ['xyz'], 'Invalid param: WrongSize'],
    ['getTransaction', ['0OIl'], 'Invalid param: Invalid'],
    ['getSignatureStatuses', [['xyz']], 'Invalid param: WrongSize'],
    ['isBlockhashValid', ['0OIl-not-a-hash'], 'Invalid'],
    ['getBalance', [123], 'Invalid params: invalid type: integer `123`, expected a string.'],
    [
      'getBalance',
      [WALLET, 'finalized'],
      'Invalid params: invalid type: string "finalized", expected struct RpcContextConfig.',
    ],
    ['getBlockTime', ['1'], 'Invalid params: invalid type: string "1", expected u64.'],
    ['getBlockTime', [-1], 'Invalid params: invalid value: integer `-1`, expected u64.'],
    ['getMultipleAccounts', [WALLET], `Invalid params: invalid type: string "${WALLET}", expected a sequence.`],
    ['getBalance', [], '`params` should have at least 1 argument(s)'],
    ['getSlotLeaders', [1], 'Invalid params: invalid length 1, expected a tuple of size 2.'],
    ['getBlockTime', [1, 2], 'Invalid params: invalid length 2, expected fewer elements in array.'],
    ['getFeeForMessage', ['AQAB*g=='], 'invalid base64 encoding: InvalidByte(4, 42)'],
    ['sendTransaction', ['0x12'], "invalid base58 encoding: InvalidCharacter { character: '0', index: 0 }"],
    [
      'sendTransaction',
      ['AQID', { encoding: 'base64' }],
      'failed to deserialize solana_transaction::versioned::VersionedTransaction: io error: failed to fill whole buffer',
    ],
    [
      'sendTransaction',
      ['A'.repeat(1648), { encoding: 'base64' }],
      'base64 encoded solana_transaction::versioned::VersionedTransaction too large: 1648 bytes (max: encoded/raw 1644/1232)',
    ],
  ])('%s %j: %s', async (method, params, message) => {
    expect(await errorOf(method, params)).toEqual({ code: -32602, message });
  });

  it('too many params: "Invalid parameters: Expected from 1 to 2 parameters." with the count as data', async () => {
    expect(await errorOf('getBalance', [WALLET, {}, 3])).toEqual({
      code: -32602,
      message: 'Invalid parameters: Expected from 1 to 2 parameters.',
      data: '"Got: 3"',
    });
    expect(await errorOf('getHealth', [1])).toEqual({
      code: -32602,
      message: 'Invalid parameters: No parameters were expected',
      data: 'Array([Number(1)])',
    });
  });
});

/** A call of each method that takes minContextSlot, its config last, valid but for minContextSlot. */
const CALLS: Record<string, (config: Record<string, unknown>) => unknown[]> = {
  getAccountInfo: (c) => [WALLET, c],
  getBalance: (c) => [WALLET, c],
  getBlockHeight: (c) => [c],
  getBlocks: (c) => [SIMULATION.firstSlot - 100, { ...c, commitment: 'confirmed' }],
  getBlocksWithLimit: (c) => [SIMULATION.firstSlot - 100, 10, { ...c, commitment: 'confirmed' }],
  getEpochInfo: (c) => [c],
  getFeeForMessage: (c) => ['AQABAgIAAQ==', c],
  getInflationReward: (c) => [[], c],
  getLatestBlockhash: (c) => [c],
  getMultipleAccounts: (c) => [[WALLET], c],
  getProgramAccounts: (c) => ['Vote111111111111111111111111111111111111111', c],
  getSignaturesForAddress: (c) => [WALLET, c],
  getSlot: (c) => [c],
  getSlotLeader: (c) => [c],
  getStakeMinimumDelegation: (c) => [c],
  getTokenAccountsByDelegate: (c) => [WALLET, { mint: SIMULATION.mint }, c],
  getTokenAccountsByOwner: (c) => [WALLET, { mint: SIMULATION.mint }, c],
  getTransactionCount: (c) => [c],
  isBlockhashValid: (c) => [WALLET, c],
  sendTransaction: (c) => ['', c],
  simulateTransaction: (c) => ['', c],
};

describe('-32016 for a minContextSlot not reached', () => {
  it('the methods that honour it are those of agave (RpcContextConfig and the configs holding min_context_slot)', () => {
    const honouring = [...ANSWERS.values()].filter((a) => a.minContextSlot).map((a) => a.method);
    expect(honouring.sort()).toEqual(Object.keys(CALLS).sort());
  });

  it.each(Object.keys(CALLS))(
    '%s: -32016 with the bank’s slot as data, then an answer once reached',
    async (method) => {
      const call = CALLS[method] as (config: Record<string, unknown>) => unknown[];
      const commitment = method.startsWith('getBlocks') ? 'confirmed' : 'processed';
      const bank = commitment === 'confirmed' ? cluster.slot() - 1 : cluster.slot();
      const key = method === 'sendTransaction' ? 'preflightCommitment' : 'commitment';
      expect(await errorOf(method, call({ [key]: commitment, minContextSlot: bank + 1 }))).toEqual({
        code: -32016,
        message: 'Minimum context slot has not been reached',
        data: { contextSlot: bank },
      });
      const reached = await errorOf(method, call({ [key]: commitment, minContextSlot: bank }));
      expect(reached === undefined || (reached as { code: number }).code !== -32016).toBe(true);
    },
  );

  it('the example of docs/getting-started.md, offline: RpcError -32016 with data.contextSlot', async () => {
    const rpc = createRpc(cluster.url, { retry: false });
    const error = await rpc.getBalance(WALLET, { minContextSlot: 400_000_000 }).catch((e: unknown) => e);
    expect(isSolRpcError(error, 'RpcError') && error.code).toBe(-32016);
    expect((error as { data: unknown }).data).toEqual({ contextSlot: cluster.slot() - 32 });
  });
});

describe('-32601 "Method not found"', () => {
  it('an unknown method', async () => {
    expect(await errorOf('getEverything', [])).toEqual({ code: -32601, message: 'Method not found' });
  });

  it('without --full-rpc-api: full-API methods refused, the Minimal set served', async () => {
    expect(await errorOf('getAccountInfo', [WALLET], minimal)).toEqual({ code: -32601, message: 'Method not found' });
    expect(await errorOf('sendTransaction', [''], minimal)).toEqual({ code: -32601, message: 'Method not found' });
    expect((await rawCall(minimal.url, 'getBalance', [WALLET])).result).toMatchObject({ value: expect.any(Number) });
    for (const answer of ANSWERS.values()) {
      const refused = (await errorOf(answer.method, [], minimal)) as { code: number } | undefined;
      expect(refused?.code === -32601, answer.method).toBe(!answer.minimal);
    }
  });
});
