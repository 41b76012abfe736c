/**
 * A second review's attacks on landTransaction's newer paths: the copy sent right after the first send,
 * the expiry checked against the node's own height, new blockhashes, the raise from a price of 0, the
 * 32-slot grace in waitForConfirmation under frozen and backward context slots, refusals. R1 (a client
 * class with private state), R2 (a copy the node never answers held the call to its timeout), R3 (a
 * contradicted expiry re-entered without waiting a rebroadcast's interval) and R4 (1.25x of 0 is 0)
 * failed before their fixes; the others held. R8 (statuses 28-31 slots late) is F0's scenario with other
 * lags: it runs there, in landAttack.cluster.test.ts.
 */

import { describe, expect, it } from 'vitest';
import {
  createRpc,
  type LandingBuildInput,
  type LandTransactionOptions,
  landTransaction,
  sendAndConfirmTransaction,
} from '../../src/index.js';
import { type Chain, FALL_THROUGH, hostileNode, type Override } from '../support/hostileNode.js';
import { useParties } from '../support/landKit.js';

const HANG = { timeout: 30_000 };
const { transfer } = useParties();
const FAST = { pollIntervalMs: 1, resendIntervalMs: 1_000 };
type LandOptions = Omit<LandTransactionOptions, 'build'> & Partial<Pick<LandTransactionOptions, 'build'>>;

const landedStatus = (chain: Chain) => ({
  slot: chain.slot - 1,
  confirmations: null,
  err: null,
  status: { Ok: null },
  confirmationStatus: 'finalized',
});

async function landOn(
  override: Override | undefined,
  options: LandOptions,
  wrap: (rpc: ReturnType<typeof createRpc>) => unknown = (r) => r,
  nodeOptions?: Parameters<typeof hostileNode>[1],
): Promise<{ error: unknown; elapsed: number; chain: Chain }> {
  const node = await hostileNode(override, nodeOptions);
  try {
    const started = performance.now();
    const rpc = wrap(createRpc(node.url, { retry: false })) as ReturnType<typeof createRpc>;
    const error = await landTransaction(rpc, { build: (input) => transfer(input), ...options }).catch(
      (e: unknown) => e,
    );
    return { error, elapsed: performance.now() - started, chain: node.chain };
  } finally {
    await node.close();
  }
}

/** A user's wrapper client (rate limiter, logger…) holding the real client in a private field. */
class Wrapped {
  #inner: Record<string, (...args: unknown[]) => unknown>;
  constructor(inner: unknown) {
    this.#inner = inner as Record<string, (...args: unknown[]) => unknown>;
  }
  call(name: string, args: unknown[]) {
    return this.#inner[name]?.(...args);
  }
}
for (const name of [
  'sendTransaction',
  'getSignatureStatuses',
  'isBlockhashValid',
  'getBlockHeight',
  'getSlot',
  'getLatestBlockhash',
  'simulateTransaction',
  'getRecentPrioritizationFees',
  'getTransaction',
  'getAccountInfo',
]) {
  Object.defineProperty(Wrapped.prototype, name, {
    value(this: Wrapped, ...args: unknown[]) {
      return this.call(name, args);
    },
  });
}

describe.concurrent('review 6: landTransaction new paths', () => {
  it(
    'R1: a client whose methods read private fields (a class wrapper) works, or at least ends typed with the attempt pending',
    HANG,
    async () => {
      const { error, chain } = await landOn(
        undefined,
        { ...FAST, timeoutMs: 1_500, unitLimit: 1_000, unitPrice: 10n },
        (rpc) => new Wrapped(rpc),
      );
      // The transaction was sent before anything failed.
      expect(chain.sent.length).toBeGreaterThan(0);
      expect((error as Error).name).not.toBe('TypeError');
      expect(error).toMatchObject({ name: 'TransactionNotLandedError' });
    },
  );

  it(
    'R2: a burst copy the node never answers does not hold the call: a landing is reported at once',
    HANG,
    async () => {
      let sends = 0;
      const { error, elapsed } = await landOn(
        (method, params, chain) => {
          if (method === 'sendTransaction' && ++sends === 2) return 'silent';
          if (method === 'getSignatureStatuses' && sends > 0) {
            return { context: { slot: chain.slot }, value: (params[0] as string[]).map(() => landedStatus(chain)) };
          }
          return FALL_THROUGH;
        },
        { ...FAST, timeoutMs: 8_000, unitLimit: 1_000, unitPrice: 10n },
      );
      expect((error as Error)?.message ?? 'resolved').toBe('resolved');
      expect(elapsed).toBeLessThan(3_000);
    },
  );

  it(
    'R3: an expiry the node height contradicts does not defeat resendIntervalMs (no flood of sends)',
    HANG,
    async () => {
      const { error, chain } = await landOn(
        (method, _params, chain) => {
          if (method === 'isBlockhashValid') return { context: { slot: chain.slot }, value: false };
          return FALL_THROUGH;
        },
        { ...FAST, timeoutMs: 3_000, unitLimit: 1_000, unitPrice: 10n },
        undefined,
        // The block height stands still (no block produced): the blockhash stays live throughout.
        { height: () => 500 },
      );
      expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'timeout', mayStillLand: true });
      // Held: the node's false isBlockhashValid, contradicted by its height, never leads to a second build.
      expect((error as { attempts: unknown[] }).attempts).toHaveLength(1);
      // 3 s at one rebroadcast a second, plus the first send and its burst copy.
      expect(chain.sent.length).toBeLessThanOrEqual(8);
    },
  );

  it('R4: a market answering 0 still raises the price after an expiry', HANG, async () => {
    const prices: bigint[] = [];
    const { error } = await landOn(
      (method, _params, chain) => {
        if (method === 'getRecentPrioritizationFees') {
          return Array.from({ length: 20 }, (_, i) => ({ slot: chain.slot - i, prioritizationFee: 0 }));
        }
        return FALL_THROUGH;
      },
      {
        ...FAST,
        timeoutMs: 3_000,
        unitLimit: 1_000,
        build: (input: LandingBuildInput) => {
          prices.push(input.unitPrice);
          return transfer(input);
        },
      },
    );
    expect(error).toMatchObject({ name: 'TransactionNotLandedError' });
    expect(prices.length).toBeGreaterThan(1);
    expect(prices.at(-1)).toBeGreaterThan(0n);
  });
});

describe.concurrent('review 6: refusals', () => {
  const refuse = (error: unknown) => {
    let first = true;
    return (method: string) => {
      if (method === 'sendTransaction' && first) {
        first = false;
        return { error };
      }
      return FALL_THROUGH;
    };
  };
  it('R7a: -32002 with an InstructionError: refused, nothing may land', HANG, async () => {
    const { error, chain } = await landOn(
      refuse({
        code: -32002,
        message: 'Transaction simulation failed',
        data: { err: { InstructionError: [0, 'Custom'] }, logs: [] },
      }),
      { ...FAST, timeoutMs: 3_000, unitLimit: 1_000, unitPrice: 10n },
    );
    expect(error).toMatchObject({
      name: 'TransactionNotLandedError',
      reason: 'refused',
      mayStillLand: false,
      pending: null,
    });
    expect(chain.sent.length).toBe(0);
  });
  it('R7b: -32003: refused, nothing may land', HANG, async () => {
    const { error } = await landOn(refuse({ code: -32003, message: 'Transaction signature verification failure' }), {
      ...FAST,
      timeoutMs: 3_000,
      unitLimit: 1_000,
      unitPrice: 10n,
    });
    expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'refused', mayStillLand: false });
  });
  it('R7c: -32002 BlockhashNotFound: sent again without preflight, still pending at the timeout', HANG, async () => {
    const { error, chain } = await landOn(
      refuse({
        code: -32002,
        message: 'Transaction simulation failed: Blockhash not found',
        data: { err: 'BlockhashNotFound', logs: [] },
      }),
      { ...FAST, timeoutMs: 1_000, unitLimit: 1_000, unitPrice: 10n },
    );
    // The refusal did not stop the call: its bytes reached the node, sent again without preflight.
    expect(chain.sent.length).toBeGreaterThan(0);
    expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'timeout' });
    // Whether one can still land depends on how far the 1 s got (with both cores busy, the first attempt's
    // blockhash can be proved expired before the deadline): the error must say what its attempts say.
    const { attempts, mayStillLand } = error as { attempts: { mayStillLand: boolean }[]; mayStillLand: boolean };
    expect(attempts.length).toBeGreaterThan(0);
    expect(mayStillLand).toBe(attempts.some((attempt) => attempt.mayStillLand));
  });
});

describe.concurrent('review 6: the grace in sendAndConfirmTransaction against a hostile node', () => {
  const sendOn = async (override: Override, timeoutMs: number) => {
    const node = await hostileNode(override);
    try {
      const bytes = await transfer({
        blockhash: (await createRpc(node.url).getLatestBlockhash()).value.blockhash,
        lastValidBlockHeight: 0n,
        unitLimit: 1_000,
        unitPrice: 1n,
        attempt: 1,
      });
      const started = performance.now();
      const error = await sendAndConfirmTransaction(createRpc(node.url, { retry: false }), bytes, {
        lastValidBlockHeight: 1n,
        timeoutMs,
        pollIntervalMs: 50,
        resendIntervalMs: 50,
      }).catch((e: unknown) => e);
      return { error, elapsed: performance.now() - started, chain: node.chain };
    } finally {
      await node.close();
    }
  };

  it('R5: context slots frozen during the grace: ends at timeoutMs, polls at the interval', HANG, async () => {
    let frozen: number | null = null;
    const { error, elapsed, chain } = await sendOn((method, params, chain) => {
      // From the first history lookup on, every view the node gives is of that one slot.
      if (frozen !== null) chain.slot = frozen;
      if (
        method === 'getSignatureStatuses' &&
        (params[1] as { searchTransactionHistory?: boolean })?.searchTransactionHistory
      ) {
        frozen ??= chain.slot;
        chain.slot = frozen;
      }
      return FALL_THROUGH;
    }, 2_000);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(elapsed).toBeLessThan(3_000);
    expect(chain.requests.length).toBeLessThan(200);
    // Sends after the freeze are not asserted: with both cores busy the freeze can come before the
    // lifetime is believed over, and rebroadcasts then go on, as they should.
  });

  it('R6: context slots going backwards during the grace: no false expiry, bounded', HANG, async () => {
    let n = 0;
    const { error, elapsed } = await sendOn((method, params, chain) => {
      if (
        method === 'getSignatureStatuses' &&
        (params[1] as { searchTransactionHistory?: boolean })?.searchTransactionHistory
      ) {
        n++;
        return { context: { slot: chain.slot - 40 * n }, value: [null] };
      }
      return FALL_THROUGH;
    }, 2_000);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(elapsed).toBeLessThan(3_000);
  });
});
