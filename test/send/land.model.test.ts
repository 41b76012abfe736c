/**
 * Model-based test of landTransaction: fast-check generates a congested cluster (a share of sends
 * dropped, a market price that moves, statuses that show landings late, a transaction that fails on chain)
 * and what its nodes do while the call runs (time passing, requests routed to a node 60 slots behind that
 * honours minContextSlot or one that ignores it, methods that go silent, fail or report landings that did
 * not happen, the caller aborting, a build callback that throws), and checks after every step:
 * - never two of the call's transactions landed (at most once);
 * - an outcome is true of the chain when it is reached: a landing resolved is on chain at that slot; a
 *   `TransactionNotLandedError` with `mayStillLand: false` comes when none landed and none can; with
 *   `mayStillLand: true`, `pending` is the one that may (and nothing else landed);
 * - nothing settles past its deadline, and a fee above the caps is never paid;
 * - an honest world (no fault, the tip node) whose market the caps allow ends landed.
 * Time is fake (vitest's timers, `Date` included). `RUNS=10000` runs the 10,000 landings the issue names.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeBase58 } from '../../src/codecs/base58Text.js';
import { isSolRpcError, type LandingBuildInput, landTransaction } from '../../src/index.js';
import {
  COMPUTE_BUDGET,
  createLandingWorld,
  type Fault,
  type LandingWorld,
  type Method,
  type NodeName,
  SLOT_MS,
} from '../support/landingWorld.js';

const SLACK_MS = 1_000;

/** A legacy transaction: payer, a writable market account, ComputeBudget, a program; limit, price, one call. */
function buildTransaction(input: LandingBuildInput, serial: number): Uint8Array {
  const key = (fill: number) => new Uint8Array(32).fill(fill);
  const limit = new Uint8Array(5);
  limit[0] = 2;
  new DataView(limit.buffer).setUint32(1, input.unitLimit, true);
  const price = new Uint8Array(9);
  price[0] = 3;
  new DataView(price.buffer).setBigUint64(1, input.unitPrice, true);
  const parts: number[] = [1, 0, 2, 4];
  for (const k of [key(1), key(2), decodeBase58(COMPUTE_BUDGET, 32) as Uint8Array, key(4)]) parts.push(...k);
  parts.push(...(decodeBase58(input.blockhash, 32) as Uint8Array));
  parts.push(3);
  parts.push(2, 0, limit.length, ...limit);
  parts.push(2, 0, price.length, ...price);
  parts.push(3, 1, 1, 1, 7);
  const signature = new Uint8Array(64);
  // A signature of its own per build: the world never verifies it.
  new DataView(signature.buffer).setUint32(0, serial, true);
  signature[63] = 0x5a;
  return Uint8Array.from([1, ...signature, ...parts]);
}

interface Outcome {
  at: number;
  value?: { signature: string; slot: number; unitPrice: bigint; feeLamports: bigint; attempts: number };
  error?: unknown;
  landed: string[];
  canStillLand: boolean;
  liesServed: number;
}

interface Run {
  world: LandingWorld;
  start: number;
  timeoutMs: number;
  maxUnitPrice: bigint | null;
  outcome: Outcome | undefined;
  trace: string[];
  honest: boolean;
  controller: AbortController;
  builds: { throwAt: number | null };
}

function judge(run: Run): void {
  const { world, outcome } = run;
  const landed = world.landed();
  if (landed.length > 1)
    throw new Error(`double land: ${landed.map((tx) => `${tx.signature}@${tx.landedAt}`).join(', ')}`);
  for (const tx of world.sent.values()) {
    if (run.maxUnitPrice !== null && tx.unitPrice > run.maxUnitPrice) {
      throw new Error(`sent a price of ${tx.unitPrice} above the cap ${run.maxUnitPrice}`);
    }
  }
  if (!outcome) {
    const late = Date.now() - (run.start + run.timeoutMs);
    if (late > SLACK_MS) throw new Error(`unsettled ${late} ms past its deadline`);
    return;
  }
  if (outcome.at - run.start > run.timeoutMs + SLACK_MS) throw new Error('settled after its deadline');
  const { value, error } = outcome;
  if (value) {
    const tx = world.sent.get(value.signature);
    if (!tx || tx.landedAt !== value.slot) {
      if (outcome.liesServed === 0)
        throw new Error(`resolved ${value.signature}@${value.slot}, chain holds ${outcome.landed}`);
    }
    return;
  }
  if (isSolRpcError(error, 'TransactionFailedError')) {
    if (outcome.landed.length !== 1 && outcome.liesServed === 0) throw new Error('failed, but nothing landed');
    return;
  }
  if (isSolRpcError(error, 'TransactionNotLandedError')) {
    if (!error.mayStillLand) {
      if (outcome.landed.length > 0) throw new Error(`not landed (none can), but ${outcome.landed} landed`);
      if (outcome.canStillLand) throw new Error('not landed (none can), but one still can');
      // Nothing it sent can land later either.
      if (landed.length > 0) throw new Error(`not landed (none can), later ${landed[0]?.signature} landed`);
    } else if (outcome.landed.length > 0 && !outcome.landed.includes(error.pending as string)) {
      throw new Error(`may still land: ${error.pending}, but ${outcome.landed} landed`);
    }
    if (run.honest && error.reason !== 'aborted' && error.reason !== 'build-failed' && error.cappedBelow === null) {
      throw new Error(`an honest world ended without a landing: ${error.message}`);
    }
    return;
  }
  if (isSolRpcError(error, 'ValidationError') && outcome.liesServed > 0) return;
  throw new Error(`unexpected outcome: ${(error as Error)?.stack ?? String(error)}`);
}

const step = async (run: Run, ms: number) => {
  for (let left = ms; left > 0; left -= SLOT_MS) {
    run.world.advance();
    judge(run);
    await vi.advanceTimersByTimeAsync(Math.min(SLOT_MS, left));
  }
  run.world.advance();
  judge(run);
};

type Command = fc.AsyncCommand<object, Run>;

class Tick implements Command {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_: object, run: Run) {
    run.trace.push(this.toString());
    await step(run, this.ms);
  }
  toString = () => `tick ${this.ms} ms`;
}
class Route implements Command {
  constructor(readonly node: NodeName) {}
  check = () => true;
  async run(_: object, run: Run) {
    run.world.route = this.node;
    if (this.node !== 'A') run.honest = false;
    run.trace.push(this.toString());
    await step(run, 0);
  }
  toString = () => `route to ${this.node}`;
}
class SetFault implements Command {
  constructor(
    readonly method: Method,
    readonly fault: Fault | undefined,
  ) {}
  check = () => true;
  async run(_: object, run: Run) {
    if (this.fault) {
      run.world.faults[this.method] = this.fault;
      run.honest = false;
    } else delete run.world.faults[this.method];
    run.trace.push(this.toString());
    await step(run, 0);
  }
  toString = () => `${this.method} ${this.fault ?? 'honest'}`;
}
class Abort implements Command {
  check = () => true;
  async run(_: object, run: Run) {
    run.controller.abort(new Error('caller gave up'));
    run.trace.push(this.toString());
    await step(run, 0);
  }
  toString = () => 'abort';
}

const methods: Method[] = [
  'getSignatureStatuses',
  'isBlockhashValid',
  'getBlockHeight',
  'getLatestBlockhash',
  'simulateTransaction',
  'getRecentPrioritizationFees',
  'sendTransaction',
];
/** Mostly time passing, at times a node or a method turning, rarely the caller giving up. */
const commands = [
  fc.integer({ min: 200, max: 8_000 }).map((ms) => new Tick(ms)),
  fc.integer({ min: 200, max: 8_000 }).map((ms) => new Tick(ms)),
  fc.integer({ min: 200, max: 30_000 }).map((ms) => new Tick(ms)),
  fc.integer({ min: 200, max: 30_000 }).map((ms) => new Tick(ms)),
  fc.constantFrom<NodeName>('A', 'A', 'B', 'C').map((node) => new Route(node)),
  fc
    .tuple(
      fc.constantFrom(...methods),
      fc.constantFrom<Fault | undefined>(undefined, undefined, 'silent', 'transient', 'future'),
    )
    .filter(([method, fault]) => method === 'getSignatureStatuses' || fault !== 'future')
    .map(([method, fault]) => new SetFault(method, fault)),
  fc.constant(new Abort()),
];

/** `value` one time in `1 + nullWeight`, `null` otherwise. */
const sometimes = <T>(value: fc.Arbitrary<T>, nullWeight: number) =>
  fc.oneof({ weight: nullWeight, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });

const scenario = fc.record({
  dropShare: fc.constantFrom(0, 0.5, 0.9),
  statusLag: fc.integer({ min: 0, max: 10 }),
  // Half the time congested from the start (a step at slot 0 the fee history has not seen yet), so the
  // first attempt underpays, expires and is built again: the path where two could land.
  market: fc
    .tuple(
      fc.option(fc.integer({ min: 1_000, max: 50_000 }), { freq: 2 }),
      fc.array(fc.record({ after: fc.integer({ min: 0, max: 600 }), price: fc.integer({ min: 0, max: 50_000 }) }), {
        maxLength: 3,
      }),
    )
    .map(([first, steps]) =>
      [...(first === null ? [] : [{ after: 0, price: first }]), ...steps].sort((a, b) => a.after - b.after),
    ),
  failsOnChain: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  maxUnitPrice: sometimes(fc.integer({ min: 0, max: 60_000 }), 1),
  unitLimit: sometimes(fc.constant(10_000), 2),
  commitment: fc.constantFrom('processed' as const, 'confirmed' as const, 'finalized' as const),
  timeoutMs: fc.oneof(fc.integer({ min: 5_000, max: 60_000 }), fc.integer({ min: 100_000, max: 300_000 })),
  throwAt: sometimes(fc.integer({ min: 0, max: 3 }), 6),
});

const reached = new Map<string, number>();

function start(setup: typeof scenario extends fc.Arbitrary<infer T> ? T : never): Run {
  const now = Date.now();
  const world = createLandingWorld(now, setup);
  const controller = new AbortController();
  const run: Run = {
    world,
    start: now,
    timeoutMs: setup.timeoutMs,
    maxUnitPrice: setup.maxUnitPrice === null ? null : BigInt(setup.maxUnitPrice),
    outcome: undefined,
    trace: [],
    // The world the caps allow: every market step within the cap.
    // The world the caps allow (every market step within the cap, the last one early enough to leave
    // attempts after it), a leader that sees half the sends or more, time for three blockhash lives.
    honest:
      setup.market.every(
        (entry) => entry.after <= 200 && (setup.maxUnitPrice === null || entry.price <= setup.maxUnitPrice),
      ) &&
      setup.dropShare < 0.9 &&
      setup.timeoutMs >= 200_000 &&
      setup.throwAt === null,
    controller,
    builds: { throwAt: setup.throwAt },
  };
  let serial = 0;
  const call = landTransaction(world.rpc, {
    commitment: setup.commitment,
    timeoutMs: setup.timeoutMs,
    pollIntervalMs: SLOT_MS,
    signal: controller.signal,
    ...(setup.maxUnitPrice === null ? {} : { maxUnitPrice: setup.maxUnitPrice }),
    ...(setup.unitLimit === null ? {} : { unitLimit: setup.unitLimit }),
    build: (input) => {
      if (setup.throwAt !== null && input.attempt === setup.throwAt) throw new Error('the signer is offline');
      return buildTransaction(input, ++serial);
    },
  });
  const settle = (result: Pick<Outcome, 'value' | 'error'>) => {
    const kind = result.value
      ? `landed${result.value.attempts > 1 ? ':rebuilt' : ''}`
      : isSolRpcError(result.error, 'TransactionNotLandedError')
        ? `NotLanded:${result.error.reason}:${result.error.mayStillLand ? 'may' : 'none'}`
        : isSolRpcError(result.error)
          ? result.error.name
          : String(result.error);
    reached.set(kind, (reached.get(kind) ?? 0) + 1);
    run.outcome = {
      ...result,
      at: Date.now(),
      landed: world.landed().map((tx) => tx.signature),
      canStillLand: world.canStillLand(),
      liesServed: world.liesServed,
    };
  };
  call.then(
    (value) => settle({ value }),
    (error) => settle({ error }),
  );
  return run;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('landTransaction, model-based', () => {
  it('never two landings, never a false outcome, never past its deadline or the caps', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, fc.commands(commands, { maxCommands: 30 }), async (setup, cmds) => {
        const run = start(setup);
        try {
          await fc.asyncModelRun(() => ({ model: {}, real: run }), cmds);
          await step(run, Math.max(0, run.start + run.timeoutMs + SLACK_MS - Date.now()));
          expect(run.outcome, 'settled by its deadline').toBeDefined();
          // And afterwards: nothing it gave up on lands later.
          await step(run, 200 * SLOT_MS);
        } catch (error) {
          (error as Error).message += `\n  scenario ${JSON.stringify(setup)}\n  ${run.trace.join('\n  ')}`;
          throw error;
        } finally {
          vi.clearAllTimers();
        }
      }),
      {
        numRuns: Number(process.env.RUNS ?? 200),
        ...(process.env.SEED ? { seed: Number(process.env.SEED) } : {}),
      },
    );
    if (process.env.SHOW) console.log(JSON.stringify(Object.fromEntries(reached)));
    const kinds = [...reached.keys()].sort();
    expect(kinds, JSON.stringify(Object.fromEntries(reached))).toEqual(
      expect.arrayContaining([
        'landed',
        'landed:rebuilt',
        'TransactionFailedError',
        'NotLanded:timeout:may',
        'NotLanded:aborted:may',
      ]),
    );
  }, 600_000);
});
