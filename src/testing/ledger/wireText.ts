/**
 * agave's decode_and_deserialize (rpc.rs): transaction or message text to bytes, refused in its words:
 * text over the size limit, a character outside the alphabet (base64's `InvalidByte(index, byte)`, bs58's
 * `InvalidCharacter`), bytes over a packet (1,232), bytes bincode cannot read.
 */
import { looseBase64 } from '../bytes.js';
import { RpcFailure } from '../simulatedLedger.js';

/** A packet's payload (agave's PACKET_DATA_SIZE), and the text that encodes at most that much. */
const PACKET_DATA_SIZE = 1232;
const MAX_BASE58_SIZE = 1683;
const MAX_BASE64_SIZE = 1644;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The Rust type agave names in its refusals. */
export const VERSIONED_TRANSACTION = 'solana_transaction::versioned::VersionedTransaction';
export const VERSIONED_MESSAGE = 'solana_message::versioned::VersionedMessage';

const refuse = (message: string) => new RpcFailure({ code: -32602, message });

/** The bytes of base58 or base64 text, or agave's -32602 for them. */
export function wireBytes(text: string, encoding: 'base58' | 'base64', typeName: string): Uint8Array {
  let bytes: Uint8Array;
  if (encoding === 'base58') {
    if (text.length > MAX_BASE58_SIZE) {
      throw refuse(
        `base58 encoded ${typeName} too large: ${text.length} bytes (max: encoded/raw ${MAX_BASE58_SIZE}/${PACKET_DATA_SIZE})`,
      );
    }
    const bad = [...text].findIndex((char) => !BASE58.includes(char));
    if (bad >= 0) {
      throw refuse(`invalid base58 encoding: InvalidCharacter { character: '${[...text][bad]}', index: ${bad} }`);
    }
    bytes = base58Bytes(text);
  } else {
    if (text.length > MAX_BASE64_SIZE) {
      throw refuse(
        `base64 encoded ${typeName} too large: ${text.length} bytes (max: encoded/raw ${MAX_BASE64_SIZE}/${PACKET_DATA_SIZE})`,
      );
    }
    const bad = text.search(/[^A-Za-z0-9+/=]/);
    if (bad >= 0) throw refuse(`invalid base64 encoding: InvalidByte(${bad}, ${text.charCodeAt(bad)})`);
    bytes = looseBase64(text);
  }
  if (bytes.length > PACKET_DATA_SIZE) {
    throw refuse(`decoded ${typeName} too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`);
  }
  return bytes;
}

/** bincode's refusal of bytes that end before the value does. */
export function notDeserialized(typeName: string): RpcFailure {
  return refuse(`failed to deserialize ${typeName}: io error: failed to fill whole buffer`);
}

function base58Bytes(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) value = value * 58n + BigInt(BASE58.indexOf(char));
  const out: number[] = [];
  while (value > 0n) {
    out.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    out.unshift(0);
  }
  return Uint8Array.from(out);
}
