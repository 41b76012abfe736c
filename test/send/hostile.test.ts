/**
 * Confirmation against real loopback servers that misbehave: silent, lagging behind a failover list,
 * lying about statuses, or given a stale `lastValidBlockHeight` by the caller. Each case is a defect once
 * seen from outside; the outcome, not the time, decides each test (deadlines only guard against a hang).
 */
import { getEventListeners } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeTransaction } from '../../src/codecs/transaction.js';
import {
  type ConfirmProgress,
  confirmTransaction,
  createRpc,
  createRpcSubscriptions,
  isSolRpcError,
  sendAndConfirmTransaction,
} from '../../src/index.js';
import { closedAfterEach, startServer, type TestServer } from '../support/httpServer.js';
import { startPubsubServer } from '../support/pubsubServer.js';
import { signedWalletTransfer } from '../support/walletTransfer.js';

const HANG = { timeout: 20_000 };
const BLOCKHASH = encodeBase58(new Uint8Array(32).fill(7));

type Answer = unknown | { error: { code: number; message: string; data?: unknown } } | 'silent';

/** Serves JSON-RPC from `answer(method, params)`: a result, an error, or silence (the socket held open). */
async function rpcServer(answer: (method: string, params: unknown[]) => Answer): Promise<TestServer> {
  const server = await startServer();
  server.reply((request, response) => {
    const { id, method, params } = request.json as { id: number; method: string; params?: unknown[] };
    const outcome = answer(method, params ?? []);
    if (outcome === 'silent') return;
    response.setHeader('content-type', 'application/json');
    const body =
      typeof outcome === 'object' && outcome !== null && 'error' in outcome
        ? { jsonrpc: '2.0', id, error: (outcome as { error: unknown }).error }
        : { jsonrpc: '2.0', id, result: outcome };
    response.end(JSON.stringify(body));
  });
  return server;
}

const track = closedAfterEach();

let bytes: Uint8Array;
let signature: string;
beforeAll(async () => {
  const { wire } = await signedWalletTransfer(3, { blockhash: BLOCKHASH, lastValidBlockHeight: 0 });
  bytes = new Uint8Array(Buffer.from(wire, 'base64'));
  signature = decodeTransaction(bytes).signatures[0] as string;
});

/** A chain whose slot moves on one per request: the status found after `landsAfter` polls. */
function chain(options: { landsAfter: number; lag?: number; validFor?: number }) {
  let slot = 300_000_000;
  let polls = 0;
  const statusAt = (at: number) =>
    polls > options.landsAfter
      ? {
          slot: at - 2,
          confirmations: 1,
          err: null,
          status: { Ok: null },
          confirmationStatus: 'confirmed',
        }
      : null;
  return {
    answer(method: string, params: unknown[]): Answer {
      slot++;
      const here = slot - (options.lag ?? 0);
      const config = (params.at(-1) ?? {}) as { minContextSlot?: number };
      if (config.minContextSlot !== undefined && here < config.minContextSlot) {
        return {
          error: { code: -32016, message: 'Minimum context slot has not been reached', data: { contextSlot: here } },
        };
      }
      switch (method) {
        case 'sendTransaction':
          return signature;
        case 'getSignatureStatuses':
          if (!(params[1] as { searchTransactionHistory?: boolean } | undefined)?.searchTransactionHistory) polls++;
          return { context: { slot: here }, value: [statusAt(here)] };
        case 'getBlockHeight':
          return here - 20_000_000;
        case 'isBlockhashValid':
          // A node behind (lag) has not seen the blockhash yet: it says false, as agave does; the blockhash
          // is over `validFor` slots after the chain's first.
          return { context: { slot: here }, value: !options.lag && here <= 300_000_000 + (options.validFor ?? 1e9) };
        default:
          return { error: { code: -32601, message: 'Method not found' } };
      }
    },
  };
}

describe('confirmation against hostile servers', () => {
  it(
    'a node that accepts and never answers: timeoutMs bounds the call, the request in flight aborted',
    HANG,
    async () => {
      const server = track(await rpcServer(() => 'silent'));
      // The client's own bounds (60 s a call) are far beyond the test's guard: only timeoutMs can end it in time.
      const rpc = createRpc(server.url, { timeoutMs: 60_000 });
      const error = await confirmTransaction(rpc, signature, { blockhash: BLOCKHASH, timeoutMs: 500 }).catch((e) => e);
      expect(isSolRpcError(error, 'TimeoutError')).toBe(true);
      expect(error.method).toBe('confirmTransaction');
      expect(error.message).toContain('did not reach confirmed within 500 ms');
      expect(server.requests.map((request) => (request.json as { method: string }).method)).toStrictEqual([
        'getSignatureStatuses',
      ]);
    },
  );

  it('a silent first send is bounded too: sendAndConfirmTransaction rejects with its TimeoutError', HANG, async () => {
    const server = track(await rpcServer(() => 'silent'));
    const rpc = createRpc(server.url, { timeoutMs: 60_000 });
    const error = await sendAndConfirmTransaction(rpc, bytes, { timeoutMs: 500 }).catch((e) => e);
    expect(isSolRpcError(error, 'TimeoutError')).toBe(true);
    expect(error.method).toBe('sendAndConfirmTransaction');
  });

  it('a stale lastValidBlockHeight: never "expired" while the node accepts the blockhash; it lands', HANG, async () => {
    const world = chain({ landsAfter: 3 });
    const server = track(await rpcServer((method, params) => world.answer(method, params)));
    const events: ConfirmProgress[] = [];
    const result = await sendAndConfirmTransaction(createRpc(server.url), bytes, {
      // Far below the blockhash's own height, as a retry loop keeping an old height would pass it.
      lastValidBlockHeight: 1_000,
      pollIntervalMs: 10,
      onProgress: (event) => events.push(event),
    });
    expect(result).toMatchObject({ signature, commitment: 'confirmed' });
    expect(events.map((event) => event.stage)).toStrictEqual(['sent', 'stale-height', 'processed', 'confirmed']);
  });

  it(
    'a blockhash that expires soon after the send: expired as soon as the node says so, not a blockhash life later',
    HANG,
    async () => {
      // Valid for 20 more slots (a blockhash read long before the send); the transaction never lands.
      const world = chain({ landsAfter: Number.POSITIVE_INFINITY, validFor: 20 });
      const server = track(await rpcServer((method, params) => world.answer(method, params)));
      const error = await sendAndConfirmTransaction(createRpc(server.url), bytes, {
        lastValidBlockHeight: 300_000_020 - 20_000_000,
        pollIntervalMs: 1,
      }).catch((e) => e);
      expect(error.name).toBe('TransactionExpiredError');
      // One slot a request: the verdict came within a few polls of the expiry, not 150 slots past the start.
      expect(server.requests.length).toBeLessThan(100);
    },
  );

  it('a failover list with a lagging node: its false about the blockhash never ends the call', HANG, async () => {
    const current = chain({ landsAfter: 6 });
    let refuse = 0;
    // A answers the polls but fails every expiry question, so those go to B, 50 slots behind.
    const a = track(
      await rpcServer((method, params) =>
        method === 'isBlockhashValid' && refuse++ >= 0
          ? { error: { code: -32005, message: 'Node is behind by 3 slots', data: { numSlotsBehind: 3 } } }
          : current.answer(method, params),
      ),
    );
    const lagging = chain({ landsAfter: 1_000, lag: 50 });
    const b = track(await rpcServer((method, params) => lagging.answer(method, params)));
    const c = track(await rpcServer((method, params) => current.answer(method, params)));
    const rpc = createRpc([a.url, b.url, c.url], { retry: { baseDelayMs: 0, maxDelayMs: 0 } });
    const result = await confirmTransaction(rpc, signature, { blockhash: BLOCKHASH, pollIntervalMs: 10 });
    expect(result).toMatchObject({ signature, commitment: 'confirmed' });
    // B was asked and answered -32016 (its view older than the call's), never believed.
    expect(b.requests.some((request) => (request.json as { method: string }).method === 'isBlockhashValid')).toBe(true);
  });

  /** Confirms against a node whose every answer is one finalized status, `lie` made of it; returns the error. */
  async function confirmAgainstLie(lie: { slot: number; status: object }) {
    const finalized = { confirmations: null, err: null, confirmationStatus: 'finalized', ...lie };
    const server = track(await rpcServer(() => ({ context: { slot: 330_000_000 }, value: [finalized] })));
    return confirmTransaction(createRpc(server.url), signature, { blockhash: BLOCKHASH }).catch((e) => e);
  }

  it('a contradictory status is an invalid response (ValidationError), never a success', HANG, async () => {
    const error = await confirmAgainstLie({ slot: 329_999_990, status: { Err: 'AccountInUse' } });
    expect(isSolRpcError(error, 'ValidationError')).toBe(true);
    expect(error.path).toBe('result.value.0.status');
  });

  it("a success at a slot beyond the node's own is an invalid response, never a success", HANG, async () => {
    const error = await confirmAgainstLie({ slot: 999_999_999_999, status: { Ok: null } });
    expect(isSolRpcError(error, 'ValidationError')).toBe(true);
    expect(error.path).toBe('result.value.0.slot');
  });

  for (const value of [[], [null, null]]) {
    it(
      `statuses of the wrong length (${value.length} for 1 signature) are an invalid response, never "not found"`,
      HANG,
      async () => {
        let slot = 300_000_000;
        let polls = 0;
        const server = track(
          await rpcServer((method) => {
            slot++;
            if (method === 'getSignatureStatuses') {
              polls++;
              return { context: { slot }, value };
            }
            if (method === 'isBlockhashValid') return { context: { slot }, value: polls < 3 };
            return { error: { code: -32601, message: 'Method not found' } };
          }),
        );
        const error = await confirmTransaction(createRpc(server.url), signature, {
          blockhash: BLOCKHASH,
          pollIntervalMs: 1,
        }).catch((e) => e);
        // Read as "not found", it ended as expired: a transaction that landed would be signed and paid again.
        expect(error).toMatchObject({ name: 'ValidationError', path: 'result.value' });
      },
    );
  }

  it('lastValidBlockHeight without its blockhash is refused before any request', async () => {
    const server = track(await rpcServer(() => 'silent'));
    const error = await confirmTransaction(createRpc(server.url), signature, { lastValidBlockHeight: 5 }).catch(
      (e) => e,
    );
    expect(error).toMatchObject({ name: 'InvalidInputError', param: 'options.lastValidBlockHeight' });
    expect(server.requests).toStrictEqual([]);
  });
});

/** A nonce account as getAccountInfo answers it (base64): initialized, its stored nonce filled with `seed`. */
function nonceAccountAnswer(slot: number, seed: number | null) {
  if (seed === null) return { context: { slot }, value: null };
  const data = new Uint8Array(80);
  data.set([1, 0, 0, 0, 1, 0, 0, 0], 0);
  data.set(new Uint8Array(32).fill(3), 8);
  data.set(new Uint8Array(32).fill(seed), 40);
  return {
    context: { slot },
    value: {
      data: [Buffer.from(data).toString('base64'), 'base64'],
      executable: false,
      lamports: 1_447_680,
      owner: '11111111111111111111111111111111',
      rentEpoch: 0,
      space: 80,
    },
  };
}

const NONCE_ACCOUNT = encodeBase58(new Uint8Array(32).fill(21));
const OLD_NONCE = 8;
const NONCE = 9;

describe('confirmation against hostile servers, further', () => {
  it('a durable nonce read from a bank behind its latest advance is no expiry: it lands', HANG, async () => {
    // One honest node. The transaction was signed on the nonce value the processed bank holds; the
    // confirmed bank, a slot or two behind, still holds the value before (the advance not yet confirmed).
    let slot = 300_000_000;
    let polls = 0;
    const server = track(
      await rpcServer((method, params) => {
        slot++;
        const config = (params.at(-1) ?? {}) as { commitment?: string };
        if (method === 'getSignatureStatuses') {
          polls++;
          const found = polls > 4;
          return {
            context: { slot },
            value: [
              found
                ? { slot: slot - 1, confirmations: 1, err: null, status: { Ok: null }, confirmationStatus: 'confirmed' }
                : null,
            ],
          };
        }
        if (method === 'getAccountInfo') {
          return config.commitment === 'processed'
            ? nonceAccountAnswer(slot, NONCE)
            : nonceAccountAnswer(slot - 2, polls < 3 ? OLD_NONCE : NONCE);
        }
        if (method === 'getBlockHeight') return slot - 20_000_000;
        return { error: { code: -32601, message: 'Method not found' } };
      }),
    );
    const result = await confirmTransaction(createRpc(server.url), signature, {
      nonceAccount: NONCE_ACCOUNT,
      blockhash: encodeBase58(new Uint8Array(32).fill(NONCE)),
      pollIntervalMs: 5,
    });
    expect(result).toMatchObject({ signature, commitment: 'confirmed' });
  });

  it(
    'a durable nonce read from a lagging node of a failover list, behind the account: no false expiry',
    HANG,
    async () => {
      let slot = 300_000_000;
      let polls = 0;
      const CREATED = 300_000_010;
      const nonceAt = (here: number) => nonceAccountAnswer(here, here >= CREATED ? NONCE : null);
      // A answers polls but refuses every nonce read with 503, so those go to B, 50 slots behind the account.
      const a = track(await startServer());
      a.reply((request, response) => {
        const { id, method } = request.json as { id: number; method: string };
        slot++;
        if (method === 'getAccountInfo') {
          response.statusCode = 503;
          response.end('busy');
          return;
        }
        polls++;
        const found = polls > 8;
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id,
            result: {
              context: { slot: CREATED + 20 + slot - 300_000_000 },
              value: [
                found
                  ? {
                      slot: CREATED + 15,
                      confirmations: 1,
                      err: null,
                      status: { Ok: null },
                      confirmationStatus: 'confirmed',
                    }
                  : null,
              ],
            },
          }),
        );
      });
      const b = track(
        await rpcServer((method, params) => {
          const here = CREATED + 20 + slot - 300_000_000 - 50;
          const config = (params.at(-1) ?? {}) as { minContextSlot?: number };
          // B ignores minContextSlot, as some proxies do.
          void config;
          if (method === 'getAccountInfo') return nonceAt(here);
          return { error: { code: -32005, message: 'Node is behind by 50 slots', data: { numSlotsBehind: 50 } } };
        }),
      );
      const rpc = createRpc([a.url, b.url], { retry: { baseDelayMs: 0, maxDelayMs: 0 } });
      const result = await confirmTransaction(rpc, signature, {
        nonceAccount: NONCE_ACCOUNT,
        blockhash: encodeBase58(new Uint8Array(32).fill(NONCE)),
        pollIntervalMs: 5,
      });
      expect(result).toMatchObject({ signature, commitment: 'confirmed' });
    },
  );
});

describe('durable nonce: a value never seen held', () => {
  it(
    "is believed once the view is a blockhash life (150 slots) past the call's first: expired, not a timeout",
    HANG,
    async () => {
      let slot = 300_000_000;
      const server = track(
        await rpcServer((method) => {
          slot++;
          if (method === 'getSignatureStatuses') return { context: { slot }, value: [null] };
          // Closed before the call began (or advanced by another transaction): never the nonce signed on.
          if (method === 'getAccountInfo') return nonceAccountAnswer(slot, OLD_NONCE);
          if (method === 'getBlockHeight') return slot - 20_000_000;
          return { error: { code: -32601, message: 'Method not found' } };
        }),
      );
      const error = await confirmTransaction(createRpc(server.url), signature, {
        nonceAccount: NONCE_ACCOUNT,
        blockhash: encodeBase58(new Uint8Array(32).fill(NONCE)),
        pollIntervalMs: 0,
      }).catch((e) => e);
      expect(error).toMatchObject({ name: 'TransactionExpiredError', nonceAccount: NONCE_ACCOUNT });
      // Not before a view 150 slots on from the first poll's (one slot per request in this server).
      const reads = server.requests.filter((r) => (r.json as { method: string }).method === 'getAccountInfo');
      expect(reads.length).toBeGreaterThanOrEqual(50);
    },
  );
});

describe('a subscriptions client that lies', () => {
  /** HTTP: the signature is never found; the blockhash valid for `validPolls` polls, then expired. */
  function neverLands(validPolls: number) {
    let slot = 300_000_000;
    let polls = 0;
    return rpcServer((method) => {
      slot++;
      if (method === 'sendTransaction') return signature;
      if (method === 'getSignatureStatuses') {
        polls++;
        return { context: { slot }, value: [null] };
      }
      if (method === 'isBlockhashValid') return { context: { slot }, value: polls <= validPolls };
      if (method === 'getBlockHeight') return slot - 20_000_000;
      if (method === 'getTransaction') return null;
      return { error: { code: -32601, message: 'Method not found' } };
    });
  }

  for (const [what, err] of [
    ['success', null],
    ['failure', { InstructionError: [0, { Custom: 1 }] }],
  ] as const) {
    it(
      `a notified ${what} the HTTP node never shows is never an outcome: expired, as the chain says`,
      HANG,
      async () => {
        const server = track(await neverLands(5));
        const pubsub = await startPubsubServer();
        const timer = setInterval(() => {
          pubsub.notify('signatureSubscribe', { context: { slot: 300_000_003 }, value: { err } });
        }, 2);
        const subscriptions = createRpcSubscriptions(pubsub.url);
        try {
          const error = await sendAndConfirmTransaction(createRpc(server.url), bytes, {
            subscriptions,
            pollIntervalMs: 20,
          }).catch((e) => e);
          expect(error).toMatchObject({ name: 'TransactionExpiredError', signature });
          // The socket was listened to: it notified before the call ended.
          expect(pubsub.requests.some((r) => r.method === 'signatureSubscribe')).toBe(true);
        } finally {
          clearInterval(timer);
          subscriptions.close();
          await pubsub.stop();
        }
      },
    );
  }
});

describe('one AbortSignal shared by many calls', () => {
  it(
    '200 concurrent calls: at most one listener on the signal, no warning; abort rejects all with AbortError, none left',
    HANG,
    async () => {
      let slot = 300_000_000;
      // Half the polls are held a while, so requests are in flight when the signal is counted and aborted.
      let held = 0;
      const server = track(await startServer());
      server.reply((request, response) => {
        const { id, method } = request.json as { id: number; method: string };
        slot++;
        const result =
          method === 'getSignatureStatuses'
            ? { context: { slot }, value: [null] }
            : method === 'isBlockhashValid'
              ? { context: { slot }, value: true }
              : method === 'sendTransaction'
                ? signature
                : slot - 20_000_000;
        const send = () => {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
        };
        if (held++ % 2 === 0) setTimeout(send, 30);
        else send();
      });
      const warnings: Error[] = [];
      const onWarning = (warning: Error) => warnings.push(warning);
      process.on('warning', onWarning);
      try {
        const controller = new AbortController();
        const rpc = createRpc(server.url);
        let most = 0;
        const count = () => {
          most = Math.max(most, getEventListeners(controller.signal, 'abort').length);
        };
        const calls = Array.from({ length: 200 }, (_, i) =>
          (i % 2 === 0
            ? confirmTransaction(rpc, encodeBase58(new Uint8Array(64).fill(i + 1)), {
                blockhash: BLOCKHASH,
                pollIntervalMs: 7,
                signal: controller.signal,
              })
            : sendAndConfirmTransaction(rpc, bytes, { pollIntervalMs: 7, signal: controller.signal })
          ).catch((e) => e),
        );
        // Counted while the calls poll and sleep, requests in flight among them (identical polls of the
        // calls on one signature share a request: the transport coalesces them).
        while (server.requests.length < 300) {
          count();
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        controller.abort(new Error('shutting down'));
        const outcomes = await Promise.all(calls);
        expect(outcomes.every((error) => isSolRpcError(error, 'AbortError'))).toBe(true);
        expect(getEventListeners(controller.signal, 'abort').length).toBe(0);
        expect(most).toBeLessThanOrEqual(2);
        expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toStrictEqual([]);
      } finally {
        process.off('warning', onWarning);
      }
    },
  );

  it('calls ended by their outcome leave no listener on a signal that lives on', HANG, async () => {
    const world = chain({ landsAfter: 2 });
    const server = track(await rpcServer((method, params) => world.answer(method, params)));
    const controller = new AbortController();
    const rpc = createRpc(server.url);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        confirmTransaction(rpc, signature, { blockhash: BLOCKHASH, pollIntervalMs: 1, signal: controller.signal }),
      ),
    );
    expect(results.every((result) => result.commitment === 'confirmed')).toBe(true);
    expect(getEventListeners(controller.signal, 'abort').length).toBe(0);
  });

  it('an already-aborted signal: AbortError before any request, with its reason', async () => {
    const server = track(await rpcServer(() => 'silent'));
    const reason = new Error('gone');
    const signal = AbortSignal.abort(reason);
    const rpc = createRpc(server.url);
    const [confirmError, sendError] = await Promise.all([
      confirmTransaction(rpc, signature, { blockhash: BLOCKHASH, signal }).catch((e) => e),
      sendAndConfirmTransaction(rpc, bytes, { signal }).catch((e) => e),
    ]);
    expect(confirmError).toMatchObject({ name: 'AbortError', method: 'confirmTransaction' });
    expect(sendError).toMatchObject({ name: 'AbortError', method: 'sendAndConfirmTransaction' });
    expect(confirmError.cause ?? confirmError.reason).toBe(reason);
    expect(server.requests).toStrictEqual([]);
  });
});

/** Virtual time for the waits (requests still go over loopback): `sleep` moves it on at once. */
function virtualClock() {
  let time = 0;
  return {
    now: () => time,
    async sleep(ms: number, signal?: AbortSignal) {
      if (signal?.aborted) throw signal.reason;
      time += ms;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('a lastValidBlockHeight that is wrong', () => {
  /** One slot per request; the blockhash valid for `validPolls` polls, never landed. */
  function expiringChain(validPolls: number) {
    let slot = 300_000_000;
    let polls = 0;
    return (method: string, params: unknown[]): Answer => {
      slot++;
      const config = (params.at(-1) ?? {}) as { minContextSlot?: number };
      if (config.minContextSlot !== undefined && slot < config.minContextSlot) {
        return { error: { code: -32016, message: 'Minimum context slot has not been reached' } };
      }
      if (method === 'sendTransaction') return signature;
      if (method === 'getSignatureStatuses') {
        if (!(params[1] as { searchTransactionHistory?: boolean } | undefined)?.searchTransactionHistory) polls++;
        return { context: { slot }, value: [null] };
      }
      if (method === 'isBlockhashValid') return { context: { slot }, value: polls <= validPolls };
      if (method === 'getBlockHeight') return slot - 20_000_000;
      return { error: { code: -32601, message: 'Method not found' } };
    };
  }

  it(
    'higher than the real one (from a newer blockhash): the expiry is still found, not left to timeoutMs',
    HANG,
    async () => {
      const answer = expiringChain(5);
      const server = track(await rpcServer(answer));
      const events: ConfirmProgress[] = [];
      const error = await sendAndConfirmTransaction(createRpc(server.url), bytes, {
        // Far above any height this blockhash could have.
        lastValidBlockHeight: 290_000_000,
        clock: virtualClock(),
        onProgress: (event) => events.push(event),
      }).catch((e) => e);
      expect(error).toMatchObject({ name: 'TransactionExpiredError', signature });
      // The height given proved wrong: the error does not claim it, nor a height "past" it.
      expect(error).toMatchObject({ lastValidBlockHeight: null });
      expect(error.message).toContain('its blockhash is no longer valid');
    },
  );

  it(
    'lower than the real one: expired once the node says so, the error not claiming the stale height',
    HANG,
    async () => {
      const server = track(await rpcServer(expiringChain(5)));
      const events: ConfirmProgress[] = [];
      const error = await sendAndConfirmTransaction(createRpc(server.url), bytes, {
        lastValidBlockHeight: 1_000,
        clock: virtualClock(),
        onProgress: (event) => events.push(event),
      }).catch((e) => e);
      expect(error).toMatchObject({ name: 'TransactionExpiredError', signature, lastValidBlockHeight: null });
      const stages = events.map((event) => event.stage).filter((stage) => stage !== 'resent');
      expect(stages).toStrictEqual(['sent', 'stale-height']);
    },
  );
});

describe("a node that goes silent at one stage: the call settles at its timeoutMs, not the transport's 60 s", () => {
  type Stage = 'isBlockhashValid' | 'getBlockHeight' | 'history' | 'logs' | 'error height';
  /** Answers as a chain that expires after 3 polls (or, for `logs`, lands failed), silent at `stage`. */
  function silentAt(stage: Stage) {
    let slot = 300_000_000;
    let polls = 0;
    return (method: string, params: unknown[]): Answer => {
      slot++;
      const history = (params[1] as { searchTransactionHistory?: boolean } | undefined)?.searchTransactionHistory;
      if (method === stage || (stage === 'history' && history)) return 'silent';
      if (stage === 'logs' && method === 'getTransaction') return 'silent';
      if (method === 'sendTransaction') return signature;
      if (method === 'getSignatureStatuses') {
        if (!history) polls++;
        const err = { InstructionError: [0, { Custom: 1 }] };
        const status =
          stage === 'logs' && polls > 1
            ? { slot: slot - 1, confirmations: 1, err, status: { Err: err }, confirmationStatus: 'confirmed' }
            : null;
        return { context: { slot }, value: [status] };
      }
      if (method === 'isBlockhashValid') return { context: { slot }, value: polls <= 3 };
      // Only for the error, once expired: the height given is never passed in this chain.
      if (method === 'getBlockHeight') return stage === 'error height' && polls > 3 ? 'silent' : 1;
      return { error: { code: -32601, message: 'Method not found' } };
    };
  }
  const cases: [Stage, string][] = [
    ['isBlockhashValid', 'TimeoutError'],
    ['getBlockHeight', 'TimeoutError'],
    ['history', 'TimeoutError'],
    // The outcome is known by then: it failed; the logs are null, as when the node has none.
    ['logs', 'TransactionFailedError'],
    // Expired, and the height for the error never came: null.
    ['error height', 'TransactionExpiredError'],
  ];
  for (const [stage, outcome] of cases) {
    it(`silent at ${stage}: ${outcome}`, HANG, async () => {
      const server = track(await rpcServer(silentAt(stage)));
      const rpc = createRpc(server.url, { timeoutMs: 60_000 });
      const error = await sendAndConfirmTransaction(rpc, bytes, {
        lastValidBlockHeight: stage === 'getBlockHeight' ? 10 : undefined,
        pollIntervalMs: 1,
        timeoutMs: 400,
      }).catch((e) => e);
      expect(error).toMatchObject({ name: outcome, method: 'sendAndConfirmTransaction' });
      if (outcome === 'TransactionFailedError') expect(error.logs).toBeNull();
      if (outcome === 'TransactionExpiredError') expect(error.blockHeight).toBeNull();
    });
  }
});

describe('a known outcome is not held for its details', () => {
  it(
    'a failure whose logs, or an expiry whose block height, never come: the outcome within seconds (5 s for the detail), not at the 60 s timeoutMs',
    HANG,
    async () => {
      const err = { InstructionError: [0, { Custom: 1 }] };
      let slot = 300_000_000;
      const failing = track(
        await rpcServer((method) => {
          slot++;
          if (method === 'getTransaction') return 'silent';
          if (method === 'sendTransaction') return signature;
          return {
            context: { slot },
            value: [{ slot: slot - 1, confirmations: 1, err, status: { Err: err }, confirmationStatus: 'confirmed' }],
          };
        }),
      );
      let polls = 0;
      const expiring = track(
        await rpcServer((method) => {
          slot++;
          if (method === 'getBlockHeight') return 'silent';
          if (method === 'getSignatureStatuses') {
            polls++;
            return { context: { slot }, value: [null] };
          }
          if (method === 'isBlockhashValid') return { context: { slot }, value: polls < 3 };
          return { error: { code: -32601, message: 'Method not found' } };
        }),
      );
      // Side by side, so the test waits the 5 s once.
      const [failed, expired] = await Promise.all([
        sendAndConfirmTransaction(createRpc(failing.url, { timeoutMs: 60_000 }), bytes, { timeoutMs: 60_000 }).catch(
          (e) => e,
        ),
        confirmTransaction(createRpc(expiring.url, { timeoutMs: 60_000 }), signature, {
          blockhash: BLOCKHASH,
          pollIntervalMs: 1,
          timeoutMs: 60_000,
        }).catch((e) => e),
      ]);
      expect(failed).toMatchObject({ name: 'TransactionFailedError', err, logs: null });
      expect(expired).toMatchObject({ name: 'TransactionExpiredError', blockHeight: null });
    },
  );
});

describe('edges a new user reaches', () => {
  it('timeoutMs 0 is refused before any request: it would end the call before its first send', async () => {
    const server = track(await rpcServer(() => 'silent'));
    const rpc = createRpc(server.url);
    const [sendError, confirmError] = await Promise.all([
      sendAndConfirmTransaction(rpc, bytes, { timeoutMs: 0 }).catch((e) => e),
      confirmTransaction(rpc, signature, { blockhash: BLOCKHASH, timeoutMs: 0 }).catch((e) => e),
    ]);
    expect(sendError).toMatchObject({ name: 'InvalidInputError', param: 'options.timeoutMs' });
    expect(confirmError).toMatchObject({ name: 'InvalidInputError', param: 'options.timeoutMs' });
    expect(server.requests).toStrictEqual([]);
  });

  it('transaction bytes of another transaction than the signature are refused before any request', async () => {
    const server = track(await rpcServer(() => 'silent'));
    const other = encodeBase58(new Uint8Array(64).fill(3));
    const error = await confirmTransaction(createRpc(server.url), other, { transaction: bytes }).catch((e) => e);
    // Its lifetime is not the signature's: a blockhash older than the signature's would make a false expiry.
    expect(error).toMatchObject({ name: 'InvalidInputError', param: 'options.transaction' });
    expect(error.message).toContain(signature);
    expect(server.requests).toStrictEqual([]);
  });

  it('transaction bytes with a blockhash that contradicts them are refused before any request', async () => {
    const server = track(await rpcServer(() => 'silent'));
    const error = await confirmTransaction(createRpc(server.url), signature, {
      transaction: bytes,
      blockhash: encodeBase58(new Uint8Array(32).fill(8)),
    }).catch((e) => e);
    expect(error).toMatchObject({ name: 'InvalidInputError', param: 'options.blockhash' });
    expect(server.requests).toStrictEqual([]);
  });

  it('an onProgress that throws ends the call with its error, at the request that told it', HANG, async () => {
    const world = chain({ landsAfter: 2 });
    const server = track(await rpcServer((method, params) => world.answer(method, params)));
    const thrown = new Error('callback broke');
    const error = await sendAndConfirmTransaction(createRpc(server.url), bytes, {
      pollIntervalMs: 1,
      onProgress: (event) => {
        if (event.stage === 'processed') throw thrown;
      },
    }).catch((e) => e);
    expect(error).toBe(thrown);
    // The poll that found it was the last request: the loop ended there.
    expect((server.requests.at(-1)?.json as { method?: string } | undefined)?.method).toBe('getSignatureStatuses');
  });
});

describe('a failover list [A, B, C]: A failing now and then, B 50 slots behind and ignoring minContextSlot', () => {
  /**
   * One chain in time (a slot per 2 ms), seen by three nodes. The transactions land after `landsAfterMs`
   * (never, when null); the blockhash lives `lifeMs`. B lags 50 slots and answers whatever minContextSlot
   * asks; A fails one request in three, in turn with 429, -32005, 503 and silence.
   */
  async function cluster(options: { landsAfterMs: number | null; lifeMs: number }) {
    const start = Date.now();
    const slotNow = () => 300_000_000 + Math.floor((Date.now() - start) / 2);
    const blockhashSlot = slotNow();
    const lastSlot = blockhashSlot + options.lifeMs / 2;
    const landedAt = options.landsAfterMs === null ? null : blockhashSlot + options.landsAfterMs / 2;
    const node =
      (lag: number, honoursMinContextSlot: boolean) =>
      (method: string, params: unknown[]): Answer => {
        const here = slotNow() - lag;
        const config = (params.at(-1) ?? {}) as { minContextSlot?: number; commitment?: string };
        if (honoursMinContextSlot && config.minContextSlot !== undefined && here < config.minContextSlot) {
          return {
            error: { code: -32016, message: 'Minimum context slot has not been reached', data: { contextSlot: here } },
          };
        }
        const bank = config.commitment === 'processed' || method === 'getSignatureStatuses' ? here : here - 1;
        switch (method) {
          case 'getSignatureStatuses': {
            const found = landedAt !== null && landedAt <= here;
            return {
              context: { slot: here },
              value: (params[0] as string[]).map(() =>
                found
                  ? {
                      slot: landedAt,
                      confirmations: 1,
                      err: null,
                      status: { Ok: null },
                      confirmationStatus: 'confirmed',
                    }
                  : null,
              ),
            };
          }
          case 'isBlockhashValid':
            // A bank before the blockhash never saw it: false, as agave says.
            return { context: { slot: bank }, value: bank >= blockhashSlot && bank <= lastSlot };
          case 'getBlockHeight':
            return bank - 20_000_000;
          default:
            return { error: { code: -32601, message: 'Method not found' } };
        }
      };
    let n = 0;
    const current = node(0, true);
    const a = track(await startServer());
    a.reply((request, response) => {
      const { id, method, params } = request.json as { id: number; method: string; params?: unknown[] };
      const turn = n++;
      if (turn % 3 === 2) {
        const fault = ((turn / 3) % 4) | 0;
        if (fault === 0) {
          response.statusCode = 429;
          response.setHeader('retry-after', '0');
          response.end('slow down');
          return;
        }
        if (fault === 1) {
          response.setHeader('content-type', 'application/json');
          response.end(
            JSON.stringify({
              jsonrpc: '2.0',
              id,
              error: { code: -32005, message: 'Node is behind by 9 slots', data: { numSlotsBehind: 9 } },
            }),
          );
          return;
        }
        if (fault === 2) {
          response.statusCode = 503;
          response.end('unavailable');
          return;
        }
        return; // silence: the client's attempt timeout ends it
      }
      const outcome = current(method, params ?? []);
      response.setHeader('content-type', 'application/json');
      const body =
        typeof outcome === 'object' && outcome !== null && 'error' in outcome
          ? { jsonrpc: '2.0', id, error: (outcome as { error: unknown }).error }
          : { jsonrpc: '2.0', id, result: outcome };
      response.end(JSON.stringify(body));
    });
    const b = track(await rpcServer(node(50, false)));
    const c = track(await rpcServer(node(0, true)));
    const rpc = createRpc([a.url, b.url, c.url], { timeoutMs: 100, retry: { baseDelayMs: 0, maxDelayMs: 5 } });
    return { rpc, b };
  }

  /** Confirms 20 signatures at once; each outcome, or the error it ended with. */
  function confirmTwenty(rpc: ReturnType<typeof createRpc>, timeoutMs: number) {
    return Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        confirmTransaction(rpc, encodeBase58(new Uint8Array(64).fill(i + 1)), {
          blockhash: BLOCKHASH,
          pollIntervalMs: 10,
          timeoutMs,
        }).catch((e) => e),
      ),
    );
  }

  it('20 transactions that land: all confirmed, none called expired, B asked and never believed', HANG, async () => {
    const { rpc, b } = await cluster({ landsAfterMs: 600, lifeMs: 60_000 });
    const results = await confirmTwenty(rpc, 10_000);
    expect(results.map((result) => result.name ?? result.commitment)).toStrictEqual(Array(20).fill('confirmed'));
    expect(b.requests.length).toBeGreaterThan(0);
  });

  it('20 transactions that land in the last valid slot of their blockhash: all confirmed', HANG, async () => {
    const { rpc } = await cluster({ landsAfterMs: 600, lifeMs: 600 });
    const results = await confirmTwenty(rpc, 15_000);
    expect(results.map((result) => result.name ?? result.commitment)).toStrictEqual(Array(20).fill('confirmed'));
  });

  it('20 transactions that never land: all expired (never a timeout, never a success)', HANG, async () => {
    // Life 600 ms = 300 slots: past the 150-slot rule, so the node's false is believed once it says it.
    const { rpc } = await cluster({ landsAfterMs: null, lifeMs: 600 });
    const results = await confirmTwenty(rpc, 15_000);
    expect(results.map((result) => result.name)).toStrictEqual(Array(20).fill('TransactionExpiredError'));
  });
});

describe('statuses that come and go', () => {
  /** One slot per request; the poll's status by poll number; the blockhash valid for `validPolls` polls. */
  function flipping(statusAt: (poll: number) => 'processed' | 'confirmed' | null, validPolls: number) {
    let slot = 300_000_000;
    let polls = 0;
    return (method: string, params: unknown[]): Answer => {
      slot++;
      if (method === 'getSignatureStatuses') {
        const history = (params[1] as { searchTransactionHistory?: boolean } | undefined)?.searchTransactionHistory;
        const level = history ? null : statusAt(++polls);
        return {
          context: { slot },
          value: [
            level
              ? { slot: 300_000_001, confirmations: 0, err: null, status: { Ok: null }, confirmationStatus: level }
              : null,
          ],
        };
      }
      if (method === 'isBlockhashValid') return { context: { slot }, value: polls <= validPolls };
      if (method === 'getBlockHeight') return slot - 20_000_000;
      return { error: { code: -32601, message: 'Method not found' } };
    };
  }

  it('found, gone, found again at the commitment: confirmed, each level told once', HANG, async () => {
    const order = [null, 'processed', null, 'processed', null, 'confirmed'] as const;
    const server = track(await rpcServer(flipping((poll) => order[poll - 1] ?? 'confirmed', 1_000)));
    const events: ConfirmProgress[] = [];
    const result = await confirmTransaction(createRpc(server.url), signature, {
      blockhash: BLOCKHASH,
      pollIntervalMs: 1,
      onProgress: (event) => events.push(event),
    });
    expect(result).toMatchObject({ commitment: 'confirmed', slot: 300_000_001 });
    expect(events.map((event) => event.stage)).toStrictEqual(['processed', 'confirmed']);
  });

  it(
    'seen at processed on a fork that is dropped, never again, the blockhash expired: expired, as it is',
    HANG,
    async () => {
      const server = track(await rpcServer(flipping((poll) => (poll === 2 ? 'processed' : null), 6)));
      const error = await confirmTransaction(createRpc(server.url), signature, {
        blockhash: BLOCKHASH,
        pollIntervalMs: 1,
      }).catch((e) => e);
      expect(error).toMatchObject({ name: 'TransactionExpiredError', signature });
    },
  );
});
