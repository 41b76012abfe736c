/**
 * zstd decompression with its limits, loaded on first use by `loadZstd` (codecs/zstd.ts): the frame checks
 * and the decoder (codecs/zstdFrames.ts) run only once loaded, so they travel in a chunk of their own, not
 * up front in every app that reads accounts. It imports nothing of the client: esbuild puts a module that
 * both an app's entry and a lazily loaded chunk use into a chunk of its own, loaded up front
 * (docs/tree-shaking.md).
 * @module
 */
import { decodeFrames, ZstdFormatError as FrameError } from './zstdFrames.js';

/** Why a frame was refused (`limitExceeded` when over the limit); `codecs/zstd.ts` makes it a `ZstdError`. */
export { FrameError };

const MAGIC = 0xfd2fb528;
/** Skippable frames carry any of 16 magic numbers, 0x184D2A50 to 0x184D2A5F. */
const SKIPPABLE_MAGIC = 0x184d2a50;
const RLE_BLOCK = 1;
const COMPRESSED_BLOCK = 2;
const RESERVED_BLOCK = 3;

/**
 * Decompresses zstd data, including agave's streaming frames that carry no content size and no checksum.
 * Output stops at `limit` bytes: a frame that declares more, or produces more, throws `FrameError` with
 * `limitExceeded` set, before the memory is spent. `take` gives the room a small output is copied to.
 */
export function decompressFrame(frame: Uint8Array, limit: number, take?: (length: number) => Uint8Array): Uint8Array {
  const sizes = checkFrames(frame, limit);
  // One allocation in the common case. The block headers bound the output (agave's streaming encoder fills
  // every block but the last, so for a large account the bound is the size); a small account's one block
  // may hold far less than its 128 KiB bound, so the input caps the guess too: account data seldom
  // compresses beyond 32x, and past the guess the output doubles (one extra copy at most). Declared sizes,
  // when every frame has one, are the size; a frame that lies about it makes the output grow, never past
  // the limit.
  const guess = Math.max(4096, 32 * frame.length);
  const declared = sizes.allDeclared ? sizes.declared : Number.POSITIVE_INFINITY;
  const capacity = Math.min(limit, sizes.maximum, guess, declared);
  return decodeFrames(frame, limit, capacity, take);
}

/** What the frame headers and block headers tell of the output before decoding. */
interface FrameSizes {
  /** The sum of the declared content sizes. */
  declared: number;
  /** Whether every frame declares its size. */
  allDeclared: boolean;
  /** What raw and RLE blocks produce: the least the output can be. */
  minimum: number;
  /** The same plus 128 KiB per compressed block: the most it can be. */
  maximum: number;
}

const frameSizes: FrameSizes = { declared: 0, allDeclared: true, minimum: 0, maximum: 0 };

/** The most a compressed block regenerates (RFC 8878, Block_Maximum_Size). */
const MAX_BLOCK = 131072;

/**
 * Reads the header of every frame and block before any is decoded: a window or a declared size over the
 * limit, raw and RLE blocks adding up to more than the limit (a bomb), a dictionary, a truncated frame or
 * bytes after the last frame are refused before any output is allocated. Walking the block headers costs
 * a few microseconds for a 10 MiB account (80 blocks), against ~35 ms of decompressing it.
 */
function checkFrames(data: Uint8Array, limit: number): FrameSizes {
  if (data.length < 6) throw new FrameError(false, 'zstd frame too short');
  // One object, reset for each call (decoding is synchronous): thousands of small accounts a read.
  const sizes = frameSizes;
  sizes.declared = 0;
  sizes.allDeclared = true;
  sizes.minimum = 0;
  sizes.maximum = 0;
  let offset = 0;
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
    const end = readFrameHeader(data, offset + 4, limit);
    if (header.contentSize === undefined) sizes.allDeclared = false;
    else sizes.declared += header.contentSize;
    if (sizes.declared > limit) {
      throw new FrameError(true, `zstd frames declare ${sizes.declared} bytes, over the ${limit}-byte limit`);
    }
    offset = skipBlocks(data, end, sizes) + (header.checksum ? 4 : 0);
    if (offset > data.length) throw truncated();
    if (sizes.minimum > limit) throw new FrameError(true, `decompressed data exceeds ${limit} bytes`);
  }
  return sizes;
}

/** What `readFrameHeader` read of the last frame header (one object for every frame). */
const header: { contentSize: number | undefined; checksum: boolean } = { contentSize: undefined, checksum: false };

/**
 * A frame header, from its descriptor byte at `at`: refuses a window larger than an honest encoder needs
 * for `limit` bytes of output, a declared content size over `limit`, and dictionaries (which the decoder
 * does not apply: it would decode such a frame wrongly rather than fail). Returns where the header ends,
 * and leaves its content size and checksum flag in `header`.
 */
function readFrameHeader(data: Uint8Array, at: number, limit: number): number {
  const descriptor = data[at] as number;
  const singleSegment = (descriptor >> 5) & 1;
  const sizeFlag = descriptor >> 6;
  const dictionaryFlag = descriptor & 3;
  const dictionaryBytes = dictionaryFlag === 3 ? 4 : dictionaryFlag;
  let offset = at + 1;
  if (!singleSegment) {
    const windowByte = data[offset++] as number;
    const windowLog = 10 + (windowByte >> 3);
    // A shift where it is exact (the window of a small frame, every frame), the power beyond 2^30.
    const base = windowLog < 31 ? 1 << windowLog : 2 ** windowLog;
    const window = base + (base / 8) * (windowByte & 7);
    // A window larger than the whole allowed output is never needed by an honest encoder.
    if (window > Math.max(limit, 1 << 20) * 2)
      throw new FrameError(true, `zstd window of ${window} bytes exceeds the limit`);
  }
  const sizeBytes = sizeFlag === 0 ? singleSegment : 1 << sizeFlag;
  const end = offset + dictionaryBytes + sizeBytes;
  if (end > data.length) throw truncated();
  if (readLittleEndian(data, offset, dictionaryBytes) !== 0)
    throw new FrameError(false, 'zstd frame needs a dictionary');
  header.checksum = ((descriptor >> 2) & 1) === 1;
  header.contentSize = undefined;
  if (sizeBytes === 0) return end;
  let contentSize = readLittleEndian(data, offset + dictionaryBytes, sizeBytes);
  if (sizeBytes === 2) contentSize += 256;
  if (contentSize > limit)
    throw new FrameError(true, `zstd frame declares ${contentSize} bytes, over the ${limit}-byte limit`);
  header.contentSize = contentSize;
  return end;
}

/** Where the frame whose first block header is at `offset` ends (before its checksum); adds to `sizes`. */
function skipBlocks(data: Uint8Array, offset: number, sizes: FrameSizes): number {
  for (;;) {
    if (offset + 3 > data.length) throw truncated();
    const header =
      (data[offset] as number) | ((data[offset + 1] as number) << 8) | ((data[offset + 2] as number) << 16);
    const type = (header >> 1) & 3;
    const size = header >>> 3;
    if (type === RESERVED_BLOCK) throw new FrameError(false, 'not a valid zstd frame (reserved block type)');
    if (type === COMPRESSED_BLOCK) sizes.maximum += MAX_BLOCK;
    else {
      sizes.minimum += size;
      sizes.maximum += size;
    }
    // An RLE block holds one byte however many it stands for.
    offset += 3 + (type === RLE_BLOCK ? 1 : size);
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
