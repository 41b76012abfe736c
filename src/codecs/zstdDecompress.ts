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
/** Skippable frames carry any of 16 magic numbers, 0x184D2A50 to 0x184D2A5F. */
const SKIPPABLE_MAGIC = 0x184d2a50;
const RLE_BLOCK = 1;
const RESERVED_BLOCK = 3;

/**
 * Decompresses zstd data, including agave's streaming frames that carry no content size and no checksum.
 * Output stops at `limit` bytes: a frame that declares more, or produces more, throws `FrameError` with
 * `limitExceeded` set, before the memory is spent.
 */
export function decompressFrame(frame: Uint8Array, limit: number): Uint8Array {
  checkFrames(frame, limit);
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
 * Reads the header of every frame in the data before fzstd sees any: fzstd allocates each frame's window
 * as it reaches it (up to 2 GiB), so a later frame's window or declared size must be refused up front
 * too, not only the first's. Walking the block headers to find where each frame ends costs a few
 * microseconds for a 10 MiB account (80 blocks), against the ~45 ms of decompressing it.
 */
function checkFrames(data: Uint8Array, limit: number): void {
  if (data.length < 6) throw new FrameError(false, 'zstd frame too short');
  let offset = 0;
  let declared = 0;
  while (offset < data.length) {
    if (data.length - offset < 8) throw truncated();
    const magic = readU32(data, offset);
    if ((magic & 0xfffffff0) >>> 0 === SKIPPABLE_MAGIC) {
      offset += 8 + readU32(data, offset + 4);
      if (offset > data.length) throw truncated();
      continue;
    }
    if (magic !== MAGIC) {
      throw new FrameError(
        false,
        offset === 0 ? 'not a zstd frame (bad magic number)' : 'bytes after the last zstd frame',
      );
    }
    const header = readFrameHeader(data, offset + 4, limit);
    declared += header.contentSize;
    if (declared > limit) {
      throw new FrameError(true, `zstd frames declare ${declared} bytes, over the ${limit}-byte limit`);
    }
    offset = skipBlocks(data, header.end) + (header.checksum ? 4 : 0);
    if (offset > data.length) throw truncated();
  }
}

/**
 * A frame header, from its descriptor byte at `at`: refuses a window larger than an honest encoder needs
 * for `limit` bytes of output, a declared content size over `limit`, and dictionaries (which fzstd does
 * not apply: it would decode such a frame wrongly rather than fail).
 */
function readFrameHeader(
  data: Uint8Array,
  at: number,
  limit: number,
): { end: number; contentSize: number; checksum: boolean } {
  const descriptor = data[at] as number;
  const singleSegment = (descriptor >> 5) & 1;
  const sizeFlag = descriptor >> 6;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3] as number;
  let offset = at + 1;
  if (!singleSegment) {
    const windowByte = data[offset++] as number;
    const base = 2 ** (10 + (windowByte >> 3));
    const window = base + (base / 8) * (windowByte & 7);
    // A window larger than the whole allowed output is never needed by an honest encoder.
    if (window > Math.max(limit, 1 << 20) * 2)
      throw new FrameError(true, `zstd window of ${window} bytes exceeds the limit`);
  }
  const sizeBytes = sizeFlag === 0 ? singleSegment : 2 ** sizeFlag;
  const end = offset + dictionaryBytes + sizeBytes;
  if (end > data.length) throw truncated();
  if (readLittleEndian(data, offset, dictionaryBytes) !== 0)
    throw new FrameError(false, 'zstd frame needs a dictionary');
  let contentSize = readLittleEndian(data, offset + dictionaryBytes, sizeBytes);
  if (sizeBytes === 2) contentSize += 256;
  if (contentSize > limit)
    throw new FrameError(true, `zstd frame declares ${contentSize} bytes, over the ${limit}-byte limit`);
  return { end, contentSize, checksum: ((descriptor >> 2) & 1) === 1 };
}

/** Where the frame whose first block header is at `offset` ends (before its checksum). */
function skipBlocks(data: Uint8Array, offset: number): number {
  for (;;) {
    if (offset + 3 > data.length) throw truncated();
    const header =
      (data[offset] as number) | ((data[offset + 1] as number) << 8) | ((data[offset + 2] as number) << 16);
    const type = (header >> 1) & 3;
    if (type === RESERVED_BLOCK) throw new FrameError(false, 'not a valid zstd frame (reserved block type)');
    // An RLE block holds one byte however many it stands for.
    offset += 3 + (type === RLE_BLOCK ? 1 : header >>> 3);
    if (header & 1) return offset;
  }
}

function truncated(): FrameError {
  return new FrameError(false, 'zstd frame truncated');
}

function readU32(data: Uint8Array, at: number): number {
  return readLittleEndian(data, at, 4);
}

/** An unsigned little-endian integer of up to 8 bytes (exact up to 2^53; larger sizes exceed any limit). */
function readLittleEndian(data: Uint8Array, at: number, bytes: number): number {
  let value = 0;
  for (let i = bytes - 1; i >= 0; i--) value = value * 256 + (data[at + i] as number);
  return value;
}
