/**
 * `parseSysvar`: a sysvar account's bytes to the `parsed` value agave's `jsonParsed` shows for it (agave
 * `account-decoder/src/parse_sysvar.rs`). agave picks the layout by the account's address, so an address
 * it has no parser for (instructions, or any other) gives `null`.
 *
 * Every layout is bincode (`bincode::deserialize`): little-endian integers, a bool is one byte that must
 * be 0 or 1, a list is a u64 count then its items, an `Option` is a u8 tag (0 none, 1 some) then the
 * value, a hash is 32 bytes. Bytes after the value are ignored, as `deserialize` ignores them (the list
 * sysvars are allocated at their largest size, so trailing zeros are normal); too few bytes are refused.
 * A `DecodeError`'s `field` is the path inside `info` (`feeCalculator.lamportsPerSignature`), or for the
 * sysvars whose `info` is a list, `info` (its count) or `info.3.blockhash`.
 * ```
 * clock              slot u64, epochStartTimestamp i64, epoch u64, leaderScheduleEpoch u64, unixTimestamp i64
 * epochSchedule      slotsPerEpoch u64, leaderScheduleSlotOffset u64, warmup bool, firstNormalEpoch u64,
 *                    firstNormalSlot u64
 * fees               lamportsPerSignature u64
 * recentBlockhashes  list of (blockhash, lamportsPerSignature u64)
 * rent               lamportsPerByte u64, exemptionThreshold [u8; 8] (once an f64), burnPercent u8
 * rewards            validatorPointValue f64, unused f64
 * slotHashes         list of (slot u64, hash)
 * slotHistory        bits: Option<list of u64 blocks>, bit length u64; nextSlot u64
 * stakeHistory       list of (epoch u64, effective u64, activating u64, deactivating u64)
 * lastRestartSlot    lastRestartSlot u64
 * epochRewards       distributionStartingBlockHeight u64, numPartitions u64, parentBlockhash, totalPoints u128,
 *                    totalRewards u64, distributedRewards u64, active bool
 * ```
 * @module
 */
import { encodeBase58 } from '../codecs/base58.js';
import { ByteReader } from '../codecs/byteReader.js';
import type { Address, ReadonlyUint8Array } from '../types/index.js';
import type {
  ParsedSysvar,
  SysvarFeeCalculator,
  SysvarRecentBlockhashesEntry,
  SysvarSlotHashEntry,
  SysvarStakeHistoryEntry,
} from '../types/sysvar.js';
import { jsonInteger } from './jsonValues.js';
import {
  SYSVAR_CLOCK_ADDRESS,
  SYSVAR_EPOCH_REWARDS_ADDRESS,
  SYSVAR_EPOCH_SCHEDULE_ADDRESS,
  SYSVAR_FEES_ADDRESS,
  SYSVAR_LAST_RESTART_SLOT_ADDRESS,
  SYSVAR_RECENT_BLOCKHASHES_ADDRESS,
  SYSVAR_RENT_ADDRESS,
  SYSVAR_REWARDS_ADDRESS,
  SYSVAR_SLOT_HASHES_ADDRESS,
  SYSVAR_SLOT_HISTORY_ADDRESS,
  SYSVAR_STAKE_HISTORY_ADDRESS,
} from './sysvarAddresses.js';

/** The slots the slot history holds (solana-slot-history `MAX_ENTRIES`), and so the length of `bits`. */
const SLOT_HISTORY_BITS = 1024 * 1024;

class SysvarReader extends ByteReader {
  constructor(bytes: Uint8Array) {
    super(bytes, 'sysvar');
  }

  integer(field: string): number | bigint {
    return jsonInteger(this.u64(field));
  }

  signed(field: string): number | bigint {
    return jsonInteger(this.i64(field));
  }

  amount(field: string): string {
    return this.u64(field).toString();
  }

  /** bincode refuses any byte but 0 and 1 for a bool. */
  bool(field: string): boolean {
    const at = this.offset;
    const value = this.u8(field);
    if (value > 1) throw this.error(field, at, `a bool is 0 or 1, not ${value}`);
    return value === 1;
  }

  /** serde_json writes a NaN or infinite f64 as `null`. */
  float(field: string): number | null {
    const value = this.f64(field);
    return Number.isFinite(value) ? value : null;
  }

  hash(field: string): string {
    return encodeBase58(this.bytesOf(field, 32));
  }

  /** A bincode list count, refused when the bytes left cannot hold that many items of `itemSize` bytes. */
  count(field: string, itemSize: number): number {
    const at = this.offset;
    const count = this.u64(field);
    if (count * BigInt(itemSize) > BigInt(this.remaining)) {
      throw this.error(
        field,
        at,
        `${count} items of ${itemSize} bytes need more than the ${this.remaining} bytes left`,
      );
    }
    return Number(count);
  }

  feeCalculator(path: string): SysvarFeeCalculator {
    return { lamportsPerSignature: this.amount(`${path}feeCalculator.lamportsPerSignature`) };
  }
}

/**
 * The `parsed` value of the sysvar account at `address`, or `null` for an address agave does not parse.
 * Throws `DecodeError` for bytes agave cannot read as that sysvar (it then answers in base64 instead).
 */
export function parseSysvar(bytes: ReadonlyUint8Array, address: Address): ParsedSysvar | null {
  const read = () => new SysvarReader(bytes as Uint8Array);
  switch (address) {
    case SYSVAR_CLOCK_ADDRESS: {
      const r = read();
      const slot = r.integer('slot');
      const epochStartTimestamp = r.signed('epochStartTimestamp');
      const epoch = r.integer('epoch');
      const leaderScheduleEpoch = r.integer('leaderScheduleEpoch');
      const unixTimestamp = r.signed('unixTimestamp');
      // agave's UiClock lists the fields in another order than the bytes.
      return { type: 'clock', info: { slot, epoch, epochStartTimestamp, leaderScheduleEpoch, unixTimestamp } };
    }
    case SYSVAR_EPOCH_SCHEDULE_ADDRESS: {
      const r = read();
      return {
        type: 'epochSchedule',
        info: {
          slotsPerEpoch: r.integer('slotsPerEpoch'),
          leaderScheduleSlotOffset: r.integer('leaderScheduleSlotOffset'),
          warmup: r.bool('warmup'),
          firstNormalEpoch: r.integer('firstNormalEpoch'),
          firstNormalSlot: r.integer('firstNormalSlot'),
        },
      };
    }
    case SYSVAR_FEES_ADDRESS:
      return { type: 'fees', info: { feeCalculator: read().feeCalculator('') } };
    case SYSVAR_RECENT_BLOCKHASHES_ADDRESS: {
      const r = read();
      const info: SysvarRecentBlockhashesEntry[] = [];
      for (let i = 0, n = r.count('info', 40); i < n; i++) {
        info.push({ blockhash: r.hash(`info.${i}.blockhash`), feeCalculator: r.feeCalculator(`info.${i}.`) });
      }
      return { type: 'recentBlockhashes', info };
    }
    case SYSVAR_RENT_ADDRESS: {
      // agave on solana-rent 4 (SIMD-0194) shows only `lamportsPerByte`; agave 3.x showed
      // `{ lamportsPerByteYear, exemptionThreshold, burnPercent }` from the same 17 bytes. The two
      // fields no longer shown are still read: bincode needs their 9 bytes.
      const r = read();
      const lamportsPerByte = r.amount('lamportsPerByte');
      r.bytesOf('exemptionThreshold', 8);
      r.u8('burnPercent');
      return { type: 'rent', info: { lamportsPerByte } };
    }
    case SYSVAR_REWARDS_ADDRESS: {
      const r = read();
      const validatorPointValue = r.float('validatorPointValue');
      // Not shown, but bincode still needs its 8 bytes.
      r.f64('unused');
      return { type: 'rewards', info: { validatorPointValue } };
    }
    case SYSVAR_SLOT_HASHES_ADDRESS: {
      const r = read();
      const info: SysvarSlotHashEntry[] = [];
      for (let i = 0, n = r.count('info', 40); i < n; i++) {
        info.push({ slot: r.integer(`info.${i}.slot`), hash: r.hash(`info.${i}.hash`) });
      }
      return { type: 'slotHashes', info };
    }
    case SYSVAR_SLOT_HISTORY_ADDRESS:
      return { type: 'slotHistory', info: slotHistory(read()) };
    case SYSVAR_STAKE_HISTORY_ADDRESS: {
      const r = read();
      const info: SysvarStakeHistoryEntry[] = [];
      for (let i = 0, n = r.count('info', 32); i < n; i++) {
        const epoch = r.integer(`info.${i}.epoch`);
        const effective = r.integer(`info.${i}.stakeHistory.effective`);
        const activating = r.integer(`info.${i}.stakeHistory.activating`);
        const deactivating = r.integer(`info.${i}.stakeHistory.deactivating`);
        info.push({ epoch, stakeHistory: { effective, activating, deactivating } });
      }
      return { type: 'stakeHistory', info };
    }
    case SYSVAR_LAST_RESTART_SLOT_ADDRESS:
      return { type: 'lastRestartSlot', info: { lastRestartSlot: read().integer('lastRestartSlot') } };
    case SYSVAR_EPOCH_REWARDS_ADDRESS: {
      const r = read();
      const distributionStartingBlockHeight = r.integer('distributionStartingBlockHeight');
      const numPartitions = r.integer('numPartitions');
      const parentBlockhash = r.hash('parentBlockhash');
      const low = r.u64('totalPoints');
      const totalPoints = ((r.u64('totalPoints') << 64n) | low).toString();
      return {
        type: 'epochRewards',
        info: {
          distributionStartingBlockHeight,
          numPartitions,
          parentBlockhash,
          totalPoints,
          totalRewards: r.amount('totalRewards'),
          distributedRewards: r.amount('distributedRewards'),
          active: r.bool('active'),
        },
      };
    }
    default:
      return null;
  }
}

/**
 * The slot history: a `bv` crate `BitVec<u64>` (an optional list of 64-bit blocks, then its length in
 * bits), then `nextSlot`. agave writes `bits` by asking the bit vector for each of its 1,048,576 bits, bit
 * `i` being bit `i % 64` of block `i / 64`. A bit vector shorter than that makes the bit vector panic
 * (and one whose blocks are fewer than its length claims would be read out of bounds), so agave gives no
 * answer for it: it is refused here.
 */
function slotHistory(r: SysvarReader): { nextSlot: number | bigint; bits: string } {
  const tagAt = r.offset;
  const tag = r.u8('bits');
  if (tag > 1) throw r.error('bits', tagAt, `an Option tag is 0 or 1, not ${tag}`);
  let blocks = 0;
  let blocksAt = r.offset;
  if (tag === 1) {
    blocks = r.count('bits', 8);
    blocksAt = r.offset;
    r.bytesOf('bits', blocks * 8);
  }
  const lengthAt = r.offset;
  const length = r.u64('bits');
  const nextSlot = r.integer('nextSlot');
  if (length < BigInt(SLOT_HISTORY_BITS)) {
    throw r.error('bits', lengthAt, `holds ${length} bits; agave reads ${SLOT_HISTORY_BITS}`);
  }
  if (blocks * 64 < SLOT_HISTORY_BITS) {
    throw r.error('bits', tagAt, `has ${blocks} blocks of 64 bits; agave reads ${SLOT_HISTORY_BITS} bits`);
  }
  const table = bitTable();
  const parts = new Array<string>(SLOT_HISTORY_BITS / 8);
  // Blocks are little-endian u64s, so bit i is bit i % 8 of byte i / 8 of the blocks' bytes.
  for (let i = 0; i < parts.length; i++) parts[i] = table[r.bytes[blocksAt + i] as number] as string;
  return { nextSlot, bits: parts.join('') };
}

let bitStrings: string[] | undefined;

/** For each byte value, its eight bits as `0`/`1` characters, lowest bit first. */
function bitTable(): string[] {
  bitStrings ??= Array.from({ length: 256 }, (_, byte) => {
    let text = '';
    for (let bit = 0; bit < 8; bit++) text += (byte >> bit) & 1 ? '1' : '0';
    return text;
  });
  return bitStrings;
}
