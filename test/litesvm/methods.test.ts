/**
 * solrpc's getLatestBlockhash, isBlockhashValid, requestAirdrop and getSignatureStatuses through createRpc
 * against the litesvm JSON-RPC server (test/support/litesvmRpc.ts): real transactions signed with
 * @solana/kit, executed by the Solana runtime. Each test's timeout only guards against a hang.
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, type Rpc } from '../../src/index.js';
import { referenceEncode } from '../support/base58Reference.js';
import { type LitesvmRpcServer, MAX_PROCESSING_AGE, startLitesvmRpc } from '../support/litesvmRpc.js';

const HANG = { timeout: 30_000 };
let server: LitesvmRpcServer;
let rpc: Rpc;
let payer: KeyPairSigner;

const SYSTEM_PROGRAM = address('11111111111111111111111111111111');

/** The system program's Transfer: a u32 tag (2) and the u64 lamports, little-endian. */
function transfer(source: KeyPairSigner, destination: string, amount: bigint): Instruction {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, amount, true);
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: source.address, role: AccountRole.WRITABLE_SIGNER, signer: source } as never,
      { address: address(destination), role: AccountRole.WRITABLE },
    ],
    data,
  };
}

/** Builds a transfer on the blockhash solrpc's getLatestBlockhash returns, sends it, and returns its signature. */
async function sendTransfer(from: KeyPairSigner, amount: bigint, config: object = {}): Promise<string> {
  const to = await generateKeyPairSigner();
  const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' });
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: value.blockhash as never, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) },
        m,
      ),
    (m) => appendTransactionMessageInstructions([transfer(from, to.address, amount)], m),
  );
  const tx = await signTransactionMessageWithSigners(message);
  const signature = await rpc.request<string>('sendTransaction', [
    getBase64EncodedWireTransaction(tx),
    { encoding: 'base64', preflightCommitment: 'confirmed', ...config },
  ]);
  expect(signature).toBe(getSignatureFromTransaction(tx));
  return signature;
}

beforeAll(async () => {
  server = await startLitesvmRpc();
  rpc = createRpc(server.url, { timeoutMs: 10_000, retry: false, batch: false });
  payer = await generateKeyPairSigner();
  server.svm.airdrop(payer.address, lamports(10_000_000_000n));
}, 60_000);
afterAll(() => server?.close());

describe('getLatestBlockhash and isBlockhashValid', () => {
  it('a finalized blockhash is valid up to its height + 150, and no longer once that has passed', HANG, async () => {
    const { context, value } = await rpc.getLatestBlockhash();
    expect(context).toStrictEqual({ slot: Number(server.slotAt('finalized')), apiVersion: '2.3.7' });
    const finalizedHeight = Number(server.blockHeight) - 32;
    expect(value.lastValidBlockHeight).toBe(BigInt(finalizedHeight + MAX_PROCESSING_AGE));
    await expect(rpc.isBlockhashValid(value.blockhash)).resolves.toMatchObject({ value: true });

    // A processed blockhash is not yet known to the finalized bank, as on agave.
    const processed = await rpc.getLatestBlockhash({ commitment: 'processed' });
    expect(processed.context.slot).toBe(Number(server.slot));
    expect((await rpc.isBlockhashValid(processed.value.blockhash)).value).toBe(false);
    expect((await rpc.isBlockhashValid(processed.value.blockhash, { commitment: 'processed' })).value).toBe(true);

    server.advance(MAX_PROCESSING_AGE + 1);
    const later = await rpc.isBlockhashValid(value.blockhash, { commitment: 'processed' });
    expect(later).toStrictEqual({ context: { slot: Number(server.slot), apiVersion: '2.3.7' }, value: false });
  });

  it('minContextSlot given as a bigint reaches the server as an exact integer', HANG, async () => {
    const slot = await rpc.getLatestBlockhash({ commitment: 'processed', minContextSlot: server.slot });
    expect(slot.context.slot).toBe(Number(server.slot));
    expect(server.requests.at(-1)).toStrictEqual({
      method: 'getLatestBlockhash',
      params: [{ commitment: 'processed', minContextSlot: Number(server.slot) }],
    });
  });
});

describe('requestAirdrop', () => {
  it('returns the airdrop signature and the lamports arrive', HANG, async () => {
    const who = await generateKeyPairSigner();
    const signature = await rpc.requestAirdrop(who.address, 2_500_000_000n);
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect((await rpc.getBalance(who.address)).value).toBe(2_500_000_000n);
  });
});

describe('getSignatureStatuses', () => {
  it('a real transfer: processed → confirmed → finalized, confirmations counting then null', HANG, async () => {
    const signature = await sendTransfer(payer, 1_000_000n);
    const landedSlot = Number(server.slot);
    const first = await rpc.getSignatureStatuses([signature]);
    expect(first.value).toStrictEqual([
      { slot: landedSlot, confirmations: 0, err: null, status: { Ok: null }, confirmationStatus: 'processed' },
    ]);

    server.advance(1);
    const [confirmed] = (await rpc.getSignatureStatuses([signature])).value;
    expect(confirmed).toMatchObject({ slot: landedSlot, confirmations: 1, confirmationStatus: 'confirmed' });

    server.advance(31);
    const [finalized] = (await rpc.getSignatureStatuses([signature])).value;
    expect(finalized).toStrictEqual({
      slot: landedSlot,
      confirmations: null,
      err: null,
      status: { Ok: null },
      confirmationStatus: 'finalized',
    });
  });

  it('a failed transfer: err typed as the runtime reports it', HANG, async () => {
    const poor = await generateKeyPairSigner();
    server.svm.airdrop(poor.address, lamports(1_000_000n));
    const signature = await sendTransfer(poor, 5_000_000n, { skipPreflight: true });
    const [status] = (await rpc.getSignatureStatuses([signature])).value;
    expect(status?.err).toStrictEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(status?.status).toStrictEqual({ Err: { InstructionError: [0, { Custom: 1 }] } });
  });

  it('300 signatures: 2 requests (256 + 44), statuses in order, unknown ones null', HANG, async () => {
    const real = await sendTransfer(payer, 1_000_000n);
    const unknown = Array.from({ length: 299 }, (_, i) => {
      const bytes = new Uint8Array(64).fill(9);
      bytes[0] = i >> 8;
      bytes[1] = i & 0xff;
      return referenceEncode(bytes);
    });
    const list = [...unknown.slice(0, 270), real, ...unknown.slice(270)];
    const before = server.requests.length;
    const { context, value } = await rpc.getSignatureStatuses(list);
    const sentPieces = server.requests
      .slice(before)
      .filter((request) => request.method === 'getSignatureStatuses')
      .map((request) => (request.params as string[][])[0]?.length);
    expect(sentPieces.sort()).toStrictEqual([256, 44].sort());
    expect(value).toHaveLength(300);
    expect(value[270]).toMatchObject({ confirmationStatus: 'processed', err: null });
    expect(value.filter((status) => status !== null)).toHaveLength(1);
    expect(context.slot).toBe(Number(server.slot));
  });
});
