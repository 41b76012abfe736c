/**
 * sendAndConfirmTransaction against the litesvm JSON-RPC server over real HTTP: real transfers signed with
 * @solana/kit, executed by the Solana runtime. The chain moves only through the server's advance(): the
 * injected clock produces blocks at each wait instead of passing wall time, so every outcome is decided
 * by block heights, never by how fast the machine is. Each test's timeout only guards against a hang.
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConfirmClock,
  type ConfirmProgress,
  createRpc,
  isSolRpcError,
  type Rpc,
  type SendAndConfirmRpc,
  sendAndConfirmTransaction,
  type TransactionExpiredError,
  type TransactionFailedError,
} from '../../src/index.js';
import { type LitesvmRpcServer, MAX_PROCESSING_AGE, startLitesvmRpc } from '../support/litesvmRpc.js';

const HANG = { timeout: 60_000 };
const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
let server: LitesvmRpcServer;
let rpc: Rpc;
let client: SendAndConfirmRpc;
let payer: KeyPairSigner;

/**
 * Time measured in blocks: each wait produces `blocks` blocks (and lets the event loop turn), whatever
 * the milliseconds asked; `onWait` runs before, with the count of waits so far.
 */
function chainClock(blocks = 1, onWait?: (waits: number) => void): ConfirmClock {
  let time = 0;
  let waits = 0;
  return {
    now: () => time,
    async sleep(ms) {
      time += ms;
      waits++;
      onWait?.(waits);
      server.advance(blocks);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/** A signed transfer of `amount` from `from` on the confirmed blockhash: its bytes, signature and last valid height. */
async function transfer(from: KeyPairSigner, amount: bigint) {
  const to = await generateKeyPairSigner();
  const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' });
  const data = new Uint8Array(12);
  new DataView(data.buffer).setUint32(0, 2, true);
  new DataView(data.buffer).setBigUint64(4, amount, true);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    // solrpc's blockhash lifetime is kit's, as it is.
    (m) => setTransactionMessageLifetimeUsingBlockhash(value, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          {
            programAddress: SYSTEM_PROGRAM,
            accounts: [
              { address: from.address, role: AccountRole.WRITABLE_SIGNER, signer: from } as never,
              { address: to.address, role: AccountRole.WRITABLE },
            ],
            data,
          },
        ],
        m,
      ),
  );
  const tx = await signTransactionMessageWithSigners(message);
  return {
    bytes: new Uint8Array(getTransactionEncoder().encode(tx)),
    signature: getSignatureFromTransaction(tx),
    lastValidBlockHeight: value.lastValidBlockHeight,
    to: to.address,
  };
}

/** The client, each error its calls throw recorded as `name code-or-status` before it reaches the loop. */
function recording(base: SendAndConfirmRpc, errors: string[]): SendAndConfirmRpc {
  const wrap =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        const { name, code, status } = error as { name: string; code?: number; status?: number };
        errors.push(`${name} ${code ?? status}`);
        throw error;
      }
    };
  return {
    ...base,
    getSignatureStatuses: wrap(base.getSignatureStatuses) as SendAndConfirmRpc['getSignatureStatuses'],
    getBlockHeight: wrap(base.getBlockHeight) as SendAndConfirmRpc['getBlockHeight'],
    sendTransaction: wrap(base.sendTransaction),
  };
}

beforeAll(async () => {
  server = await startLitesvmRpc();
  rpc = createRpc(server.url, { timeoutMs: 10_000, retry: false, batch: false });
  // The real client: its sendTransaction checks the bytes and sends base64.
  client = rpc;
  payer = await generateKeyPairSigner();
  server.svm.airdrop(payer.address, lamports(100_000_000_000n));
}, 60_000);
afterAll(() => server?.close());

function resetFaults(): void {
  server.dropSends = false;
  server.holdSends = false;
}

describe('sendAndConfirmTransaction over HTTP', () => {
  it('a transfer: confirmed, the lamports arrive; progress sent, processed, confirmed', HANG, async () => {
    const { bytes, signature, lastValidBlockHeight, to } = await transfer(payer, 1_000_000n);
    const events: ConfirmProgress[] = [];
    const result = await sendAndConfirmTransaction(client, bytes, {
      lastValidBlockHeight,
      clock: chainClock(),
      onProgress: (event) => events.push(event),
    });
    expect(result).toMatchObject({ signature, commitment: 'confirmed' });
    const [status] = (await rpc.getSignatureStatuses([signature])).value;
    expect(status?.slot).toBe(result.slot);
    expect((await rpc.getBalance(to)).value).toBe(1_000_000n);
    expect(events.map((event) => event.stage)).toStrictEqual(['sent', 'processed', 'confirmed']);
  });

  it('a transfer to finalized: 32 blocks later, with one status per level', HANG, async () => {
    const { bytes, signature, lastValidBlockHeight } = await transfer(payer, 1_000_000n);
    const events: ConfirmProgress[] = [];
    const result = await sendAndConfirmTransaction(client, bytes, {
      lastValidBlockHeight,
      commitment: 'finalized',
      clock: chainClock(),
      onProgress: (event) => events.push(event),
    });
    expect(result).toMatchObject({ signature, commitment: 'finalized' });
    expect(Number(server.slotAt('finalized'))).toBeGreaterThanOrEqual(result.slot);
    expect(events.map((event) => event.stage)).toStrictEqual(['sent', 'processed', 'confirmed', 'finalized']);
  });

  it('insufficient funds with skipPreflight: TransactionFailedError with the runtime err and logs', HANG, async () => {
    const poor = await generateKeyPairSigner();
    server.svm.airdrop(poor.address, lamports(1_000_000n));
    const { bytes, signature, lastValidBlockHeight } = await transfer(poor, 5_000_000n);
    const error = await sendAndConfirmTransaction(client, bytes, {
      lastValidBlockHeight,
      skipPreflight: true,
      clock: chainClock(),
    }).catch((e: unknown) => e);
    expect(isSolRpcError(error, 'TransactionFailedError')).toBe(true);
    const failed = error as TransactionFailedError;
    expect(failed.signature).toBe(signature);
    expect(failed.err).toStrictEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(failed.logs).toContain('Program 11111111111111111111111111111111 failed: custom program error: 0x1');
  });

  it('every send dropped until the blockhash expires: TransactionExpiredError, after a last search', HANG, async () => {
    const { bytes, signature, lastValidBlockHeight } = await transfer(payer, 1_000_000n);
    server.dropSends = true;
    try {
      const error = await sendAndConfirmTransaction(client, bytes, {
        lastValidBlockHeight,
        // 10 blocks a wait: the 150-block lifetime passes in about 16 polls.
        clock: chainClock(10),
      }).catch((e: unknown) => e);
      expect(isSolRpcError(error, 'TransactionExpiredError')).toBe(true);
      const expired = error as TransactionExpiredError;
      expect(expired.lastValidBlockHeight).toBe(Number(lastValidBlockHeight));
      expect(expired.blockHeight).toBeGreaterThan(lastValidBlockHeight);
      expect(expired.retryable).toBe(false);
      // The last request: the signature searched in the ledger, found nowhere.
      expect(server.requests.at(-1)).toMatchObject({
        method: 'getSignatureStatuses',
        params: [[signature], { searchTransactionHistory: true }],
      });
      const sends = server.requests.filter((r) => r.method === 'sendTransaction');
      expect(sends.length).toBeGreaterThan(1);
      expect(sends.at(-1)?.params).toMatchObject([expect.any(String), { maxRetries: 0, skipPreflight: true }]);
    } finally {
      resetFaults();
    }
  });

  it('without lastValidBlockHeight, isBlockhashValid tells the expiry', HANG, async () => {
    const { bytes } = await transfer(payer, 1_000_000n);
    server.dropSends = true;
    try {
      const error = await sendAndConfirmTransaction(client, bytes, { clock: chainClock(10) }).catch((e: unknown) => e);
      expect(isSolRpcError(error, 'TransactionExpiredError')).toBe(true);
      expect(server.requests.some((r) => r.method === 'isBlockhashValid')).toBe(true);
    } finally {
      resetFaults();
    }
  });

  it('sends held, then released before expiry: confirmed', HANG, async () => {
    const { bytes, signature, lastValidBlockHeight } = await transfer(payer, 1_000_000n);
    server.holdSends = true;
    let released: string[] = [];
    const clock = chainClock(5, (waits) => {
      // After 100 blocks, well inside the 150-block lifetime: what was held lands now.
      if (waits === 20) {
        server.holdSends = false;
        released = server.releaseHeld();
      }
    });
    try {
      const result = await sendAndConfirmTransaction(client, bytes, { lastValidBlockHeight, clock });
      expect(result).toMatchObject({ signature, commitment: 'confirmed' });
      // The first copy held lands; the resent copies are the same transaction, never run twice.
      expect(released).toStrictEqual([signature]);
      expect(Number(server.blockHeight)).toBeLessThanOrEqual(Number(lastValidBlockHeight) + MAX_PROCESSING_AGE);
    } finally {
      resetFaults();
    }
  });

  it('landed just before expiry, hidden by lagging statuses until after it: never reported expired', HANG, async () => {
    const { bytes, signature, lastValidBlockHeight } = await transfer(payer, 1_000_000n);
    server.holdSends = true;
    let released: string[] = [];
    const clock = chainClock(5, () => {
      if (released.length === 0 && server.blockHeight >= lastValidBlockHeight - 10n) {
        // The status answers freeze as of this slot, then the held transfer lands in its block.
        server.lagStatuses(40);
        server.holdSends = false;
        released = server.releaseHeld();
      }
    });
    const start = server.requests.length;
    try {
      const result = await sendAndConfirmTransaction(client, bytes, { lastValidBlockHeight, clock });
      expect(released).toStrictEqual([signature]);
      // Seen once the statuses caught up, long after its blockhash expired: rooted by then.
      expect(result).toMatchObject({ signature, commitment: 'finalized' });
      // The lifetime ended while the statuses lagged: isBlockhashValid said so, last looks were asked, from
      // slots older than the view that said it, and none was believed.
      const looks = server.requests
        .slice(start)
        .filter(
          (r) =>
            r.method === 'getSignatureStatuses' &&
            (r.params as [unknown, { searchTransactionHistory?: boolean }?])[1]?.searchTransactionHistory,
        );
      expect(looks.length).toBeGreaterThan(0);
      expect(server.requests.slice(start).some((r) => r.method === 'isBlockhashValid')).toBe(true);
    } finally {
      resetFaults();
    }
  });

  it('statuses lagging behind the chain: the landing is seen once they catch up', HANG, async () => {
    const { bytes, signature, lastValidBlockHeight } = await transfer(payer, 1_000_000n);
    // The next 5 status answers are as of now, before the transaction lands.
    server.lagStatuses(5);
    const start = server.requests.length;
    const result = await sendAndConfirmTransaction(client, bytes, { lastValidBlockHeight, clock: chainClock() });
    expect(result).toMatchObject({ signature, commitment: 'confirmed' });
    const polls = server.requests.slice(start).filter((r) => r.method === 'getSignatureStatuses');
    expect(polls.length).toBeGreaterThanOrEqual(6);
  });

  it('the node unhealthy (-32005) mid-way: the loop retries and confirms', HANG, async () => {
    const { bytes, signature, lastValidBlockHeight } = await transfer(payer, 1_000_000n);
    server.holdSends = true;
    const clock = chainClock(1, (waits) => {
      if (waits === 2) server.markUnhealthy(6, 42);
      if (waits === 6) {
        server.holdSends = false;
        server.releaseHeld();
      }
    });
    const errors: string[] = [];
    try {
      const result = await sendAndConfirmTransaction(recording(client, errors), bytes, { lastValidBlockHeight, clock });
      expect(result).toMatchObject({ signature, commitment: 'confirmed' });
      // The client does not retry here (retry: false): every -32005 reached the loop, which went on.
      expect(errors).toStrictEqual(Array.from({ length: 6 }, () => 'RpcError -32005'));
    } finally {
      resetFaults();
    }
  });

  it('rate limited (HTTP 429) while polling: the loop retries and confirms', HANG, async () => {
    const { bytes, signature, lastValidBlockHeight } = await transfer(payer, 1_000_000n);
    const clock = chainClock(1, (waits) => {
      if (waits === 1) server.rateLimit(4);
    });
    const errors: string[] = [];
    const result = await sendAndConfirmTransaction(recording(client, errors), bytes, { lastValidBlockHeight, clock });
    expect(result).toMatchObject({ signature, commitment: 'confirmed' });
    expect(errors.length).toBe(4);
    expect(new Set(errors.map((e) => e.split(' ')[1]))).toStrictEqual(new Set(['429']));
  });
});
