/**
 * Config program accounts: a ConfigKeys list (a short_vec length, then each key and its signer flag)
 * followed by the config data in bincode. Validator info is what `solana validator-info publish` writes;
 * the stake config is the deprecated one every cluster still holds.
 */
import { ByteWriter } from './byteWriter.js';

/** The key every validator-info account lists first, marking its data as validator info. */
export const VALIDATOR_INFO_KEY = 'Va1idator1nfo111111111111111111111111111111';
/** MAX_VALIDATOR_INFO: the room the CLI allocates for the info string (its u64 length included). */
const MAX_VALIDATOR_INFO = 576;

function configKeys(keys: readonly [string, boolean][]): ByteWriter {
  // short_vec: 7 bits a byte, low first; the lists here are short.
  const w = new ByteWriter();
  let length = keys.length;
  do {
    const low = length & 0x7f;
    length >>= 7;
    w.u8(length > 0 ? low | 0x80 : low);
  } while (length > 0);
  for (const [key, signer] of keys) w.key(key).bool(signer);
  return w;
}

export interface ValidatorInfoFields {
  name: string;
  website?: string;
  details?: string;
  keybaseUsername?: string;
}

/**
 * The JSON text the CLI stores: its fields in a serde_json map, written in key order (serde_json's
 * default map is sorted), absent fields left out.
 */
export function validatorInfoJson(info: ValidatorInfoFields): string {
  const entries = Object.entries(info).filter(([, value]) => value !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(entries));
}

/** A validator-info account: [info key, not a signer; the identity, a signer], then the JSON as a String. */
export function validatorInfoBytes(identity: string, info: ValidatorInfoFields): Uint8Array {
  const keys: [string, boolean][] = [
    [VALIDATOR_INFO_KEY, false],
    [identity, true],
  ];
  const w = configKeys(keys).string(validatorInfoJson(info));
  // The CLI sizes the account for the keys and the largest info, so the text is followed by zeros.
  return w.finish(1 + keys.length * 33 + MAX_VALIDATOR_INFO);
}

/** The stake config account: no keys, then warmup_cooldown_rate (f64) and slash_penalty (u8). */
export function stakeConfigBytes(warmupCooldownRate: number, slashPenalty: number): Uint8Array {
  return configKeys([]).f64(warmupCooldownRate).u8(slashPenalty).finish();
}
