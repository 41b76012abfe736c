/**
 * `parseStake`: the bytes of a stake account (bincode `StakeStateV2`, solana-stake-interface) to the
 * `parsed` value `jsonParsed` shows for it (agave `account-decoder/src/parse_stake.rs`).
 *
 * Layout (little-endian; a key is 32 bytes):
 * ```
 *   0 u32 tag: 0 Uninitialized, 1 Initialized(Meta), 2 Stake(Meta, Stake, StakeFlags), 3 RewardsPool
 *   4 Meta:  rentExemptReserve u64, staker, withdrawer, lockup (unixTimestamp i64, epoch u64, custodian)
 * 124 Stake: voter, stake u64, activationEpoch u64, deactivationEpoch u64,
 *            8 reserved bytes (once warmupCooldownRate f64), creditsObserved u64
 * 196 StakeFlags u8
 * ```
 * Stake accounts are 200 bytes, longer than any state: agave reads them with `bincode::deserialize`,
 * which ignores what follows the state, so trailing bytes are accepted here too. Data too short for its
 * variant, or a tag above 3, is what agave refuses (it then falls back to base64): a `DecodeError`.
 * @module
 */
import { ByteReader } from '../codecs/byteReader.js';
import type { ReadonlyUint8Array } from '../types/index.js';
import type { ParsedStake, StakeAccountInfo, StakeInfo, StakeMeta } from '../types/stake.js';
import { jsonInteger } from './jsonValues.js';

function readMeta(reader: ByteReader): StakeMeta {
  const rentExemptReserve = reader.u64('meta.rentExemptReserve').toString();
  const staker = reader.address('meta.authorized.staker');
  const withdrawer = reader.address('meta.authorized.withdrawer');
  const unixTimestamp = jsonInteger(reader.i64('meta.lockup.unixTimestamp'));
  const epoch = jsonInteger(reader.u64('meta.lockup.epoch'));
  const custodian = reader.address('meta.lockup.custodian');
  return { rentExemptReserve, authorized: { staker, withdrawer }, lockup: { unixTimestamp, epoch, custodian } };
}

function readStake(reader: ByteReader): StakeInfo {
  const voter = reader.address('stake.delegation.voter');
  const stake = reader.u64('stake.delegation.stake').toString();
  const activationEpoch = reader.u64('stake.delegation.activationEpoch').toString();
  const deactivationEpoch = reader.u64('stake.delegation.deactivationEpoch').toString();
  // Formerly the f64 warmup/cooldown rate, now reserved: bincode reads any 8 bytes, and agave no longer
  // shows it (older nodes wrote `warmupCooldownRate`; schemas let that extra key pass).
  reader.bytesOf('stake.delegation.warmupCooldownRate', 8);
  const creditsObserved = jsonInteger(reader.u64('stake.creditsObserved'));
  return { delegation: { voter, stake, activationEpoch, deactivationEpoch }, creditsObserved };
}

/**
 * Parses a stake account's data as agave's `jsonParsed` does.
 * @throws DecodeError (`decoder: 'stake'`) where agave cannot parse the bytes.
 */
export function parseStake(bytes: ReadonlyUint8Array): ParsedStake {
  const reader = new ByteReader(bytes as Uint8Array, 'stake');
  const tag = reader.u32('type');
  switch (tag) {
    case 0:
      return { type: 'uninitialized' };
    case 1: {
      const info: StakeAccountInfo = { meta: readMeta(reader), stake: null };
      return { type: 'initialized', info };
    }
    case 2: {
      const meta = readMeta(reader);
      const stake = readStake(reader);
      // The flags byte must be there (bincode reads it), but serde accepts any value and agave does not
      // show it.
      reader.u8('stakeFlags');
      return { type: 'delegated', info: { meta, stake } };
    }
    case 3:
      return { type: 'rewardsPool' };
    default:
      throw reader.error('type', 0, `variant index ${tag} is not a StakeStateV2 (0 to 3)`);
  }
}
