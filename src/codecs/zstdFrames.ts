/**
 * A zstd decoder (RFC 8878, frames and blocks; the entropy coding is in codecs/zstdEntropy.ts) that writes
 * every frame straight into one output buffer, which is also the window that matches copy from. fzstd,
 * used before, decoded each 128 KiB block into a fresh array, sliced it, copied it into a separate
 * window and left the blocks to be joined: four copies of every byte beside the decoding. Literals and
 * matches are copied with `set`/`copyWithin` where they are long and do not overlap. The caller sizes the
 * buffer (codecs/zstdDecompress.ts, from the block headers); it grows only if that was short, never past
 * the limit. Loaded lazily with zstdDecompress.ts.
 * @module
 */

import {
  BackwardBits,
  buildFseTable,
  corrupt,
  decodeHuffmanStream,
  type FseTable,
  type HuffmanTable,
  readFseTable,
  readHuffmanTable,
  rleTable,
  ZstdFormatError,
} from './zstdEntropy.js';

export { ZstdFormatError };

const MAGIC = 0xfd2fb528;
const SKIPPABLE_MAGIC = 0x184d2a50;
const MAX_BLOCK = 131072;

// Literal-length and match-length codes: baseline and extra bits (RFC 8878, 3.1.1.3.2.1.1).
// biome-ignore format: a table
const LL_BASE = Int32Array.of(
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512, 1024,
  2048, 4096, 8192, 16384, 32768, 65536,
);
// biome-ignore format: a table
const LL_BITS = Uint8Array.of(
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
);
// biome-ignore format: a table
const ML_BASE = Int32Array.of(
  3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33,
  34, 35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387, 32771, 65539,
);
// biome-ignore format: a table
const ML_BITS = Uint8Array.of(
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3,
  3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
);
// The predefined distributions (RFC 8878, 3.1.1.3.2.2); -1 is a "less than 1" probability.
// biome-ignore format: a table
const LL_DEFAULT = [
  4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1,
];
// biome-ignore format: a table
const ML_DEFAULT = [
  1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1,
];
// biome-ignore format: a table
const OF_DEFAULT = [1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1];

let defaults: { ll: FseTable; ml: FseTable; of: FseTable } | undefined;

/** What persists from block to block within a frame. */
interface FrameState {
  huffman: HuffmanTable | undefined;
  ll: FseTable | undefined;
  of: FseTable | undefined;
  ml: FseTable | undefined;
  rep: Int32Array;
  start: number;
}

const frameState: FrameState = {
  huffman: undefined,
  ll: undefined,
  of: undefined,
  ml: undefined,
  rep: Int32Array.of(1, 4, 8),
  start: 0,
};

/** The output: one buffer, grown by doubling, never past the limit. */
class Output {
  length = 0;
  constructor(
    public buffer: Uint8Array,
    public limit: number,
  ) {}
  /** Makes room for `n` more bytes, or refuses when they would pass the limit. */
  reserve(n: number): void {
    const need = this.length + n;
    if (need <= this.buffer.length) return;
    if (need > this.limit) throw new ZstdFormatError(true, `decompressed data exceeds ${this.limit} bytes`);
    const grown = new Uint8Array(Math.min(this.limit, Math.max(need, this.buffer.length * 2)));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}

/** The most output decoded in the scratch buffer; more is decoded into a buffer of its own. */
const SCRATCH_BYTES = 65536;
let scratchBuffer: Uint8Array | undefined;
/** The scratch buffer's first `limit` bytes, for the limit of the last call. */
let scratch: Uint8Array | undefined;
let scratchLimit = 0;

const NONE = new Uint8Array(0);
const theOutput = new Output(NONE, 0);
/** The bit stream of a block's sequences, reset for each block. */
const sequenceBits = new BackwardBits(Uint8Array.of(1), 0, 1);
/** Where the sequence table `sequenceTable` last read ends. */
let tableEnd = 0;

// Huffman-coded and RLE literals are decoded here, reused by every block (decoding is synchronous).
let literalsBuffer: Uint8Array | undefined;

/**
 * Decompresses every frame of `data` (skippable frames skipped, checksums not verified) into one array of
 * at most `limit` bytes, starting with `capacity` bytes (what the caller expects) and growing if needed.
 * An output decoded in the scratch buffer is copied into `take(length)` when given (a list's byte arena:
 * no ArrayBuffer per account), into an array of its own otherwise.
 */
export function decodeFrames(
  data: Uint8Array,
  limit: number,
  capacity: number,
  take?: (length: number) => Uint8Array,
): Uint8Array {
  // A small output is decoded into the reused scratch buffer and copied out at its exact size: a fresh
  // buffer of the guessed size (4 KiB at least, zeroed) for each of thousands of small accounts, then a
  // slice of it, cost more than decoding them. Never more of it than the limit, which the writes rely on.
  let initial: Uint8Array;
  if (capacity <= SCRATCH_BYTES) {
    // The view is kept while the limit is the same (it is, call after call): making one costs as much.
    if (scratch === undefined || scratchLimit !== limit) {
      scratchBuffer ??= new Uint8Array(SCRATCH_BYTES);
      scratch = scratchBuffer.subarray(0, Math.min(SCRATCH_BYTES, limit));
      scratchLimit = limit;
    }
    initial = scratch;
  } else initial = new Uint8Array(Math.min(capacity, limit));
  // One output object, reset for each call (decoding is synchronous), as the frame state is.
  const output = theOutput;
  output.buffer = initial;
  output.limit = limit;
  output.length = 0;
  let at = 0;
  while (at < data.length) {
    const magic =
      ((data[at] as number) |
        ((data[at + 1] as number) << 8) |
        ((data[at + 2] as number) << 16) |
        ((data[at + 3] as number) << 24)) >>>
      0;
    if ((magic & 0xfffffff0) >>> 0 === SKIPPABLE_MAGIC) {
      at +=
        8 +
        ((data[at + 4] as number) | ((data[at + 5] as number) << 8) | ((data[at + 6] as number) << 16)) +
        (data[at + 7] as number) * 2 ** 24;
      continue;
    }
    if (magic !== MAGIC) throw corrupt('bad magic number');
    at = decodeFrame(data, at + 4, output);
  }
  const { buffer, length } = output;
  output.buffer = NONE; // a large output is the caller's: not kept alive here until the next call
  if (buffer !== scratch) return length === buffer.length ? buffer : buffer.slice(0, length);
  if (!take) return buffer.slice(0, length);
  const kept = take(length);
  kept.set(buffer.subarray(0, length));
  return kept;
}

/** Decodes one frame whose descriptor is at `at` (its header already checked); returns where it ends. */
function decodeFrame(data: Uint8Array, at: number, output: Output): number {
  const descriptor = data[at] as number;
  const singleSegment = (descriptor >> 5) & 1;
  const sizeFlag = descriptor >> 6;
  const dictionaryFlag = descriptor & 3;
  let p = at + 1 + (singleSegment ? 0 : 1) + (dictionaryFlag === 3 ? 4 : dictionaryFlag);
  p += sizeFlag === 0 ? singleSegment : 1 << sizeFlag;
  // One state, reset for each frame (decoding is synchronous): making it and its repeat offsets anew was a
  // good part of a small account's frame.
  const state = frameState;
  state.huffman = undefined;
  state.ll = undefined;
  state.of = undefined;
  state.ml = undefined;
  state.rep[0] = 1;
  state.rep[1] = 4;
  state.rep[2] = 8;
  state.start = output.length;
  for (;;) {
    if (p + 3 > data.length) throw corrupt('truncated block');
    const header = (data[p] as number) | ((data[p + 1] as number) << 8) | ((data[p + 2] as number) << 16);
    const last = header & 1;
    const type = (header >> 1) & 3;
    const size = header >>> 3;
    p += 3;
    if (type === 0) {
      if (p + size > data.length) throw corrupt('truncated block');
      output.reserve(size);
      output.buffer.set(data.subarray(p, p + size), output.length);
      output.length += size;
      p += size;
    } else if (type === 1) {
      if (p >= data.length) throw corrupt('truncated block');
      output.reserve(size);
      output.buffer.fill(data[p] as number, output.length, output.length + size);
      output.length += size;
      p += 1;
    } else if (type === 2) {
      if (size > MAX_BLOCK) throw corrupt('block too large');
      if (p + size > data.length) throw corrupt('truncated block');
      decodeCompressedBlock(data, p, p + size, output, state);
      p += size;
    } else throw corrupt('reserved block type');
    if (last) break;
  }
  if ((descriptor >> 2) & 1) p += 4; // the checksum, not verified (agave sends none)
  if (p > data.length) throw corrupt('truncated frame');
  return p;
}

function decodeCompressedBlock(data: Uint8Array, start: number, end: number, output: Output, state: FrameState): void {
  // Literals section (RFC 8878, 3.1.1.3.1).
  let p = start;
  const b0 = data[p] as number;
  const literalsType = b0 & 3;
  const sizeFormat = (b0 >> 2) & 3;
  let literals: Uint8Array;
  let literalsStart = 0;
  let literalsLength: number;
  if (literalsType < 2) {
    let headerBytes: number;
    if ((sizeFormat & 1) === 0) {
      literalsLength = b0 >> 3;
      headerBytes = 1;
    } else if (sizeFormat === 1) {
      literalsLength = (b0 >> 4) | ((data[p + 1] as number) << 4);
      headerBytes = 2;
    } else {
      literalsLength = (b0 >> 4) | ((data[p + 1] as number) << 4) | ((data[p + 2] as number) << 12);
      headerBytes = 3;
    }
    p += headerBytes;
    if (literalsLength > MAX_BLOCK) throw corrupt('literals too long');
    if (literalsType === 0) {
      if (p + literalsLength > end) throw corrupt('truncated literals');
      literals = data;
      literalsStart = p;
      p += literalsLength;
    } else {
      if (p >= end) throw corrupt('truncated literals');
      literalsBuffer ??= new Uint8Array(MAX_BLOCK);
      literals = literalsBuffer;
      literals.fill(data[p] as number, 0, literalsLength);
      p += 1;
    }
  } else {
    let compressedLength: number;
    let streams = 4;
    if (sizeFormat < 2) {
      const h = b0 | ((data[p + 1] as number) << 8) | ((data[p + 2] as number) << 16);
      literalsLength = (h >> 4) & 0x3ff;
      compressedLength = (h >> 14) & 0x3ff;
      if (sizeFormat === 0) streams = 1;
      p += 3;
    } else if (sizeFormat === 2) {
      const h =
        (b0 | ((data[p + 1] as number) << 8) | ((data[p + 2] as number) << 16) | ((data[p + 3] as number) << 24)) >>> 0;
      literalsLength = (h >>> 4) & 0x3fff;
      compressedLength = h >>> 18;
      p += 4;
    } else {
      const h =
        (b0 | ((data[p + 1] as number) << 8) | ((data[p + 2] as number) << 16) | ((data[p + 3] as number) << 24)) >>> 0;
      literalsLength = (h >>> 4) & 0x3ffff;
      compressedLength = (h >>> 22) | ((data[p + 4] as number) << 10);
      p += 5;
    }
    if (literalsLength > MAX_BLOCK) throw corrupt('literals too long');
    const literalsEnd = p + compressedLength;
    if (literalsEnd > end) throw corrupt('truncated literals');
    if (literalsType === 2) [state.huffman, p] = readHuffmanTable(data, p, literalsEnd);
    const table = state.huffman;
    if (!table) throw corrupt('treeless literals without a previous table');
    literalsBuffer ??= new Uint8Array(MAX_BLOCK);
    literals = literalsBuffer;
    if (streams === 1) decodeHuffmanStream(data, p, literalsEnd, literals, 0, literalsLength, table);
    else {
      if (p + 6 > literalsEnd) throw corrupt('truncated literals');
      const s1 = p + 6 + ((data[p] as number) | ((data[p + 1] as number) << 8));
      const s2 = s1 + ((data[p + 2] as number) | ((data[p + 3] as number) << 8));
      const s3 = s2 + ((data[p + 4] as number) | ((data[p + 5] as number) << 8));
      if (s3 > literalsEnd) throw corrupt('truncated literals');
      const quarter = (literalsLength + 3) >> 2;
      if (3 * quarter > literalsLength) throw corrupt('literals too short for 4 streams');
      decodeHuffmanStream(data, p + 6, s1, literals, 0, quarter, table);
      decodeHuffmanStream(data, s1, s2, literals, quarter, 2 * quarter, table);
      decodeHuffmanStream(data, s2, s3, literals, 2 * quarter, 3 * quarter, table);
      decodeHuffmanStream(data, s3, literalsEnd, literals, 3 * quarter, literalsLength, table);
    }
    p = literalsEnd;
  }

  // Sequences section (RFC 8878, 3.1.1.3.2).
  if (p >= end) throw corrupt('truncated sequences');
  let count = data[p++] as number;
  if (count >= 128) {
    if (count === 255) {
      count = (data[p] as number) + ((data[p + 1] as number) << 8) + 0x7f00;
      p += 2;
    } else count = ((count - 128) << 8) + (data[p++] as number);
  }
  // A block regenerates at most 128 KiB (and nothing past the limit): every copy is checked against that,
  // and against the buffer, which grows only when the caller's capacity was short.
  const blockEnd = Math.min(output.length + MAX_BLOCK, output.limit);
  let out = output.buffer;
  let op = output.length;
  let lp = literalsStart;
  const literalsEnd = literalsStart + literalsLength;
  if (count > 0) {
    if (p >= end) throw corrupt('truncated sequences');
    const modes = data[p++] as number;
    if (modes & 3) throw corrupt('reserved sequence mode bits');
    defaults ??= {
      ll: buildFseTable(LL_DEFAULT, 6),
      ml: buildFseTable(ML_DEFAULT, 6),
      of: buildFseTable(OF_DEFAULT, 5),
    };
    const ll = sequenceTable(data, p, end, modes >> 6, defaults.ll, state.ll, 9, 35);
    const of = sequenceTable(data, tableEnd, end, (modes >> 4) & 3, defaults.of, state.of, 8, 31);
    const ml = sequenceTable(data, tableEnd, end, (modes >> 2) & 3, defaults.ml, state.ml, 9, 52);
    p = tableEnd;
    state.ll = ll;
    state.of = of;
    state.ml = ml;
    const stream = sequenceBits.reset(data, p, end);
    let llState = stream.read(ll.log);
    let ofState = stream.read(of.log);
    let mlState = stream.read(ml.log);
    const rep = state.rep;
    for (let n = count; n > 0; n--) {
      const ofCode = of.symbol[ofState] as number;
      const mlCode = ml.symbol[mlState] as number;
      const llCode = ll.symbol[llState] as number;
      if (ofCode > 31 || mlCode > 52 || llCode > 35) throw corrupt('bad sequence code');
      // Up to 31 extra offset bits: read in two parts, as one read holds at most 25.
      let offsetValue: number;
      if (ofCode > 24) {
        const high = stream.read(ofCode - 24);
        offsetValue = 2 ** ofCode + high * 16777216 + stream.read(24);
      } else offsetValue = (1 << ofCode) + stream.read(ofCode);
      const matchLength = (ML_BASE[mlCode] as number) + stream.read(ML_BITS[mlCode] as number);
      const literalLength = (LL_BASE[llCode] as number) + stream.read(LL_BITS[llCode] as number);
      let offset: number;
      if (offsetValue > 3) {
        offset = offsetValue - 3;
        rep[2] = rep[1] as number;
        rep[1] = rep[0] as number;
        rep[0] = offset;
      } else {
        const index = offsetValue - (literalLength === 0 ? 0 : 1);
        if (index === 0) offset = rep[0] as number;
        else if (index === 3) {
          offset = (rep[0] as number) - 1;
          rep[2] = rep[1] as number;
          rep[1] = rep[0] as number;
          rep[0] = offset;
        } else {
          offset = rep[index] as number;
          if (index === 2) rep[2] = rep[1] as number;
          rep[1] = rep[0] as number;
          rep[0] = offset;
        }
      }
      if (n > 1) {
        llState = (ll.base[llState] as number) + stream.read(ll.bits[llState] as number);
        mlState = (ml.base[mlState] as number) + stream.read(ml.bits[mlState] as number);
        ofState = (of.base[ofState] as number) + stream.read(of.bits[ofState] as number);
      }
      if (stream.pos < 0) throw corrupt('sequence stream overread');
      // Execute: literals, then the match.
      if (lp + literalLength > literalsEnd) throw corrupt('sequence past the literals');
      const next = op + literalLength + matchLength;
      if (next > out.length) {
        if (next > blockEnd) throw tooLong(output, next);
        out = grow(output, op, next);
      }
      // Up to 64 bytes (a key of an account, say) a loop costs less than a subarray and `set`.
      if (literalLength > 64) {
        out.set(literals.subarray(lp, lp + literalLength), op);
        op += literalLength;
        lp += literalLength;
      } else for (let i = 0; i < literalLength; i++) out[op++] = literals[lp++] as number;
      if (offset <= 0 || offset > op - state.start) throw corrupt('match offset before the frame');
      let from = op - offset;
      if (matchLength <= 16) for (let i = 0; i < matchLength; i++) out[op++] = out[from++] as number;
      else if (offset >= matchLength) {
        out.copyWithin(op, from, from + matchLength);
        op += matchLength;
      } else if (offset === 1) {
        // A run of one byte (zeroed capacity, padding): the commonest long overlapping match.
        out.fill(out[from] as number, op, op + matchLength);
        op += matchLength;
      } else {
        // An overlapping match repeats the last `offset` bytes: copy them in ever longer pieces.
        const end = op + matchLength;
        let piece = offset;
        while (op < end) {
          const length = Math.min(piece, end - op);
          out.copyWithin(op, from, from + length);
          op += length;
          piece += length;
        }
      }
    }
    if (stream.pos !== 0) throw corrupt('sequence stream not consumed');
  } else if (p !== end) throw corrupt('bytes after the literals');
  const rest = literalsEnd - lp;
  if (op + rest > out.length) {
    if (op + rest > blockEnd) throw tooLong(output, op + rest);
    out = grow(output, op, op + rest);
  }
  if (rest > 64) out.set(literals.subarray(lp, literalsEnd), op);
  else for (let i = 0; i < rest; i++) out[op + i] = literals[lp + i] as number;
  output.length = op + rest;
}

/** Grows the output so that bytes up to `end` fit, `op` of them written; returns the new buffer. */
function grow(output: Output, op: number, end: number): Uint8Array {
  output.length = op;
  output.reserve(end - op);
  return output.buffer;
}

function tooLong(output: Output, end: number): ZstdFormatError {
  return end > output.limit
    ? new ZstdFormatError(true, `decompressed data exceeds ${output.limit} bytes`)
    : corrupt('block longer than 128 KiB');
}

/** The sequence table of `mode` at `at`; where its description ends is left in `tableEnd` (no pair per table). */
function sequenceTable(
  data: Uint8Array,
  at: number,
  end: number,
  mode: number,
  predefined: FseTable,
  previous: FseTable | undefined,
  maxLog: number,
  maxSymbol: number,
): FseTable {
  tableEnd = at;
  if (mode === 0) return predefined;
  if (mode === 1) {
    if (at >= end) throw corrupt('truncated sequences');
    tableEnd = at + 1;
    return rleTable(data[at] as number);
  }
  if (mode === 2) {
    const [table, after] = readFseTable(data, at, end, maxLog, maxSymbol);
    tableEnd = after;
    return table;
  }
  if (!previous) throw corrupt('repeated table without a previous one');
  return previous;
}
