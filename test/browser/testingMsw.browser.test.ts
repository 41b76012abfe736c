/**
 * solrpc/testing/msw in headless Chromium: the test cluster's handlers behind msw's service worker
 * (setupWorker), answering solrpc's client through the browser's own fetch. There is no Buffer, no
 * process and no node: module here, so this proves the handlers and the ledger under them run in a
 * browser: a balance read, a transfer signed with the browser's WebCrypto (its bytes laid out here) that moves
 * lamports and charges the 5,000-lamport fee, a forged signature refused (-32003) by the cluster's own
 * WebCrypto verification, a faucet airdrop (the faucet signs with WebCrypto), a -32602 refusal and a 429.
 */
import { setupWorker } from 'msw/browser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeBase58 } from '../../src/codecs/base58Text.js';
import { createRpc } from '../../src/index.js';
import { testClusterHandlers } from '../../src/testing/msw.js';

const SOL = 1_000_000_000n;
const clock = { ms: 1_754_900_754_000 };
/** An Ed25519 key pair made by the browser's WebCrypto, and its address. */
async function keyPair() {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  return { privateKey: keys.privateKey, raw, address: encodeBase58(raw) };
}
const payer = await keyPair();
const recipient = (await keyPair()).address;
const cluster = testClusterHandlers({
  url: 'https://browser-cluster.test/',
  now: () => clock.ms,
  accounts: { [payer.address]: { lamports: 2n * SOL } },
});
const worker = setupWorker(...cluster.handlers);
const rpc = createRpc(cluster.url, { retry: false, timeoutMs: 10_000 });
const processed = { commitment: 'processed' } as const;

beforeAll(() => worker.start({ quiet: true, onUnhandledRequest: 'error' }));
afterEach(() => cluster.clearFaults());
afterAll(() => worker.stop());

/**
 * A legacy System transfer of `lamports` from the payer to the recipient, laid out byte by byte (header,
 * keys, blockhash, one instruction) and signed by the browser's WebCrypto. Base64 wire text.
 */
async function signedTransfer(lamports: bigint) {
  const { value: lifetime } = await rpc.getLatestBlockhash();
  const data = new Uint8Array(12);
  new DataView(data.buffer).setUint32(0, 2, true); // SystemInstruction::Transfer
  new DataView(data.buffer).setBigUint64(4, lamports, true);
  const message = new Uint8Array([
    ...[1, 0, 1], // one signer, no read-only signer, one read-only unsigned (the System Program)
    3,
    ...payer.raw,
    ...(decodeBase58(recipient, 32) as Uint8Array),
    ...new Uint8Array(32), // the System Program: 32 zero bytes
    ...(decodeBase58(lifetime.blockhash, 32) as Uint8Array),
    1, // one instruction: program 2, accounts [0, 1], 12 bytes of data
    2,
    2,
    0,
    1,
    12,
    ...data,
  ]);
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, payer.privateKey, message));
  const wire = new Uint8Array([1, ...signature, ...message]);
  let text = '';
  for (const byte of wire) text += String.fromCharCode(byte);
  return { wire: btoa(text), signature: encodeBase58(signature) };
}

describe('testClusterHandlers in a real browser', () => {
  it('runs where Node does not: no Buffer, no process', () => {
    expect(typeof (globalThis as { Buffer?: unknown }).Buffer).toBe('undefined');
    expect(typeof (globalThis as { process?: unknown }).process).toBe('undefined');
  });

  it('answers a balance read from the preloaded accounts', async () => {
    expect((await rpc.getBalance(payer.address, processed)).value).toBe(2n * SOL);
    expect((await rpc.getBalance(recipient, processed)).value).toBe(0n);
  });

  it('lands a signed transfer: lamports move and the payer is charged the 5,000-lamport fee', async () => {
    const { wire, signature } = await signedTransfer(SOL / 2n);
    expect(await rpc.sendTransaction(wire)).toBe(signature);
    clock.ms += 400; // the next slot, where it lands
    expect((await rpc.getBalance(payer.address, processed)).value).toBe(2n * SOL - SOL / 2n - 5_000n);
    expect((await rpc.getBalance(recipient, processed)).value).toBe(SOL / 2n);
    expect((await rpc.getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null });
  });

  it('refuses a forged signature with -32003, checked by WebCrypto in the page', async () => {
    const { wire } = await signedTransfer(1_000_000n);
    const bytes = Uint8Array.from(atob(wire), (char) => char.charCodeAt(0));
    bytes[1] = (bytes[1] as number) ^ 1; // the first byte of the first signature
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    const forged = btoa(text);
    expect(await rpc.sendTransaction(forged).catch((error: unknown) => error)).toMatchObject({
      name: 'RpcError',
      code: -32003,
    });
    clock.ms += 400;
    expect((await rpc.getBalance(recipient, processed)).value).toBe(SOL / 2n);
  });

  it('airdrops from the faucet, which signs with WebCrypto', async () => {
    const signature = await rpc.requestAirdrop(recipient, 3n * SOL);
    clock.ms += 400;
    expect((await rpc.getBalance(recipient, processed)).value).toBe(SOL / 2n + 3n * SOL);
    expect((await rpc.getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null });
  });

  it('refuses invalid params with -32602 in agave words', async () => {
    expect(await rpc.request('getBalance', ['not-an-address']).catch((error: unknown) => error)).toMatchObject({
      name: 'RpcError',
      code: -32602,
      message: expect.stringContaining('Invalid param: Invalid'),
    });
  });

  it('answers 429 with Retry-After while the fault is on', async () => {
    cluster.fault('rateLimited', { retryAfterSeconds: 3, count: 1 });
    expect(await rpc.getSlot().catch((error: unknown) => error)).toMatchObject({
      name: 'HttpError',
      status: 429,
      retryAfterMs: 3_000,
    });
    expect(await rpc.getSlot(processed)).toBe(cluster.slot());
  });

  it('refuses the litesvm option, naming it: LiteSVM cannot run in a browser', () => {
    expect(() => testClusterHandlers({ litesvm: true })).toThrow(
      expect.objectContaining({ name: 'InvalidInputError', param: 'options.litesvm' }),
    );
  });
});
