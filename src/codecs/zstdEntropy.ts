/**
 * The entropy coding of zstd (RFC 8878, section 4): backward bit streams, FSE tables and Huffman tables,
 * read from their descriptions and decoded. The frames and blocks that use them: codecs/zstdFrames.ts.
 * @module
 */

/** Why data was refused; `limitExceeded` when decoding it would pass the output limit. */
export class ZstdFormatError extends Error {
  constructor(
    readonly limitExceeded: boolean,
    message: string,
  ) {
    super(message);
  }
}

export const corrupt = (what: string) => new ZstdFormatError(false, `not a valid zstd frame (${what})`);

/** An FSE decoding table: per state, its symbol, the bits to read and the baseline of the next state. */
export interface FseTable {
  log: number;
  symbol: Uint8Array;
  bits: Uint8Array;
  base: Int32Array;
}

/** A Huffman decoding table indexed by the next `maxBits` bits. */
export interface HuffmanTable {
  maxBits: number;
  symbol: Uint8Array;
  bits: Uint8Array;
}

export function highBit(value: number): number {
  return 31 - Math.clz32(value);
}

/** `n` (at most 25) bits of `data` from bit `at` on, least significant first. */
export function bitsAt(data: Uint8Array, at: number, n: number): number {
  const i = at >> 3;
  const word =
    (data[i] as number) |
    ((data[i + 1] as number) << 8) |
    ((data[i + 2] as number) << 16) |
    ((data[i + 3] as number) << 24);
  return (word >>> (at & 7)) & ((1 << n) - 1);
}

/**
 * A backward bit stream (RFC 8878, 4.1): read from its end towards its start. `pos` counts the bits
 * left; reading past the start is an error the caller checks (`pos < 0`), the bits beyond being zeros.
 */
export class BackwardBits {
  pos = 0;
  data!: Uint8Array;
  start = 0;
  constructor(data: Uint8Array, start: number, end: number) {
    this.reset(data, start, end);
  }
  /** The stream of `data` from `start` to `end`, in this object: a block's sequences reuse one. */
  reset(data: Uint8Array, start: number, end: number): this {
    if (end <= start) throw corrupt('empty bit stream');
    const last = data[end - 1] as number;
    if (last === 0) throw corrupt('bit stream without its end mark');
    this.data = data;
    this.start = start;
    this.pos = (end - 1 - start) * 8 + highBit(last);
    return this;
  }
  read(n: number): number {
    if (n === 0) return 0;
    this.pos -= n;
    const pos = this.pos;
    if (pos >= 0) return bitsAt(this.data, this.start * 8 + pos, n);
    // Past the start: the missing low bits are zeros.
    const have = n + pos;
    return have <= 0 ? 0 : bitsAt(this.data, this.start * 8, have) << -pos;
  }
}

/** Reads an FSE table description (RFC 8878, 4.1.1) at `at`; returns the table and where it ends. */
export function readFseTable(
  data: Uint8Array,
  at: number,
  end: number,
  maxLog: number,
  maxSymbol: number,
): [FseTable, number] {
  if (at >= end) throw corrupt('truncated FSE table');
  let bit = at * 8;
  const log = (bitsAt(data, bit, 4) as number) + 5;
  bit += 4;
  if (log > maxLog) throw corrupt('FSE accuracy too high');
  let remaining = (1 << log) + 1;
  let threshold = 1 << log;
  let nbBits = log + 1;
  const counts: number[] = [];
  let previousZero = false;
  while (remaining > 1 && counts.length <= maxSymbol) {
    if (previousZero) {
      let repeat: number;
      do {
        repeat = bitsAt(data, bit, 2);
        bit += 2;
        for (let i = 0; i < repeat; i++) counts.push(0);
      } while (repeat === 3);
      if (counts.length > maxSymbol) break;
    }
    const max = 2 * threshold - 1 - remaining;
    let count: number;
    const low = bitsAt(data, bit, nbBits - 1);
    if (low < max) {
      count = low;
      bit += nbBits - 1;
    } else {
      count = bitsAt(data, bit, nbBits);
      if (count >= threshold) count -= max;
      bit += nbBits;
    }
    count--;
    remaining -= count < 0 ? -count : count;
    counts.push(count);
    previousZero = count === 0;
    while (remaining < threshold) {
      nbBits--;
      threshold >>= 1;
    }
  }
  const next = (bit + 7) >> 3;
  if (remaining !== 1 || counts.length > maxSymbol + 1 || next > end) throw corrupt('bad FSE table');
  return [buildFseTable(counts, log), next];
}

/** Spreads normalized counts over the table (RFC 8878, 4.1.1). */
export function buildFseTable(counts: readonly number[], log: number): FseTable {
  const size = 1 << log;
  const symbol = new Uint8Array(size);
  const bits = new Uint8Array(size);
  const base = new Int32Array(size);
  const next = new Int32Array(counts.length);
  let high = size - 1;
  for (let s = 0; s < counts.length; s++) {
    if (counts[s] === -1) {
      symbol[high--] = s;
      next[s] = 1;
    } else next[s] = counts[s] as number;
  }
  const step = (size >> 1) + (size >> 3) + 3;
  const mask = size - 1;
  let pos = 0;
  for (let s = 0; s < counts.length; s++) {
    const count = counts[s] as number;
    for (let i = 0; i < count; i++) {
      symbol[pos] = s;
      do pos = (pos + step) & mask;
      while (pos > high);
    }
  }
  if (pos !== 0) throw corrupt('bad FSE table');
  for (let state = 0; state < size; state++) {
    const s = symbol[state] as number;
    const n = next[s] as number;
    next[s] = n + 1;
    const b = log - highBit(n);
    bits[state] = b;
    base[state] = (n << b) - size;
  }
  return { log, symbol, bits, base };
}

/** An RLE "table": one symbol, no bits. */
export function rleTable(s: number): FseTable {
  return { log: 0, symbol: Uint8Array.of(s), bits: Uint8Array.of(0), base: Int32Array.of(0) };
}

/** Reads a Huffman tree description (RFC 8878, 4.2.1) at `at`; returns the table and where it ends. */
export function readHuffmanTable(data: Uint8Array, at: number, end: number): [HuffmanTable, number] {
  if (at >= end) throw corrupt('truncated Huffman table');
  const header = data[at] as number;
  const weights: number[] = [];
  let next: number;
  if (header >= 128) {
    const count = header - 127;
    next = at + 1 + ((count + 1) >> 1);
    if (next > end) throw corrupt('truncated Huffman table');
    for (let i = 0; i < count; i++) {
      const byte = data[at + 1 + (i >> 1)] as number;
      weights.push(i & 1 ? byte & 15 : byte >> 4);
    }
  } else {
    next = at + 1 + header;
    if (next > end) throw corrupt('truncated Huffman table');
    const [table, streamStart] = readFseTable(data, at + 1, next, 6, 255);
    const stream = new BackwardBits(data, streamStart, next);
    let state1 = stream.read(table.log);
    let state2 = stream.read(table.log);
    for (;;) {
      if (weights.length > 255) throw corrupt('too many Huffman weights');
      weights.push(table.symbol[state1] as number);
      state1 = (table.base[state1] as number) + stream.read(table.bits[state1] as number);
      if (stream.pos < 0) {
        weights.push(table.symbol[state2] as number);
        break;
      }
      weights.push(table.symbol[state2] as number);
      state2 = (table.base[state2] as number) + stream.read(table.bits[state2] as number);
      if (stream.pos < 0) {
        weights.push(table.symbol[state1] as number);
        break;
      }
    }
  }
  return [buildHuffmanTable(weights), next];
}

function buildHuffmanTable(weights: number[]): HuffmanTable {
  let total = 0;
  for (const w of weights) {
    if (w > 11) throw corrupt('bad Huffman weight');
    if (w > 0) total += 1 << (w - 1);
  }
  if (total === 0) throw corrupt('bad Huffman weights');
  // The last weight is implied: it brings the total to the next power of two.
  const maxBits = highBit(total) + 1;
  const rest = (1 << maxBits) - total;
  if (rest & (rest - 1) || maxBits > 11) throw corrupt('bad Huffman weights');
  const all = [...weights, highBit(rest) + 1];
  if (all.length > 256) throw corrupt('too many Huffman weights');
  const size = 1 << maxBits;
  const symbol = new Uint8Array(size);
  const bits = new Uint8Array(size);
  // Codes go to weights in increasing order (longest codes first), symbols in order within a weight.
  const start = new Int32Array(maxBits + 2);
  for (const w of all) if (w > 0) start[w + 1] = (start[w + 1] as number) + (1 << (w - 1));
  for (let w = 1; w <= maxBits + 1; w++) start[w] = (start[w] as number) + (start[w - 1] as number);
  for (let s = 0; s < all.length; s++) {
    const w = all[s] as number;
    if (w === 0) continue;
    const length = 1 << (w - 1);
    const from = start[w] as number;
    symbol.fill(s, from, from + length);
    bits.fill(maxBits + 1 - w, from, from + length);
    start[w] = from + length;
  }
  return { maxBits, symbol, bits };
}

/** Decodes one Huffman stream from `data[start, end)` into `out[from, to)`. */
export function decodeHuffmanStream(
  data: Uint8Array,
  start: number,
  end: number,
  out: Uint8Array,
  from: number,
  to: number,
  table: HuffmanTable,
): void {
  const stream = new BackwardBits(data, start, end);
  const { maxBits, symbol, bits } = table;
  const base = start * 8;
  let pos = stream.pos;
  let o = from;
  // The fast loop: while a whole peek fits in the stream.
  for (; o < to && pos >= maxBits; o++) {
    const at = base + pos - maxBits;
    const i = at >> 3;
    const word =
      (data[i] as number) |
      ((data[i + 1] as number) << 8) |
      ((data[i + 2] as number) << 16) |
      ((data[i + 3] as number) << 24);
    const v = (word >>> (at & 7)) & ((1 << maxBits) - 1);
    out[o] = symbol[v] as number;
    pos -= bits[v] as number;
  }
  for (; o < to; o++) {
    const v = pos > 0 ? bitsAt(data, base, pos) << (maxBits - pos) : 0;
    out[o] = symbol[v] as number;
    pos -= bits[v] as number;
    if (pos < 0) throw corrupt('Huffman stream overread');
  }
  if (pos !== 0) throw corrupt('Huffman stream not consumed');
}
