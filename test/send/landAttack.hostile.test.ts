/**
 * landTransaction attacked by a hostile node on loopback (a chain of its own whose answers lie) and by a
 * new user's mistakes: blockhashes that go backwards, repeat or claim a far-future life, simulations of 0
 * units, fees past u64, histories of the wrong length, a flapping isBlockhashValid, messages scanned for
 * the URL's key, options and build results a user gets wrong, a stuck node, aborts, a send never answered,
 * refusals. Each F-tagged test failed before its fix (review findings F0-F11).
 */
import { describe, expect, it } from 'vitest';
import {
  createRpc,
  isSolRpcError,
  type LandingBuildInput,
  type LandingProgress,
  type LandTransactionOptions,
  landTransaction,
} from '../../src/index.js';
import { type Chain, FALL_THROUGH, hashOf, hostileNode, type Override } from '../support/hostileNode.js';
import { useParties } from '../support/landKit.js';

const HANG = { timeout: 30_000 };

const { transfer } = useParties();

const FAST = { pollIntervalMs: 1, resendIntervalMs: 1_000 };

/** A build that keeps every input it is given in `built`, then makes the parties' transfer. */
const recording = (built: LandingBuildInput[]) => (input: LandingBuildInput) => {
  built.push(input);
  return transfer(input);
};

/** landTransaction's options, with a kit transfer of the parties' as the build unless one is given. */
type LandOptions = Omit<LandTransactionOptions, 'build'> & Partial<Pick<LandTransactionOptions, 'build'>>;

/**
 * Runs landTransaction to its end on a hostile node started for it (with `override` and `nodeOptions`) and
 * closed after: what the call threw (or returned), how long the call took (the node's start and close
 * left out), and the node's chain. `options` may be made from the chain, for a build that reads it.
 */
async function landOn(
  override: Override | undefined,
  options: LandOptions | ((chain: Chain) => LandOptions),
  nodeOptions?: Parameters<typeof hostileNode>[1],
): Promise<{ error: unknown; elapsed: number; chain: Chain }> {
  const node = await hostileNode(override, nodeOptions);
  try {
    const given = typeof options === 'function' ? options(node.chain) : options;
    const started = performance.now();
    const error = await landTransaction(createRpc(node.url, { retry: false }), {
      build: (input) => transfer(input),
      ...given,
    }).catch((e: unknown) => e);
    return { error, elapsed: performance.now() - started, chain: node.chain };
  } finally {
    await node.close();
  }
}

// Each case has a node of its own and mostly waits on its deadline: these run side by side (the timed
// cases of the last block run alone).
describe.concurrent('against a hostile node', () => {
  it(
    'the honest chain: an attempt that never lands expires, is rebuilt, and the call times out saying none can land',
    HANG,
    async () => {
      const stages: LandingProgress['stage'][] = [];
      const { error } = await landOn(undefined, {
        ...FAST,
        timeoutMs: 3_000,
        unitLimit: 1_000,
        unitPrice: 10n,
        onProgress: (e) => stages.push(e.stage),
      });
      expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'timeout' });
      expect(stages).toContain('rebuilt');
    },
  );

  it(
    'F7: a history lookup answering more statuses than signatures asked is a typed error, not a TypeError',
    HANG,
    async () => {
      let historyLookups = 0;
      const { error } = await landOn(
        (method, params, chain) => {
          const config = params[1] as { searchTransactionHistory?: boolean } | undefined;
          if (method !== 'getSignatureStatuses' || !config?.searchTransactionHistory) return FALL_THROUGH;
          // The first is the expiry's last look (answered honestly); the second is landTransaction's own check of
          // every signature it sent before building again: two entries for the one signature asked.
          if (++historyLookups !== 2) return FALL_THROUGH;
          return {
            context: { slot: chain.slot },
            value: [
              null,
              {
                slot: chain.slot - 1,
                confirmations: null,
                err: null,
                status: { Ok: null },
                confirmationStatus: 'finalized',
              },
            ],
          };
        },
        { ...FAST, timeoutMs: 5_000, unitLimit: 1_000, unitPrice: 10n },
      );
      expect(historyLookups).toBeGreaterThanOrEqual(2);
      expect((error as Error).name).not.toBe('TypeError');
      expect(isSolRpcError(error)).toBe(true);
    },
  );
});

describe.concurrent('against a hostile node: blockhashes', () => {
  it(
    'F5: a blockhash answered with a lastValidBlockHeight far in the future is never built over while the node calls it live: the call ends at timeoutMs naming it pending',
    HANG,
    async () => {
      let first = true;
      const built: LandingBuildInput[] = [];
      const { error } = await landOn(
        (method, _params, chain) => {
          if (method !== 'getLatestBlockhash' || !first) return FALL_THROUGH;
          first = false;
          const blockhash = hashOf(999_999);
          chain.issued.set(blockhash, chain.height() + 150);
          return {
            context: { slot: chain.slot },
            value: { blockhash, lastValidBlockHeight: chain.height() + 10_000_000 },
          };
        },
        {
          ...FAST,
          timeoutMs: 4_000,
          unitLimit: 1_000,
          unitPrice: 10n,
          build: recording(built),
        },
      );
      // Its own getLatestBlockhash said the blockhash lives to a height far ahead: its isBlockhashValid
      // `false` is contradicted, so building again could land two. Safe over lively: it waits, and ends
      // naming the attempt that may still land.
      expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'timeout', mayStillLand: true });
      expect(built.filter((input) => input.attempt > 0)).toHaveLength(1);
      expect((error as { pending: string }).pending).toBe(
        (error as { attempts: { signature: string }[] }).attempts[0]?.signature,
      );
    },
  );

  it('F6: a blockhash already proved expired is never built on again', HANG, async () => {
    let firstHash: string | undefined;
    let lvbh = 0;
    const built: LandingBuildInput[] = [];
    await landOn(
      (method, _params, chain) => {
        if (method !== 'getLatestBlockhash') return FALL_THROUGH;
        // The same blockhash every time, its lastValidBlockHeight creeping up (a node stuck, or lying).
        firstHash ??= hashOf(777);
        lvbh = lvbh === 0 ? chain.height() + 150 : lvbh + 1;
        if (!chain.issued.has(firstHash)) chain.issued.set(firstHash, lvbh);
        return { context: { slot: chain.slot }, value: { blockhash: firstHash, lastValidBlockHeight: lvbh } };
      },
      {
        ...FAST,
        timeoutMs: 3_000,
        unitLimit: 1_000,
        unitPrice: 10n,
        build: recording(built),
      },
    );
    expect(new Set(built.map((input) => input.blockhash)).size).toBe(built.length);
  });
});

describe.concurrent('against a hostile node: budget and fees', () => {
  it(
    'F8: a simulation reporting 0 units consumed: no build is asked for a limit of 0, nothing is sent',
    HANG,
    async () => {
      const built: LandingBuildInput[] = [];
      const {
        error,
        chain: { sent },
      } = await landOn(
        (method, _params, chain) =>
          method === 'simulateTransaction'
            ? {
                context: { slot: chain.slot },
                value: { err: null, logs: [], accounts: null, unitsConsumed: 0, returnData: null },
              }
            : FALL_THROUGH,
        {
          ...FAST,
          timeoutMs: 1_000,
          unitPrice: 10n,
          build: recording(built),
        },
      );
      const limits = built.map((input) => input.unitLimit);
      // The draft alone: 0 units is no measurement, refused as the node's fault before anything is sent.
      expect(limits).toEqual([1_400_000]);
      expect(error).toMatchObject({
        name: 'TransactionNotLandedError',
        reason: 'error',
        mayStillLand: false,
        attempts: [],
      });
      expect(sent).toEqual([]);
      // options.unitLimit itself must be from 1 to 1,400,000: a limit of 0 fails any transaction that runs.
      expect(limits.every((limit) => limit >= 1)).toBe(true);
    },
  );

  it('F9: no build is ever asked for a unit price above u64 (the raise after an expiry is bounded)', HANG, async () => {
    const built: LandingBuildInput[] = [];
    const { error } = await landOn(
      (method, _params, chain) =>
        method === 'getRecentPrioritizationFees'
          ? Array.from({ length: 20 }, (_, i) => ({
              slot: chain.slot - i,
              prioritizationFee: 16_000_000_000_000_000_000,
            }))
          : FALL_THROUGH,
      {
        ...FAST,
        timeoutMs: 3_000,
        unitLimit: 1_000,
        build: recording(built),
      },
    );
    const prices = built.map((input) => input.unitPrice);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices.every((price) => price <= 2n ** 64n - 1n)).toBe(true);
    expect(error).toMatchObject({ reason: 'timeout' });
  });
});

/** Every text an error carries: message, hint, its fields, its causes, as a user would log them. */
function allText(error: unknown, depth = 0): string {
  if (depth > 5 || error === undefined || error === null) return '';
  if (typeof error !== 'object') return String(error);
  const e = error as Error & { hint?: unknown; cause?: unknown };
  let json = '';
  try {
    json = JSON.stringify(error, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
  } catch {
    json = '';
  }
  return [String(e), e.message, e.stack, String(e.hint ?? ''), json, allText(e.cause, depth + 1)].join('\n');
}

describe.concurrent('a new user: secrets, messages', () => {
  const SECRET = 'SECRET123';
  it.each([
    ['a 429 storm until the deadline', (m: string) => (m === 'getLatestBlockhash' ? { status: 429 } : FALL_THROUGH)],
    [
      'a node that answers malformed blockhashes',
      (m: string) => (m === 'getLatestBlockhash' ? { context: { slot: 1 }, value: 7 } : FALL_THROUGH),
    ],
    [
      'a preflight refusal',
      (m: string) =>
        m === 'sendTransaction'
          ? {
              error: {
                code: -32002,
                message:
                  'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
                data: { err: 'AccountNotFound', logs: [] },
              },
            }
          : FALL_THROUGH,
    ],
    [
      'a failing simulation',
      (m: string) =>
        m === 'simulateTransaction'
          ? {
              context: { slot: 1 },
              value: { err: 'AccountNotFound', logs: ['x'], accounts: null, unitsConsumed: 0, returnData: null },
            }
          : FALL_THROUGH,
    ],
    ['a silent node', (m: string) => (m === 'sendTransaction' ? 'silent' : FALL_THROUGH)],
    ['an http 500 on sends', (m: string) => (m === 'sendTransaction' ? { status: 500 } : FALL_THROUGH)],
  ])('%s: no message, hint, cause or progress event holds the API key', HANG, async (_, override) => {
    const seen: string[] = [];
    const { error } = await landOn(
      override as Override,
      {
        ...FAST,
        timeoutMs: 1_500,
        onProgress: (event) => seen.push(JSON.stringify(event, (_k, v) => (typeof v === 'bigint' ? String(v) : v))),
      },
      { path: `/?api-key=${SECRET}` },
    );
    expect(error).toBeInstanceOf(Error);
    const text = `${allText(error)}\n${seen.join('\n')}`;
    expect(text).not.toContain(SECRET);
  });
});

describe.concurrent('against a hostile node: a flapping isBlockhashValid', () => {
  it(
    "F4: never builds again while the node's own block height is within the last attempt's lastValidBlockHeight",
    HANG,
    async () => {
      // Half the slots skipped (a block every other slot), and isBlockhashValid false two answers in three.
      let answers = 0;
      const early: string[] = [];
      let previous: LandingBuildInput | undefined;
      await landOn(
        (method, params, chain) => {
          if (method !== 'isBlockhashValid') return FALL_THROUGH;
          const last = chain.issued.get(params[0] as string);
          const truth = last !== undefined && chain.height() <= last;
          return { context: { slot: chain.slot }, value: truth && answers++ % 3 === 0 };
        },
        (chain) => ({
          ...FAST,
          timeoutMs: 2_000,
          unitLimit: 1_000,
          unitPrice: 10n,
          build: (input) => {
            if (previous && chain.height() <= Number(previous.lastValidBlockHeight)) {
              early.push(
                `attempt ${input.attempt} built at height ${chain.height()}, attempt ${previous.attempt} valid to ${previous.lastValidBlockHeight}`,
              );
            }
            previous = input;
            return transfer(input);
          },
        }),
        { height: (slot) => Math.floor(slot / 2) },
      );
      expect(previous?.attempt).toBeGreaterThan(1);
      expect(early).toEqual([]);
    },
  );
});

describe.concurrent('a new user: options and messages', () => {
  it(
    "F10a: maxFeeLamports below one signature's base fee is refused before any request, naming the option",
    HANG,
    async () => {
      const { error, chain } = await landOn(undefined, { unitLimit: 1_000, unitPrice: 0, maxFeeLamports: 4_999n });
      expect(error).toMatchObject({ name: 'InvalidInputError', param: 'options.maxFeeLamports' });
      expect(chain.requests).toEqual([]);
    },
  );

  it(
    'F10b: a build returning base58 text or a kit Transaction object is told what to return (bytes or base64)',
    HANG,
    async () => {
      const { getBase58Decoder, getTransactionDecoder } = await import('@solana/kit');
      const { error: base58 } = await landOn(undefined, {
        unitLimit: 1_000,
        unitPrice: 0,
        build: async (input) => getBase58Decoder().decode(await transfer(input)),
      });
      expect(base58).toMatchObject({ name: 'TransactionNotLandedError', reason: 'build-failed' });
      // Told to "pass config.encoding" (landTransaction has no such option and refuses unknown keys), or, when
      // the base58 text happens to be valid base64, "signatures at byte 0: its length does not fit in 16 bits".
      expect((base58 as Error).message).not.toMatch(/config\.encoding|16 bits/);
      expect((base58 as Error).message).toMatch(/base64/);
      const { error: object } = await landOn(undefined, {
        unitLimit: 1_000,
        unitPrice: 0,
        // kit's Transaction ({ messageBytes, signatures }): the encoder call forgotten.
        build: async (input) => getTransactionDecoder().decode(await transfer(input)) as never,
      });
      expect(object).toMatchObject({ name: 'TransactionNotLandedError', reason: 'build-failed' });
      // build's contract is bytes or base64: a message offering base58 text sends the user the wrong way.
      expect((object as Error).message).not.toMatch(/base58/);
      expect((object as Error).message).toMatch(/build/);
    },
  );

  it(
    'F10c: a cap below the market: the timeout error says the cap held the price below it, even with one pending',
    HANG,
    async () => {
      const { error } = await landOn(undefined, { ...FAST, timeoutMs: 1_500, unitLimit: 1_000, maxUnitPrice: 1n });
      expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'timeout', cappedBelow: 1_000n });
      const { message, hint } = error as Error & { hint?: string };
      expect(`${message} ${hint ?? ''}`).toMatch(/maxUnitPrice|cap/);
    },
  );
});

describe('a stuck node, an abort in flight, a silent send (held); a signature refused (F3)', () => {
  it('a node stuck at one slot: timeout, the attempt sent named as pending', HANG, async () => {
    const { error, chain } = await landOn(
      undefined,
      { ...FAST, timeoutMs: 800, unitLimit: 1_000, unitPrice: 0 },
      { step: 0 },
    );
    expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'timeout', mayStillLand: true });
    expect((error as { pending: string }).pending).toBe(chain.sent[0]);
  });

  it('aborted after the send: aborted, the attempt sent named as pending', HANG, async () => {
    const controller = new AbortController();
    const { error, chain } = await landOn(undefined, {
      ...FAST,
      unitLimit: 1_000,
      unitPrice: 0,
      signal: controller.signal,
      onProgress: (event) => {
        if (event.stage === 'sent') controller.abort(new Error('shutdown'));
      },
    });
    expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'aborted', mayStillLand: true });
    expect((error as { pending: string }).pending).toBe(chain.sent[0]);
  });

  it('a send that is never answered: the call ends at timeoutMs, the attempt pending', HANG, async () => {
    const { error, elapsed } = await landOn((method) => (method === 'sendTransaction' ? 'silent' : FALL_THROUGH), {
      ...FAST,
      timeoutMs: 700,
      unitLimit: 1_000,
      unitPrice: 0,
    });
    expect(error).toMatchObject({ name: 'TransactionNotLandedError', reason: 'timeout', mayStillLand: true });
    expect(elapsed).toBeLessThan(700 + 300);
  });

  it(
    'F3: a first send refused outright (-32003 signature verification): reported as unable to land',
    HANG,
    async () => {
      const { error } = await landOn(
        (method) =>
          method === 'sendTransaction'
            ? { error: { code: -32003, message: 'Transaction signature verification failure' } }
            : FALL_THROUGH,
        { ...FAST, timeoutMs: 2_000, unitLimit: 1_000, unitPrice: 0 },
      );
      expect(error).toMatchObject({ name: 'TransactionNotLandedError' });
      // The node refused it before forwarding it: nothing of the call can land.
      expect(error).toMatchObject({ mayStillLand: false, pending: null });
    },
  );
});
