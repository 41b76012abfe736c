import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { parseJson } from '../../src/codecs/json.js';
import { parseSysvar } from '../../src/decoders/sysvar.js';
import {
  SYSVAR_CLOCK_ADDRESS,
  SYSVAR_EPOCH_REWARDS_ADDRESS,
  SYSVAR_EPOCH_SCHEDULE_ADDRESS,
  SYSVAR_FEES_ADDRESS,
  SYSVAR_INSTRUCTIONS_ADDRESS,
  SYSVAR_LAST_RESTART_SLOT_ADDRESS,
  SYSVAR_PROGRAM_ADDRESS,
  SYSVAR_RECENT_BLOCKHASHES_ADDRESS,
  SYSVAR_RENT_ADDRESS,
  SYSVAR_REWARDS_ADDRESS,
  SYSVAR_SLOT_HASHES_ADDRESS,
  SYSVAR_SLOT_HISTORY_ADDRESS,
  SYSVAR_STAKE_HISTORY_ADDRESS,
} from '../../src/decoders/sysvarAddresses.js';
import { DecodeError } from '../../src/errors/DecodeError.js';
import { parsedSysvarProgram } from '../../src/schemas/sysvar.js';
import type { ParsedSysvar } from '../../src/types/sysvar.js';
import { decodeErrorOf, keyBytes, propertyTimeout, resultOrDecodeError, runs, seed } from './helpers.js';

console.info(`fast-check seed ${seed}, ${runs} runs`);

/** bincode, written from the layouts, independently of the decoder. */
class Writer {
  private parts: number[] = [];
  private big: Uint8Array[] = [];
  u8(v: number): this {
    this.parts.push(v & 0xff);
    return this;
  }
  u64(v: bigint | number): this {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt.asUintN(64, BigInt(v)), true);
    return this.bytes(b);
  }
  i64(v: bigint | number): this {
    return this.u64(BigInt.asUintN(64, BigInt(v)));
  }
  u128(v: bigint): this {
    return this.u64(v & (2n ** 64n - 1n)).u64(v >> 64n);
  }
  f64(v: number): this {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setFloat64(0, v, true);
    return this.bytes(b);
  }
  bytes(b: Uint8Array): this {
    this.flush();
    this.big.push(b);
    return this;
  }
  private flush(): void {
    if (this.parts.length) this.big.push(Uint8Array.from(this.parts));
    this.parts = [];
  }
  /** The bytes, zero-padded to `size` (sysvar accounts are allocated at their largest size). */
  done(size = 0): Uint8Array {
    this.flush();
    const length = this.big.reduce((sum, b) => sum + b.length, 0);
    const out = new Uint8Array(Math.max(size, length));
    let at = 0;
    for (const b of this.big) {
      out.set(b, at);
      at += b.length;
    }
    return out;
  }
}

const ONES_HASH = new Uint8Array(32).fill(1);
// Hash::new_from_array([1; 32]).to_string(), as agave's test prints it.
const ONES_HASH_TEXT = '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi';
const ZERO_HASH_TEXT = '11111111111111111111111111111111';
const SLOT_HISTORY_BITS = 1024 * 1024;

/** A slot history as solana-slot-history writes it: `bits` set at the given slots, then `nextSlot`. */
function slotHistoryBytes(setBits: number[], nextSlot: bigint, blocks = SLOT_HISTORY_BITS / 64, bitLength?: bigint) {
  const data = new Uint8Array(blocks * 8);
  for (const bit of setBits) data[bit >> 3]! |= 1 << (bit & 7);
  return new Writer()
    .u8(1)
    .u64(blocks)
    .bytes(data)
    .u64(bitLength ?? BigInt(blocks * 64))
    .u64(nextSlot)
    .done();
}

function bitsText(setBits: number[]): string {
  const chars = new Array<string>(SLOT_HISTORY_BITS).fill('0');
  for (const bit of setBits) chars[bit] = '1';
  return chars.join('');
}

describe('parseSysvar: agave test_parse_sysvars', () => {
  it('clock: Clock::default()', () => {
    expect(parseSysvar(new Uint8Array(40), SYSVAR_CLOCK_ADDRESS)).toStrictEqual({
      type: 'clock',
      info: { slot: 0, epoch: 0, epochStartTimestamp: 0, leaderScheduleEpoch: 0, unixTimestamp: 0 },
    });
  });

  it('epochSchedule: 12 slots per epoch, no warmup', () => {
    const bytes = new Writer().u64(12).u64(0).u8(0).u64(1).u64(12).done();
    expect(bytes.length).toBe(33);
    expect(parseSysvar(bytes, SYSVAR_EPOCH_SCHEDULE_ADDRESS)).toStrictEqual({
      type: 'epochSchedule',
      info: { slotsPerEpoch: 12, leaderScheduleSlotOffset: 0, warmup: false, firstNormalEpoch: 1, firstNormalSlot: 12 },
    });
  });

  it('fees: Fees::default(), the u64 as a string', () => {
    expect(parseSysvar(new Uint8Array(8), SYSVAR_FEES_ADDRESS)).toStrictEqual({
      type: 'fees',
      info: { feeCalculator: { lamportsPerSignature: '0' } },
    });
  });

  it('recentBlockhashes: one entry, in an account of 150 entries', () => {
    const bytes = new Writer()
      .u64(1)
      .bytes(ONES_HASH)
      .u64(10)
      .done(8 + 150 * 40);
    expect(encodeBase58(ONES_HASH)).toBe(ONES_HASH_TEXT);
    expect(parseSysvar(bytes, SYSVAR_RECENT_BLOCKHASHES_ADDRESS)).toStrictEqual({
      type: 'recentBlockhashes',
      info: [{ blockhash: ONES_HASH_TEXT, feeCalculator: { lamportsPerSignature: '10' } }],
    });
  });

  it('rent: 10 lamports per byte, the rest of Rent::default() (threshold 1.0, burn 50) not shown', () => {
    const bytes = new Writer().u64(10).f64(1).u8(50).done();
    expect(bytes.length).toBe(17);
    expect(parseSysvar(bytes, SYSVAR_RENT_ADDRESS)).toStrictEqual({ type: 'rent', info: { lamportsPerByte: '10' } });
    // agave 3.x's test (threshold 2.0, burn 5) reads the same: the threshold and burn bytes are opaque now.
    const legacy = new Writer().u64(10).f64(2).u8(5).done();
    expect(parseSysvar(legacy, SYSVAR_RENT_ADDRESS)).toStrictEqual({ type: 'rent', info: { lamportsPerByte: '10' } });
  });

  it('rewards: Rewards::default()', () => {
    expect(parseSysvar(new Uint8Array(16), SYSVAR_REWARDS_ADDRESS)).toStrictEqual({
      type: 'rewards',
      info: { validatorPointValue: 0 },
    });
  });

  it('slotHashes: slot 1, in an account of 512 entries', () => {
    const bytes = new Writer()
      .u64(1)
      .u64(1)
      .bytes(ONES_HASH)
      .done(8 + 512 * 40);
    expect(parseSysvar(bytes, SYSVAR_SLOT_HASHES_ADDRESS)).toStrictEqual({
      type: 'slotHashes',
      info: [{ slot: 1, hash: ONES_HASH_TEXT }],
    });
  });

  it('slotHistory: the default history (slot 0) with slot 42 added', () => {
    const bytes = slotHistoryBytes([0, 42], 43n);
    expect(bytes.length).toBe(131097);
    const parsed = parseSysvar(bytes, SYSVAR_SLOT_HISTORY_ADDRESS);
    expect(parsed).toStrictEqual({ type: 'slotHistory', info: { nextSlot: 43, bits: bitsText([0, 42]) } });
    const bits = (parsed as { info: { bits: string } }).info.bits;
    expect(bits.length).toBe(SLOT_HISTORY_BITS);
    expect(bits.slice(0, 44)).toBe(`1${'0'.repeat(41)}10`);
  });

  it('stakeHistory: epoch 1, in an account of 512 entries', () => {
    const bytes = new Writer()
      .u64(1)
      .u64(1)
      .u64(10)
      .u64(2)
      .u64(3)
      .done(8 + 512 * 32);
    expect(parseSysvar(bytes, SYSVAR_STAKE_HISTORY_ADDRESS)).toStrictEqual({
      type: 'stakeHistory',
      info: [{ epoch: 1, stakeHistory: { effective: 10, activating: 2, deactivating: 3 } }],
    });
  });

  it('an address agave has no parser for gives null', () => {
    const stakeHistory = new Writer().u64(0).done();
    expect(parseSysvar(stakeHistory, keyBytesText(7))).toBeNull();
    expect(parseSysvar(stakeHistory, SYSVAR_INSTRUCTIONS_ADDRESS)).toBeNull();
    expect(parseSysvar(stakeHistory, SYSVAR_PROGRAM_ADDRESS)).toBeNull();
  });

  it('stakeHistory: four zero bytes are refused (the count needs eight)', () => {
    const error = decodeErrorOf(() => parseSysvar(new Uint8Array(4), SYSVAR_STAKE_HISTORY_ADDRESS));
    expect(error.field).toBe('info');
    expect(error.offset).toBe(0);
  });

  it('lastRestartSlot: 1282', () => {
    expect(parseSysvar(new Writer().u64(1282).done(), SYSVAR_LAST_RESTART_SLOT_ADDRESS)).toStrictEqual({
      type: 'lastRestartSlot',
      info: { lastRestartSlot: 1282 },
    });
  });

  it('epochRewards: u64s and the u128 as strings', () => {
    const bytes = new Writer().u64(42).u64(0).bytes(new Uint8Array(32)).u128(0n).u64(100).u64(20).u8(1).done();
    expect(bytes.length).toBe(81);
    expect(parseSysvar(bytes, SYSVAR_EPOCH_REWARDS_ADDRESS)).toStrictEqual({
      type: 'epochRewards',
      info: {
        distributionStartingBlockHeight: 42,
        numPartitions: 0,
        parentBlockhash: ZERO_HASH_TEXT,
        totalPoints: '0',
        totalRewards: '100',
        distributedRewards: '20',
        active: true,
      },
    });
  });
});

function keyBytesText(fill: number): string {
  return encodeBase58(new Uint8Array(32).fill(fill));
}

describe('parseSysvar: bincode edges', () => {
  it('the sysvar addresses are 32-byte keys', () => {
    for (const a of Object.values(ADDRESSES)) expect(keyBytes(a).length).toBe(32);
    expect(keyBytes(SYSVAR_INSTRUCTIONS_ADDRESS).length).toBe(32);
  });

  it('integers beyond 2^53 are bigint, i64s negative, u128 in full', () => {
    const clock = new Writer()
      .u64(2n ** 64n - 1n)
      .i64(-5)
      .u64(2n ** 53n)
      .u64(2n ** 53n - 1n)
      .i64(-(2n ** 63n))
      .done();
    expect(parseSysvar(clock, SYSVAR_CLOCK_ADDRESS)).toStrictEqual({
      type: 'clock',
      info: {
        slot: 18446744073709551615n,
        epoch: 9007199254740992n,
        epochStartTimestamp: -5,
        leaderScheduleEpoch: 9007199254740991,
        unixTimestamp: -9223372036854775808n,
      },
    });
    const rewards = new Writer()
      .u64(1)
      .u64(2)
      .bytes(ONES_HASH)
      .u128(2n ** 128n - 1n)
      .u64(2n ** 64n - 1n)
      .u64(0)
      .u8(0)
      .done();
    expect(parseSysvar(rewards, SYSVAR_EPOCH_REWARDS_ADDRESS)).toMatchObject({
      info: {
        totalPoints: '340282366920938463463374607431768211455',
        totalRewards: '18446744073709551615',
        active: false,
      },
    });
  });

  it('a bool byte other than 0 or 1 is refused, as bincode refuses it', () => {
    const schedule = new Writer().u64(1).u64(1).u8(2).u64(1).u64(1).done();
    expect(decodeErrorOf(() => parseSysvar(schedule, SYSVAR_EPOCH_SCHEDULE_ADDRESS))).toMatchObject({
      field: 'warmup',
      offset: 16,
    });
    const rewards = new Writer().u64(0).u64(0).bytes(ONES_HASH).u128(0n).u64(0).u64(0).u8(255).done();
    expect(decodeErrorOf(() => parseSysvar(rewards, SYSVAR_EPOCH_REWARDS_ADDRESS))).toMatchObject({
      field: 'active',
      offset: 80,
    });
  });

  it('floats: NaN and infinities are null (serde_json), others exact, -0 kept', () => {
    const rewards = (f: number) => parseSysvar(new Writer().f64(f).f64(Number.NaN).done(), SYSVAR_REWARDS_ADDRESS);
    expect(rewards(Number.NaN)).toStrictEqual({ type: 'rewards', info: { validatorPointValue: null } });
    expect(rewards(Number.POSITIVE_INFINITY)).toMatchObject({ info: { validatorPointValue: null } });
    expect(rewards(Number.NEGATIVE_INFINITY)).toMatchObject({ info: { validatorPointValue: null } });
    expect(rewards(1e-7)).toMatchObject({ info: { validatorPointValue: 1e-7 } });
    const zero = rewards(-0) as { info: { validatorPointValue: number } };
    expect(Object.is(zero.info.validatorPointValue, -0)).toBe(true);
  });

  it('every fixed layout refuses one byte short and ignores bytes after it', () => {
    const sizes: [string, number][] = [
      [SYSVAR_CLOCK_ADDRESS, 40],
      [SYSVAR_EPOCH_SCHEDULE_ADDRESS, 33],
      [SYSVAR_FEES_ADDRESS, 8],
      [SYSVAR_RENT_ADDRESS, 17],
      [SYSVAR_REWARDS_ADDRESS, 16],
      [SYSVAR_LAST_RESTART_SLOT_ADDRESS, 8],
      [SYSVAR_EPOCH_REWARDS_ADDRESS, 81],
    ];
    for (const [address, size] of sizes) {
      const exact = parseSysvar(new Uint8Array(size), address);
      expect(exact).not.toBeNull();
      expect(parseSysvar(new Uint8Array(size + 9).fill(0, 0, size).fill(1, size), address)).toStrictEqual(exact);
      const error = decodeErrorOf(() => parseSysvar(new Uint8Array(size - 1), address));
      expect(error.offset).toBeLessThanOrEqual(size - 1);
      // The rewards sysvar's second f64 is not shown, but bincode still reads it.
      if (address === SYSVAR_REWARDS_ADDRESS) expect(error.field).toBe('unused');
    }
  });

  it('a list whose count exceeds its bytes is refused at the count', () => {
    const bytes = new Writer().u64(2).u64(1).bytes(ONES_HASH).done();
    expect(decodeErrorOf(() => parseSysvar(bytes, SYSVAR_SLOT_HASHES_ADDRESS))).toMatchObject({
      field: 'info',
      offset: 0,
    });
    const huge = new Writer().u64(2n ** 64n - 1n).done(64);
    expect(decodeErrorOf(() => parseSysvar(huge, SYSVAR_RECENT_BLOCKHASHES_ADDRESS)).field).toBe('info');
    const cut = new Writer().u64(1).u64(1).u64(2).u64(3).done();
    expect(decodeErrorOf(() => parseSysvar(cut, SYSVAR_STAKE_HISTORY_ADDRESS)).field).toBe('info');
  });

  it('slotHistory: a bit vector shorter than 1,048,576 bits is refused (agave panics on it)', () => {
    expect(() => parseSysvar(slotHistoryBytes([], 0n, 16), SYSVAR_SLOT_HISTORY_ADDRESS)).toThrow(DecodeError);
    // Enough blocks, but a bit length that stops short: the bit vector's bounds check panics.
    const short = slotHistoryBytes([], 0n, SLOT_HISTORY_BITS / 64, BigInt(SLOT_HISTORY_BITS - 1));
    expect(decodeErrorOf(() => parseSysvar(short, SYSVAR_SLOT_HISTORY_ADDRESS))).toMatchObject({
      field: 'bits',
      offset: 1 + 8 + SLOT_HISTORY_BITS / 8,
    });
    // A long bit length over too few blocks would be read out of bounds.
    const few = slotHistoryBytes([], 0n, 4, BigInt(SLOT_HISTORY_BITS));
    expect(decodeErrorOf(() => parseSysvar(few, SYSVAR_SLOT_HISTORY_ADDRESS)).field).toBe('bits');
    // No blocks at all (Option::None), and an Option tag that is neither 0 nor 1.
    const none = new Writer().u8(0).u64(SLOT_HISTORY_BITS).u64(0).done();
    expect(decodeErrorOf(() => parseSysvar(none, SYSVAR_SLOT_HISTORY_ADDRESS)).field).toBe('bits');
    const badTag = new Writer().u8(2).done(200_000);
    expect(decodeErrorOf(() => parseSysvar(badTag, SYSVAR_SLOT_HISTORY_ADDRESS))).toMatchObject({
      field: 'bits',
      offset: 0,
    });
  });

  it('slotHistory: more blocks and bits than agave reads are accepted; only the first 1,048,576 bits show', () => {
    const blocks = SLOT_HISTORY_BITS / 64 + 2;
    const bytes = slotHistoryBytes([1, SLOT_HISTORY_BITS - 1, SLOT_HISTORY_BITS + 3], 5n, blocks);
    expect(parseSysvar(bytes, SYSVAR_SLOT_HISTORY_ADDRESS)).toStrictEqual({
      type: 'slotHistory',
      info: { nextSlot: 5, bits: bitsText([1, SLOT_HISTORY_BITS - 1]) },
    });
  });
});

const ADDRESSES = {
  clock: SYSVAR_CLOCK_ADDRESS,
  epochSchedule: SYSVAR_EPOCH_SCHEDULE_ADDRESS,
  fees: SYSVAR_FEES_ADDRESS,
  recentBlockhashes: SYSVAR_RECENT_BLOCKHASHES_ADDRESS,
  rent: SYSVAR_RENT_ADDRESS,
  rewards: SYSVAR_REWARDS_ADDRESS,
  slotHashes: SYSVAR_SLOT_HASHES_ADDRESS,
  slotHistory: SYSVAR_SLOT_HISTORY_ADDRESS,
  stakeHistory: SYSVAR_STAKE_HISTORY_ADDRESS,
  lastRestartSlot: SYSVAR_LAST_RESTART_SLOT_ADDRESS,
  epochRewards: SYSVAR_EPOCH_REWARDS_ADDRESS,
} as const;

type Kind = keyof typeof ADDRESSES;

const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const i64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
const small = fc.bigInt({ min: 0n, max: 2n ** 54n });
const hash = fc.uint8Array({ minLength: 32, maxLength: 32 });
const float = fc.oneof(fc.double(), fc.constantFrom(0, -0, 2, 1e-7, 1e16, 123456789012345680000, 1e21, 0.5));
const exact = (v: bigint) =>
  v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
const finite = (f: number) => (Number.isFinite(f) ? f : null);

/** A random sysvar: its bytes (with random trailing bytes) and what agave shows for it. */
const sysvarCase: fc.Arbitrary<{ kind: Kind; bytes: Uint8Array; parsed: ParsedSysvar }> = fc.oneof(
  fc.tuple(u64, i64, u64, u64, i64).map(([slot, start, epoch, leader, unix]) => ({
    kind: 'clock' as const,
    bytes: new Writer().u64(slot).i64(start).u64(epoch).u64(leader).i64(unix).done(),
    parsed: {
      type: 'clock' as const,
      info: {
        slot: exact(slot),
        epoch: exact(epoch),
        epochStartTimestamp: exact(start),
        leaderScheduleEpoch: exact(leader),
        unixTimestamp: exact(unix),
      },
    },
  })),
  fc.tuple(small, u64, fc.boolean(), u64, small).map(([a, b, warmup, c, d]) => ({
    kind: 'epochSchedule' as const,
    bytes: new Writer()
      .u64(a)
      .u64(b)
      .u8(warmup ? 1 : 0)
      .u64(c)
      .u64(d)
      .done(),
    parsed: {
      type: 'epochSchedule' as const,
      info: {
        slotsPerEpoch: exact(a),
        leaderScheduleSlotOffset: exact(b),
        warmup,
        firstNormalEpoch: exact(c),
        firstNormalSlot: exact(d),
      },
    },
  })),
  u64.map((fee) => ({
    kind: 'fees' as const,
    bytes: new Writer().u64(fee).done(),
    parsed: { type: 'fees' as const, info: { feeCalculator: { lamportsPerSignature: String(fee) } } },
  })),
  fc.array(fc.tuple(hash, u64), { maxLength: 150 }).map((entries) => {
    const w = new Writer().u64(entries.length);
    for (const [h, fee] of entries) w.bytes(h).u64(fee);
    return {
      kind: 'recentBlockhashes' as const,
      bytes: w.done(),
      parsed: {
        type: 'recentBlockhashes' as const,
        info: entries.map(([h, fee]) => ({
          blockhash: encodeBase58(h),
          feeCalculator: { lamportsPerSignature: String(fee) },
        })),
      },
    };
  }),
  fc.tuple(u64, fc.double(), fc.integer({ min: 0, max: 255 })).map(([perByte, threshold, burn]) => ({
    kind: 'rent' as const,
    bytes: new Writer().u64(perByte).f64(threshold).u8(burn).done(),
    parsed: { type: 'rent' as const, info: { lamportsPerByte: String(perByte) } },
  })),
  fc.tuple(float, fc.double()).map(([value, unused]) => ({
    kind: 'rewards' as const,
    bytes: new Writer().f64(value).f64(unused).done(),
    parsed: { type: 'rewards' as const, info: { validatorPointValue: finite(value) } },
  })),
  fc.array(fc.tuple(u64, hash), { maxLength: 100 }).map((entries) => {
    const w = new Writer().u64(entries.length);
    for (const [slot, h] of entries) w.u64(slot).bytes(h);
    return {
      kind: 'slotHashes' as const,
      bytes: w.done(),
      parsed: {
        type: 'slotHashes' as const,
        info: entries.map(([slot, h]) => ({ slot: exact(slot), hash: encodeBase58(h) })),
      },
    };
  }),
  fc.array(fc.tuple(u64, u64, u64, u64), { maxLength: 100 }).map((entries) => {
    const w = new Writer().u64(entries.length);
    for (const [epoch, e, a, d] of entries) w.u64(epoch).u64(e).u64(a).u64(d);
    return {
      kind: 'stakeHistory' as const,
      bytes: w.done(),
      parsed: {
        type: 'stakeHistory' as const,
        info: entries.map(([epoch, e, a, d]) => ({
          epoch: exact(epoch),
          stakeHistory: { effective: exact(e), activating: exact(a), deactivating: exact(d) },
        })),
      },
    };
  }),
  u64.map((slot) => ({
    kind: 'lastRestartSlot' as const,
    bytes: new Writer().u64(slot).done(),
    parsed: { type: 'lastRestartSlot' as const, info: { lastRestartSlot: exact(slot) } },
  })),
  fc
    .tuple(u64, u64, hash, fc.bigInt({ min: 0n, max: 2n ** 128n - 1n }), u64, u64, fc.boolean())
    .map(([height, partitions, h, points, total, distributed, active]) => ({
      kind: 'epochRewards' as const,
      bytes: new Writer()
        .u64(height)
        .u64(partitions)
        .bytes(h)
        .u128(points)
        .u64(total)
        .u64(distributed)
        .u8(active ? 1 : 0)
        .done(),
      parsed: {
        type: 'epochRewards' as const,
        info: {
          distributionStartingBlockHeight: exact(height),
          numPartitions: exact(partitions),
          parentBlockhash: encodeBase58(h),
          totalPoints: String(points),
          totalRewards: String(total),
          distributedRewards: String(distributed),
          active,
        },
      },
    })),
);

function withTail(bytes: Uint8Array, tail: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + tail.length);
  out.set(bytes);
  out.set(tail, bytes.length);
  return out;
}

/** JSON text as serde_json writes it: integers bare, f64s in ryu's shortest form with `.0`, non-finite as null. */
function serdeJson(value: unknown): string {
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'null';
    if (Number.isInteger(value) && Math.abs(value) < 1e16) return Object.is(value, -0) ? '-0.0' : `${value}.0`;
    // ryu switches to exponent form from 1e16, where JavaScript would still write every digit.
    return Math.abs(value) >= 1e16 ? value.toExponential() : String(value);
  }
  if (Array.isArray(value)) return `[${value.map(serdeJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${serdeJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The same, but integers (every field but the one f64) written bare. */
function agaveJson(parsed: ParsedSysvar): string {
  const floats = new Set(['validatorPointValue']);
  const write = (value: unknown, key?: string): string => {
    if (typeof value === 'number' && !(key && floats.has(key))) return String(value);
    if (Array.isArray(value)) return `[${value.map((v) => write(v)).join(',')}]`;
    if (value !== null && typeof value === 'object') {
      return `{${Object.entries(value)
        .map(([k, v]) => `${JSON.stringify(k)}:${write(v, k)}`)
        .join(',')}}`;
    }
    return serdeJson(value);
  };
  return write(parsed);
}

describe('parseSysvar: properties', () => {
  it(
    'a valid encoding, with any bytes after it, reads back as agave shows it; it validates and survives JSON',
    () => {
      fc.assert(
        fc.property(sysvarCase, fc.uint8Array({ maxLength: 40 }), ({ kind, bytes, parsed }, tail) => {
          const result = parseSysvar(withTail(bytes, tail), ADDRESSES[kind]);
          expect(result).toStrictEqual(parsed);
          const data = { program: 'sysvar', parsed: result, space: bytes.length + tail.length };
          expect(parsedSysvarProgram().check(data)).toBe(true);
          expect(parseJson(agaveJson(result as ParsedSysvar))).toStrictEqual(parsed);
        }),
        { numRuns: runs, seed },
      );
    },
    propertyTimeout,
  );

  it(
    'a valid encoding cut short is refused with a DecodeError inside the bytes',
    () => {
      fc.assert(
        fc.property(sysvarCase, fc.nat(), ({ kind, bytes }, cut) => {
          const short = bytes.subarray(0, cut % bytes.length);
          expect(resultOrDecodeError((b) => parseSysvar(b, ADDRESSES[kind]), short)).toBeInstanceOf(DecodeError);
        }),
        { numRuns: runs, seed },
      );
    },
    propertyTimeout,
  );

  it(
    'any bytes give a value that validates, or a DecodeError, never another exception',
    () => {
      const kinds = Object.keys(ADDRESSES) as Kind[];
      fc.assert(
        fc.property(
          fc.constantFrom(...kinds),
          fc.oneof(
            fc.uint8Array({ maxLength: 200 }),
            // Small counts, so the lists are read rather than refused at once.
            fc
              .tuple(fc.integer({ min: 0, max: 4 }), fc.uint8Array({ maxLength: 200 }))
              .map(([n, rest]) => withTail(new Writer().u64(n).done(), rest)),
          ),
          (kind, bytes) => {
            const result = resultOrDecodeError((b) => parseSysvar(b, ADDRESSES[kind]), bytes);
            if (!(result instanceof DecodeError)) {
              expect(result?.type).toBe(kind);
              expect(parsedSysvarProgram().check({ program: 'sysvar', parsed: result, space: bytes.length })).toBe(
                true,
              );
            }
          },
        ),
        { numRuns: runs, seed },
      );
    },
    propertyTimeout,
  );

  it('slot histories: random bits read back bit for bit', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: SLOT_HISTORY_BITS - 1 }), { maxLength: 50 }),
        u64,
        (set, next) => {
          const parsed = parseSysvar(slotHistoryBytes(set, next), SYSVAR_SLOT_HISTORY_ADDRESS);
          expect(parsed).toStrictEqual({ type: 'slotHistory', info: { nextSlot: exact(next), bits: bitsText(set) } });
          expect(parsedSysvarProgram().check({ program: 'sysvar', parsed, space: 131097 })).toBe(true);
        },
      ),
      { numRuns: 20, seed },
    );
  });
});

describe('parsedSysvarProgram', () => {
  const clock = {
    type: 'clock',
    info: { slot: 1, epoch: 0, epochStartTimestamp: -1, leaderScheduleEpoch: 1, unixTimestamp: 5 },
  };
  const check = (parsed: unknown) => parsedSysvarProgram().check({ program: 'sysvar', parsed, space: 40 });

  it('accepts agave shapes with extra keys, refuses other types and wrong fields', () => {
    expect(check(clock)).toBe(true);
    expect(check({ ...clock, info: { ...clock.info, extra: 1 } })).toBe(true);
    expect(check({ ...clock, type: 'instructions' })).toBe(false);
    expect(check({ ...clock, info: { ...clock.info, slot: '1' } })).toBe(false);
    expect(check({ type: 'rent', info: { lamportsPerByteYear: 1, exemptionThreshold: 2, burnPercent: 50 } })).toBe(
      false,
    );
    expect(check({ type: 'rent', info: { lamportsPerByte: '6960' } })).toBe(true);
    expect(check({ type: 'rent', info: { lamportsPerByte: 6960 } })).toBe(false);
    expect(check({ type: 'rent', info: {} })).toBe(false);
    expect(check({ type: 'rent', info: { lamportsPerByteYear: '1', exemptionThreshold: null, burnPercent: 50 } })).toBe(
      true,
    );
    expect(check({ type: 'stakeHistory', info: [{ epoch: 1, effective: 1, activating: 0, deactivating: 0 }] })).toBe(
      false,
    );
    expect(parsedSysvarProgram().check({ program: 'stake', parsed: clock, space: 40 })).toBe(false);
  });
});
