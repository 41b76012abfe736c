/**
 * zstd decompression with its limits, loaded on first use with fzstd by `loadZstd` (codecs/zstd.ts): the
 * frame checks and the streaming run only once fzstd is there, so they travel in its chunk, not up front
 * in every app that reads accounts. It imports nothing of the client: esbuild puts a module that both an
 * app's entry and a lazily loaded chunk use into a chunk of its own, loaded up front (docs/tree-shaking.md).
 * @module
 */
import { Decompress } from 'fzstd';

/** Why a frame was refused; `codecs/zstd.ts` makes it a `ZstdError`. */
export class FrameError extends Error {
  constructor(
    readonly limitExceeded: boolean,
    message: string,
  ) {
    super(message);
  }
}

const MAGIC = 0xfd2fb528;

/**
 * Decompresses zstd data, including agave's streaming frames that carry no content size and no checksum.
 * Output stops at `limit` bytes: a frame that declares more, or produces more, throws `FrameError` with
 * `limitExceeded` set, before the memory is spent.
 */
export function decompressFrame(frame: Uint8Array, limit: number): Uint8Array {
  checkFrameHeader(frame, limit);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stream = new Decompress((chunk) => {
    total += chunk.length;
    if (total > limit) throw new FrameError(true, `decompressed data exceeds ${limit} bytes`);
    chunks.push(chunk);
  });
  try {
    stream.push(frame, true);
  } catch (error) {
    if (error instanceof FrameError) throw error;
    throw new FrameError(false, `not a valid zstd frame (${error instanceof Error ? error.message : 'unknown error'})`);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * Reads the first frame's declared window and content size. The decoder allocates its window up front
 * (up to 2 GiB), so a frame declaring more than the limit is refused before any allocation.
 */
function checkFrameHeader(frame: Uint8Array, limit: number): void {
  if (frame.length < 6) throw new FrameError(false, 'zstd frame too short');
  const magic =
    (frame[0] as number) | ((frame[1] as number) << 8) | ((frame[2] as number) << 16) | ((frame[3] as number) << 24);
  if (magic >>> 0 !== MAGIC) throw new FrameError(false, 'not a zstd frame (bad magic number)');
  const descriptor = frame[4] as number;
  const singleSegment = (descriptor >> 5) & 1;
  const sizeFlag = descriptor >> 6;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3] as number;
  let offset = 5;
  if (!singleSegment) {
    const windowByte = frame[offset++] as number;
    const base = 2 ** (10 + (windowByte >> 3));
    const window = base + (base / 8) * (windowByte & 7);
    // A window larger than the whole allowed output is never needed by an honest encoder.
    if (window > Math.max(limit, 1 << 20) * 2)
      throw new FrameError(true, `zstd window of ${window} bytes exceeds the limit`);
  }
  offset += dictionaryBytes;
  const sizeBytes = sizeFlag === 0 ? singleSegment : 2 ** sizeFlag;
  if (sizeBytes > 0 && frame.length >= offset + sizeBytes) {
    let size = 0;
    for (let i = sizeBytes - 1; i >= 0; i--) size = size * 256 + (frame[offset + i] as number);
    if (sizeBytes === 2) size += 256;
    if (size > limit) throw new FrameError(true, `zstd frame declares ${size} bytes, over the ${limit}-byte limit`);
  }
}
