/**
 * Subscriptions resynced while their socket is killed: an account subscription and a program subscription,
 * both with an HTTP `rpc`, follow a chain whose accounts change, close, and move to another owner, while
 * the socket is killed (every 1.5 s in the example; in the model, at generated moments at least 1.5 s
 * apart), subscribes are swallowed, and the HTTP node lags or fails. After every step:
 *
 * - every value yielded is what the chain held for that account at the value's slot (no false state: a
 *   closed account is 0 lamports under the system program);
 * - per account, slots never go back (no older state after a newer one, nothing twice out of order);
 * - no iterator ends (a socket killed every 1.5 s is no reason to give up).
 *
 * And once the socket is back and the HTTP node current: the last value of the account is the chain's
 * state (no change missed, a close included), the last value of each program account still in the
 * program is its state, and each program account delivered that has left shows it (closed or another
 * owner).
 *
 * The chain, its pubsub socket and its HTTP node are in-process (resyncWorld.ts) on virtual time.
 *
 * Run against the code before the fix of defect 9 (commit 399a081's parent), with these files as they are
 * now, the model found on its own:
 * - seed 1932805364: `[false, Kill, Close(0), Kill]`: the account closed while the socket was down was
 *   never yielded (the guide's loop waiting for 0 lamports waits for ever);
 * - seed 1732090561: `[true, Change(0, 1)]`: the first subscribe was never answered, the account changed,
 *   and the next (first answered) subscribe did not resync, so the change was missed for good.
 * (Found with the generators of commit 1d70efe; a FailReads command came after, so today these seeds draw
 * other runs. Both still run below as regressions; the two runs themselves are fixed tests: the first is
 * resync.closed.test.ts's, the second "a subscribe lost before its answer" below.)
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import {
  type AccountNotification,
  createRpc,
  createRpcSubscriptions,
  type ProgramNotification,
  type RpcSubscriptions,
} from '../../src/index.js';
import { REMEMBERED_KEYS } from '../../src/subscriptions/defineSubscription.js';
import { type State, SYSTEM, World } from './resyncWorld.js';

function address(seed: number): string {
  const bytes = new Uint8Array(32);
  bytes[0] = 7;
  new DataView(bytes.buffer).setUint32(1, seed);
  return encodeBase58(bytes);
}

const PROGRAM = address(1_000_000);
const OTHER = address(1_000_001);
const KEYS = [address(0), address(1), address(2)];
/** The account subscription follows KEYS[0], which the program owns at first. */
const WATCHED = KEYS[0] as string;
/** The judged cadence: a kill every 1.5 s. */
const KILL_EVERY_MS = 1_500;
const RUNS = 200;

interface Seen {
  slot: number;
  lamports: bigint;
  owner: string;
}

/** One run: a world, a client with its default timings, and both iterators consumed eagerly. */
class Run {
  readonly world: World;
  readonly subs: RpcSubscriptions;
  readonly account: Seen[] = [];
  readonly program = new Map<string, Seen[]>();
  readonly ended: unknown[] = [];
  lastKill = 0;

  constructor(initial: Record<string, State>) {
    this.world = new World(initial);
    const rpc = createRpc(this.world.transport);
    this.subs = createRpcSubscriptions('ws://127.0.0.1:1', { WebSocket: this.world.WebSocket });
    const account = this.subs.accountSubscribe(WATCHED, { rpc });
    const program = this.subs.programSubscribe(PROGRAM, { rpc });
    this.consume(account, ({ context, value }: AccountNotification) => {
      this.account.push({ slot: context.slot, lamports: value.lamports, owner: value.owner });
    });
    this.consume(program, ({ context, value }: ProgramNotification) => {
      const list = this.program.get(value.pubkey) ?? [];
      list.push({ slot: context.slot, lamports: value.account.lamports, owner: value.account.owner });
      this.program.set(value.pubkey, list);
    });
  }

  private consume<T>(iterator: AsyncIterable<T>, record: (value: T) => void): void {
    (async () => {
      for await (const value of iterator) record(value);
      this.ended.push('ended');
    })().catch((error: unknown) => this.ended.push(error));
  }

  /** Kills the socket, no sooner than 1.5 s after the last kill. */
  async kill(): Promise<void> {
    const wait = this.lastKill + KILL_EVERY_MS - Date.now();
    if (wait > 0) await vi.advanceTimersByTimeAsync(wait);
    this.world.kill();
    this.lastKill = Date.now();
  }

  /** The invariants that hold after every step. */
  check(): void {
    expect(this.ended).toEqual([]);
    this.checkSeen(WATCHED, this.account);
    for (const [key, seen] of this.program) this.checkSeen(key, seen);
  }

  private checkSeen(key: string, seen: readonly Seen[]): void {
    let previous = -1;
    for (const value of seen) {
      expect(value.slot, `slot order of ${key}`).toBeGreaterThanOrEqual(previous);
      previous = value.slot;
      const truth = this.world.stateAt(key, value.slot);
      expect(truth, `${key} existed in the chain's history at ${value.slot}`).not.toBeUndefined();
      const expected = truth
        ? { lamports: BigInt(truth.lamports), owner: truth.owner }
        : { lamports: 0n, owner: SYSTEM };
      expect({ lamports: value.lamports, owner: value.owner }, `${key} at slot ${value.slot}`).toEqual(expected);
    }
  }

  /** Brings the socket back and the HTTP node current, kills once more, and lets everything settle. */
  async settle(): Promise<void> {
    this.world.swallowing = false;
    this.world.httpLag = 0;
    this.world.failReads = 0;
    await this.kill();
    // The longest reconnect delay (10 s, less its jitter), a handshake, and a read with its retries.
    await vi.advanceTimersByTimeAsync(20_000);
  }

  /** What must hold once settled: nothing missed for good. */
  checkSettled(initial: Record<string, State>): void {
    this.check();
    const now = this.world.accounts.get(WATCHED) ?? null;
    const changed = this.world.changes.some((change) => change.key === WATCHED && change.slot > 0);
    if (changed || this.account.length > 0) {
      const last = this.account.at(-1);
      expect(last, 'the account subscription yielded its state').toBeDefined();
      expect(this.world.stateAt(WATCHED, (last as Seen).slot)).toEqual(now);
    }
    for (const key of KEYS) {
      const state = this.world.accounts.get(key) ?? null;
      const last = this.program.get(key)?.at(-1);
      const inProgram = state !== null && state.owner === PROGRAM;
      const changedSince = this.world.changes.some((change) => change.key === key && change.slot > 0);
      if (inProgram && (changedSince || last)) {
        expect(last, `${key} delivered`).toBeDefined();
        expect(this.world.stateAt(key, (last as Seen).slot), `${key}'s last value is its state`).toEqual(state);
      } else if (!inProgram && last) {
        expect(last.lamports === 0n || last.owner !== PROGRAM, `${key} shown as gone`).toBe(true);
      }
    }
    void initial;
  }
}

let run: Run | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  // The reconnect's jitter, fixed: a seed gives one run.
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});

afterEach(() => {
  run?.subs.close();
  run = undefined;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const INITIAL: Record<string, State> = {
  [KEYS[0] as string]: { lamports: 5, owner: PROGRAM },
  [KEYS[1] as string]: { lamports: 6, owner: PROGRAM },
  [KEYS[2] as string]: null,
};

describe('killed every 1.5 s while the accounts change', () => {
  it('yields only true states, in slot order, and ends with every account as the chain holds it', async () => {
    run = new Run(INITIAL);
    const { world } = run;
    await vi.advanceTimersByTimeAsync(10);
    let kills = 0;
    // 30 virtual seconds: a change every 100 ms (closes and other owners among them), a kill every 1.5 s.
    for (let tick = 1; tick <= 300; tick++) {
      const key = KEYS[tick % 3] as string;
      const state: State =
        tick % 7 === 0 ? null : tick % 11 === 0 ? { lamports: tick, owner: OTHER } : { lamports: tick, owner: PROGRAM };
      world.change(key, state);
      await vi.advanceTimersByTimeAsync(100);
      if (tick % 15 === 0) {
        world.kill();
        kills++;
      }
      run.check();
    }
    // The last kill was just now: the account is closed while the socket is down, and the read shows it.
    world.change(WATCHED, null);
    await vi.advanceTimersByTimeAsync(3_000);
    run.checkSettled(INITIAL);
    expect(run.account.at(-1)).toMatchObject({ lamports: 0n, owner: SYSTEM });
    // Every kill was followed by a reconnect; none gave up.
    expect(world.opened).toBe(kills + 1);
  });
});

describe('the model: changes, closes, other owners, kills, swallowed subscribes, a lagging or failing HTTP node', () => {
  type Model = { initial: Record<string, State> };
  type Command = fc.AsyncCommand<Model, Run>;
  const key = fc.integer({ min: 0, max: KEYS.length - 1 });

  const command = (name: string, act: (real: Run) => void | Promise<void>): Command => ({
    check: () => true,
    async run(_model, real) {
      await act(real);
      await vi.advanceTimersByTimeAsync(1);
      real.check();
    },
    toString: () => name,
  });

  const commands = fc.commands(
    [
      fc
        .tuple(key, fc.integer({ min: 1, max: 99 }))
        .map(([k, lamports]) =>
          command(`Change(${k}, ${lamports})`, (real) =>
            real.world.change(KEYS[k] as string, { lamports, owner: PROGRAM }),
          ),
        ),
      key.map((k) => command(`Close(${k})`, (real) => real.world.change(KEYS[k] as string, null))),
      key.map((k) =>
        command(`Reassign(${k})`, (real) => real.world.change(KEYS[k] as string, { lamports: 50, owner: OTHER })),
      ),
      fc.constant(command('Kill', (real) => real.kill())),
      fc.constant(command('Kill', (real) => real.kill())),
      fc
        .integer({ min: 1, max: 2_000 })
        .map((ms) => command(`Advance(${ms})`, () => vi.advanceTimersByTimeAsync(ms).then(() => undefined))),
      fc.boolean().map((on) =>
        command(`Swallow(${on})`, (real) => {
          real.world.swallowing = on;
        }),
      ),
      fc.integer({ min: 1, max: 6 }).map((n) =>
        command(`FailReads(${n})`, (real) => {
          real.world.failReads = n;
        }),
      ),
      fc.integer({ min: 0, max: 3 }).map((lag) =>
        command(`Lag(${lag})`, (real) => {
          real.world.httpLag = lag;
        }),
      ),
    ],
    { maxCommands: 25 },
  );

  const property = fc.asyncProperty(fc.boolean(), commands, async (swallowFirst, steps) => {
    run?.subs.close();
    run = new Run(INITIAL);
    run.world.swallowing = swallowFirst;
    await vi.advanceTimersByTimeAsync(10);
    const real = run;
    await fc.asyncModelRun(() => ({ model: { initial: INITIAL }, real }), steps);
    await real.settle();
    real.checkSettled(INITIAL);
  });

  it('holds its invariants after every step, and misses nothing for good', async () => {
    await fc.assert(property, { numRuns: RUNS });
  });

  it.each([1932805364, 1732090561])('regression: seed %i, which found a defect before the fix', async (seed) => {
    await fc.assert(property, { seed, numRuns: 20 });
  });

  // Seeds under which "misses nothing for good" failed, each at the run named (a new seed every `npm
  // test`, so it failed now and then):
  // - -513139603 and 1211285174, before readBack refused an answer that came after its abort: the
  //   program's read reported an account gone, the socket dropped before the report was delivered, and no
  //   later read asked again (see the test of a read back in flight);
  // - -1613678926, when `settle` waited 5 s: subscribes swallowed across six kills had grown the reconnect
  //   delay to 7.5 s (as it should: those connections never proved healthy), so the check came first.
  it.each([
    [-513139603, '48'],
    [1211285174, '31'],
    [-1613678926, '162'],
  ])('regression: seed %i, run %s, which failed "misses nothing for good"', async (seed, path) => {
    await fc.assert(property, { seed, path, numRuns: 1 });
  });
});

describe('regressions', () => {
  it('a subscribe lost before its answer: the next one resyncs, and the change made meanwhile comes', async () => {
    run = new Run(INITIAL);
    run.world.swallowing = true;
    await vi.advanceTimersByTimeAsync(10);
    run.world.change(WATCHED, { lamports: 9, owner: PROGRAM });
    run.world.swallowing = false;
    run.world.kill();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run.account).toEqual([{ slot: 2, lamports: 9n, owner: PROGRAM }]);
  });

  it('a read back that fails with a retryable error is tried again after 1 and 2 s, and the close comes', async () => {
    run = new Run(INITIAL);
    const { world } = run;
    await vi.advanceTimersByTimeAsync(10);
    world.kill();
    world.change(WATCHED, null);
    // Both subscriptions' reads fail twice (the account's and the program's, at the same moments).
    world.failReads = 4;
    const accountReads = () => world.reads.filter((read) => read.method === 'getAccountInfo').length;
    // The reconnect comes within 500 ms; its read fails, and the one a second later too.
    await vi.advanceTimersByTimeAsync(500);
    expect(accountReads()).toBe(1);
    expect(run.account).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(accountReads()).toBe(2);
    expect(run.account).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(accountReads()).toBe(3);
    expect(run.account).toEqual([{ slot: 2, lamports: 0n, owner: SYSTEM }]);
    run.check();
  });

  it('an account reported gone is not read back again at later reconnects, until it is seen again', async () => {
    run = new Run(INITIAL);
    const { world } = run;
    await vi.advanceTimersByTimeAsync(10);
    world.change(KEYS[1] as string, { lamports: 8, owner: PROGRAM });
    await vi.advanceTimersByTimeAsync(10);
    world.change(KEYS[1] as string, null);
    const multiple = () => world.reads.filter((read) => read.method === 'getMultipleAccounts');
    for (let i = 0; i < 3; i++) {
      world.kill();
      await vi.advanceTimersByTimeAsync(KILL_EVERY_MS);
    }
    expect(multiple().map((read) => read.params[0])).toEqual([[KEYS[1]]]);
    expect(run.program.get(KEYS[1] as string)).toEqual([
      { slot: 2, lamports: 8n, owner: PROGRAM },
      { slot: 3, lamports: 0n, owner: SYSTEM },
    ]);
    // Back in the program and notified; gone again while the socket is down: reported again.
    world.change(KEYS[1] as string, { lamports: 4, owner: PROGRAM });
    await vi.advanceTimersByTimeAsync(10);
    world.kill();
    world.change(KEYS[1] as string, { lamports: 4, owner: OTHER });
    await vi.advanceTimersByTimeAsync(KILL_EVERY_MS);
    expect(multiple()).toHaveLength(2);
    expect(run.program.get(KEYS[1] as string)?.slice(-2)).toEqual([
      { slot: 4, lamports: 4n, owner: PROGRAM },
      { slot: 5, lamports: 4n, owner: OTHER },
    ]);
    run.check();
  });

  it('an account that left the program is reported even when the socket drops while its read back is in flight', async () => {
    run = new Run(INITIAL);
    const { world } = run;
    await vi.advanceTimersByTimeAsync(10);
    world.change(KEYS[1] as string, { lamports: 8, owner: PROGRAM });
    await vi.advanceTimersByTimeAsync(10);
    world.kill();
    world.change(KEYS[1] as string, { lamports: 8, owner: OTHER });
    const multiple = () => world.reads.filter((read) => read.method === 'getMultipleAccounts');
    // Until the reconnect's read of the departed account is sent; its answer takes 20 ms, and this
    // transport (as any that ignores the signal) answers after the abort all the same.
    for (let waited = 0; multiple().length === 0 && waited < 5_000; waited++) await vi.advanceTimersByTimeAsync(1);
    expect(multiple()).toHaveLength(1);
    world.kill();
    await vi.advanceTimersByTimeAsync(KILL_EVERY_MS);
    // The answer that came after the abort was not delivered, so it is read again after this reconnect.
    expect(multiple()).toHaveLength(2);
    expect(run.program.get(KEYS[1] as string)?.at(-1)).toEqual({ slot: 3, lamports: 8n, owner: OTHER });
    run.check();
  });

  it(`remembers the last ${REMEMBERED_KEYS} accounts delivered: the least recent is forgotten`, {
    timeout: 20_000,
  }, async () => {
    const many = Array.from({ length: REMEMBERED_KEYS + 1 }, (_, i) => address(10 + i));
    run = new Run(INITIAL);
    const { world } = run;
    await vi.advanceTimersByTimeAsync(10);
    for (const key of many) world.change(key, { lamports: 1, owner: PROGRAM });
    await vi.advanceTimersByTimeAsync(10);
    expect(run.program.size).toBe(REMEMBERED_KEYS + 1);
    // As a chain would take for the 10,001 slots of the closes below (400 ms each): a read slots this far
    // beyond the socket's newest notification is believed only after the time they take.
    await vi.advanceTimersByTimeAsync(many.length * 400);
    // All of them closed while the socket is down: the read back asks for the 10,000 delivered last.
    world.kill();
    for (const key of many) world.change(key, null);
    await vi.advanceTimersByTimeAsync(KILL_EVERY_MS);
    const asked = world.reads
      .filter((read) => read.method === 'getMultipleAccounts')
      .flatMap((read) => read.params[0] as string[]);
    expect(asked).toHaveLength(REMEMBERED_KEYS);
    expect(asked).not.toContain(many[0]);
    expect(new Set(asked)).toEqual(new Set(many.slice(1)));
  });
});
