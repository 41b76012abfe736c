/**
 * sendAndConfirmTransaction, confirmTransaction and estimatePriorityFee against a scripted client on a
 * virtual clock: one test per outcome and edge. The client is a plain object (these functions take any
 * client of the right shape); the transactions are real ones, built and signed with @solana/kit, so the
 * lifetime is read from real bytes. No test waits for real time.
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import {
  type ConfirmProgress,
  confirmTransaction,
  createRpcSubscriptions,
  estimatePriorityFee,
  isSolRpcError,
  RateLimitedError,
  RpcError,
  type SendAndConfirmRpc,
  type SignatureStatus,
  sendAndConfirmTransaction,
  TimeoutError,
  TransactionExpiredError,
  TransactionFailedError,
} from '../../src/index.js';
import { startPubsubServer } from '../support/pubsubServer.js';

const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
const RECENT_BLOCKHASHES = address('SysvarRecentB1ockHashes11111111111111111111');
const hash = (seed: number) => encodeBase58(new Uint8Array(32).fill(seed));
const BLOCKHASH = hash(7);
const NONCE_VALUE = hash(9);
const NEXT_NONCE = hash(10);
const LAST_VALID = 1_000_150;

let payer: KeyPairSigner;
let nonceAccount: KeyPairSigner;

/** A signed transfer (or, with `nonce`, a durable-nonce transfer) and its signature. */
async function signed(options: { nonce?: boolean } = {}): Promise<{ bytes: Uint8Array; signature: string }> {
  const to = await generateKeyPairSigner();
  const transferData = new Uint8Array(12);
  new DataView(transferData.buffer).setUint32(0, 2, true);
  new DataView(transferData.buffer).setBigUint64(4, 1000n, true);
  const instructions: Instruction[] = [
    {
      programAddress: SYSTEM_PROGRAM,
      accounts: [
        { address: payer.address, role: AccountRole.WRITABLE_SIGNER, signer: payer } as never,
        { address: to.address, role: AccountRole.WRITABLE },
      ],
      data: transferData,
    },
  ];
  if (options.nonce) {
    // AdvanceNonceAccount first: [nonce account, RecentBlockhashes sysvar, authority], data u32 4.
    instructions.unshift({
      programAddress: SYSTEM_PROGRAM,
      accounts: [
        { address: nonceAccount.address, role: AccountRole.WRITABLE },
        { address: RECENT_BLOCKHASHES, role: AccountRole.READONLY },
        { address: payer.address, role: AccountRole.READONLY_SIGNER, signer: payer } as never,
      ],
      data: new Uint8Array([4, 0, 0, 0]),
    });
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: (options.nonce ? NONCE_VALUE : BLOCKHASH) as never, lastValidBlockHeight: BigInt(LAST_VALID) },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const tx = await signTransactionMessageWithSigners(message);
  return { bytes: new Uint8Array(getTransactionEncoder().encode(tx)), signature: getSignatureFromTransaction(tx) };
}

/** Virtual time: `sleep` moves it forward at once. */
function virtualClock() {
  let time = 0;
  return {
    now: () => time,
    async sleep(ms: number, signal?: AbortSignal) {
      if (signal?.aborted) throw signal.reason;
      time += ms;
      await Promise.resolve();
    },
  };
}

const status = (level: 'processed' | 'confirmed' | 'finalized', err: unknown = null): SignatureStatus => ({
  slot: 5_000,
  confirmations: level === 'finalized' ? null : level === 'confirmed' ? 1 : 0,
  err: err as never,
  status: err === null ? { Ok: null } : { Err: err as never },
  confirmationStatus: level,
});

/** A nonce account's data: versions 1, state 1 (initialized), authority, the stored nonce, fee calculator. */
function nonceData(value: string): Uint8Array {
  const data = new Uint8Array(80);
  data.set([1, 0, 0, 0, 1, 0, 0, 0], 0);
  data.set(new Uint8Array(32).fill(3), 8);
  const bytes = new Uint8Array(32).fill(value === NONCE_VALUE ? 9 : 10);
  data.set(bytes, 40);
  return data;
}

type Reply<T> = T | Error | ((call: number) => T | Error);

/**
 * The scripted client. Each script entry answers by poll number (from 1), or always the same; an Error
 * answer is thrown. Every call is recorded with its arguments.
 */
function scriptedRpc(script: {
  /** getSignatureStatuses without searchTransactionHistory, by poll number. */
  poll?: (poll: number) => SignatureStatus | null | Error;
  /** The context slot of each poll's answer. Default 5,100. */
  pollSlot?: (poll: number) => number;
  /** getSignatureStatuses with searchTransactionHistory: status and context slot. */
  history?: Reply<{ status: SignatureStatus | null; slot: number }>;
  height?: Reply<number>;
  /** getEpochInfo: by default the last block height answered, at slot 5,100. */
  epoch?: Reply<{ blockHeight: number; absoluteSlot: number }>;
  /** isBlockhashValid: by default whether the last block height answered is at most LAST_VALID. */
  valid?: Reply<boolean>;
  /** isBlockhashValid's context slot. Default 5,300: a blockhash's life (150 slots) past the polls' 5,100. */
  validSlot?: number;
  nonce?: Reply<string | null>;
  logs?: Reply<string[] | null>;
  send?: Reply<string>;
  /** Called at each poll, before it is answered (to abort, for instance). */
  onPoll?: (poll: number) => void;
}) {
  const calls: { method: string; args: unknown[] }[] = [];
  const count: Record<string, number> = {};
  const answer = <T>(method: string, reply: Reply<T> | undefined, fallback: T): T => {
    count[method] = (count[method] ?? 0) + 1;
    const value =
      typeof reply === 'function'
        ? (reply as (n: number) => T | Error)(count[method])
        : reply === undefined
          ? fallback
          : reply;
    if (value instanceof Error) throw value;
    return value;
  };
  let polls = 0;
  let lastHeight = 1_000_000;
  const rpc = {
    async getSignatureStatuses(signatures: string[], config?: { searchTransactionHistory?: boolean }) {
      calls.push({ method: 'getSignatureStatuses', args: [signatures, config] });
      if (config?.searchTransactionHistory) {
        // By default each look is from a view 32 slots on (STATUS_GRACE_SLOTS): the second ends the wait.
        const { status: found, slot } = answer('history', script.history, {
          status: null,
          slot: 5_300 + 32 * (count.history ?? 0),
        });
        return { context: { slot }, value: [found] };
      }
      polls++;
      script.onPoll?.(polls);
      const value = script.poll ? script.poll(polls) : null;
      if (value instanceof Error) throw value;
      return { context: { slot: script.pollSlot?.(polls) ?? 5_100 }, value: [value] };
    },
    async getBlockHeight(config?: unknown) {
      calls.push({ method: 'getBlockHeight', args: [config] });
      lastHeight = answer('getBlockHeight', script.height, 1_000_000);
      return lastHeight;
    },
    async getEpochInfo(config?: unknown) {
      calls.push({ method: 'getEpochInfo', args: [config] });
      return answer('getEpochInfo', script.epoch, { blockHeight: lastHeight, absoluteSlot: 5_100 });
    },
    async isBlockhashValid(blockhash: string, config?: unknown) {
      calls.push({ method: 'isBlockhashValid', args: [blockhash, config] });
      const value = answer('isBlockhashValid', script.valid, lastHeight <= LAST_VALID);
      return { context: { slot: script.validSlot ?? 5_300 }, value };
    },
    async getAccountInfo(account: string, config?: unknown) {
      calls.push({ method: 'getAccountInfo', args: [account, config] });
      const value = answer('getAccountInfo', script.nonce, NONCE_VALUE);
      return {
        context: { slot: 5_100 },
        value: value === null ? null : { data: nonceData(value), lamports: 1_447_680n, owner: SYSTEM_PROGRAM },
      };
    },
    async getTransaction(signature: string, config?: unknown) {
      calls.push({ method: 'getTransaction', args: [signature, config] });
      const logs = answer('getTransaction', script.logs, null);
      return logs === null ? null : { slot: 5_000, meta: { logMessages: logs } };
    },
    async sendTransaction(transaction: Uint8Array, config?: unknown) {
      calls.push({ method: 'sendTransaction', args: [transaction, config] });
      return answer('sendTransaction', script.send, 'sig');
    },
  };
  const called = (method: string) => calls.filter((call) => call.method === method);
  return { rpc: rpc as unknown as SendAndConfirmRpc, calls, called };
}

/** Runs a promise that must reject, and returns its error. */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  const result = await promise.then(
    () => undefined,
    (error: Error) => error,
  );
  if (!result) throw new Error('expected a rejection');
  return result;
}

const transient = {
  rateLimited: () =>
    new RateLimitedError({ retryAfterMs: 60_000, status: 429, origin: 'https://rpc.example.com', reason: 'too long' }),
  behind: () => new RpcError({ code: -32005, message: 'Node is behind by 42 slots', data: { numSlotsBehind: 42 } }),
  timeout: () => new TimeoutError({ timeoutMs: 30_000, origin: 'https://rpc.example.com' }),
};

beforeAll(async () => {
  payer = await generateKeyPairSigner();
  nonceAccount = await generateKeyPairSigner();
});

describe('sendAndConfirmTransaction', () => {
  it('landed: resolves at the commitment asked, progress in order, every send with maxRetries 0', async () => {
    const { bytes, signature } = await signed();
    const { rpc, called } = scriptedRpc({
      poll: (n) => (n < 3 ? null : n === 3 ? status('processed') : status('confirmed')),
      // The chain has not moved a blockhash's life since the first poll: the height alone schedules.
      validSlot: 5_100,
    });
    const events: ConfirmProgress[] = [];
    const clock = virtualClock();
    const result = await sendAndConfirmTransaction(rpc, bytes, {
      lastValidBlockHeight: LAST_VALID,
      clock,
      pollIntervalMs: 500,
      resendIntervalMs: 500,
      onProgress: (event) => events.push(event),
    });
    expect(result).toStrictEqual({ signature, slot: 5_000, commitment: 'confirmed' });
    expect(events).toStrictEqual([
      { stage: 'sent', signature },
      { stage: 'resent', signature, count: 1 },
      { stage: 'processed', signature, slot: 5_000 },
      { stage: 'confirmed', signature, slot: 5_000 },
    ]);
    const sends = called('sendTransaction');
    expect(sends.map((call) => call.args[0])).toStrictEqual([bytes, bytes]);
    expect(sends[0]?.args[1]).toMatchObject({ skipPreflight: false, preflightCommitment: 'confirmed', maxRetries: 0 });
    expect(sends[1]?.args[1]).toMatchObject({ skipPreflight: true, maxRetries: 0 });
    // The first look found the blockhash valid; after it, only the block height was compared while the
    // signature was not found, against the height given.
    expect(called('isBlockhashValid').length).toBe(1);
    expect(called('getBlockHeight').length).toBe(1);
  });

  it('resends every resendIntervalMs while the signature is not found, and stops once it is', async () => {
    const { bytes } = await signed();
    const { rpc, called } = scriptedRpc({ poll: (n) => (n < 21 ? null : status('finalized')) });
    const events: ConfirmProgress[] = [];
    await sendAndConfirmTransaction(rpc, bytes, {
      clock: virtualClock(),
      pollIntervalMs: 250,
      resendIntervalMs: 1000,
      commitment: 'finalized',
      onProgress: (event) => events.push(event),
    });
    // 20 polls unanswered, 250 ms apart: 5,000 ms, a resend every 1,000 ms after the first send.
    const sends = called('sendTransaction');
    expect(sends.length).toBe(1 + 4);
    for (const send of sends.slice(1)) expect(send.args[1]).toMatchObject({ maxRetries: 0, skipPreflight: true });
    expect(events.map((event) => event.stage)).toStrictEqual([
      'sent',
      'resent',
      'resent',
      'resent',
      'resent',
      'processed',
      'confirmed',
      'finalized',
    ]);
    expect(
      events.filter((event) => event.stage === 'resent').map((event) => (event as { count: number }).count),
    ).toStrictEqual([1, 2, 3, 4]);
  });

  it('landed late, found only by the final check after its blockhash expired: resolves, never expired', async () => {
    const { bytes, signature } = await signed();
    const { rpc, called } = scriptedRpc({
      poll: () => null,
      height: (n) => (n < 3 ? LAST_VALID : LAST_VALID + 1),
      history: { status: status('finalized'), slot: 5_300 },
    });
    const result = await sendAndConfirmTransaction(rpc, bytes, {
      lastValidBlockHeight: LAST_VALID,
      clock: virtualClock(),
    });
    expect(result).toStrictEqual({ signature, slot: 5_000, commitment: 'finalized' });
    const history = called('getSignatureStatuses').filter(
      (call) =>
        call.args[1] !== undefined && (call.args[1] as { searchTransactionHistory?: boolean }).searchTransactionHistory,
    );
    expect(history.length).toBe(1);
    expect(history[0]?.args).toMatchObject([[signature], { searchTransactionHistory: true }]);
  });

  it('landed late at processed: no more expiry checks, waits for the commitment', async () => {
    const { bytes, signature } = await signed();
    const { rpc, called } = scriptedRpc({
      poll: (n) => (n < 3 ? null : n < 6 ? status('processed') : status('confirmed')),
      height: LAST_VALID + 5,
      history: { status: status('processed'), slot: 5_300 },
    });
    const result = await sendAndConfirmTransaction(rpc, bytes, {
      lastValidBlockHeight: LAST_VALID,
      clock: virtualClock(),
    });
    expect(result.commitment).toBe('confirmed');
    expect(result.signature).toBe(signature);
    expect(called('getBlockHeight').length).toBe(1);
  });

  it('expired: TransactionExpiredError with the last valid and the current block height, after the final check', async () => {
    const { bytes, signature } = await signed();
    const { rpc, calls } = scriptedRpc({ poll: () => null, height: (n) => LAST_VALID - 2 + n });
    const error = await rejection(
      sendAndConfirmTransaction(rpc, bytes, { lastValidBlockHeight: LAST_VALID, clock: virtualClock() }),
    );
    expect(error).toBeInstanceOf(TransactionExpiredError);
    expect(isSolRpcError(error, 'TransactionExpiredError')).toBe(true);
    const expired = error as TransactionExpiredError;
    expect(expired).toMatchObject({
      name: 'TransactionExpiredError',
      retryable: false,
      signature,
      blockhash: BLOCKHASH,
      lastValidBlockHeight: LAST_VALID,
      blockHeight: LAST_VALID + 1,
      nonceAccount: null,
      method: 'sendAndConfirmTransaction',
    });
    expect(expired.message.split('\n')[0]).toBe(
      `sendAndConfirmTransaction: transaction ${signature} expired: block height ${LAST_VALID + 1} is past its last valid block height ${LAST_VALID}, and it did not land`,
    );
    // The last request before the rejection is the search of the ledger.
    expect(calls.at(-1)).toMatchObject({
      method: 'getSignatureStatuses',
      args: [[signature], { searchTransactionHistory: true }],
    });
  });

  it('without lastValidBlockHeight, isBlockhashValid on the blockhash read from the bytes decides', async () => {
    const { bytes } = await signed();
    const { rpc, called } = scriptedRpc({ poll: () => null, valid: (n) => n < 4 });
    const error = (await rejection(
      sendAndConfirmTransaction(rpc, bytes, { clock: virtualClock() }),
    )) as TransactionExpiredError;
    expect(error.name).toBe('TransactionExpiredError');
    expect(error.lastValidBlockHeight).toBeNull();
    // The block height is read once, for the error.
    expect(error.blockHeight).toBe(1_000_000);
    // Asked of the processed bank at every poll, no older than the first answer's view; its `false` is then
    // asked again of the bank at the commitment awaited.
    const signal = expect.any(AbortSignal);
    expect(called('isBlockhashValid').map((call) => call.args)).toStrictEqual([
      [BLOCKHASH, { commitment: 'processed', minContextSlot: 5_100, signal }],
      ...Array.from({ length: 3 }, () => [BLOCKHASH, { commitment: 'processed', minContextSlot: 5_300, signal }]),
      [BLOCKHASH, { commitment: 'confirmed', minContextSlot: undefined, signal }],
    ]);
  });

  it('failed: TransactionFailedError with the runtime err and the logs from getTransaction', async () => {
    const { bytes, signature } = await signed();
    const err = { InstructionError: [1, { Custom: 1 }] };
    const logs = [
      'Program 11111111111111111111111111111111 invoke [1]',
      'Transfer: insufficient lamports 0, need 1000',
    ];
    const { rpc, called } = scriptedRpc({
      poll: (n) => (n < 2 ? status('processed', err) : status('confirmed', err)),
      logs,
    });
    const error = await rejection(sendAndConfirmTransaction(rpc, bytes, { clock: virtualClock() }));
    expect(isSolRpcError(error, 'TransactionFailedError')).toBe(true);
    expect(error).toMatchObject({
      name: 'TransactionFailedError',
      signature,
      slot: 5_000,
      err,
      logs,
      retryable: false,
    });
    expect(error.message).toContain('Transfer: insufficient lamports 0, need 1000');
    expect(called('getTransaction')[0]?.args).toStrictEqual([
      signature,
      { commitment: 'confirmed', maxSupportedTransactionVersion: 0, signal: expect.any(AbortSignal) },
    ]);
  });

  it('failed, logs not fetchable: logs is null', async () => {
    const { bytes } = await signed();
    const { rpc } = scriptedRpc({
      poll: () => status('confirmed', 'InsufficientFundsForRent' as never),
      logs: new RpcError({ code: -32011, message: 'Transaction history is not available from this node' }),
    });
    const error = (await rejection(
      sendAndConfirmTransaction(rpc, bytes, { clock: virtualClock() }),
    )) as TransactionFailedError;
    expect(error).toBeInstanceOf(TransactionFailedError);
    expect(error.err).toBe('InsufficientFundsForRent');
    expect(error.logs).toBeNull();
  });

  it('aborted mid-way: AbortError with the signal reason, and no more requests', async () => {
    const { bytes } = await signed();
    const controller = new AbortController();
    const { rpc, calls } = scriptedRpc({
      poll: () => null,
      onPoll: (n) => n === 3 && controller.abort(new Error('user')),
    });
    const error = await rejection(
      sendAndConfirmTransaction(rpc, bytes, { clock: virtualClock(), signal: controller.signal }),
    );
    expect(isSolRpcError(error, 'AbortError')).toBe(true);
    expect((error as Error & { cause: Error }).cause.message).toBe('user');
    const count = calls.length;
    await Promise.resolve();
    expect(calls.length).toBe(count);
  });

  it('aborted before it starts: rejects with AbortError after the first send is refused by the signal', async () => {
    const { bytes } = await signed();
    const controller = new AbortController();
    controller.abort();
    const { rpc, called } = scriptedRpc({});
    const error = await rejection(
      sendAndConfirmTransaction(rpc, bytes, { clock: virtualClock(), signal: controller.signal }),
    );
    expect(isSolRpcError(error, 'AbortError')).toBe(true);
    expect(called('getSignatureStatuses')).toStrictEqual([]);
  });

  it('a node lagging: a final check from an older view does not expire it; the landing is seen later', async () => {
    const { bytes, signature } = await signed();
    const { rpc, called } = scriptedRpc({
      poll: (n) => (n < 4 ? null : status('confirmed')),
      pollSlot: (n) => 5_100 + n,
      height: LAST_VALID + 1,
      // A node behind the one polled: its slot is older than answers already seen.
      history: { status: null, slot: 5_050 },
    });
    const result = await sendAndConfirmTransaction(rpc, bytes, {
      lastValidBlockHeight: LAST_VALID,
      clock: virtualClock(),
    });
    expect(result).toStrictEqual({ signature, slot: 5_000, commitment: 'confirmed' });
    // 4 polls; the first look found the blockhash valid, the next two found it over and looked again.
    expect(called('getSignatureStatuses').length).toBe(4 + 2);
  });

  it("a status shown late (landed in its blockhash's last slots, shown 20 slots on): found, never expired", async () => {
    const { bytes, signature } = await signed();
    const { rpc, called } = scriptedRpc({
      poll: () => null,
      height: LAST_VALID + 1,
      // The node said the blockhash is over at 5,300; its status cache shows the landing only at 5,320.
      history: (n) => (n === 1 ? { status: null, slot: 5_300 } : { status: status('finalized'), slot: 5_320 }),
    });
    const result = await sendAndConfirmTransaction(rpc, bytes, {
      lastValidBlockHeight: LAST_VALID,
      clock: virtualClock(),
    });
    expect(result).toStrictEqual({ signature, slot: 5_000, commitment: 'finalized' });
    // Searched again without asking about the blockhash again, and nothing resent once it was over.
    expect(called('isBlockhashValid').length).toBeLessThanOrEqual(3);
    const sendsAfterOver = called('sendTransaction').length;
    expect(sendsAfterOver).toBeLessThanOrEqual(2);
  });

  it('expiry said from a newer bank than the last look: looks again until a view as recent answers', async () => {
    const { bytes, signature } = await signed();
    const { rpc, called } = scriptedRpc({
      poll: () => null,
      height: LAST_VALID + 1,
      // The bank that said the blockhash is over is at slot 5,300; the first two last looks come from 5,100,
      // the next from 5,300 and, STATUS_GRACE_SLOTS on, 5,332 (which ends the wait for a late status).
      history: (n) => ({ status: null, slot: n < 3 ? 5_100 : 5_300 + 32 * (n - 3) }),
    });
    const error = await rejection(
      sendAndConfirmTransaction(rpc, bytes, { lastValidBlockHeight: LAST_VALID, clock: virtualClock() }),
    );
    expect(error).toMatchObject({ name: 'TransactionExpiredError', signature, blockHeight: LAST_VALID + 1 });
    // The first look found the blockhash valid; each of the three after asked the processed bank and the
    // confirmed one.
    expect(called('isBlockhashValid').map((call) => (call.args[1] as { commitment: string }).commitment)).toStrictEqual(
      ['processed', 'processed', 'confirmed', 'processed', 'confirmed', 'processed', 'confirmed'],
    );
    expect(called('getBlockHeight')[0]?.args).toStrictEqual([
      { commitment: 'processed', minContextSlot: 5_300, signal: expect.any(AbortSignal) },
    ]);
  });

  it("a stale lastValidBlockHeight (below the blockhash's own): never expired while the node accepts the blockhash", async () => {
    const { bytes, signature } = await signed();
    const { rpc, called } = scriptedRpc({
      poll: (n) => (n < 5 ? null : status('confirmed')),
      // The height given is 100 below the real one: the height passes it long before the blockhash expires.
      height: LAST_VALID - 99,
      valid: true,
    });
    const events: ConfirmProgress[] = [];
    const result = await sendAndConfirmTransaction(rpc, bytes, {
      lastValidBlockHeight: LAST_VALID - 100,
      clock: virtualClock(),
      onProgress: (event) => events.push(event),
    });
    expect(result.signature).toBe(signature);
    // Said once; from then on only isBlockhashValid is asked, the height no more.
    expect(events.filter((event) => event.stage === 'stale-height')).toStrictEqual([
      { stage: 'stale-height', signature, lastValidBlockHeight: LAST_VALID - 100, blockHeight: LAST_VALID - 99 },
    ]);
    expect(called('getBlockHeight').length).toBe(1);
    expect(called('isBlockhashValid').length).toBe(4);
    expect(
      called('getSignatureStatuses').filter(
        (call) => (call.args[1] as { searchTransactionHistory?: boolean } | undefined)?.searchTransactionHistory,
      ),
    ).toStrictEqual([]);
  });

  it('429, -32005 and timeouts while polling are retried by the loop', async () => {
    const { bytes, signature } = await signed();
    const { rpc } = scriptedRpc({
      poll: (n) =>
        [transient.rateLimited(), transient.behind(), transient.timeout(), null][n - 1] ?? status('confirmed'),
      height: (n) => (n === 1 ? transient.behind() : 1_000_000),
      send: (n) => (n === 2 ? transient.rateLimited() : 'sig'),
    });
    const result = await sendAndConfirmTransaction(rpc, bytes, {
      lastValidBlockHeight: LAST_VALID,
      clock: virtualClock(),
      resendIntervalMs: 500,
    });
    expect(result.signature).toBe(signature);
  });

  it('a transient failure of the first send is resent; a lasting one ends at timeoutMs with TimeoutError', async () => {
    const { bytes } = await signed();
    const { rpc, called } = scriptedRpc({ send: transient.behind(), poll: () => transient.behind() });
    const error = (await rejection(
      sendAndConfirmTransaction(rpc, bytes, { clock: virtualClock(), timeoutMs: 10_000, resendIntervalMs: 2_000 }),
    )) as TimeoutError;
    expect(isSolRpcError(error, 'TimeoutError')).toBe(true);
    expect(error.message.split('\n')[0]).toMatch(/did not reach confirmed within 10000 ms$/);
    expect((error as Error & { cause: unknown }).cause).toMatchObject({ name: 'RpcError', code: -32005 });
    // The first send and a resend at 2, 4, 6 and 8 s; at 10 s the deadline comes first.
    expect(called('sendTransaction').length).toBe(5);
  });

  it('a non-transient RPC error passes through typed', async () => {
    const { bytes } = await signed();
    const preflight = new RpcError({ code: -32002, message: 'Transaction simulation failed: Blockhash not found' });
    const { rpc, called } = scriptedRpc({ send: preflight });
    await expect(sendAndConfirmTransaction(rpc, bytes, { clock: virtualClock() })).rejects.toBe(preflight);
    expect(called('getSignatureStatuses')).toStrictEqual([]);
    const invalid = new RpcError({ code: -32602, message: 'Invalid params' });
    const second = scriptedRpc({ poll: () => invalid });
    await expect(sendAndConfirmTransaction(second.rpc, bytes, { clock: virtualClock() })).rejects.toBe(invalid);
  });

  it('durable nonce advanced and the signature not found: expired, read from the nonce account', async () => {
    const { bytes, signature } = await signed({ nonce: true });
    const { rpc, called } = scriptedRpc({ poll: () => null, nonce: (n) => (n < 3 ? NONCE_VALUE : NEXT_NONCE) });
    const error = (await rejection(
      sendAndConfirmTransaction(rpc, bytes, { clock: virtualClock(), lastValidBlockHeight: LAST_VALID }),
    )) as TransactionExpiredError;
    expect(error).toMatchObject({
      name: 'TransactionExpiredError',
      signature,
      blockhash: NONCE_VALUE,
      nonceAccount: nonceAccount.address,
      lastValidBlockHeight: null,
    });
    // The processed bank first, then the bank at the commitment awaited, each from a view no older than the polls'.
    expect(called('getAccountInfo')[0]?.args).toStrictEqual([
      nonceAccount.address,
      { commitment: 'processed', encoding: 'base64', minContextSlot: 5_100, signal: expect.any(AbortSignal) },
    ]);
    expect(called('getAccountInfo').at(-1)?.args).toStrictEqual([
      nonceAccount.address,
      { commitment: 'confirmed', encoding: 'base64', minContextSlot: undefined, signal: expect.any(AbortSignal) },
    ]);
    // The blockhash's height is no limit for a durable-nonce transaction (read once, for the error).
    expect(called('getBlockHeight').length).toBe(1);
  });

  it('durable nonce not advanced: keeps waiting past any blockhash lifetime, then confirms', async () => {
    const { bytes, signature } = await signed({ nonce: true });
    const { rpc, called } = scriptedRpc({
      poll: (n) => (n < 400 ? null : status('confirmed')),
      height: LAST_VALID + 500,
    });
    const result = await sendAndConfirmTransaction(rpc, bytes, {
      clock: virtualClock(),
      lastValidBlockHeight: LAST_VALID,
      pollIntervalMs: 500,
    });
    expect(result).toStrictEqual({ signature, slot: 5_000, commitment: 'confirmed' });
    expect(called('getAccountInfo').length).toBe(399);
    expect(called('getBlockHeight')).toStrictEqual([]);
  });

  it('refuses an unsigned transaction, bad options and a subscriptions client without signatureSubscribe before any request', async () => {
    const { bytes } = await signed();
    const { rpc, calls } = scriptedRpc({});
    const unsigned = bytes.slice();
    unsigned.fill(0, 1, 65);
    await expect(sendAndConfirmTransaction(rpc, unsigned)).rejects.toMatchObject({
      name: 'InvalidInputError',
      param: 'transaction',
    });
    await expect(sendAndConfirmTransaction(rpc, bytes, { commitment: 'max' as never })).rejects.toMatchObject({
      name: 'InvalidInputError',
      param: 'options.commitment',
    });
    await expect(sendAndConfirmTransaction(rpc, bytes, { subscriptions: {} as never })).rejects.toMatchObject({
      name: 'InvalidInputError',
      param: 'options.subscriptions',
    });
    await expect(sendAndConfirmTransaction(rpc, bytes, { pollIntervalMs: -1 })).rejects.toMatchObject({
      param: 'options.pollIntervalMs',
    });
    expect(calls).toStrictEqual([]);
  });
});

describe('confirmTransaction', () => {
  it('reads the lifetime from the bytes given, and never sends', async () => {
    const { bytes, signature } = await signed({ nonce: true });
    // The account held the nonce, then was closed: nothing can land on it any more. (An account never seen
    // holding it proves nothing: the view may be behind its creation.)
    const { rpc, called } = scriptedRpc({ poll: () => null, nonce: (n) => (n < 2 ? NONCE_VALUE : null) });
    const error = await rejection(confirmTransaction(rpc, signature, { transaction: bytes, clock: virtualClock() }));
    expect(error).toMatchObject({
      name: 'TransactionExpiredError',
      method: 'confirmTransaction',
      nonceAccount: nonceAccount.address,
    });
    expect(called('sendTransaction')).toStrictEqual([]);
  });

  it('with blockhash and lastValidBlockHeight given: landed at finalized', async () => {
    const { signature } = await signed();
    const events: ConfirmProgress[] = [];
    const { rpc } = scriptedRpc({ poll: (n) => (n < 2 ? null : status('finalized')) });
    const result = await confirmTransaction(rpc, signature, {
      blockhash: BLOCKHASH,
      lastValidBlockHeight: LAST_VALID,
      commitment: 'finalized',
      clock: virtualClock(),
      onProgress: (event) => events.push(event),
    });
    expect(result).toStrictEqual({ signature, slot: 5_000, commitment: 'finalized' });
    // Jumped straight to finalized: the lower levels are still told, in order.
    expect(events.map((event) => event.stage)).toStrictEqual(['processed', 'confirmed', 'finalized']);
  });

  it('with no lifetime at all, only timeoutMs ends it, and never as expired', async () => {
    const { signature } = await signed();
    const clock = virtualClock();
    const { rpc, called } = scriptedRpc({ poll: () => null });
    const error = await rejection(confirmTransaction(rpc, signature, { timeoutMs: 5_000, clock }));
    expect(error.name).toBe('TimeoutError');
    expect(clock.now()).toBe(5_000);
    // Polls at 0, 500, ... 4,500 ms: none is started at the deadline.
    expect(called('getSignatureStatuses').length).toBe(10);
  });

  it('refuses a malformed signature', async () => {
    const { rpc } = scriptedRpc({});
    // A rejection, never a synchronous throw, as every other outcome.
    const pending = confirmTransaction(rpc, 'nope');
    await expect(pending).rejects.toMatchObject({ name: 'InvalidInputError', param: 'signature' });
  });
});

describe('estimatePriorityFee', () => {
  const fees = [0n, 0n, 0n, 100n, 200n, 300n, 5_000n, 0n, 1_000n, 50n];
  const rpc = {
    getRecentPrioritizationFees: async (accounts?: readonly string[]) => {
      seen.push(accounts);
      return fees.map((prioritizationFee, i) => ({ slot: 1_000 + i, prioritizationFee }));
    },
  };
  const seen: unknown[] = [];

  it('returns the percentile by nearest rank, zero-fee slots counted', async () => {
    // Sorted: 0 0 0 0 50 100 200 300 1000 5000.
    await expect(estimatePriorityFee(rpc)).resolves.toBe(50n);
    await expect(estimatePriorityFee(rpc, { percentile: 75 })).resolves.toBe(300n);
    await expect(estimatePriorityFee(rpc, { percentile: 100 })).resolves.toBe(5_000n);
    await expect(estimatePriorityFee(rpc, { percentile: 0 })).resolves.toBe(0n);
    await expect(estimatePriorityFee(rpc, { percentile: 30, accounts: [payer.address] })).resolves.toBe(0n);
    expect(seen.at(-1)).toStrictEqual([payer.address]);
  });

  it('0n when no slot is reported; a percentile outside 0-100 is refused', async () => {
    await expect(estimatePriorityFee({ getRecentPrioritizationFees: async () => [] })).resolves.toBe(0n);
    await expect(estimatePriorityFee(rpc, { percentile: 101 })).rejects.toMatchObject({
      name: 'InvalidInputError',
      param: 'options.percentile',
    });
  });
});

describe('with a subscriptions client: signatureSubscribe races the poll', () => {
  const notified = new WeakSet<object>();
  /** Whether `server` has sent a signatureSubscribe notification yet. */
  const notifiedOnce = (server: object) => notified.has(server);
  /** A pubsub server that answers each signatureSubscribe with `result` (every 5 ms), as a node notifies. */
  async function notifyingServer(result: (signature: string) => unknown) {
    const server = await startPubsubServer();
    const timer = setInterval(() => {
      for (const sub of server.subscriptions.values()) {
        if (sub.method === 'signatureSubscribe') {
          if (server.notify('signatureSubscribe', result(String(sub.params[0]))) > 0) notified.add(server);
        }
      }
    }, 5);
    const stop = async () => {
      clearInterval(timer);
      await server.stop();
    };
    return { server, stop };
  }

  it('the notification cuts the wait short: the poll it calls resolves, without waiting a poll interval', {
    timeout: 20_000,
  }, async () => {
    const { bytes, signature } = await signed();
    const { server, stop } = await notifyingServer(() => ({ context: { slot: 5_001 }, value: { err: null } }));
    const subscriptions = createRpcSubscriptions(server.url);
    // The HTTP node shows it once notified; without the notification, the next poll would be a minute away.
    const { rpc } = scriptedRpc({ poll: () => (notifiedOnce(server) ? status('confirmed') : null) });
    const events: ConfirmProgress[] = [];
    try {
      const result = await sendAndConfirmTransaction(rpc, bytes, {
        subscriptions,
        pollIntervalMs: 60_000,
        resendIntervalMs: 60_000,
        onProgress: (event) => events.push(event),
      });
      // The slot of the block that holds it, read over HTTP; not the notification's own.
      expect(result).toStrictEqual({ signature, slot: 5_000, commitment: 'confirmed' });
      expect(events.map((e) => e.stage)).toStrictEqual(['sent', 'processed', 'confirmed']);
      const subscribe = server.requests.find((r) => r.method === 'signatureSubscribe');
      expect(subscribe?.params).toStrictEqual([signature, { commitment: 'confirmed' }]);
    } finally {
      subscriptions.close();
      await stop();
    }
  });

  it('a failure notified, then shown by the poll it calls, ends with TransactionFailedError and its logs', {
    timeout: 20_000,
  }, async () => {
    const { bytes, signature } = await signed();
    const err = { InstructionError: [0, { Custom: 1 }] };
    const { server, stop } = await notifyingServer(() => ({ context: { slot: 5_002 }, value: { err } }));
    const subscriptions = createRpcSubscriptions(server.url);
    const { rpc } = scriptedRpc({
      poll: () => (notifiedOnce(server) ? status('confirmed', err) : null),
      logs: ['Program log: insufficient funds'],
    });
    try {
      const error = await sendAndConfirmTransaction(rpc, bytes, {
        subscriptions,
        pollIntervalMs: 60_000,
        resendIntervalMs: 60_000,
      }).catch((e: unknown) => e);
      expect(isSolRpcError(error, 'TransactionFailedError')).toBe(true);
      expect(error).toMatchObject({ signature, slot: 5_000, err, logs: ['Program log: insufficient funds'] });
    } finally {
      subscriptions.close();
      await stop();
    }
  });

  it('a refused subscription leaves the poll to answer, and the subscription is closed after', {
    timeout: 20_000,
  }, async () => {
    const { bytes, signature } = await signed();
    const server = await startPubsubServer();
    server.refuse.set('signatureSubscribe', { code: -32601, message: 'Method not found' });
    const subscriptions = createRpcSubscriptions(server.url);
    const { rpc } = scriptedRpc({ poll: (n) => (n < 3 ? null : status('confirmed')) });
    try {
      const result = await sendAndConfirmTransaction(rpc, bytes, { subscriptions, clock: virtualClock() });
      expect(result).toStrictEqual({ signature, slot: 5_000, commitment: 'confirmed' });
    } finally {
      subscriptions.close();
      await server.stop();
    }
  });

  it('when the poll wins, the subscription is unsubscribed', { timeout: 20_000 }, async () => {
    const { bytes } = await signed();
    const server = await startPubsubServer();
    const subscriptions = createRpcSubscriptions(server.url);
    let polls = 0;
    const { rpc } = scriptedRpc({
      // Answers once the server holds the subscription: the poll wins the race.
      poll: () => (++polls > 1 && server.subscriptions.size === 1 ? status('confirmed') : null),
    });
    try {
      await sendAndConfirmTransaction(rpc, bytes, { subscriptions, pollIntervalMs: 5, resendIntervalMs: 60_000 });
      while (!server.requests.some((r) => r.method === 'signatureUnsubscribe')) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(server.subscriptions.size).toBe(0);
    } finally {
      subscriptions.close();
      await server.stop();
    }
  });
});
