/**
 * Confirmation across a failover list (issue 34, item 4): sendAndConfirmTransaction and landTransaction
 * over createRpc([a, b, c]), one endpoint 50 slots behind, never conclude expiry from the lagging one.
 *
 * The cluster (test/support/laggingCluster.ts) is served in-process by a `fetch` routed by URL, on fake
 * time, so minutes of chain time take milliseconds. fast-check generates the cluster (where the lagging
 * endpoint stands in the list, the primary included; whether it honours minContextSlot with -32016,
 * ignores it and answers from its old view, or flaps between the tip and 50 behind; how late it shows
 * statuses; skipped slots; which endpoint fails when, and how) and 50 calls a run, started a few slots
 * apart: sendAndConfirmTransaction on a blockhash (of some age, its lastValidBlockHeight exact, missing,
 * stale or too high) or a durable nonce (set some slots before, so the lagging view may not hold it yet),
 * and landTransaction; each lands at a generated slot, in the last valid slot of its blockhash too, or
 * never. After every slot it checks each outcome reached against the chain: never expired while it has
 * landed or can still land, never a success it did not have, never a rebuild while an earlier attempt
 * can still land (landTransaction's at most once), never past its deadline; and at the end, that no call
 * hangs. `SEED=<seed>` replays a run, `RUNS=<n>` changes the number of runs (20 by default: 1,000 calls),
 * `LAG=<slots>` the lag.
 */
import fc from 'fast-check';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import {
  createRpc,
  isSolRpcError,
  type LandRpc,
  landTransaction,
  type RpcOptions,
  sendAndConfirmTransaction,
} from '../../src/index.js';
import {
  type Cluster,
  type ClusterSetup,
  createCluster,
  SLOT_MS,
  seededRandom,
  type Tx,
  wireTransaction,
} from '../support/laggingCluster.js';

const CALLS_PER_RUN = 50;
/** How late past its deadline a call may settle: one timer turn, never a poll or a request more. */
const SLACK_MS = 1_000;
const SEND_TIMEOUT_MS = 150_000;
const LAND_TIMEOUT_MS = 150_000;
/**
 * Four slots between polls, not the default 500 ms: the model's cost is its requests (about 270 us each
 * through the whole client), and 1,000 calls must stay within the suite's budget. Every rule the calls
 * follow counts slots (the grace after expiry, a blockhash's life), not polls.
 */
const POLL_MS = 4 * SLOT_MS;
/** Resends every 4 polls (sends were a third of the requests at each poll). */
const RESEND_MS = 4 * POLL_MS;
const PAYER = encodeBase58(new Uint8Array(32).fill(0x21));
const RANK = { processed: 0, confirmed: 1, finalized: 2 } as const;
const TRAIL = { processed: 0, confirmed: 1, finalized: 32 } as const;

/** Whether the transport takes `freshReads` yet (issue 34's fresh reads): the model runs with and without. */
const FRESH_READS_OPTION = (() => {
  try {
    createRpc('https://probe.test', { freshReads: false } as RpcOptions);
    return true;
  } catch {
    return false;
  }
})();

/**
 * The lagging endpoint's lag: the target's 50 slots. `LAG=<slots>` explores others: 1,000 calls hold at
 * 120, 140 and 145 (140 found the grace counted from a view behind the lifetime, fixed in lifetime.ts);
 * from 150 on, a call that hears only from that endpoint can be told of an expiry (seen at 160), as
 * docs/guarantees.md says under what is not promised.
 */
const LAG = Number(process.env.LAG ?? 50);

const clusterArb: fc.Arbitrary<ClusterSetup> = fc.record({
  laggingAt: fc.constantFrom(0 as const, 1 as const, 2 as const),
  lagSlots: fc.constant(LAG),
  mode: fc.constantFrom('honours' as const, 'ignores' as const, 'flaps' as const),
  flapHonours: fc.boolean(),
  flapSlots: fc.integer({ min: 2, max: 60 }),
  statusLag: fc.integer({ min: 0, max: 32 }),
  skipPercent: fc.integer({ min: 0, max: 10 }),
  faults: fc.array(
    fc
      .record({
        node: fc.constantFrom(0 as const, 1 as const, 2 as const),
        fromSlot: fc.integer({ min: 0, max: 400 }),
        length: fc.integer({ min: 3, max: 150 }),
        kind: fc.constantFrom('http503' as const, 'behind' as const, 'silent' as const),
      })
      .map(({ length, ...fault }) => ({ ...fault, toSlot: fault.fromSlot + length })),
    { maxLength: 5 },
  ),
});

const callArb = fc.record({
  kind: fc.constantFrom('send', 'send', 'nonce', 'land'),
  /** Slots after the run's start. */
  startAt: fc.integer({ min: 0, max: 60 }),
  /** Blockhash: how many slots before the call it was read; nonce: how many slots before it was set. */
  age: fc.integer({ min: 0, max: 100 }),
  /** When it lands: slots after the call starts (send, nonce), after its blockhash (land), its last valid slot, or never. */
  lands: fc.option(fc.oneof(fc.constant('last' as const), fc.integer({ min: 0, max: 160 })), { freq: 2 }),
  /** landTransaction: which attempt lands. */
  attempt: fc.integer({ min: 1, max: 2 }),
  /** A nonce that its transaction does not advance: another transaction advances it this many slots on, or nobody. */
  advancedAfter: fc.option(fc.integer({ min: 0, max: 150 })),
  height: fc.constantFrom('exact', 'exact', 'none', 'stale', 'high'),
  commitment: fc.constantFrom('processed' as const, 'confirmed' as const, 'confirmed' as const, 'finalized' as const),
  skipPreflight: fc.boolean(),
});
type CallSetup = typeof callArb extends fc.Arbitrary<infer T> ? T : never;

interface Call {
  setup: CallSetup;
  startedAt: number;
  deadline: number;
  txs: Tx[];
  settled: boolean;
}

/** How often each outcome was reached over all runs: a model that never reaches one proves nothing about it. */
const reached = new Map<string, number>();
let calls = 0;

beforeAll(async () => {
  // What the client loads on first use (the transaction reader on the first send, the hints on the first
  // error), loaded now: under fake timers an import waits on real time while the clock runs on.
  await import('../../src/options/transactionReader.js');
  await import('../../src/errors/preflightLines.js');
  const error = { error: { code: -32016, message: 'Minimum context slot has not been reached' } };
  const fetch = async (_url: string, init: RequestInit) =>
    new Response(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(String(init.body)).id, ...error }), {
      headers: { 'content-type': 'application/json' },
    });
  await createRpc('https://warm.test', { fetch, retry: false })
    .getBlockHeight()
    .catch(() => undefined);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Runs one cluster with its calls; returns the first broken invariant, or undefined. */
async function runCluster(setup: ClusterSetup, callSetups: CallSetup[], seed: number, fresh: boolean) {
  vi.spyOn(Math, 'random').mockImplementation(seededRandom(seed ^ 0x5eed));
  const t0 = Date.now();
  const cluster = createCluster(setup, seed, t0);
  const rpc = createRpc(cluster.urls, {
    fetch: cluster.fetch,
    // A silent endpoint costs an attempt's time: less than the default's 30 s, as an app with a
    // confirmation loop would set it.
    timeoutMs: 5_000,
    ...(FRESH_READS_OPTION ? { freshReads: fresh } : {}),
  } as RpcOptions);
  const broken: string[] = [];
  const all: Call[] = [];
  let signatures = 0;
  const nextSignature = () => {
    const bytes = new Uint8Array(64).fill(0x99);
    const view = new DataView(bytes.buffer);
    view.setUint32(0, seed >>> 0, true);
    view.setUint32(4, ++signatures, true);
    return bytes;
  };
  const describeCall = (call: Call, index: number) =>
    `call ${index} ${JSON.stringify(call.setup)} txs ${JSON.stringify(
      call.txs.map((tx) => ({ ...tx, signature: tx.signature.slice(0, 8) })),
    )}`;

  const start = (call: Call, index: number) => {
    const { setup: c } = call;
    call.startedAt = Date.now();
    const startSlot = cluster.tip();
    const fail = (what: string) => broken.push(`${what} at slot ${cluster.tip()}: ${describeCall(call, index)}`);
    const settle = (outcome: { value?: unknown; error?: unknown }) => {
      call.settled = true;
      const name =
        outcome.error === undefined ? 'confirmed' : isSolRpcError(outcome.error) ? outcome.error.name : 'other';
      const key = `${c.kind} ${name}`;
      reached.set(key, (reached.get(key) ?? 0) + 1);
      if (Date.now() > call.deadline + SLACK_MS) fail(`${name} ${Date.now() - call.deadline} ms past its deadline`);
      judge(call, outcome, fail, cluster);
    };
    const options = {
      commitment: c.commitment,
      timeoutMs: SEND_TIMEOUT_MS,
      pollIntervalMs: POLL_MS,
      resendIntervalMs: RESEND_MS,
    };
    if (c.kind === 'land') {
      call.deadline = call.startedAt + LAND_TIMEOUT_MS;
      landTransaction(rpc as LandRpc, {
        commitment: c.commitment,
        timeoutMs: LAND_TIMEOUT_MS,
        unitLimit: 1_000,
        unitPrice: 1_000n,
        skipPreflight: c.skipPreflight,
        pollIntervalMs: POLL_MS,
        resendIntervalMs: RESEND_MS,
        build: (input) => {
          // At most once: an attempt is built only once every earlier one can no longer land.
          for (const earlier of call.txs) {
            if (earlier.landedAt !== null) fail(`attempt ${input.attempt} built after ${earlier.signature} landed`);
            else if (cluster.canStillLand(earlier))
              fail(`attempt ${input.attempt} built while ${earlier.signature} can land`);
          }
          const b = cluster.byBlockhash().get(input.blockhash) as number;
          const landFrom =
            c.lands === null || input.attempt !== c.attempt
              ? null
              : c.lands === 'last'
                ? cluster.lastValidSlotOf(b)
                : b + 1 + Math.min(c.lands, 149);
          const signature = nextSignature();
          call.txs.push(cluster.add({ signature: encodeBase58(signature), blockhashSlot: b, nonce: null, landFrom }));
          return wireTransaction({
            signature,
            payer: PAYER,
            recentBlockhash: input.blockhash,
            budget: { unitLimit: input.unitLimit, unitPrice: input.unitPrice },
          });
        },
      }).then(
        (value) => settle({ value }),
        (error) => settle({ error }),
      );
      return;
    }
    call.deadline = call.startedAt + SEND_TIMEOUT_MS;
    const signature = nextSignature();
    let bytes: Uint8Array;
    let lastValidBlockHeight: number | undefined;
    if (c.kind === 'nonce') {
      const advanceAt = c.lands === null && c.advancedAfter !== null ? startSlot + c.advancedAfter : null;
      // Set `age` slots before the confirmed bank the app read it from.
      const nonce = cluster.addNonce(startSlot - TRAIL.confirmed - c.age, advanceAt);
      const landFrom = c.lands === null ? null : startSlot + (c.lands === 'last' ? 0 : c.lands);
      call.txs.push(cluster.add({ signature: encodeBase58(signature), blockhashSlot: null, nonce, landFrom }));
      bytes = wireTransaction({ signature, payer: PAYER, recentBlockhash: nonce.value, nonceAccount: nonce.account });
    } else {
      // The blockhash an app read `age` slots ago, at confirmed, from an endpoint at the tip.
      const b = cluster.produced(startSlot - TRAIL.confirmed - c.age);
      const landFrom = c.lands === null ? null : c.lands === 'last' ? cluster.lastValidSlotOf(b) : startSlot + c.lands;
      call.txs.push(cluster.add({ signature: encodeBase58(signature), blockhashSlot: b, nonce: null, landFrom }));
      const exact = cluster.heightAt(b) + 150;
      lastValidBlockHeight = { exact, none: undefined, stale: exact - 20, high: exact + 1_000 }[c.height];
      bytes = wireTransaction({ signature, payer: PAYER, recentBlockhash: cluster.blockhashOf(b) });
    }
    sendAndConfirmTransaction(rpc, bytes, { ...options, lastValidBlockHeight, skipPreflight: c.skipPreflight }).then(
      (value) => settle({ value }),
      (error) => settle({ error }),
    );
  };

  callSetups.forEach((setup, index) => {
    const call: Call = { setup, startedAt: 0, deadline: Number.POSITIVE_INFINITY, txs: [], settled: false };
    all.push(call);
    setTimeout(() => start(call, index), setup.startAt * SLOT_MS);
  });
  calls += callSetups.length;
  const end = t0 + 61 * SLOT_MS + LAND_TIMEOUT_MS + SLACK_MS;
  try {
    while (all.some((call) => !call.settled) && Date.now() < end) {
      await vi.advanceTimersByTimeAsync(SLOT_MS);
      if (broken.length > 0) return broken.join('\n');
    }
    const hung = all.findIndex((call) => !call.settled);
    if (hung >= 0) return `hangs past its deadline: ${describeCall(all[hung] as Call, hung)}`;
    for (const [index, call] of all.entries()) {
      if (call.txs.filter((tx) => tx.landedAt !== null).length > 1) return `two landed: ${describeCall(call, index)}`;
    }
    return broken[0];
  } finally {
    vi.clearAllTimers();
  }
}

/** The outcome's claim must be true of the chain when it was made. */
function judge(
  call: Call,
  outcome: { value?: unknown; error?: unknown },
  fail: (what: string) => void,
  cluster: Cluster,
) {
  const tip = cluster.tip();
  const { value, error } = outcome;
  if (value) {
    const done = value as { signature: string; slot: number; commitment: keyof typeof RANK };
    const tx = call.txs.find((each) => each.signature === done.signature);
    if (!tx || tx.landedAt !== done.slot) fail(`resolved ${JSON.stringify(done)} but it did not land there`);
    if (RANK[done.commitment] < RANK[call.setup.commitment]) fail(`resolved at ${done.commitment}`);
    if (tip - done.slot < TRAIL[done.commitment]) fail(`resolved ${done.commitment} ${tip - done.slot} slots deep`);
    return;
  }
  if (!isSolRpcError(error)) return fail(`rejected with ${String(error)}`);
  const tx = call.txs[0] as Tx;
  switch (error.name) {
    case 'TransactionExpiredError':
      if (call.setup.kind === 'land') return fail('landTransaction rejected as expired');
      if (tx.landedAt !== null) return fail(`false expiry: landed at ${tx.landedAt}`);
      if (cluster.canStillLand(tx)) return fail('false expiry: it can still land');
      return;
    case 'TimeoutError': {
      if (Date.now() < call.deadline) fail(`TimeoutError ${call.deadline - Date.now()} ms before its deadline`);
      // Not judged (a fault may hide the expiry until the deadline), but counted: how long it had been over.
      const over = cluster.overAt(tx);
      if (over !== null && over <= tip) {
        const key = `${call.setup.kind} timed out over ${tip - over < 100 ? '<' : '>='} 100 slots`;
        reached.set(key, (reached.get(key) ?? 0) + 1);
      }
      return;
    }
    case 'TransactionNotLandedError': {
      const { reason, attempts } = error as unknown as {
        reason: string;
        attempts: { signature: string; mayStillLand: boolean }[];
      };
      if (reason !== 'timeout') return fail(`not landed: ${reason}: ${error.message}`);
      if (call.setup.lands !== null) {
        const key = `land timed out after ${attempts.length} of ${call.setup.attempt} attempts planned`;
        reached.set(key, (reached.get(key) ?? 0) + 1);
      }
      if (Date.now() < call.deadline) fail(`not landed (timeout) ${call.deadline - Date.now()} ms before its deadline`);
      for (const attempt of attempts) {
        const sent = call.txs.find((each) => each.signature === attempt.signature);
        if (sent && !attempt.mayStillLand && (sent.landedAt !== null || cluster.canStillLand(sent))) {
          fail(`attempt ${attempt.signature} said unable to land, but it ${sent.landedAt !== null ? 'landed' : 'can'}`);
        }
      }
      return;
    }
    case 'RpcError':
      // A preflight's refusal of a lifetime that is over (an old blockhash, a nonce advanced) is the node's
      // honest word; one that can still land was refused by an endpoint behind it: an expiry concluded from
      // a lagging endpoint.
      if ((error as { code?: number }).code !== -32002) return fail(`RpcError: ${error.message}`);
      if (tx.landedAt !== null || cluster.canStillLand(tx)) {
        return fail(`refused in preflight while it ${tx.landedAt !== null ? 'landed' : 'can still land'}`);
      }
      return;
    default:
      return fail(`${error.name}: ${error.message}`);
  }
}

/** Runs `call` on fake time, a slot at a time, until it settles or `limitMs` passes. */
async function settled<T>(call: Promise<T>, limitMs: number): Promise<{ value?: T; error?: unknown }> {
  let outcome: { value?: T; error?: unknown } | undefined;
  call.then(
    (value) => {
      outcome = { value };
    },
    (error) => {
      outcome = { error };
    },
  );
  for (let waited = 0; !outcome && waited < limitMs; waited += SLOT_MS) await vi.advanceTimersByTimeAsync(SLOT_MS);
  vi.clearAllTimers();
  return outcome ?? { error: new Error(`unsettled after ${limitMs} ms`) };
}

describe('a primary 50 slots behind refuses a live lifetime in preflight', () => {
  // Before the fix: the first send's -32002 BlockhashNotFound, from the primary's preflight, rejected the
  // call at once, while the blockhash (read at confirmed 2 slots before, from an endpoint at the tip) had
  // 148 slots to live, or the nonce (set 2 slots before) was the account's; the transaction never went out.
  for (const mode of ['honours', 'ignores'] as const) {
    for (const lifetime of ['blockhash', 'nonce'] as const) {
      it(`${lifetime}, the primary ${mode} minContextSlot: sent again without preflight, confirmed`, async () => {
        const cluster = createCluster(
          { laggingAt: 0, mode, flapHonours: false, flapSlots: 1, statusLag: 0, skipPercent: 0, faults: [] },
          7,
          Date.now(),
        );
        await vi.advanceTimersByTimeAsync(5 * SLOT_MS);
        const start = cluster.tip();
        const signature = new Uint8Array(64).fill(0x31);
        let bytes: Uint8Array;
        let tx: Tx;
        if (lifetime === 'nonce') {
          const nonce = cluster.addNonce(start - 2, null);
          tx = cluster.add({ signature: encodeBase58(signature), blockhashSlot: null, nonce, landFrom: start + 3 });
          bytes = wireTransaction({
            signature,
            payer: PAYER,
            recentBlockhash: nonce.value,
            nonceAccount: nonce.account,
          });
        } else {
          const b = start - 2;
          tx = cluster.add({ signature: encodeBase58(signature), blockhashSlot: b, nonce: null, landFrom: start + 3 });
          bytes = wireTransaction({ signature, payer: PAYER, recentBlockhash: cluster.blockhashOf(b) });
        }
        const rpc = createRpc(cluster.urls, { fetch: cluster.fetch });
        const events: string[] = [];
        const outcome = await settled(
          sendAndConfirmTransaction(rpc, bytes, { onProgress: (event) => events.push(event.stage) }),
          120_000,
        );
        expect(outcome.error, JSON.stringify(events)).toBeUndefined();
        expect(outcome.value).toMatchObject({ signature: tx.signature, slot: tx.landedAt, commitment: 'confirmed' });
        // Sent by the resend (no preflight), not by the refused first send.
        expect(events.slice(0, 1)).toStrictEqual(['sent']);
        expect(tx.acceptedFrom).not.toBeNull();
      });
    }
  }

  it('a lifetime no endpoint knows still ends as expired (a blockhash life past the call), never confirmed', async () => {
    const cluster = createCluster(
      { laggingAt: 0, mode: 'honours', flapHonours: false, flapSlots: 1, statusLag: 0, skipPercent: 0, faults: [] },
      7,
      Date.now(),
    );
    await vi.advanceTimersByTimeAsync(5 * SLOT_MS);
    const signature = new Uint8Array(64).fill(0x32);
    // A blockhash of a slot 400 before the start: past its life on every endpoint.
    const b = cluster.tip() - 400;
    const tx = cluster.add({ signature: encodeBase58(signature), blockhashSlot: b, nonce: null, landFrom: null });
    const bytes = wireTransaction({ signature, payer: PAYER, recentBlockhash: cluster.blockhashOf(b) });
    const rpc = createRpc(cluster.urls, { fetch: cluster.fetch });
    const outcome = await settled(sendAndConfirmTransaction(rpc, bytes), 200_000);
    expect(outcome.error).toMatchObject({ name: 'TransactionExpiredError', signature: tx.signature });
    expect(tx.landedAt).toBeNull();
  });
});

describe('a first look from a view behind the lifetime starts no grace', () => {
  // Before the fix: the call's first look came from the primary while 50 slots behind, which did not hold
  // the nonce yet (or know the blockhash); that look started the 32-slot wait for a late status. Then all
  // three endpoints failed for 40 s (the client's network, say); the first answer after it, from the
  // primary back at the tip, showed the lifetime over, 150 slots past the first view: believed, and the
  // grace long over, so the ledger was searched once, at once, and the status (shown 30 slots late) was
  // not there yet: TransactionExpiredError for a transaction that had landed.
  for (const lifetime of ['blockhash', 'nonce'] as const) {
    it(`${lifetime}: expired only once the status had time to show; it landed, so confirmed`, async () => {
      const flapSlots = lifetime === 'blockhash' ? 150 : 100;
      const outage = (node: 0 | 1 | 2, toSlot: number) => ({
        node,
        fromSlot: flapSlots + 2,
        toSlot,
        kind: 'http503' as const,
      });
      const cluster = createCluster(
        {
          laggingAt: 0,
          mode: 'flaps',
          flapHonours: false,
          flapSlots,
          statusLag: 30,
          skipPercent: 0,
          // The primary back at the tip after the outage; the others still failing, so it answers alone.
          faults: [outage(0, 2 * flapSlots), outage(1, 4 * flapSlots), outage(2, 4 * flapSlots)],
        },
        7,
        Date.now(),
      );
      // The call starts as the primary falls 50 slots behind.
      await vi.advanceTimersByTimeAsync(flapSlots * SLOT_MS);
      const start = cluster.tip();
      const signature = new Uint8Array(64).fill(0x33);
      let bytes: Uint8Array;
      let tx: Tx;
      if (lifetime === 'nonce') {
        const nonce = cluster.addNonce(start - 2, null);
        tx = cluster.add({ signature: encodeBase58(signature), blockhashSlot: null, nonce, landFrom: start + 90 });
        bytes = wireTransaction({ signature, payer: PAYER, recentBlockhash: nonce.value, nonceAccount: nonce.account });
      } else {
        const b = start - 2;
        const landFrom = cluster.lastValidSlotOf(b);
        tx = cluster.add({ signature: encodeBase58(signature), blockhashSlot: b, nonce: null, landFrom });
        bytes = wireTransaction({ signature, payer: PAYER, recentBlockhash: cluster.blockhashOf(b) });
      }
      const rpc = createRpc(cluster.urls, { fetch: cluster.fetch });
      const outcome = await settled(sendAndConfirmTransaction(rpc, bytes, { skipPreflight: true }), 300_000);
      expect(tx.landedAt).not.toBeNull();
      expect(outcome.error).toBeUndefined();
      expect(outcome.value).toMatchObject({ signature: tx.signature, slot: tx.landedAt });
    });
  }
});

describe('confirmation across three endpoints, one 50 slots behind (model)', () => {
  it('1,000 calls: no false expiry, no false success, no rebuild while an attempt can land, none hangs', async () => {
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(
        clusterArb,
        fc.array(callArb, { minLength: CALLS_PER_RUN, maxLength: CALLS_PER_RUN }),
        fc.integer(),
        fc.boolean(),
        async (setup, callSetups, seed, fresh) => {
          const broken = await runCluster(setup, callSetups, seed, fresh);
          expect(broken, `cluster ${JSON.stringify(setup)}`).toBeUndefined();
        },
      ),
      {
        numRuns: Number(process.env.RUNS ?? 20),
        endOnFailure: true,
        ...(process.env.SEED ? { seed: Number(process.env.SEED) } : {}),
      },
    );
    const outcomes = Object.fromEntries([...reached].sort());
    console.log(`${calls} calls in ${Math.round(performance.now() - started)} ms: ${JSON.stringify(outcomes)}`);
    expect(calls).toBeGreaterThanOrEqual(Number(process.env.RUNS ?? 20) * CALLS_PER_RUN);
    // Each way a call ends is reached: a model that never reaches one proves nothing about it.
    expect(Object.keys(outcomes), JSON.stringify(outcomes)).toEqual(
      expect.arrayContaining([
        'send confirmed',
        'send TransactionExpiredError',
        'nonce confirmed',
        'nonce TransactionExpiredError',
        'land confirmed',
      ]),
    );
  }, 120_000);
});
