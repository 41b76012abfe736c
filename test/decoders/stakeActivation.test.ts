import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStake } from '../../src/decoders/stake.js';
import {
  MAINNET_NEW_RATE_ACTIVATION_EPOCH,
  type StakeActivation,
  type StakeActivationOptions,
  stakeActivation,
} from '../../src/decoders/stakeActivation.js';
import { InvalidInputError } from '../../src/errors/InvalidInputError.js';
import { concat, le, propertyTimeout, runs, seed } from './helpers.js';

console.info(`fast-check seed ${seed}, ${runs} runs`);

const U64_MAX = 0xffff_ffff_ffff_ffffn;

interface Delegation {
  stake: bigint;
  activationEpoch: bigint;
  deactivationEpoch: bigint;
}

interface Entry {
  effective: bigint;
  activating: bigint;
  deactivating: bigint;
}

/** A history as the tests build it: epoch → entry. Encoded newest first, as the sysvar holds it. */
type History = Map<bigint, Entry>;

function stakeBytes(d: Delegation): Uint8Array {
  return concat(
    le.u32(2),
    le.u64(0),
    new Uint8Array(64),
    le.i64(0),
    le.u64(0),
    new Uint8Array(32),
    new Uint8Array(32),
    le.u64(d.stake),
    le.u64(d.activationEpoch),
    le.u64(d.deactivationEpoch),
    new Uint8Array(8),
    le.u64(0),
    [0],
    [0, 0, 0],
  );
}

function historyBytes(history: History): Uint8Array {
  const epochs = [...history.keys()].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const parts: number[][] = [le.u64(epochs.length)];
  for (const epoch of epochs) {
    const e = history.get(epoch) as Entry;
    parts.push(le.u64(epoch), le.u64(e.effective), le.u64(e.activating), le.u64(e.deactivating));
  }
  // The sysvar account is allocated for 512 entries; unused space is zeros.
  parts.push(new Array(64).fill(0));
  return concat(...parts);
}

function safe(v: bigint): number | bigint {
  return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

/** agave's jsonParsed StakeHistory sysvar, with integers as the exact JSON parser gives them. */
function historyParsed(history: History): unknown {
  const epochs = [...history.keys()].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  return {
    program: 'sysvar',
    parsed: {
      type: 'stakeHistory',
      info: epochs.map((epoch) => {
        const e = history.get(epoch) as Entry;
        return {
          epoch: safe(epoch),
          stakeHistory: {
            effective: safe(e.effective),
            activating: safe(e.activating),
            deactivating: safe(e.deactivating),
          },
        };
      }),
    },
    space: 16392,
  };
}

const OLD_RATE: StakeActivationOptions = { newRateActivationEpoch: null };

function status(a: StakeActivation): [bigint, bigint, bigint] {
  return [a.active, a.activating, a.deactivating];
}

function run(d: Delegation, history: History, epoch: bigint, options: StakeActivationOptions = OLD_RATE) {
  return stakeActivation(stakeBytes(d), historyBytes(history), epoch, options);
}

/** The runtime tests' `create_stake_history_from_delegations`: each epoch's entry sums the delegations. */
function historyFromDelegations(
  bootstrap: bigint | null,
  epochs: number,
  delegations: Delegation[],
  options: StakeActivationOptions,
): History {
  const all =
    bootstrap === null
      ? delegations
      : [...delegations, { stake: bootstrap, activationEpoch: U64_MAX, deactivationEpoch: U64_MAX }];
  const history: History = new Map();
  for (let epoch = 0n; epoch < BigInt(epochs); epoch++) {
    const sum: Entry = { effective: 0n, activating: 0n, deactivating: 0n };
    for (const d of all) {
      const [effective, activating, deactivating] = status(run(d, history, epoch, options));
      sum.effective += effective;
      sum.activating += activating;
      sum.deactivating += deactivating;
    }
    history.set(epoch, sum);
  }
  return history;
}

const MATHS = ['fixedPoint', 'float'] as const;

describe('stakeActivation: solana-stake-interface test_stake_activating_and_deactivating', () => {
  const d: Delegation = { stake: 1000n, activationEpoch: 0n, deactivationEpoch: 5n };
  const increment = 250n; // 1000 at 25%

  it.each(MATHS)('follows a step function with no history (%s)', (math) => {
    const o = { ...OLD_RATE, math };
    const empty: History = new Map();
    expect(status(run(d, empty, 0n, o))).toEqual([0n, 1000n, 0n]);
    for (let e = 1n; e < 5n; e++) expect(status(run(d, empty, e, o))).toEqual([1000n, 0n, 0n]);
    expect(status(run(d, empty, 5n, o))).toEqual([1000n, 0n, 1000n]);
    expect(status(run(d, empty, 6n, o))).toEqual([0n, 0n, 0n]);
  });

  it.each(MATHS)(
    'stays activating when its epoch has no activating stake, and is shorted when the next epoch is missing (%s)',
    (math) => {
      const o = { ...OLD_RATE, math };
      const broken: History = new Map([[0n, { effective: 1000n, activating: 0n, deactivating: 0n }]]);
      expect(status(run(d, broken, 1n, o))).toEqual([0n, 1000n, 0n]);
      const shorted: History = new Map([[0n, { effective: 1000n, activating: 1000n, deactivating: 0n }]]);
      expect(status(run(d, shorted, 2n, o))).toEqual([increment, 1000n - increment, 0n]);
    },
  );

  it.each(MATHS)('deactivation edge cases (%s)', (math) => {
    const o = { ...OLD_RATE, math };
    const noDeactivating: History = new Map([[5n, { effective: 1000n, activating: 0n, deactivating: 0n }]]);
    expect(status(run(d, noDeactivating, 6n, o))).toEqual([1000n, 0n, 1000n]);
    const hung: History = new Map([[5n, { effective: 1000n, activating: 0n, deactivating: 1000n }]]);
    expect(status(run(d, hung, 7n, o))).toEqual([1000n - increment, 0n, 1000n - increment]);
  });
});

describe('stakeActivation: same-epoch activation then deactivation is never active', () => {
  it.each([
    ['previously slow', 1000n],
    ['previously stuck', 0n],
  ])('%s', (_name, firstDeactivating) => {
    const d: Delegation = { stake: 700n, activationEpoch: 0n, deactivationEpoch: 0n };
    const rows: [bigint, bigint, bigint][] = [
      [1000n, 10000n, firstDeactivating],
      [1000n, 10000n, 1000n],
      [1000n, 10000n, 1000n],
      [1000n, 10000n, 100n],
      [1000n, 10000n, 100n],
      [1000n, 10000n, 100n],
      [1000n, 10000n, 100n],
    ];
    const history: History = new Map(
      rows.map(([effective, activating, deactivating], i) => [BigInt(i), { effective, activating, deactivating }]),
    );
    for (const math of MATHS) {
      for (let e = 0n; e < 7n; e++) {
        const a = run(d, history, e, { ...OLD_RATE, math });
        expect(a).toEqual({ state: 'inactive', active: 0n, inactive: 700n, activating: 0n, deactivating: 0n });
      }
    }
  });
});

describe('stakeActivation: test_inflation_and_slashing_with_activating_and_deactivating_stake', () => {
  const history: History = new Map([
    [0n, { effective: 1000n, activating: 700n, deactivating: 0n }],
    [1n, { effective: 1250n, activating: 450n, deactivating: 0n }],
    [2n, { effective: 1562n, activating: 138n, deactivating: 0n }],
    [3n, { effective: 1700n, activating: 0n, deactivating: 0n }],
    [4n, { effective: 1700n, activating: 0n, deactivating: 700n }],
    [5n, { effective: 1275n, activating: 0n, deactivating: 275n }],
  ]);
  const transition: [bigint, bigint, bigint][] = [
    [0n, 700n, 0n],
    [250n, 450n, 0n],
    [562n, 138n, 0n],
    [700n, 0n, 0n],
    [700n, 0n, 700n],
    [275n, 0n, 275n],
    [0n, 0n, 0n],
  ];
  // The test's base for scaled stakes, with its two "+1 is needed for rounding".
  const base: [number, number, number][] = [
    [0, 700, 0],
    [250, 450, 0],
    [562, 139, 0],
    [700, 0, 0],
    [700, 0, 700],
    [276, 0, 276],
    [0, 0, 0],
  ];
  const statesOf = (stake: bigint, math: 'fixedPoint' | 'float') =>
    transition.map((_, e) =>
      status(run({ stake, activationEpoch: 0n, deactivationEpoch: 4n }, history, BigInt(e), { ...OLD_RATE, math })),
    );
  // Rust's `(x as f64 * rate) as u64`.
  const scaled = (rate: number) => base.map((row) => row.map((x) => BigInt(Math.trunc(x * rate))));

  it.each(MATHS)('moves 700 lamports through warmup and cooldown (%s)', (math) => {
    expect(statesOf(700n, math)).toEqual(transition);
  });

  it('scales with 10% inflation and 50% slashing (fixed point, as the interface asserts)', () => {
    expect(statesOf(BigInt(Math.trunc(700 * 1.1)), 'fixedPoint')).toEqual(scaled(1.1));
    expect(statesOf(BigInt(Math.trunc(700 * 0.5)), 'fixedPoint')).toEqual(scaled(0.5));
  });
});

describe('stakeActivation: test_stop_activating_after_deactivation', () => {
  it.each(MATHS)('stops warming up at the deactivation epoch while others start to activate (%s)', (math) => {
    const d: Delegation = { stake: 1000n, activationEpoch: 0n, deactivationEpoch: 3n };
    const base = 1000n;
    const otherActivation = 100n;
    const others: bigint[] = [0n];
    const history: History = new Map();
    let effective = base;
    for (let epoch = 0n; epoch <= d.deactivationEpoch + 1n; epoch++) {
      const sumOthers = others.reduce((a, b) => a + b, 0n);
      const [activating, deactivating] =
        epoch < d.deactivationEpoch
          ? [d.stake + base - effective, 0n]
          : [otherActivation, effective - base - sumOthers];
      history.set(epoch, { effective, activating, deactivating });
      const limited = (effective * 2500n) / 10000n;
      if (epoch < d.deactivationEpoch) {
        effective += limited < activating ? limited : activating;
        others.push(0n);
      } else {
        effective -= limited < deactivating ? limited : deactivating;
        effective += otherActivation;
        others.push(otherActivation);
      }
    }
    for (let epoch = 0n; epoch <= d.deactivationEpoch + 1n; epoch++) {
      const h = history.get(epoch) as Entry;
      const sumOthers = others.slice(0, Number(epoch) + 1).reduce((a, b) => a + b, 0n);
      const expectedStake = h.effective - base - sumOthers;
      const [activating, deactivating] = epoch < d.deactivationEpoch ? [h.activating, 0n] : [0n, h.deactivating];
      expect(status(run(d, history, epoch, { ...OLD_RATE, math }))).toEqual([expectedStake, activating, deactivating]);
    }
  });
});

describe('stakeActivation: test_stake_warmup_cooldown_sub_integer_moves and test_stake_warmup_cooldown', () => {
  it.each(MATHS)('a 2-lamport stake warms and cools at least a lamport an epoch (%s)', (math) => {
    const o = { ...OLD_RATE, math };
    const delegations: Delegation[] = [{ stake: 2n, activationEpoch: 0n, deactivationEpoch: 5n }];
    const history = historyFromDelegations(12n, 7, delegations, o);
    const stakes = [0n, 1n, 2n, 3n, 4n, 5n, 6n].map((e) => run(delegations[0] as Delegation, history, e, o).active);
    expect(stakes.reduce((a, b) => (a > b ? a : b))).toBe(2n);
    expect(stakes.reduce((a, b) => (a < b ? a : b))).toBe(0n);
  });

  it.each(MATHS.flatMap((math) => [null, 1, 10, 30, 50, 60].map((rate) => [math, rate] as const)))(
    'the cluster total moves at most the rate a epoch (%s, new rate from %s)',
    (math, rate) => {
      const o: StakeActivationOptions = { math, newRateActivationEpoch: rate };
      const delegations: Delegation[] = [
        { stake: 1000n, activationEpoch: U64_MAX, deactivationEpoch: U64_MAX },
        { stake: 1000n, activationEpoch: 0n, deactivationEpoch: 9n },
        { stake: 1000n, activationEpoch: 1n, deactivationEpoch: 6n },
        { stake: 1000n, activationEpoch: 2n, deactivationEpoch: 5n },
        { stake: 1000n, activationEpoch: 2n, deactivationEpoch: 4n },
        { stake: 1000n, activationEpoch: 4n, deactivationEpoch: 4n },
      ];
      const history = historyFromDelegations(null, 60, delegations, o);
      const total = (e: bigint) => delegations.reduce((sum, d) => sum + run(d, history, e, o).active, 0n);
      let prev = total(0n);
      for (let e = 1n; e < 60n; e++) {
        const now = total(e);
        const delta = now > prev ? now - prev : prev - now;
        const bps = rate !== null && e >= BigInt(rate) ? 900n : 2500n;
        const max = (prev * bps) / 10000n;
        expect(delta <= (max > 1n ? max : 1n)).toBe(true);
        prev = now;
      }
      // Everything has warmed up and cooled down by epoch 59: only the genesis stake is left.
      expect(prev).toBe(1000n);
    },
  );
});

describe('stakeActivation: rates, maths and the runtime edges', () => {
  const d: Delegation = { stake: 1000n, activationEpoch: 0n, deactivationEpoch: U64_MAX };
  const history: History = new Map([[0n, { effective: 1000n, activating: 1000n, deactivating: 0n }]]);

  it('uses 9% from the new-rate epoch on, mainnet 565 by default', () => {
    expect(run(d, history, 1n, { newRateActivationEpoch: 1 }).active).toBe(90n);
    expect(run(d, history, 1n, { newRateActivationEpoch: 2n }).active).toBe(250n);
    expect(run(d, history, 1n, { newRateActivationEpoch: 0 }).active).toBe(90n);
    expect(MAINNET_NEW_RATE_ACTIVATION_EPOCH).toBe(565);
    expect(stakeActivation(stakeBytes(d), historyBytes(history), 1).active).toBe(250n);
    const late: Delegation = { stake: 1000n, activationEpoch: 600n, deactivationEpoch: U64_MAX };
    const lateHistory: History = new Map([[600n, { effective: 1000n, activating: 1000n, deactivating: 0n }]]);
    expect(stakeActivation(stakeBytes(late), historyBytes(lateHistory), 601).active).toBe(90n);
  });

  it('differs between the maths where the f64 rounds: 0.09 is not 9/100 in binary', () => {
    // 20 of a cluster's 27 activating lamports, 30 effective, at 9%: the runtime's f64 weight × share is
    // (20 / 27) × 2.7 = 1.9999999999999998 and truncates to 1; integers give 20 × 30 × 900 / 270000 = 2.
    const d20: Delegation = { stake: 20n, activationEpoch: 0n, deactivationEpoch: U64_MAX };
    const h: History = new Map([[0n, { effective: 30n, activating: 27n, deactivating: 0n }]]);
    expect(run(d20, h, 1n, { newRateActivationEpoch: 0, math: 'float' }).active).toBe(1n);
    expect(run(d20, h, 1n, { newRateActivationEpoch: 0, math: 'fixedPoint' }).active).toBe(2n);
    expect(stakeActivation(stakeBytes(d20), historyBytes(h), 1, { newRateActivationEpoch: 0 }).active).toBe(2n);
  });

  it('takes a bootstrap stake (activation epoch u64::MAX) as fully active at once', () => {
    const boot: Delegation = { stake: 5n, activationEpoch: U64_MAX, deactivationEpoch: U64_MAX };
    expect(run(boot, new Map(), 0n)).toEqual({
      state: 'active',
      active: 5n,
      inactive: 0n,
      activating: 0n,
      deactivating: 0n,
    });
  });

  it('takes a stake whose activation epoch is out of the history as active, and whose deactivation epoch is out as inactive', () => {
    const old: Delegation = { stake: 9n, activationEpoch: 3n, deactivationEpoch: 8n };
    expect(run(old, new Map(), 5n).state).toBe('active');
    expect(run(old, new Map(), 9n)).toEqual({
      state: 'inactive',
      active: 0n,
      inactive: 9n,
      activating: 0n,
      deactivating: 0n,
    });
  });

  it('reports not-delegated accounts as inactive with nothing', () => {
    const initialized = concat(le.u32(1), new Uint8Array(120));
    for (const bytes of [concat(le.u32(0)), initialized, concat(le.u32(3))]) {
      expect(stakeActivation(bytes, historyBytes(history), 3)).toEqual({
        state: 'inactive',
        active: 0n,
        inactive: 0n,
        activating: 0n,
        deactivating: 0n,
      });
    }
  });

  it('reads the same from bytes, parseStake output, the jsonParsed envelope and the parsed sysvar', () => {
    const bytes = stakeBytes({ stake: 700n, activationEpoch: 0n, deactivationEpoch: 4n });
    const h: History = new Map([[0n, { effective: 1000n, activating: 700n, deactivating: 0n }]]);
    const want = stakeActivation(bytes, historyBytes(h), 1);
    expect(want.active).toBe(250n);
    const parsed = parseStake(bytes);
    expect(stakeActivation(parsed, historyParsed(h), 1)).toEqual(want);
    expect(stakeActivation({ program: 'stake', parsed, space: 200 }, historyParsed(h), 1n)).toEqual(want);
    expect(stakeActivation(parsed, (historyParsed(h) as { parsed: unknown }).parsed, 1)).toEqual(want);
  });
});

describe('stakeActivation: inactive from the balance, as getStakeActivation last computed it', () => {
  // The conformance stake account (getAccountInfo.jsonParsed.stake-account-legacy-warmup): 50,000,000
  // lamports delegated at epoch 823, deactivated at 824, 52,282,880 lamports with a 2,282,880 reserve.
  const account = {
    program: 'stake' as const,
    space: 200,
    parsed: {
      type: 'delegated' as const,
      info: {
        meta: {
          rentExemptReserve: '2282880',
          authorized: {
            staker: '8pRbQwhbCUuWfwEZyVHL4JNGz2Psn4pmJYx7jcYD8syL',
            withdrawer: '8pRbQwhbCUuWfwEZyVHL4JNGz2Psn4pmJYx7jcYD8syL',
          },
          lockup: { unixTimestamp: 1767225600, epoch: 0, custodian: '4smPL3D3WbquBfrZ5U3qp22Xpo2EUHj3eWWysT5M93Hp' },
        },
        stake: {
          delegation: {
            voter: 'DRMu5aMbmJgi8E6UDsEjJQNdqm6KggukXpknvqJCMRfG',
            stake: '50000000',
            activationEpoch: '823',
            deactivationEpoch: '824',
          },
          creditsObserved: 1893340021,
        },
      },
    },
  };
  const lamports = 52282880;
  const history: History = new Map([
    [823n, { effective: 1_000_000_000n, activating: 50_000_000n, deactivating: 0n }],
    [824n, { effective: 1_000_000_000n, activating: 0n, deactivating: 50_000_000n }],
  ]);

  it('activating: the activating stake; deactivating: the balance less reserve and effective; inactive: less the reserve', () => {
    const at = (epoch: number) => stakeActivation(account, historyParsed(history), epoch, { lamports });
    expect(at(823)).toEqual({
      state: 'activating',
      active: 0n,
      inactive: 50000000n,
      activating: 50000000n,
      deactivating: 0n,
    });
    // In its deactivation epoch, with all of it effective at 25%: 50,000,000 of 1,000,000,000 at 823 → full.
    expect(at(824)).toEqual({
      state: 'deactivating',
      active: 50000000n,
      inactive: 0n,
      activating: 0n,
      deactivating: 50000000n,
    });
    expect(at(826)).toEqual({ state: 'inactive', active: 0n, inactive: 50000000n, activating: 0n, deactivating: 0n });
    expect(stakeActivation(account, historyParsed(history), 826).inactive).toBe(50000000n);
  });

  it('an initialized account: the balance above its reserve, as getStakeActivation answered', () => {
    const initialized = {
      ...account,
      parsed: { type: 'initialized' as const, info: { meta: account.parsed.info.meta, stake: null } },
    };
    expect(stakeActivation(initialized, historyParsed(history), 830, { lamports }).inactive).toBe(50000000n);
    expect(stakeActivation(initialized, historyParsed(history), 830).inactive).toBe(0n);
  });
});

describe('stakeActivation: invalid input names the parameter', () => {
  const good = stakeBytes({ stake: 1n, activationEpoch: 0n, deactivationEpoch: U64_MAX });
  const goodHistory = historyBytes(new Map());
  const paramOf = (f: () => unknown): string => {
    try {
      f();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidInputError);
      return (error as InvalidInputError).param;
    }
    throw new Error('expected an InvalidInputError');
  };

  it.each([
    ['stakeAccount', () => stakeActivation(Uint8Array.from([9, 0, 0, 0]), goodHistory, 1)],
    ['stakeAccount', () => stakeActivation(42 as never, goodHistory, 1)],
    ['stakeAccount.type', () => stakeActivation({ type: 'frozen' } as never, goodHistory, 1)],
    ['stakeAccount.program', () => stakeActivation({ program: 'vote', parsed: {}, space: 0 } as never, goodHistory, 1)],
    [
      'stakeAccount.info.stake.delegation.stake',
      () => {
        const parsed = parseStake(good) as unknown as { info: { stake: { delegation: { stake: unknown } } } };
        parsed.info.stake.delegation.stake = '-1';
        return stakeActivation(parsed as never, goodHistory, 1);
      },
    ],
    ['stakeHistory', () => stakeActivation(good, concat(le.u64(2), new Uint8Array(40)), 1)],
    ['stakeHistory', () => stakeActivation(good, 'x', 1)],
    ['stakeHistory.type', () => stakeActivation(good, { type: 'clock', info: [] }, 1)],
    [
      'stakeHistory.info.0.epoch',
      () =>
        stakeActivation(
          good,
          {
            type: 'stakeHistory',
            info: [{ epoch: -1, stakeHistory: { effective: 0, activating: 0, deactivating: 0 } }],
          },
          1,
        ),
    ],
    ['epoch', () => stakeActivation(good, goodHistory, -1)],
    ['epoch', () => stakeActivation(good, goodHistory, 2n ** 64n)],
    ['epoch', () => stakeActivation(good, goodHistory, 1.5)],
    ['options.newRateActivationEpoch', () => stakeActivation(good, goodHistory, 1, { newRateActivationEpoch: -1 })],
    ['options.math', () => stakeActivation(good, goodHistory, 1, { math: 'double' as never })],
    ['options.lamports', () => stakeActivation(good, goodHistory, 1, { lamports: -1 })],
  ])('%s', (param, f) => {
    expect(paramOf(f)).toBe(param);
  });
});

// A reference model written from the runtime's description rather than its code: the account's state
// is carried forward one epoch at a time from the epoch it changed in, each step reading the cluster's
// entry for the epoch before; it ends where the history does.
function modelAllowance(
  epoch: bigint,
  account: bigint,
  portion: bigint,
  effective: bigint,
  newRate: bigint | null,
  math: 'fixedPoint' | 'float',
): bigint {
  const tower = newRate !== null && epoch >= newRate;
  if (math === 'float') {
    const x = (Number(account) / Number(portion)) * (Number(effective) * (tower ? 0.09 : 0.25));
    if (Number.isNaN(x) || x <= 0) return 0n;
    return x >= 2 ** 64 ? U64_MAX : BigInt(Math.floor(x));
  }
  if (account * portion * effective === 0n) return 0n;
  const product = account * effective * (tower ? 900n : 2500n);
  const capped = product >= 1n << 128n ? (1n << 128n) - 1n : product;
  const q = capped / (portion * 10000n);
  return q > account ? account : q;
}

function model(
  d: Delegation,
  h: History,
  target: bigint,
  newRate: bigint | null,
  math: 'fixedPoint' | 'float',
): [bigint, bigint, bigint] {
  let effective: bigint;
  let activating: bigint;
  if (d.activationEpoch === U64_MAX) [effective, activating] = [d.stake, 0n];
  else if (d.activationEpoch === d.deactivationEpoch || target < d.activationEpoch) [effective, activating] = [0n, 0n];
  else if (target === d.activationEpoch) [effective, activating] = [0n, d.stake];
  else if (!h.has(d.activationEpoch)) [effective, activating] = [d.stake, 0n];
  else {
    effective = 0n;
    // The first step is always taken (even with a deactivation epoch before the activation epoch, which
    // only hand-made bytes can have); each later one needs the epoch below both bounds.
    for (let prev = d.activationEpoch; ; prev++) {
      const entry = h.get(prev);
      if (entry === undefined || entry.activating === 0n) break;
      const grant = modelAllowance(prev + 1n, d.stake - effective, entry.activating, entry.effective, newRate, math);
      effective = (effective + (grant === 0n ? 1n : grant)) % 2n ** 64n; // a release build's u64 add
      if (effective >= d.stake) {
        effective = d.stake;
        break;
      }
      if (prev + 1n >= target || prev + 1n >= d.deactivationEpoch) break;
    }
    activating = d.stake - effective;
  }
  if (target < d.deactivationEpoch) return [effective, activating, 0n];
  if (target === d.deactivationEpoch) return [effective, 0n, effective];
  if (!h.has(d.deactivationEpoch)) return [0n, 0n, 0n];
  let left = effective;
  for (let prev = d.deactivationEpoch; prev < target && left > 0n; prev++) {
    const entry = h.get(prev);
    if (entry === undefined || entry.deactivating === 0n) break;
    const grant = modelAllowance(prev + 1n, left, entry.deactivating, entry.effective, newRate, math);
    left = left - (grant === 0n ? 1n : grant);
    if (left < 0n) left = 0n;
  }
  return [left, 0n, left];
}

const smallOrHuge = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: 0n, max: 5000n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: U64_MAX }) },
);
const arbEntry: fc.Arbitrary<Entry> = fc.record({
  effective: smallOrHuge,
  activating: smallOrHuge,
  deactivating: smallOrHuge,
});
const arbHistory: fc.Arbitrary<History> = fc
  .array(fc.tuple(fc.bigInt({ min: 0n, max: 30n }), arbEntry), { maxLength: 30 })
  .map((pairs) => {
    const h: History = new Map();
    for (const [epoch, entry] of pairs) if (!h.has(epoch)) h.set(epoch, entry);
    return h;
  });
const arbEpoch = fc.oneof(
  { weight: 6, arbitrary: fc.bigInt({ min: 0n, max: 32n }) },
  { weight: 1, arbitrary: fc.constant(U64_MAX) },
);
const arbDelegation: fc.Arbitrary<Delegation> = fc.record({
  stake: smallOrHuge,
  activationEpoch: arbEpoch,
  deactivationEpoch: arbEpoch,
});
const arbOptions = fc.record({
  newRateActivationEpoch: fc.option(fc.bigInt({ min: 0n, max: 32n }), { nil: null }),
  math: fc.constantFrom('fixedPoint' as const, 'float' as const),
});

describe('stakeActivation: properties', () => {
  it(
    'equals the reference model, from bytes and from the jsonParsed forms alike',
    () => {
      fc.assert(
        fc.property(arbDelegation, arbHistory, fc.bigInt({ min: 0n, max: 34n }), arbOptions, (d, h, epoch, o) => {
          const a = run(d, h, epoch, o);
          expect(status(a)).toEqual(model(d, h, epoch, o.newRateActivationEpoch, o.math));
          expect(stakeActivation(parseStake(stakeBytes(d)), historyParsed(h), epoch, o)).toEqual(a);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'splits the delegation: active + inactive = stake, activating within inactive, deactivating within active, one phase at a time',
    () => {
      fc.assert(
        fc.property(arbDelegation, arbHistory, fc.bigInt({ min: 0n, max: 34n }), arbOptions, (d, h, epoch, o) => {
          const a = run(d, h, epoch, o);
          for (const v of [a.active, a.activating, a.inactive, a.deactivating]) expect(v >= 0n).toBe(true);
          expect(a.active + a.inactive).toBe(d.stake);
          expect(a.activating <= a.inactive).toBe(true);
          expect(a.deactivating <= a.active).toBe(true);
          expect(a.activating === 0n || a.deactivating === 0n).toBe(true);
          if (epoch < d.deactivationEpoch) expect(a.deactivating).toBe(0n);
          else expect(a.activating).toBe(0n);
          const state =
            a.deactivating > 0n
              ? 'deactivating'
              : a.activating > 0n
                ? 'activating'
                : a.active > 0n
                  ? 'active'
                  : 'inactive';
          expect(a.state).toBe(state);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'only grows before the deactivation epoch and only shrinks after it',
    () => {
      fc.assert(
        fc.property(arbDelegation, arbHistory, arbOptions, (d, h, o) => {
          // Only for delegations the stake program can make: it deactivates in or after the activation
          // epoch (a genesis stake aside). Hand-made bytes with the order reversed come back to life.
          fc.pre(d.activationEpoch === U64_MAX || d.activationEpoch <= d.deactivationEpoch);
          // The f64 path's u64 sum wraps (see below) only with a grant near 2^64; below 2^30 every
          // product stays under 2^60.
          const small = (v: bigint) => v < 2n ** 30n;
          fc.pre(
            o.math === 'fixedPoint' ||
              (small(d.stake) &&
                [...h.values()].every((e) => small(e.effective) && small(e.activating) && small(e.deactivating))),
          );
          let prev = run(d, h, 0n, o).active;
          for (let e = 1n; e <= 34n; e++) {
            const now = run(d, h, e, o).active;
            if (e <= d.deactivationEpoch) expect(now >= prev).toBe(true);
            else expect(now <= prev).toBe(true);
            prev = now;
          }
        }),
        { seed, numRuns: Math.max(1, Math.floor(runs / 10)) },
      );
    },
    propertyTimeout,
  );
});

describe('stakeActivation: u64 wrap of the f64 path', () => {
  it('wraps the running sum as a release build does when a history grants near u64::MAX', () => {
    // Epoch 1 grants 1 lamport (tiny cluster); epoch 2 grants 9/1 × u64::MAX·0.25, which saturates to
    // u64::MAX, and 1 + u64::MAX wraps to 0, below the delegation, so the walk goes on to epoch 3.
    const d: Delegation = { stake: 10n, activationEpoch: 0n, deactivationEpoch: U64_MAX };
    const h: History = new Map([
      [0n, { effective: 1n, activating: 100n, deactivating: 0n }],
      [1n, { effective: U64_MAX, activating: 1n, deactivating: 0n }],
      [2n, { effective: 0n, activating: 5n, deactivating: 0n }],
    ]);
    const o = { newRateActivationEpoch: null, math: 'float' as const };
    expect(run(d, h, 2n, o).active).toBe(0n);
    expect(run(d, h, 3n, o).active).toBe(1n);
    expect(status(run(d, h, 3n, o))).toEqual(model(d, h, 3n, null, 'float'));
    // The integer path caps each grant at what remains: fully active at epoch 2.
    expect(run(d, h, 2n, { ...o, math: 'fixedPoint' }).active).toBe(10n);
  });
});
