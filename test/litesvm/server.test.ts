/**
 * The litesvm JSON-RPC server (test/support/litesvmRpc.ts) over real HTTP with plain fetch: real
 * transactions built and signed with @solana/kit, executed by the Solana runtime, answered in agave's
 * wire format. Each test's timeout only guards against a hang; nothing here races a clock.
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LitesvmRpcServer, startLitesvmRpc } from '../support/litesvmRpc.js';

const HANG = { timeout: 30_000 };
let server: LitesvmRpcServer;
let payer: KeyPairSigner;
let poor: KeyPairSigner;

interface Reply {
  jsonrpc: string;
  id: unknown;
  // biome-ignore lint/suspicious/noExplicitAny: wire JSON, asserted field by field
  result?: any;
  // biome-ignore lint/suspicious/noExplicitAny: wire JSON, asserted field by field
  error?: { code: number; message: string; data?: any };
}

let nextId = 1;
async function call(method: string, params: unknown[] = []): Promise<Reply> {
  const id = nextId++;
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(text.endsWith('}\n')).toBe(true);
  const reply = JSON.parse(text) as Reply;
  expect(reply.id).toBe(id);
  return reply;
}
async function result(method: string, params: unknown[] = []) {
  const reply = await call(method, params);
  expect(reply.error).toBeUndefined();
  return reply.result;
}

async function latestBlockhash(commitment = 'finalized') {
  const { value } = await result('getLatestBlockhash', [{ commitment }]);
  return value as { blockhash: string; lastValidBlockHeight: number };
}

async function build(
  signer: KeyPairSigner,
  instructions: Instruction[],
  lifetime?: { blockhash: string; lastValidBlockHeight: number },
): Promise<Transaction> {
  const { blockhash, lastValidBlockHeight } = lifetime ?? (await latestBlockhash());
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(signer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as never, lastValidBlockHeight: BigInt(lastValidBlockHeight) },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return signTransactionMessageWithSigners(message);
}

const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
const MEMO_PROGRAM = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/** The system program's Transfer (instruction 2: a u32 tag and the u64 lamports, little-endian). */
function transfer(source: KeyPairSigner, destination: KeyPairSigner, amount: bigint): Instruction {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, amount, true);
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: source.address, role: AccountRole.WRITABLE_SIGNER, signer: source } as never,
      { address: destination.address, role: AccountRole.WRITABLE },
    ],
    data,
  };
}
const memo = (data: Uint8Array): Instruction => ({ programAddress: MEMO_PROGRAM, data });
const base64 = (tx: Transaction) => getBase64EncodedWireTransaction(tx);
const base58 = (tx: Transaction) => getBase58Decoder().decode(getTransactionEncoder().encode(tx));
const balance = async (signer: KeyPairSigner) => (await result('getBalance', [signer.address])).value as number;
const statusOf = async (signature: string, config?: object) =>
  (await result('getSignatureStatuses', config ? [[signature], config] : [[signature]])).value[0];

beforeAll(async () => {
  server = await startLitesvmRpc();
  payer = await generateKeyPairSigner();
  poor = await generateKeyPairSigner();
  server.svm.airdrop(payer.address, lamports(10_000_000_000n));
  server.svm.airdrop(poor.address, lamports(1_000_000n));
}, 60_000);
afterAll(() => server?.close());

describe('sendTransaction and the statuses that follow', () => {
  it(
    'lands a signed transfer (base64, with preflight), charges the fee and walks processed → confirmed → finalized',
    HANG,
    async () => {
      const to = await generateKeyPairSigner();
      const tx = await build(payer, [transfer(payer, to, 1_000_000n)]);
      const before = await balance(payer);
      const signature = await result('sendTransaction', [base64(tx), { encoding: 'base64' }]);
      expect(signature).toBe(getSignatureFromTransaction(tx));

      const processed = await statusOf(signature);
      expect(processed).toEqual({
        confirmationStatus: 'processed',
        confirmations: 0,
        err: null,
        slot: Number(server.slot),
        status: { Ok: null },
      });
      // getTransaction refuses processed and finds nothing below its default, finalized.
      const refused = await call('getTransaction', [
        signature,
        { commitment: 'processed', maxSupportedTransactionVersion: 0 },
      ]);
      expect(refused.error).toEqual({ code: -32602, message: 'Method does not support commitment below `confirmed`' });
      expect(await result('getTransaction', [signature, { maxSupportedTransactionVersion: 0 }])).toBeNull();

      server.advance(1);
      expect(await statusOf(signature)).toMatchObject({ confirmationStatus: 'confirmed', confirmations: 1 });
      const confirmed = await result('getTransaction', [
        signature,
        { commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
      ]);
      expect(confirmed.meta.err).toBeNull();

      server.advance(31);
      expect(await statusOf(signature)).toMatchObject({ confirmationStatus: 'finalized', confirmations: null });

      const got = await result('getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }]);
      expect(got.slot).toBe(processed.slot);
      expect(got.version).toBe(0);
      expect(typeof got.blockTime).toBe('number');
      expect(got.transaction.signatures).toEqual([signature]);
      expect(got.transaction.message.accountKeys).toEqual([
        payer.address,
        to.address,
        '11111111111111111111111111111111',
      ]);
      expect(got.transaction.message.header).toEqual({
        numReadonlySignedAccounts: 0,
        numReadonlyUnsignedAccounts: 1,
        numRequiredSignatures: 1,
      });
      expect(got.transaction.message.addressTableLookups).toEqual([]);
      expect(got.meta.fee).toBe(5000);
      expect(got.meta.preBalances[0] - got.meta.postBalances[0]).toBe(5000 + 1_000_000);
      expect(got.meta.postBalances[1]).toBe(1_000_000);
      expect(got.meta.logMessages).toEqual([
        'Program 11111111111111111111111111111111 invoke [1]',
        'Program 11111111111111111111111111111111 success',
      ]);
      expect(got.meta.status).toEqual({ Ok: null });
      expect(before - (await balance(payer))).toBe(5000 + 1_000_000);

      const raw = await result('getTransaction', [
        signature,
        { encoding: 'base64', maxSupportedTransactionVersion: 0 },
      ]);
      expect(raw.transaction).toEqual([base64(tx), 'base64']);
      // A v0 transaction without maxSupportedTransactionVersion: -32015, as agave.
      expect((await call('getTransaction', [signature])).error?.code).toBe(-32015);
    },
  );

  it('takes base58 by default (no encoding) and skips preflight when asked', HANG, async () => {
    const to = await generateKeyPairSigner();
    const tx = await build(payer, [transfer(payer, to, 2_000_000n)]);
    expect(await result('sendTransaction', [base58(tx), { skipPreflight: true }])).toBe(
      getSignatureFromTransaction(tx),
    );
    expect(await balance(to)).toBe(2_000_000);
    // base64 sent without saying so is not base58: refused before anything runs.
    const wrong = await call('sendTransaction', [base64(tx)]);
    expect(wrong.error?.code).toBe(-32602);
  });

  it(
    'refuses a failing transfer in preflight with -32002 and the whole simulation result; without preflight it lands failed and pays the fee',
    HANG,
    async () => {
      const to = await generateKeyPairSigner();
      const tx = await build(poor, [transfer(poor, to, 5_000_000n)]);
      const reply = await call('sendTransaction', [base64(tx), { encoding: 'base64' }]);
      expect(reply.error?.code).toBe(-32002);
      expect(reply.error?.message).toBe(
        'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
      );
      const data = reply.error?.data;
      expect(Object.keys(data)).toEqual([
        'accounts',
        'err',
        'innerInstructions',
        'loadedAccountsDataSize',
        'logs',
        'replacementBlockhash',
        'returnData',
        'unitsConsumed',
      ]);
      expect(data.accounts).toBeNull();
      expect(data.innerInstructions).toBeNull();
      expect(data.replacementBlockhash).toBeNull();
      expect(data.returnData).toBeNull();
      expect(data.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
      expect(data.logs).toContain('Program 11111111111111111111111111111111 failed: custom program error: 0x1');
      expect(data.logs.some((line: string) => line.startsWith('Transfer: insufficient lamports'))).toBe(true);
      expect(typeof data.unitsConsumed).toBe('number');
      expect(await balance(poor)).toBe(1_000_000);

      const signature = await result('sendTransaction', [base64(tx), { encoding: 'base64', skipPreflight: true }]);
      const err = { InstructionError: [0, { Custom: 1 }] };
      expect(await statusOf(signature)).toMatchObject({ err, status: { Err: err } });
      expect(await balance(poor)).toBe(1_000_000 - 5000);
      server.advance(1);
      const got = await result('getTransaction', [
        signature,
        { commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
      ]);
      expect(got.meta).toMatchObject({ err, status: { Err: err }, fee: 5000 });
      expect(got.meta.postBalances[1]).toBe(0);
    },
  );

  it(
    'runs the memo program: its log on success, a program error (ProgramFailedToComplete) for bytes that are not UTF-8',
    HANG,
    async () => {
      const tx = await build(payer, [memo(new TextEncoder().encode('solrpc memo'))]);
      const signature = await result('sendTransaction', [base64(tx), { encoding: 'base64' }]);
      server.advance(1);
      const got = await result('getTransaction', [
        signature,
        { commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
      ]);
      expect(got.meta.logMessages).toEqual([
        `Program ${MEMO_PROGRAM} invoke [1]`,
        'Program log: Memo (len 11)',
        'Program log: solrpc memo',
        expect.stringMatching(
          /^Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr consumed \d+ of \d+ compute units$/,
        ),
        `Program ${MEMO_PROGRAM} success`,
      ]);

      const bad = await build(payer, [memo(new Uint8Array([0xff, 0xfe]))]);
      const reply = await call('sendTransaction', [base64(bad), { encoding: 'base64' }]);
      expect(reply.error?.code).toBe(-32002);
      expect(reply.error?.data.err).toEqual({ InstructionError: [0, 'ProgramFailedToComplete'] });
      expect(reply.error?.message).toBe(
        'Transaction simulation failed: Error processing Instruction 0: Program failed to complete',
      );
    },
  );

  it('refuses a bad signature with -32003 before simulating; with skipPreflight it never lands', HANG, async () => {
    const to = await generateKeyPairSigner();
    const tx = await build(payer, [transfer(payer, to, 1_000_000n)]);
    const forged: Transaction = {
      ...tx,
      signatures: { ...tx.signatures, [payer.address]: new Uint8Array(64).fill(7) },
    } as never;
    const reply = await call('sendTransaction', [base64(forged), { encoding: 'base64' }]);
    expect(reply.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' });
    const signature = await result('sendTransaction', [base64(forged), { encoding: 'base64', skipPreflight: true }]);
    expect(await statusOf(signature)).toBeNull();
    expect(await balance(to)).toBe(0);
  });

  it(
    'answers a duplicate send: the signature without a second execution, or AlreadyProcessed in preflight once visible',
    HANG,
    async () => {
      const to = await generateKeyPairSigner();
      const tx = await build(payer, [transfer(payer, to, 3_000_000n)]);
      const signature = await result('sendTransaction', [base64(tx), { encoding: 'base64' }]);
      const after = await balance(payer);
      // Not yet visible to the finalized preflight bank: the node relays it and the leader drops it.
      expect(await result('sendTransaction', [base64(tx), { encoding: 'base64' }])).toBe(signature);
      expect(await result('sendTransaction', [base64(tx), { encoding: 'base64', skipPreflight: true }])).toBe(
        signature,
      );
      expect(await balance(payer)).toBe(after);
      server.advance(32);
      const reply = await call('sendTransaction', [base64(tx), { encoding: 'base64' }]);
      expect(reply.error?.code).toBe(-32002);
      expect(reply.error?.message).toBe('Transaction simulation failed: This transaction has already been processed');
      expect(reply.error?.data.err).toBe('AlreadyProcessed');
      expect(await balance(to)).toBe(3_000_000);
    },
  );
});

describe('blockhashes, heights and expiry', () => {
  it(
    'gives lastValidBlockHeight = height + 150 and expires a blockhash after it (BlockhashNotFound, as agave)',
    HANG,
    async () => {
      const finalized = await latestBlockhash('finalized');
      const processed = await latestBlockhash('processed');
      const heightAt = async (commitment: string) => (await result('getBlockHeight', [{ commitment }])) as number;
      expect(processed.lastValidBlockHeight).toBe((await heightAt('processed')) + 150);
      expect(finalized.lastValidBlockHeight).toBe((await heightAt('finalized')) + 150);
      expect(await result('getBlockHeight')).toBe(await heightAt('finalized'));
      expect(await result('getSlot', [{ commitment: 'processed' }])).toBe(Number(server.slot));
      // A processed blockhash is unknown to the finalized bank.
      expect((await result('isBlockhashValid', [processed.blockhash])).value).toBe(false);
      expect((await result('isBlockhashValid', [processed.blockhash, { commitment: 'processed' }])).value).toBe(true);

      // Skipped slots move the slot, not the height.
      const slot = server.slot;
      const height = server.blockHeight;
      server.advance(1, { skippedSlots: 3 });
      expect(server.slot - slot).toBe(4n);
      expect(server.blockHeight - height).toBe(1n);

      const to = await generateKeyPairSigner();
      const tx = await build(payer, [transfer(payer, to, 1_000_000n)], finalized);
      const lastValid = BigInt(finalized.lastValidBlockHeight);
      server.advance(Number(lastValid - server.blockHeight));
      expect(server.blockHeight).toBe(lastValid);
      expect((await result('isBlockhashValid', [finalized.blockhash, { commitment: 'processed' }])).value).toBe(true);
      server.advance(33);
      const expired = await result('isBlockhashValid', [finalized.blockhash]);
      expect(expired).toEqual({
        context: { apiVersion: '2.3.7', slot: Number(server.slotAt('finalized')) },
        value: false,
      });

      const reply = await call('sendTransaction', [base64(tx), { encoding: 'base64' }]);
      expect(reply.error?.code).toBe(-32002);
      expect(reply.error?.message).toBe('Transaction simulation failed: Blockhash not found');
      expect(reply.error?.data).toMatchObject({ err: 'BlockhashNotFound', accounts: null, logs: [] });
      const signature = await result('sendTransaction', [base64(tx), { encoding: 'base64', skipPreflight: true }]);
      expect(await statusOf(signature, { searchTransactionHistory: true })).toBeNull();
      expect(await balance(to)).toBe(0);
    },
  );

  it(
    'finds a transaction that landed at its last valid height once its blockhash has expired, with searchTransactionHistory after the status cache forgot it',
    HANG,
    async () => {
      const lifetime = await latestBlockhash('processed');
      const to = await generateKeyPairSigner();
      const tx = await build(payer, [transfer(payer, to, 4_000_000n)], lifetime);
      server.holdSends = true;
      const signature = await result('sendTransaction', [base64(tx), { encoding: 'base64', skipPreflight: true }]);
      server.holdSends = false;
      expect(await statusOf(signature)).toBeNull();
      server.advance(lifetime.lastValidBlockHeight - Number(server.blockHeight));
      expect(server.releaseHeld()).toEqual([signature]);
      server.advance(1);
      expect((await result('isBlockhashValid', [lifetime.blockhash, { commitment: 'processed' }])).value).toBe(false);
      expect(await statusOf(signature)).toMatchObject({ confirmationStatus: 'confirmed', err: null });

      server.advance(300);
      expect(await statusOf(signature)).toBeNull();
      const found = await statusOf(signature, { searchTransactionHistory: true });
      expect(found).toMatchObject({ confirmationStatus: 'finalized', confirmations: null, err: null });
      const got = await result('getTransaction', [signature, { maxSupportedTransactionVersion: 0 }]);
      expect(got.slot).toBe(found.slot);
      expect(await balance(to)).toBe(4_000_000);

      // Released after expiry instead, it never lands.
      const late = await build(payer, [transfer(payer, to, 1_000_000n)], await latestBlockhash('processed'));
      server.holdSends = true;
      const lateSignature = await result('sendTransaction', [
        base64(late),
        { encoding: 'base64', skipPreflight: true },
      ]);
      server.holdSends = false;
      server.advance(151);
      expect(server.releaseHeld()).toEqual([]);
      expect(await statusOf(lateSignature, { searchTransactionHistory: true })).toBeNull();
    },
  );
});

describe('simulateTransaction', () => {
  it('returns an RpcResponse with accounts, replacementBlockhash and inner instructions as asked', HANG, async () => {
    const to = await generateKeyPairSigner();
    const stale = { blockhash: '11111111111111111111111111111111', lastValidBlockHeight: 0 };
    const tx = await build(payer, [transfer(payer, to, 7_000_000n)], stale);
    const { context, value } = await result('simulateTransaction', [
      base64(tx),
      {
        encoding: 'base64',
        replaceRecentBlockhash: true,
        accounts: { encoding: 'base64', addresses: [to.address] },
        commitment: 'processed',
      },
    ]);
    expect(context).toEqual({ apiVersion: '2.3.7', slot: Number(server.slot) });
    expect(value.err).toBeNull();
    expect(value.replacementBlockhash).toEqual(await latestBlockhash('processed'));
    expect(value.accounts).toEqual([
      {
        data: ['', 'base64'],
        executable: false,
        lamports: 7_000_000,
        owner: '11111111111111111111111111111111',
        rentEpoch: expect.any(Number),
        space: 0,
      },
    ]);
    expect(value.innerInstructions).toBeNull();
    expect(await balance(to)).toBe(0);

    const conflicting = await call('simulateTransaction', [
      base64(tx),
      { encoding: 'base64', sigVerify: true, replaceRecentBlockhash: true },
    ]);
    expect(conflicting.error).toEqual({
      code: -32602,
      message: 'sigVerify may not be used with replaceRecentBlockhash',
    });

    const failing = await build(poor, [transfer(poor, to, 50_000_000n)]);
    const failed = await result('simulateTransaction', [
      base64(failing),
      { encoding: 'base64', sigVerify: true, accounts: { addresses: [poor.address, to.address] } },
    ]);
    expect(failed.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(failed.value.accounts).toEqual([null, null]);
  });
});

describe('fault hooks', () => {
  it('drops sends, lags statuses, answers -32005 and 429 when told', HANG, async () => {
    const to = await generateKeyPairSigner();
    server.dropSends = true;
    const dropped = await build(payer, [transfer(payer, to, 1_000_000n)]);
    const droppedSignature = await result('sendTransaction', [base64(dropped), { encoding: 'base64' }]);
    server.dropSends = false;
    server.advance(2);
    expect(await statusOf(droppedSignature, { searchTransactionHistory: true })).toBeNull();

    const tx = await build(payer, [transfer(payer, to, 2_000_000n)]);
    server.lagStatuses(2);
    const signature = await result('sendTransaction', [base64(tx), { encoding: 'base64' }]);
    expect(await statusOf(signature)).toBeNull();
    expect(await statusOf(signature)).toBeNull();
    expect(await statusOf(signature)).toMatchObject({ confirmationStatus: 'processed' });

    server.markUnhealthy(1, 42);
    expect((await call('getSlot')).error).toEqual({
      code: -32005,
      message: 'Node is behind by 42 slots',
      data: { numSlotsBehind: 42 },
    });
    server.markUnhealthy(1);
    expect((await call('getSlot')).error).toEqual({
      code: -32005,
      message: 'Node is unhealthy',
      data: { numSlotsBehind: null },
    });

    server.rateLimit(1, 2);
    const limited = await fetch(server.url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"getSlot"}' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(await limited.text()).toBe('error code: 1015');
    expect(typeof (await result('getSlot'))).toBe('number');
  });

  it('refuses more than 256 signatures and answers null for unknown ones', HANG, async () => {
    const unknown = '1'.repeat(64);
    const tooMany = await call('getSignatureStatuses', [new Array(257).fill(unknown)]);
    expect(tooMany.error).toEqual({ code: -32602, message: 'Too many inputs provided; max 256' });
    const { context, value } = await result('getSignatureStatuses', [
      [unknown, unknown],
      { searchTransactionHistory: true },
    ]);
    expect(context.slot).toBe(Number(server.slot));
    expect(value).toEqual([null, null]);
    const airdrop = await result('requestAirdrop', [poor.address, 1_000_000_000]);
    expect(typeof airdrop).toBe('string');
    expect(server.requests.at(-1)?.method).toBe('requestAirdrop');
  });
});
