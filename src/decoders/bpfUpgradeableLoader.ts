/**
 * `parseBpfUpgradeableLoader`: an upgradeable loader (v3) account's bytes to what `jsonParsed` shows
 * for it (agave `account-decoder/src/parse_bpf_loader.rs`), read from bincode `UpgradeableLoaderState`
 * (solana-loader-v3-interface); bytes after the state are the program's, shown in base64:
 * ```
 * 0 u32 kind: 0 uninitialized
 *             1 buffer       authority Option<[32]>            data from 37 (from 5 without authority)
 *             2 program      programData [32]
 *             3 programData  slot u64, authority Option<[32]>  data from 45 (from 13 without authority)
 * ```
 * An option is a u8 tag (0 none, 1 some) and, when some, the key.
 * @module
 */

import { encodeBase64 } from '../codecs/base64.js';
import { ByteReader } from '../codecs/byteReader.js';
import type { Base64Data, ParsedBpfUpgradeableLoader } from '../types/bpfUpgradeableLoader.js';
import type { ReadonlyUint8Array } from '../types/index.js';
import { jsonInteger } from './jsonValues.js';

/** The `parsed` value of an upgradeable loader account; throws `DecodeError` where agave refuses the bytes. */
export function parseBpfUpgradeableLoader(bytes: ReadonlyUint8Array): ParsedBpfUpgradeableLoader {
  const reader = new ByteReader(bytes as Uint8Array, 'bpf-upgradeable-loader');
  const kind = reader.u32('type');
  switch (kind) {
    case 0:
      return { type: 'uninitialized' };
    case 1: {
      const authority = optionalAddress(reader, 'authority');
      // The data starts where the header ends. Without an authority that is right after the option's tag,
      // so the 32 bytes a key would take are shown as data: agave's quirk, kept.
      return { type: 'buffer', info: { authority, data: base64From(bytes, reader.offset) } };
    }
    case 2:
      return { type: 'program', info: { programData: reader.address('programData') } };
    case 3: {
      const slot = jsonInteger(reader.u64('slot'));
      const authority = optionalAddress(reader, 'authority');
      return { type: 'programData', info: { slot, authority, data: base64From(bytes, reader.offset) } };
    }
    default:
      throw reader.error('type', 0, `unknown kind ${kind}`);
  }
}

function optionalAddress(reader: ByteReader, field: string): string | null {
  const at = reader.offset;
  const tag = reader.u8(field);
  if (tag > 1) throw reader.error(field, at, `option tag ${tag} is neither 0 nor 1`);
  return tag === 1 ? reader.address(field) : null;
}

function base64From(bytes: ReadonlyUint8Array, start: number): Base64Data {
  return [encodeBase64((bytes as Uint8Array).subarray(start)), 'base64'];
}
