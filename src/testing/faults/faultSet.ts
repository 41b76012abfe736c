/**
 * The faults switched on in one cluster: each checked when it is added, matched against the calls it
 * scopes, spent call by call when it has a count, and switched off by its handle, by `clearAll()` or by
 * the cluster closing (which releases the calls a silent fault holds, so nothing waits past close()).
 */
import { InvalidInputError } from '../../errors/InvalidInputError.js';
import { ANSWERS, PROVIDER_ANSWERS } from '../answers/index.js';
import { didYouMean } from '../suggest.js';
import type { FaultHandle, FaultKind, FaultOptions } from './faultKinds.js';

/** One fault switched on, as the servers read it. */
export interface ActiveFault<K extends FaultKind = FaultKind> {
  readonly kind: K;
  readonly options: FaultOptions[K];
  /** Settles when the fault is switched off. */
  readonly off: Promise<void>;
  readonly handle: FaultHandle;
}

/** Every fault kind, in the order docs/testing.md shows them. */
export const FAULT_KINDS: readonly FaultKind[] = [
  'rateLimited',
  'behind',
  'dropSends',
  'marketFee',
  'statusLag',
  'slow',
  'silent',
  'cutShort',
  'socketLost',
  'socketClosed',
  'scanLimit',
];

interface Entry extends ActiveFault {
  spend(): void;
  /** Called, at once, when it is switched off. */
  readonly onClear: (() => void)[];
}

/** Faults that act on WebSockets the moment they are switched on: the set tells its listener. */
export type FaultListener = (fault: ActiveFault) => void;

export class FaultSet {
  /** The faults that apply to new calls. */
  private readonly active: Entry[] = [];
  /** Every fault not yet cleared, spent ones included: a spent `silent` still holds its calls. */
  private readonly held = new Set<Entry>();
  private readonly listeners: FaultListener[] = [];

  /** Calls `listener` with every fault switched on from now. */
  onAdd(listener: FaultListener): void {
    this.listeners.push(listener);
  }

  add<K extends FaultKind>(kind: K, options: FaultOptions[K] | undefined): FaultHandle {
    const checked = checkFault(kind, options) as FaultOptions[K];
    let hits = 0;
    let cleared = false;
    let release = () => {};
    const off = new Promise<void>((resolve) => {
      release = resolve;
    });
    const count = (checked as { count?: number }).count;
    const retire = () => {
      const at = this.active.indexOf(entry);
      if (at >= 0) this.active.splice(at, 1);
    };
    const handle: FaultHandle = {
      kind,
      get hits() {
        return hits;
      },
      get cleared() {
        return cleared || (count !== undefined && hits >= count);
      },
      clear: () => {
        if (cleared) return;
        cleared = true;
        retire();
        this.held.delete(entry);
        for (const listener of entry.onClear) listener();
        release();
      },
    };
    const entry: Entry = {
      kind,
      options: checked,
      off,
      handle,
      onClear: [],
      spend() {
        hits++;
        // Spent, it applies to no new call; what it holds stays held until it is cleared.
        if (count !== undefined && hits >= count) retire();
      },
    };
    this.active.push(entry);
    this.held.add(entry);
    for (const listener of this.listeners) listener(entry);
    return handle;
  }

  /**
   * The oldest fault of `kind` on for any of `methods` (every method when none is given), one of its count
   * spent; `undefined` when none is.
   */
  take<K extends FaultKind>(kind: K, methods?: readonly string[]): ActiveFault<K> | undefined {
    const found = this.find(kind, methods);
    found?.spend();
    return found as ActiveFault<K> | undefined;
  }

  /** As `take`, without spending: for faults that last until cleared (`behind`). */
  peek<K extends FaultKind>(kind: K, methods?: readonly string[]): ActiveFault<K> | undefined {
    return this.find(kind, methods) as ActiveFault<K> | undefined;
  }

  /**
   * Calls `listener` when `fault` is switched off, in the same turn (its `off` settles a turn later): what
   * a fault started in the ledger (a market fee) ends at the slot it is cleared in.
   */
  whenCleared(fault: ActiveFault, listener: () => void): void {
    const entry = [...this.held].find((held) => held === fault);
    if (entry) entry.onClear.push(listener);
    else listener();
  }

  /** Counts one hit of a fault that applied outside `take` (a socket it ended, a share of sends it dropped). */
  spend(fault: ActiveFault): void {
    this.active.find((entry) => entry === fault)?.spend();
  }

  clearAll(): void {
    for (const entry of [...this.held]) entry.handle.clear();
  }

  private find(kind: FaultKind, methods?: readonly string[]) {
    return this.active.find((entry) => {
      if (entry.kind !== kind) return false;
      const scope = (entry.options as { methods?: readonly string[] }).methods;
      return !scope || !methods || methods.some((method) => scope.includes(method));
    });
  }
}

const fail = (param: string, problem: string) => new InvalidInputError({ method: 'fault', param, problem });
const describe = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** The options each kind reads (faultKinds.ts): another key is a typo, refused rather than ignored. */
const OPTION_KEYS: Record<FaultKind, readonly string[]> = {
  rateLimited: ['methods', 'count', 'retryAfterSeconds'],
  behind: ['methods', 'slots'],
  dropSends: ['count', 'share', 'seed'],
  marketFee: ['price', 'walk'],
  statusLag: ['slots'],
  slow: ['methods', 'count', 'delayMs'],
  silent: ['methods', 'count'],
  cutShort: ['methods', 'count', 'mode'],
  socketLost: ['count'],
  socketClosed: ['count', 'code', 'reason'],
  scanLimit: ['methods', 'count', 'maxAccounts'],
};

/** agave's pubsub methods (rpc_pubsub.rs), which the WebSocket faults `slow` and `silent` may scope. */
const PUBSUB_METHODS = [
  'account',
  'block',
  'logs',
  'program',
  'root',
  'signature',
  'slot',
  'slotsUpdates',
  'vote',
].flatMap((name) => [`${name}Subscribe`, `${name}Unsubscribe`]);

const U64_MAX = 18_446_744_073_709_551_615n;
/** A price in micro-lamports per compute unit: a whole number, 0 to u64's largest. */
const isPrice = (value: unknown) =>
  (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
  (typeof value === 'bigint' && value >= 0n && value <= U64_MAX);

/** marketFee's price (a whole number or a function of the slot) and walk, each bad part named. */
function checkMarket(o: Record<string, unknown>): void {
  if (!isPrice(o.price) && typeof o.price !== 'function')
    throw fail(
      'options.price',
      `expected micro-lamports per compute unit (a whole number, or a function of the slot), got ${describe(o.price)}`,
    );
  if (o.walk === undefined) return;
  const walk = o.walk as Record<string, unknown>;
  if (typeof walk !== 'object' || walk === null || Array.isArray(walk))
    throw fail('options.walk', `expected { seed, step?, min?, max? }, got ${describe(walk)}`);
  if (typeof o.price === 'function')
    throw fail('options.walk', 'a walk starts from a fixed price; give price as a number, or move it in the function');
  const keys = ['seed', 'step', 'min', 'max'];
  for (const key of Object.keys(walk)) {
    if (!keys.includes(key))
      throw fail(
        `options.walk.${key}`,
        `unknown option of a walk${didYouMean(key, keys)}; its options are ${keys.join(', ')}`,
      );
  }
  if (!Number.isSafeInteger(walk.seed))
    throw fail('options.walk.seed', `expected a whole number, got ${describe(walk.seed)}`);
  const step = walk.step;
  if (step !== undefined && (typeof step !== 'number' || !(step > 0 && step <= 1)))
    throw fail('options.walk.step', `expected a share above 0 and at most 1, got ${describe(step)}`);
  for (const bound of ['min', 'max'] as const) {
    if (walk[bound] !== undefined && !isPrice(walk[bound]))
      throw fail(`options.walk.${bound}`, `expected a whole number of micro-lamports, got ${describe(walk[bound])}`);
  }
  if (walk.min !== undefined && walk.max !== undefined && BigInt(walk.min as number) > BigInt(walk.max as number))
    throw fail('options.walk.max', `expected at least min (${describe(walk.min)}), got ${describe(walk.max)}`);
}

/** The options of a fault, checked; each bad one refused with the parameter named. */
function checkFault(kind: FaultKind, options: unknown): object {
  if (!FAULT_KINDS.includes(kind))
    throw fail(
      'kind',
      `expected one of ${FAULT_KINDS.join(', ')}, got ${describe(kind)}${didYouMean(String(kind), FAULT_KINDS)}`,
    );
  if (options === undefined) options = {};
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw fail('options', `expected an object, got ${describe(options)}`);
  const o = options as Record<string, unknown>;
  const known = OPTION_KEYS[kind];
  for (const key of Object.keys(o)) {
    if (!known.includes(key))
      throw fail(
        `options.${key}`,
        `unknown option of ${kind}${didYouMean(key, known)}; its options are ${known.join(', ')}`,
      );
  }
  const whole = (name: string, min: number, required = false) => {
    const value = o[name];
    if (value === undefined && !required) return;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min)
      throw fail(`options.${name}`, `expected a whole number of at least ${min}, got ${describe(value)}`);
  };
  whole('count', 1);
  if (o.methods !== undefined) {
    if (!Array.isArray(o.methods) || o.methods.length === 0 || !o.methods.every((m) => typeof m === 'string'))
      throw fail('options.methods', 'expected a non-empty array of method names');
    // A name the cluster answers no call of would scope the fault to nothing, silently.
    const methods = [...ANSWERS.keys(), ...PROVIDER_ANSWERS.keys(), ...PUBSUB_METHODS];
    for (const [index, method] of (o.methods as string[]).entries()) {
      if (!methods.includes(method))
        throw fail(
          `options.methods[${index}]`,
          `${describe(method)} is no method the cluster answers${didYouMean(method, methods)}`,
        );
    }
  }
  if (kind === 'rateLimited') whole('retryAfterSeconds', 0);
  if (kind === 'behind' || kind === 'statusLag') whole('slots', 1, true);
  if (kind === 'dropSends') {
    const share = o.share;
    if (share !== undefined && (typeof share !== 'number' || !(share >= 0 && share <= 1)))
      throw fail('options.share', `expected a share from 0 to 1, got ${describe(share)}`);
    if (o.seed !== undefined && !Number.isSafeInteger(o.seed))
      throw fail('options.seed', `expected a whole number, got ${describe(o.seed)}`);
  }
  if (kind === 'marketFee') checkMarket(o);
  if (kind === 'slow') whole('delayMs', 0, true);
  if (kind === 'scanLimit') whole('maxAccounts', 0, true);
  if (kind === 'cutShort' && o.mode !== undefined && o.mode !== 'truncated' && o.mode !== 'reset')
    throw fail('options.mode', `expected 'truncated' or 'reset', got ${describe(o.mode)}`);
  if (kind === 'socketClosed') {
    const code = o.code;
    // What a close frame may carry (RFC 6455 7.4): 1004-1006 and 1015 are reserved, 1016-2999 unassigned.
    const valid =
      typeof code === 'number' &&
      Number.isInteger(code) &&
      ((code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) ||
        (code >= 3000 && code <= 4999));
    if (!valid) throw fail('options.code', `expected 1000-1003, 1007-1014 or 3000-4999, got ${describe(code)}`);
    if (o.reason !== undefined && (typeof o.reason !== 'string' || new TextEncoder().encode(o.reason).length > 123))
      throw fail('options.reason', 'expected text of at most 123 bytes of UTF-8');
  }
  return { ...o };
}
