/**
 * A model-based test of signaturesOf's paging: fast-check generates an address history and a sequence of
 * server behaviours, one per request (honest pages, pages that ignore `before` or `until`, rings, repeats
 * within and between pages, slots going back up, short, empty and too long pages, made-up signatures,
 * RPC errors). The real loop runs over the real client and transport (msw answers), one request per step;
 * after every step it must agree with the model, which holds the rules as the docs state them:
 *
 * - never a signature twice, slots never going up (checked on their own, before the model is compared);
 * - a page longer than asked for, or holding a signature already sent (or the starting `before`), or a
 *   slot above the entry before it, ends the loop with a ValidationError and none of that page is yielded;
 * - a page is cut at `until`, which ends the loop; a page shorter than asked for ends it; so does `limit`;
 * - an RPC error ends the loop with that RpcError;
 * - every request asks for the right page (`before` = the last signature yielded, `limit` what is left);
 * - the loop ends: once the scripted behaviours run out the server turns honest, and the loop must end
 *   within history length + 2 more requests;
 * - when the server was honest throughout, the loop yields exactly the history, no error.
 *
 * What no client can prove: a server that stops early (a short or empty page) or makes signatures up
 * looks like a real history that ends there or holds them. The model yields what such pages hold, so
 * the test checks that signaturesOf neither loops nor repeats on them, not that it sees through them.
 *
 * Before the fix (issue 29, defect 3), this file found the defect on its own, run against a copy of the
 * old signaturesOf: 16 of seeds 1 to 40 shrank to a signature yielded twice. FC_SEED=11: a history of one
 * signature at slot 999, pageSize 2, [Ring]: the page [S, S] (a ring at one slot, wrapping inside one
 * page) yielded S twice. FC_SEED=4 (and 9, 10, 14, ...): pageSize 1, [RepeatWithin(0)]. The other 24
 * seeds shrank to rules the old code lacked as well: a slot going up inside a page ([SlotUp(1, +1)],
 * FC_SEED=1 among others), a page longer than asked for yielded whole ([TooLong(+1)]), or a page holding
 * `until` yielded past it ([IgnoreUntil], or [Ring] answering with `until` first, FC_SEED=6).
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import {
  createRpcWith,
  getSignaturesForAddress,
  isSolRpcError,
  type SignatureInfo,
  signaturesOf,
} from '../../src/index.js';
import { calls, mockRpc, RPC_URL, type RpcReply, reply, useMswServer } from '../msw/server.js';

useMswServer();

const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FC_RUNS ?? 150);

// Signatures are built once, before any deadline: the history takes from the front, made-up ones from
// the back, so a made-up signature is never one of the history's.
const POOL = Array.from({ length: 400 }, (_, i) => encodeBase58(createHash('sha512').update(`model/${i}`).digest()));
const MADE_UP_FROM = 200;

interface Params {
  before?: string;
  until?: string;
  limit: number;
}

interface Options {
  before?: string;
  until?: string;
  pageSize: number;
  limit?: number;
}

interface Model {
  history: SignatureInfo[];
  options: Options;
  /** What the loop must have yielded so far. */
  yielded: SignatureInfo[];
  /** Every signature yielded, and the starting `before`: the model remembers all, the code a bounded part. */
  sent: Set<string>;
  lowestSlot: number;
  ended: false | 'done' | 'ValidationError' | 'RpcError';
  /** False once any answer differed from what agave would have sent. */
  honest: boolean;
  madeUp: number;
  requests: number;
}

/** The loop under test, its requests held open until a step answers them. */
class Real {
  yielded: SignatureInfo[] = [];
  pending: { params: Params; answer: (reply: RpcReply) => void } | undefined;
  outcome: { error?: unknown } | undefined;
  private wake: (() => void) | undefined;

  constructor(options: Options) {
    const loop = signaturesOf(createRpcWith(RPC_URL, { getSignaturesForAddress }, { timeoutMs: 5_000 }), ADDRESS, {
      ...options,
    });
    (async () => {
      for await (const info of loop) this.yielded.push(info);
    })().then(
      () => this.end({}),
      (error: unknown) => this.end({ error }),
    );
  }

  /** The msw handler: the request waits for the step that answers it. */
  request(params: Params): Promise<RpcReply> {
    return new Promise((resolve) => {
      this.pending = { params, answer: resolve };
      this.notify();
    });
  }

  answer(answer: RpcReply) {
    const pending = this.pending;
    this.pending = undefined;
    pending?.answer(answer);
  }

  /** Resolves once the loop has sent its next request or ended: no timer, the loop's own events. */
  async settle(): Promise<void> {
    while (this.pending === undefined && this.outcome === undefined) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  private end(outcome: { error?: unknown }) {
    this.outcome = outcome;
    this.notify();
  }

  private notify() {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** agave's answer: after `before` (nothing if it does not know it), up to `until`, at most `limit`. */
function honestPage(history: SignatureInfo[], { before, until, limit }: Params): SignatureInfo[] {
  const start = before === undefined ? 0 : history.findIndex((e) => e.signature === before) + 1;
  if (before !== undefined && start === 0) return [];
  const found = until === undefined ? -1 : history.findIndex((e) => e.signature === until);
  const stop = found === -1 ? history.length : found;
  return history.slice(start, Math.max(start, stop)).slice(0, limit);
}

const same = (a: SignatureInfo[], b: SignatureInfo[]) =>
  a.length === b.length && a.every((e, i) => e.signature === b[i]?.signature && e.slot === b[i]?.slot);

/** The rules the docs state, applied to one answered page. */
function accept(m: Model, params: Params, page: SignatureInfo[]): void {
  if (page.length > params.limit) {
    m.ended = 'ValidationError';
    return;
  }
  const cut = m.options.until === undefined ? -1 : page.findIndex((e) => e.signature === m.options.until);
  const kept = cut === -1 ? page : page.slice(0, cut);
  const seen = new Set(m.sent);
  let slot = m.lowestSlot;
  for (const info of kept) {
    if (seen.has(info.signature) || info.slot > slot) {
      m.ended = 'ValidationError';
      return;
    }
    seen.add(info.signature);
    slot = info.slot;
  }
  m.sent = seen;
  m.lowestSlot = slot;
  m.yielded.push(...kept);
  if (cut !== -1 || page.length < params.limit || m.yielded.length === m.options.limit) m.ended = 'done';
}

function expectedParams(m: Model): Params {
  const { pageSize, limit = Number.POSITIVE_INFINITY, until } = m.options;
  const before = m.yielded.at(-1)?.signature ?? m.options.before;
  return {
    ...(until === undefined ? {} : { until }),
    ...(before === undefined ? {} : { before }),
    limit: Math.min(pageSize, limit - m.yielded.length),
  };
}

/** One server behaviour: how the request in flight is answered. */
abstract class Answer implements fc.AsyncCommand<Model, Real> {
  abstract page(m: Model, params: Params): SignatureInfo[] | RpcReply;
  abstract toString(): string;

  check(m: Readonly<Model>): boolean {
    return m.ended === false;
  }

  async run(m: Model, r: Real): Promise<void> {
    await r.settle();
    expect(r.outcome, 'the loop ended while the model expected another request').toBeUndefined();
    const params = r.pending?.params as Params;
    expect(params).toStrictEqual(expectedParams(m));
    const answer = this.page(m, params);
    m.requests += 1;
    if (Array.isArray(answer)) {
      if (!same(answer, honestPage(m.history, params))) m.honest = false;
      accept(m, params, answer);
      r.answer(reply.result(answer));
    } else {
      m.honest = false;
      m.ended = 'RpcError';
      r.answer(answer);
    }
    await r.settle();
    checkInvariants(m, r);
  }
}

function checkInvariants(m: Model, r: Real): void {
  const signatures = r.yielded.map((e) => e.signature);
  expect(new Set(signatures).size, `a signature yielded twice: ${signatures.join(' ')}`).toBe(signatures.length);
  for (let i = 1; i < r.yielded.length; i += 1) {
    expect(r.yielded[i]?.slot, `slot went up at ${i}`).toBeLessThanOrEqual(r.yielded[i - 1]?.slot as number);
  }
  expect(r.yielded).toStrictEqual(m.yielded);
  if (m.ended === false) {
    expect(r.outcome, 'the loop ended while the model expected another request').toBeUndefined();
  } else if (m.ended === 'done') {
    expect(r.outcome).toStrictEqual({});
  } else {
    expect(isSolRpcError(r.outcome?.error, m.ended), `ends with ${m.ended}: ${String(r.outcome?.error)}`).toBe(true);
  }
}

class Honest extends Answer {
  page = (m: Model, params: Params) => honestPage(m.history, params);
  toString = () => 'Honest';
}

class RpcFailure extends Answer {
  constructor(readonly code: number) {
    super();
  }
  page = () => reply.error(this.code, 'Node is behind');
  toString = () => `RpcFailure(${this.code})`;
}

/** A page cut short: the server claims the history ends here. */
class Short extends Answer {
  constructor(readonly keep: number) {
    super();
  }
  page = (m: Model, params: Params) => honestPage(m.history, params).slice(0, this.keep);
  toString = () => `Short(${this.keep})`;
}

/** The first page again, whatever `before` says. */
class IgnoreBefore extends Answer {
  page = (m: Model, params: Params) => honestPage(m.history, { ...params, before: m.options.before });
  toString = () => 'IgnoreBefore';
}

/** The honest page with the `before` it was asked for at its front (the starting one, or the last yielded). */
class EchoBefore extends Answer {
  page = (m: Model, params: Params) => {
    const page = honestPage(m.history, params);
    const echoed = m.history.find((e) => e.signature === params.before);
    return echoed === undefined ? page : [echoed, ...page].slice(0, params.limit);
  };
  toString = () => 'EchoBefore';
}

/** The history read as a ring: after its oldest signature comes its newest again. */
class Ring extends Answer {
  page = (m: Model, params: Params) => {
    const { history } = m;
    if (history.length === 0) return [];
    const start = params.before === undefined ? 0 : history.findIndex((e) => e.signature === params.before) + 1;
    return Array.from({ length: params.limit }, (_, i) => history[(start + i) % history.length] as SignatureInfo);
  };
  toString = () => 'Ring';
}

/** The honest page with its entry `at` sent twice in a row. */
class RepeatWithin extends Answer {
  constructor(readonly at: number) {
    super();
  }
  page = (m: Model, params: Params) => {
    const page = honestPage(m.history, params);
    if (page.length === 0) return page;
    const i = this.at % page.length;
    return [...page.slice(0, i + 1), ...page.slice(i)];
  };
  toString = () => `RepeatWithin(${this.at})`;
}

/** The honest page with an already yielded entry put back at the front, at its own slot or moved down. */
class RepeatYielded extends Answer {
  constructor(
    readonly which: number,
    readonly moved: boolean,
  ) {
    super();
  }
  page = (m: Model, params: Params) => {
    const page = honestPage(m.history, params);
    if (m.yielded.length === 0) return page;
    const old = m.yielded[this.which % m.yielded.length] as SignatureInfo;
    const slot = this.moved ? Math.min(old.slot, m.lowestSlot) : old.slot;
    return [{ ...old, slot }, ...page].slice(0, Math.max(1, params.limit));
  };
  toString = () => `RepeatYielded(${this.which}, ${this.moved ? 'moved' : 'same slot'})`;
}

/** The honest page with the entry `at` moved `by` slots above the entry before it. */
class SlotUp extends Answer {
  constructor(
    readonly at: number,
    readonly by: number,
  ) {
    super();
  }
  page = (m: Model, params: Params) => {
    const page = honestPage(m.history, params);
    if (page.length === 0) return page;
    const i = this.at % page.length;
    const above = i === 0 ? m.lowestSlot : (page[i - 1] as SignatureInfo).slot;
    if (!Number.isFinite(above)) return page;
    return page.map((e, j) => (j === i ? { ...e, slot: above + this.by } : e));
  };
  toString = () => `SlotUp(${this.at}, +${this.by})`;
}

/** More than was asked for. */
class TooLong extends Answer {
  constructor(readonly extra: number) {
    super();
  }
  page = (m: Model, params: Params) => honestPage(m.history, { ...params, limit: params.limit + this.extra });
  toString = () => `TooLong(+${this.extra})`;
}

/** A page as if `until` had not been sent. */
class IgnoreUntil extends Answer {
  page = (m: Model, params: Params) => honestPage(m.history, { before: params.before, limit: params.limit });
  toString = () => 'IgnoreUntil';
}

/** `count` signatures the history does not hold, at or below the lowest slot so far. */
class MadeUp extends Answer {
  constructor(readonly count: number) {
    super();
  }
  page = (m: Model, params: Params) => {
    const top = Number.isFinite(m.lowestSlot) ? m.lowestSlot : 2_000;
    return Array.from({ length: Math.min(this.count, params.limit) }, (_, i) => {
      const signature = POOL[MADE_UP_FROM + (m.madeUp++ % (POOL.length - MADE_UP_FROM))] as string;
      return { ...entry(signature, top - i) };
    });
  };
  toString = () => `MadeUp(${this.count})`;
}

function entry(signature: string, slot: number): SignatureInfo {
  return { signature, slot, err: null, memo: null, blockTime: null, confirmationStatus: 'finalized' };
}

const answers = [
  fc.constant(new Honest()),
  fc.constant(new Honest()),
  fc.constantFrom(-32005, -32011, -32016).map((code) => new RpcFailure(code)),
  fc.nat({ max: 6 }).map((keep) => new Short(keep)),
  fc.constant(new IgnoreBefore()),
  fc.constant(new Ring()),
  fc.constant(new EchoBefore()),
  fc.nat({ max: 8 }).map((at) => new RepeatWithin(at)),
  fc.tuple(fc.nat({ max: 40 }), fc.boolean()).map(([which, moved]) => new RepeatYielded(which, moved)),
  fc.tuple(fc.nat({ max: 8 }), fc.integer({ min: 1, max: 3 })).map(([at, by]) => new SlotUp(at, by)),
  fc.integer({ min: 1, max: 3 }).map((extra) => new TooLong(extra)),
  fc.constant(new IgnoreUntil()),
  fc.integer({ min: 1, max: 4 }).map((count) => new MadeUp(count)),
];

/** A history of up to 36 signatures, newest first, 1 to 4 per slot, slots 1 to 3 apart. */
const historyArb = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 })), { maxLength: 9 })
  .map((groups) => {
    const history: SignatureInfo[] = [];
    let slot = 1_000;
    for (const [size, gap] of groups) {
      slot -= gap;
      for (let i = 0; i < size; i += 1) history.push(entry(POOL[history.length] as string, slot));
    }
    return history;
  });

const scenarioArb = historyArb.chain((history) =>
  fc.record({
    history: fc.constant(history),
    pageSize: fc.integer({ min: 1, max: 6 }),
    limit: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
    beforeAt: fc.option(fc.nat({ max: Math.max(0, history.length - 1) }), { nil: undefined }),
    untilAt: fc.option(fc.nat({ max: history.length }), { nil: undefined }),
  }),
);

describe('signaturesOf against a model of paging', () => {
  it(`agrees with the model after every request (seed ${SEED}, ${RUNS} runs)`, { timeout: 60_000 }, async () => {
    let real: Real | undefined;
    mockRpc({ getSignaturesForAddress: ({ params }) => (real as Real).request(params[1] as Params) });
    await fc.assert(
      fc.asyncProperty(
        scenarioArb,
        fc.commands(answers, { maxCommands: 12 }),
        async ({ history, pageSize, limit, beforeAt, untilAt }, commands) => {
          const before = history.length === 0 || beforeAt === undefined ? undefined : history[beforeAt]?.signature;
          // `until` only below `before`: above it, agave's answer depends on slots this model does not keep.
          const untilIndex = untilAt === undefined ? undefined : Math.max(untilAt, (beforeAt ?? -1) + 1);
          const until = untilIndex === undefined ? undefined : history[untilIndex]?.signature;
          const options: Options = {
            pageSize,
            ...(limit === undefined ? {} : { limit }),
            ...(before === undefined ? {} : { before }),
            ...(until === undefined ? {} : { until }),
          };
          const model: Model = {
            history,
            options,
            yielded: [],
            sent: new Set(before === undefined ? [] : [before]),
            lowestSlot: Number.POSITIVE_INFINITY,
            ended: false,
            honest: true,
            madeUp: 0,
            requests: 0,
          };
          calls.length = 0;
          const r = new Real(options);
          real = r;
          try {
            await fc.asyncModelRun(() => ({ model, real: r }), commands);
            // The script ran out: an honest server from here on, and the loop must end.
            const bound = model.requests + history.length + 2;
            while (model.ended === false) {
              expect(model.requests, 'the loop does not end').toBeLessThan(bound);
              await new Honest().run(model, r);
            }
            await r.settle();
            checkInvariants(model, r);
            if (model.honest) {
              const whole = honestPage(history, { before, until, limit: Number.POSITIVE_INFINITY });
              expect(r.yielded).toStrictEqual(whole.slice(0, limit ?? whole.length));
              expect(r.outcome).toStrictEqual({});
            }
          } finally {
            // A failed run leaves its request open: end that loop with an empty page.
            for (let i = 0; i < 3 && r.pending !== undefined; i += 1) {
              r.answer(reply.result([]));
              await r.settle();
            }
          }
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
