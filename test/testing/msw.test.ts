/**
 * solrpc/testing/msw (src/testing/msw.ts): solrpc's client answered by msw's setupServer from the test
 * cluster's state, with no server listening (the URL is `.invalid`, which no resolver answers): the clock
 * and preloaded accounts as given, a signed transfer that moves lamports in the same ledger, the HTTP
 * faults, and the WebSocket faults refused with the parameter named. msw fails on any other request.
 */
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, isSolRpcError } from '../../src/index.js';
import { testClusterHandlers } from '../../src/testing/msw.js';
import { SLOT_ORIGIN } from '../../src/testing/testClusterOptions.js';
import { signedWalletTransfer } from '../support/walletTransfer.js';

const clock = { ms: SLOT_ORIGIN.ms };
const PAYER_KEY = 9;
const payer = (await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(PAYER_KEY))).address;
const cluster = testClusterHandlers({ now: () => clock.ms, accounts: { [payer]: { lamports: 5_000_000_000n } } });
const server = setupServer(...cluster.handlers);
const rpc = createRpc(cluster.url, { retry: false, timeoutMs: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => cluster.clearFaults());
afterAll(() => server.close());

describe('testClusterHandlers', () => {
  it('answers at its .invalid URL from the cluster state: its clock and its preloaded accounts', async () => {
    expect(cluster.url).toBe('https://test-cluster.invalid/');
    expect(await rpc.getSlot({ commitment: 'processed' })).toBe(cluster.slot());
    expect((await rpc.getBalance(payer, { commitment: 'processed' })).value).toBe(5_000_000_000n);
  });

  it('keeps the ledger: a signed transfer lands, the payer pays 1 lamport and the fee', async () => {
    const { value: lifetime } = await rpc.getLatestBlockhash();
    const { wire, signature } = await signedWalletTransfer(PAYER_KEY, lifetime);
    expect(await rpc.sendTransaction(wire)).toBe(signature);
    clock.ms += 40 * 400;
    expect((await rpc.getSignatureStatuses([signature])).value[0]).toMatchObject({ confirmationStatus: 'finalized' });
    expect((await rpc.getBalance(payer, { commitment: 'processed' })).value).toBe(5_000_000_000n - 1n - 5_000n);
  });

  it('shows the HTTP faults: 429 with Retry-After, a node behind, a reset', async () => {
    cluster.fault('rateLimited', { retryAfterSeconds: 4, count: 1 });
    expect(await rpc.getSlot().catch((error: unknown) => error)).toMatchObject({
      name: 'HttpError',
      status: 429,
      retryAfterMs: 4_000,
    });
    const tip = cluster.slot();
    const behind = cluster.fault('behind', { slots: 7 });
    // The node's own view, as it answers: a client with fresh reads (the default) would refuse it.
    const raw = createRpc(cluster.url, { retry: false, timeoutMs: 10_000, freshReads: false });
    expect(await raw.getSlot({ commitment: 'processed' })).toBe(tip - 7);
    expect(await rpc.getSlot({ commitment: 'processed' }).catch((error: unknown) => error)).toMatchObject({
      name: 'StaleResponseError',
      contextSlot: tip - 7,
    });
    behind.clear();
    cluster.fault('cutShort', { mode: 'reset', count: 1 });
    expect(isSolRpcError(await rpc.getSlot().catch((error: unknown) => error), 'NetworkError')).toBe(true);
    expect(await rpc.getSlot({ commitment: 'processed' })).toBe(tip);
  });

  it('refuses the WebSocket faults, naming the kind: there is no socket here', () => {
    expect(() => cluster.fault('socketLost')).toThrow(
      expect.objectContaining({ name: 'InvalidInputError', param: 'kind' }),
    );
  });

  it('refuses a URL that is not http(s), naming options.url', () => {
    expect(() => testClusterHandlers({ url: 'ws://x' })).toThrow(
      expect.objectContaining({ name: 'InvalidInputError', param: 'options.url' }),
    );
  });
});
