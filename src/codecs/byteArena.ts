/**
 * Bytes for the many small payloads of one response (the data of 20,000 token accounts): views into
 * shared 64 KiB chunks instead of an ArrayBuffer each. An ArrayBuffer of its own costs a small account
 * more than decoding it (20,000 copies of 165 bytes: 19 ms each with `slice`, 2 ms into chunks, most of
 * the difference the garbage collector's), and a buffer's own overhead besides. A chunk holds only the
 * data of the response it was made for; one account kept alive keeps at most its chunk. Payloads above
 * 4 KiB get buffers of their own. A module of its own, so that apps of single-account calls do not carry it.
 *
 * Base64 text is decoded straight into a chunk on Node (`Buffer#write`); browsers decode into new arrays
 * (`decodeBase64`). Decompressed zstd data is copied into a chunk on every platform (`take`); its frames
 * are base64 payloads of the list like any other, so a kept base64+zstd list also keeps its frames
 * (about 90 bytes beside each 165-byte token account). Less code than a reused buffer for them: every
 * byte here counts against the package's size ceilings.
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

/**
 * The bytes of one response: called with base64 text, the same answers as `decodeBase64`, small payloads
 * side by side; `take(length)` gives zeroed room for `length` bytes the same way.
 */
export interface ByteArena {
  (text: string): Uint8Array | undefined;
  take(length: number): Uint8Array;
}

/** A byte arena for one response. */
export function createByteArena(): ByteArena {
  const NodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  let chunk: Uint8Array = new Uint8Array(0);
  // As if full: the first payload, even an empty one, starts a chunk.
  let used = CHUNK;
  /** `length` bytes of the chunk (a new one when they do not fit), given `text` its base64 decoded there. */
  const take = (length: number, text?: string): Uint8Array | undefined => {
    if (length > MOST) return text === undefined ? new Uint8Array(length) : decodeBase64(text);
    if (used + length > chunk.length) {
      // Zeroed memory of its own: the unused tail of a chunk holds nothing from elsewhere.
      chunk = NodeBuffer ? NodeBuffer.from(new ArrayBuffer(CHUNK)) : new Uint8Array(CHUNK);
      used = 0;
    }
    // Buffer skips characters outside the alphabet, so a short write means the text was not base64; it
    // takes no room (the next payload is written over what it wrote).
    if (text !== undefined && (chunk as NodeBufferView).write(text, used, length, 'base64') !== length) return;
    used += length;
    return new Uint8Array(chunk.buffer, used - length, length);
  };
  return Object.assign(
    (text: string) =>
      // Padded base64 only, as decodeBase64 takes it.
      NodeBuffer && text.length % 4 === 0
        ? take((text.length / 4) * 3 - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0), text)
        : decodeBase64(text),
    { take: take as (length: number) => Uint8Array },
  );
}
