/**
 * `parseConfig`: a config program account's bytes to what `jsonParsed` shows for it (agave
 * `account-decoder/src/parse_config.rs`). agave parses one kind of config account, validator info:
 * ```
 * short_vec  key count: 1-3 bytes, 7 bits each, low bits first, high bit = more (shortest form only)
 * n × 33     key [32], signer bool (a byte, 0 or 1)
 * u64        info length, then that many bytes of UTF-8: the info, JSON text
 * ```
 * (agave reads these with wincode, which reads them as bincode does, and caps the text at 10 MiB.)
 * It is validator info when the first key is `Va1idator1nfo111111111111111111111111111111`; agave then
 * reads the text with serde_json (see serdeJson.ts) and shows the value it makes, whatever JSON it is.
 * Bytes after the text are ignored, as bincode ignores them.
 *
 * Current agave parses nothing else under the config program: the stake program's old config account
 * (`StakeConfig11111111111111111111111111111111`) was parsed as `stakeConfig` until the deprecated type was
 * deleted, and is now left unparsed like any other config account.
 * @module
 */
import { ByteReader } from '../codecs/byteReader.js';
import type { ConfigKey, ValidatorInfo } from '../types/config.js';
import type { Address, ReadonlyUint8Array } from '../types/index.js';
import { parseSerdeJson, SerdeJsonRefusal } from './serdeJson.js';

/** The config program, owner of validator info accounts. */
export const CONFIG_PROGRAM_ADDRESS = 'Config1111111111111111111111111111111111111';

/** The key a validator info account lists first, marking it as validator info. */
export const VALIDATOR_INFO_KEY = 'Va1idator1nfo111111111111111111111111111111';

const DECODER = 'config';

/** agave's ACCOUNT_DATA_PREALLOCATION_LIMIT in parse_config.rs. */
const MAX_TEXT_BYTES = BigInt(10 * 1024 * 1024);

/**
 * The `parsed` value of a config program account: validator info, or `null` for a config account that
 * is not validator info (agave shows those unparsed). Throws `DecodeError` where agave refuses the bytes:
 * a key list that cannot be read, or validator info whose text is not UTF-8 or not JSON serde_json reads.
 * The account's address is taken and not needed: agave told the stake config account apart by it, and
 * no longer parses that account, so every config account is now read from its bytes alone.
 */
export function parseConfig(bytes: ReadonlyUint8Array, _address?: Address): ValidatorInfo | null {
  const reader = new ByteReader(bytes as Uint8Array, DECODER);
  const count = shortVecLength(reader);
  const keys: ConfigKey[] = [];
  for (let i = 0; i < count; i++) {
    const pubkey = reader.address(`keys.${i}.pubkey`);
    const at = reader.offset;
    const signer = reader.u8(`keys.${i}.signer`);
    if (signer > 1) throw reader.error(`keys.${i}.signer`, at, `a bool byte is 0 or 1, not ${signer}`);
    keys.push({ pubkey, signer: signer === 1 });
  }
  if (keys[0]?.pubkey !== VALIDATOR_INFO_KEY) return null;
  const lengthAt = reader.offset;
  const length = reader.u64('configData');
  // agave reads the text with wincode, told to preallocate at most 10 MiB: a longer text is refused
  // before its bytes are looked at (no account is that large, so such a length is also past the end).
  if (length > MAX_TEXT_BYTES) {
    throw reader.error('configData', lengthAt, `a text of ${length} bytes is over agave's 10 MiB limit`);
  }
  if (length > BigInt(reader.remaining)) {
    throw reader.error('configData', lengthAt, `a text of ${length} bytes, ${reader.remaining} remain`);
  }
  const textAt = reader.offset;
  const text = utf8(reader, reader.bytesOf('configData', Number(length)), textAt);
  try {
    return { type: 'validatorInfo', info: { keys, configData: parseSerdeJson(text) } };
  } catch (error) {
    if (!(error instanceof SerdeJsonRefusal)) throw error;
    throw reader.error('configData', textAt, `serde_json refuses the info text: ${error.message}`);
  }
}

/** bincode's `String`: UTF-8 or refused. A BOM is kept (serde_json then refuses it). */
function utf8(reader: ByteReader, bytes: Uint8Array, at: number): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw reader.error('configData', at, 'the info text is not UTF-8');
  }
}

/**
 * solana-short-vec's length: at most three bytes, the third carrying only bits 14 and 15, and no byte
 * after the first may be zero (that would be a longer form of a shorter length).
 */
function shortVecLength(reader: ByteReader): number {
  const start = reader.offset;
  let value = 0;
  for (let nth = 0; ; nth++) {
    const byte = reader.u8('keys');
    if (byte === 0 && nth > 0) throw reader.error('keys', start, 'the key count is not in its shortest form');
    if (nth === 2 && byte > 0x03) throw reader.error('keys', start, 'the key count does not fit in 16 bits');
    value |= (byte & 0x7f) << (7 * nth);
    if ((byte & 0x80) === 0) return value;
  }
}
