import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { parseJson } from '../../src/codecs/json.js';
import { parseStake } from '../../src/decoders/stake.js';
import { stakeActivation } from '../../src/decoders/stakeActivation.js';
import { parsedStakeProgram } from '../../src/schemas/stake.js';
import type { ParsedStake } from '../../src/types/stake.js';
import { concat, decodeErrorOf, fixture, le, propertyTimeout, resultOrDecodeError, runs, seed } from './helpers.js';

console.info(`fast-check seed ${seed}, ${runs} runs`);

const U64_MAX = 0xffff_ffff_ffff_ffffn;
/** Stake accounts are created at 200 bytes (StakeStateV2::size_of); the state is 197 at most. */
const STAKE_ACCOUNT_BYTES = 200;

interface MetaInput {
  rentExemptReserve: bigint;
  staker: Uint8Array;
  withdrawer: Uint8Array;
  unixTimestamp: bigint;
  epoch: bigint;
  custodian: Uint8Array;
}

interface StakeInput {
  voter: Uint8Array;
  stake: bigint;
  activationEpoch: bigint;
  deactivationEpoch: bigint;
  warmupCooldownRate: number;
  creditsObserved: bigint;
  flags: number;
}

type StateInput =
  | { kind: 0 }
  | { kind: 1; meta: MetaInput }
  | { kind: 2; meta: MetaInput; stake: StakeInput }
  | { kind: 3 };

function f64(value: number): number[] {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, value, true);
  return [...b];
}

/** bincode StakeStateV2, written field by field from the layout (not with the decoder's reader). */
function encodeState(state: StateInput): Uint8Array {
  const parts: (Uint8Array | number[])[] = [le.u32(state.kind)];
  if (state.kind === 1 || state.kind === 2) {
    const m = state.meta;
    parts.push(
      le.u64(m.rentExemptReserve),
      m.staker,
      m.withdrawer,
      le.i64(m.unixTimestamp),
      le.u64(m.epoch),
      m.custodian,
    );
  }
  if (state.kind === 2) {
    const s = state.stake;
    parts.push(
      s.voter,
      le.u64(s.stake),
      le.u64(s.activationEpoch),
      le.u64(s.deactivationEpoch),
      f64(s.warmupCooldownRate),
      le.u64(s.creditsObserved),
      [s.flags],
    );
  }
  return concat(...parts);
}

/** Pads to the size stake accounts are allocated at, as on chain. */
function padded(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.max(STAKE_ACCOUNT_BYTES, bytes.length));
  out.set(bytes);
  return out;
}

function safe(value: bigint): number | bigint {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** What agave's serde output is for an input, built from the input (not from the bytes). */
function expected(state: StateInput): ParsedStake {
  if (state.kind === 0) return { type: 'uninitialized' };
  if (state.kind === 3) return { type: 'rewardsPool' };
  const m = state.meta;
  const meta = {
    rentExemptReserve: m.rentExemptReserve.toString(),
    authorized: { staker: encodeBase58(m.staker), withdrawer: encodeBase58(m.withdrawer) },
    lockup: { unixTimestamp: safe(m.unixTimestamp), epoch: safe(m.epoch), custodian: encodeBase58(m.custodian) },
  };
  if (state.kind === 1) return { type: 'initialized', info: { meta, stake: null } };
  const s = state.stake;
  return {
    type: 'delegated',
    info: {
      meta,
      stake: {
        delegation: {
          voter: encodeBase58(s.voter),
          stake: s.stake.toString(),
          activationEpoch: s.activationEpoch.toString(),
          deactivationEpoch: s.deactivationEpoch.toString(),
        },
        creditsObserved: safe(s.creditsObserved),
      },
    },
  };
}

/** The JSON text serde_json writes for a value: integers unquoted, whatever their size. */
function serdeJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(serdeJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${serdeJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function key(fill: number): Uint8Array {
  return new Uint8Array(32).fill(fill);
}

const meta42: MetaInput = {
  rentExemptReserve: 42n,
  staker: key(7),
  withdrawer: key(7),
  unixTimestamp: 0n,
  epoch: 1n,
  custodian: key(9),
};

describe('parseStake: agave test_parse_stake', () => {
  it('reads Uninitialized as { type: uninitialized } with no info', () => {
    expect(parseStake(encodeState({ kind: 0 }))).toStrictEqual({ type: 'uninitialized' });
  });

  it('reads Initialized with stake: null, the reserve as a string and the lockup as numbers', () => {
    expect(parseStake(encodeState({ kind: 1, meta: meta42 }))).toStrictEqual({
      type: 'initialized',
      info: {
        meta: {
          rentExemptReserve: '42',
          authorized: { staker: encodeBase58(key(7)), withdrawer: encodeBase58(key(7)) },
          lockup: { unixTimestamp: 0, epoch: 1, custodian: encodeBase58(key(9)) },
        },
        stake: null,
      },
    });
  });

  it('reads Stake as delegated: amounts and epochs as strings, creditsObserved a number, no rate, no flags', () => {
    const state: StateInput = {
      kind: 2,
      meta: meta42,
      stake: {
        voter: key(3),
        stake: 20n,
        activationEpoch: 2n,
        deactivationEpoch: U64_MAX,
        warmupCooldownRate: 0.25,
        creditsObserved: 10n,
        flags: 0,
      },
    };
    const parsed = parseStake(encodeState(state));
    expect(parsed).toStrictEqual({
      type: 'delegated',
      info: {
        meta: {
          rentExemptReserve: '42',
          authorized: { staker: encodeBase58(key(7)), withdrawer: encodeBase58(key(7)) },
          lockup: { unixTimestamp: 0, epoch: 1, custodian: encodeBase58(key(9)) },
        },
        stake: {
          delegation: {
            voter: encodeBase58(key(3)),
            stake: '20',
            activationEpoch: '2',
            deactivationEpoch: '18446744073709551615',
          },
          creditsObserved: 10,
        },
      },
    });
  });

  it('reads RewardsPool as { type: rewardsPool } with no info', () => {
    expect(parseStake(encodeState({ kind: 3 }))).toStrictEqual({ type: 'rewardsPool' });
  });

  it('refuses [1, 2, 3, 4] (tag 0x04030201, no such variant)', () => {
    const error = decodeErrorOf(() => parseStake(Uint8Array.from([1, 2, 3, 4])));
    expect(error.message).toMatch(/^stake: /);
    expect(error.field).toBe('type');
    expect(error.offset).toBe(0);
  });

  it('refuses an Initialized tag with no meta, naming the first missing field', () => {
    const error = decodeErrorOf(() => parseStake(Uint8Array.from([1, 0, 0, 0])));
    expect(error.field).toBe('meta.rentExemptReserve');
    expect(error.offset).toBe(4);
  });
});

describe('parseStake: layout edges', () => {
  it('reads a live 200-byte Initialized account (solana-stake-interface borsh_deserialization_live_data)', () => {
    const withdrawer = Uint8Array.from([
      133, 0, 79, 231, 141, 29, 73, 61, 232, 35, 119, 124, 168, 12, 120, 216, 195, 29, 12, 166, 139, 28, 36, 182, 186,
      154, 246, 149, 224, 109, 52, 100,
    ]);
    const data = padded(concat(le.u32(1), le.u64(2282880), withdrawer, withdrawer));
    const parsed = parseStake(data);
    expect(parsed).toStrictEqual({
      type: 'initialized',
      info: {
        meta: {
          rentExemptReserve: '2282880',
          authorized: { staker: encodeBase58(withdrawer), withdrawer: encodeBase58(withdrawer) },
          lockup: { unixTimestamp: 0, epoch: 0, custodian: '11111111111111111111111111111111' },
        },
        stake: null,
      },
    });
  });

  it('ignores bytes after the state, as bincode::deserialize does', () => {
    const bytes = concat(encodeState({ kind: 0 }), [9, 9, 9]);
    expect(parseStake(bytes)).toStrictEqual({ type: 'uninitialized' });
  });

  it('needs the flags byte of a delegated state: 196 bytes are refused at offset 196', () => {
    const stake: StakeInput = {
      voter: key(1),
      stake: 5n,
      activationEpoch: 1n,
      deactivationEpoch: 2n,
      warmupCooldownRate: 0.25,
      creditsObserved: 0n,
      flags: 1,
    };
    const full = encodeState({ kind: 2, meta: meta42, stake });
    expect(full.length).toBe(197);
    const error = decodeErrorOf(() => parseStake(full.subarray(0, 196)));
    expect(error.field).toBe('stakeFlags');
    expect(error.offset).toBe(196);
  });

  it('refuses a tag above 3 and data shorter than the tag', () => {
    expect(decodeErrorOf(() => parseStake(concat(le.u32(4)))).field).toBe('type');
    expect(decodeErrorOf(() => parseStake(Uint8Array.from([0, 0, 0]))).field).toBe('type');
    expect(decodeErrorOf(() => parseStake(new Uint8Array())).field).toBe('type');
  });

  it('writes integers beyond 2^53 as bigint and a negative lockup time as a negative number', () => {
    const parsed = parseStake(
      encodeState({ kind: 1, meta: { ...meta42, unixTimestamp: -5n, epoch: U64_MAX, rentExemptReserve: U64_MAX } }),
    );
    expect(parsed).toMatchObject({
      info: { meta: { rentExemptReserve: '18446744073709551615', lockup: { unixTimestamp: -5, epoch: U64_MAX } } },
    });
  });

  it('accepts any f64 bits in the old rate field and any flags byte', () => {
    const stake: StakeInput = {
      voter: key(1),
      stake: 5n,
      activationEpoch: 1n,
      deactivationEpoch: 2n,
      warmupCooldownRate: Number.NaN,
      creditsObserved: 0n,
      flags: 0xff,
    };
    expect(parseStake(encodeState({ kind: 2, meta: meta42, stake })).type).toBe('delegated');
  });
});

const arbKey = fc.uint8Array({ minLength: 32, maxLength: 32 });
const arbU64 = fc.bigInt({ min: 0n, max: U64_MAX });
const arbMeta: fc.Arbitrary<MetaInput> = fc.record({
  rentExemptReserve: arbU64,
  staker: arbKey,
  withdrawer: arbKey,
  unixTimestamp: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  epoch: arbU64,
  custodian: arbKey,
});
const arbState: fc.Arbitrary<StateInput> = fc.oneof(
  fc.constant({ kind: 0 as const }),
  fc.record({ kind: fc.constant(1 as const), meta: arbMeta }),
  fc.record({
    kind: fc.constant(2 as const),
    meta: arbMeta,
    stake: fc.record({
      voter: arbKey,
      stake: arbU64,
      activationEpoch: arbU64,
      deactivationEpoch: arbU64,
      warmupCooldownRate: fc.double(),
      creditsObserved: arbU64,
      flags: fc.integer({ min: 0, max: 255 }),
    }),
  }),
  fc.constant({ kind: 3 as const }),
);

describe('parseStake: properties', () => {
  it(
    'reads every valid state, padded or not, as agave would show it; the result passes the schema',
    () => {
      fc.assert(
        fc.property(arbState, fc.boolean(), (state, pad) => {
          const bytes = encodeState(state);
          const parsed = parseStake(pad ? padded(bytes) : bytes);
          expect(parsed).toStrictEqual(expected(state));
          expect(parsedStakeProgram().check({ program: 'stake', parsed, space: bytes.length })).toBe(true);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'equals what the exact JSON parser reads from the text serde_json writes for it',
    () => {
      fc.assert(
        fc.property(arbState, (state) => {
          const parsed = parseStake(encodeState(state));
          expect(parseJson(serdeJson(parsed))).toStrictEqual(parsed);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'gives a value or a DecodeError, nothing else, for random, truncated and retagged bytes',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.uint8Array({ maxLength: 220 }),
            fc.tuple(arbState, fc.nat()).map(([s, cut]) => {
              const b = padded(encodeState(s));
              return b.subarray(0, cut % (b.length + 1));
            }),
            fc.tuple(arbState, fc.nat({ max: 6 })).map(([s, tag]) => {
              const b = encodeState(s);
              b[0] = tag;
              return b;
            }),
          ),
          (bytes) => {
            const result = resultOrDecodeError(parseStake, bytes);
            if (!(result instanceof Error)) {
              expect(parsedStakeProgram().check({ program: 'stake', parsed: result, space: bytes.length })).toBe(true);
            }
          },
        ),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );
});

describe('parsedStakeProgram schema', () => {
  const delegated = parseStake(
    encodeState({
      kind: 2,
      meta: meta42,
      stake: {
        voter: key(3),
        stake: 20n,
        activationEpoch: 2n,
        deactivationEpoch: U64_MAX,
        warmupCooldownRate: 0.25,
        creditsObserved: 10n,
        flags: 0,
      },
    }),
  );

  it('lets an older node add warmupCooldownRate, and a missing stake of an initialized account pass', () => {
    const withRate = structuredClone(delegated) as unknown as {
      info: { stake: { delegation: Record<string, unknown> } };
    };
    withRate.info.stake.delegation.warmupCooldownRate = 0.25;
    expect(parsedStakeProgram().check({ program: 'stake', parsed: withRate, space: 200 })).toBe(true);
    const initialized = parseStake(encodeState({ kind: 1, meta: meta42 })) as unknown as {
      info: Record<string, unknown>;
    };
    delete initialized.info.stake;
    expect(parsedStakeProgram().check({ program: 'stake', parsed: initialized, space: 200 })).toBe(true);
  });

  it('refuses an unknown type, a numeric delegated stake, and the wrong program', () => {
    const check = parsedStakeProgram().check;
    expect(check({ program: 'stake', parsed: { type: 'frozen' }, space: 200 })).toBe(false);
    const numeric = structuredClone(delegated) as unknown as {
      info: { stake: { delegation: Record<string, unknown> } };
    };
    numeric.info.stake.delegation.stake = 20;
    expect(check({ program: 'stake', parsed: numeric, space: 200 })).toBe(false);
    expect(check({ program: 'vote', parsed: delegated, space: 200 })).toBe(false);
    expect(check({ program: 'stake', parsed: delegated, space: 200 })).toBe(true);
  });
});

describe('parsedStakeProgram on a real answer', () => {
  it("accepts an older node's delegated account (with warmupCooldownRate), and stakeActivation reads it", async () => {
    const { result } = parseJson(
      fixture('conformance/getAccountInfo.jsonParsed.stake-account-legacy-warmup.json').responseText,
    ) as {
      result: { value: { data: unknown; lamports: number } };
    };
    expect(parsedStakeProgram().check(result.value.data)).toBe(true);
    const activation = stakeActivation(result.value.data as never, { type: 'stakeHistory', info: [] }, 830, {
      lamports: result.value.lamports,
    });
    expect(activation).toEqual({
      state: 'inactive',
      active: 0n,
      inactive: 50000000n,
      activating: 0n,
      deactivating: 0n,
    });
  });
});
