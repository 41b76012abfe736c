/**
 * Base64 decoding for the many small payloads of one response (the data of 20,000 token accounts): on
 * Node, views into shared 64 KiB chunks instead of an ArrayBuffer each. That is five times faster
 * (20,000 accounts of 165 bytes: 2.2 ms against 12 ms, bench/profile.mjs) and spares each account a
 * buffer's own overhead. A chunk holds only the decoded data of the response it was made for; one account
 * kept alive keeps at most its chunk. Payloads above 4 KiB, and browsers (which decode into new arrays),
 * go through `decodeBase64`. A module of its own, so that apps of single-account calls do not carry it.
 * @module
 */
import { decodeBase64 } from './base64.js';

const CHUNK = 65_536;
const MOST = 4_096;

interface NodeBuffer {
  from(buffer: ArrayBuffer): NodeBufferView;
}
interface NodeBufferView extends Uint8Array {
  write(text: string, offset: number, length: number, encoding: 'base64'): number;
}

/** A base64 decoder for one response: same answers as `decodeBase64`, small payloads side by side. */
export function createByteArena(): (text: string) => Uint8Array | undefined {
  const NodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  if (!NodeBuffer) return decodeBase64;
  let chunk: NodeBufferView | undefined;
  let used = CHUNK;
  return (text) => {
    // Padded base64 only, as decodeBase64 takes it.
    if (text.length % 4 !== 0) return undefined;
    const length = (text.length / 4) * 3 - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
    if (length > MOST) return decodeBase64(text);
    if (!chunk || used + length > CHUNK) {
      // Zeroed memory of its own: the unused tail of a chunk holds nothing from elsewhere.
      chunk = NodeBuffer.from(new ArrayBuffer(CHUNK));
      used = 0;
    }
    // Buffer skips characters outside the alphabet, so a short write means the text was not base64.
    if (chunk.write(text, used, length, 'base64') !== length) return undefined;
    used += length;
    return new Uint8Array(chunk.buffer, used - length, length);
  };
}
