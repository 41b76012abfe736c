/**
 * SHA-256 and SHA-512 (FIPS 180-4), synchronous: the cluster derives its addresses and its history's
 * signatures from labels while it is being made, and WebCrypto's digest is asynchronous. Written for
 * the short labels it hashes, not for speed; the same digests node:crypto gives (a test compares them).
 */
import { utf8Bytes } from './bytes.js';

const K256 = new Uint32Array(64);
const K512: bigint[] = [];
// The round constants: the first 32 (SHA-256) or 64 (SHA-512) bits of the fractional parts of the cube
// roots of the first 64 and 80 primes. Computed in exact integer arithmetic, not copied as a table.
{
  const primes: number[] = [];
  for (let n = 2; primes.length < 80; n++) if (primes.every((p) => n % p !== 0)) primes.push(n);
  for (const [i, p] of primes.entries()) {
    const fraction = fractionalRootBits(BigInt(p), 3n, 64n);
    K512.push(fraction);
    if (i < 64) K256[i] = Number(fraction >> 32n);
  }
}
const H256 = new Uint32Array(8);
const H512: bigint[] = [];
{
  const primes = [2, 3, 5, 7, 11, 13, 17, 19];
  for (const [i, p] of primes.entries()) {
    const fraction = fractionalRootBits(BigInt(p), 2n, 64n);
    H512.push(fraction);
    H256[i] = Number(fraction >> 32n);
  }
}

/** The first `bits` bits of the fractional part of p^(1/root): floor(p^(1/root) * 2^bits) mod 2^bits. */
function fractionalRootBits(p: bigint, root: bigint, bits: bigint): bigint {
  const target = p << (bits * root); // (x / 2^bits)^root = p  ⇔  x^root = p * 2^(bits*root)
  let low = 0n;
  let high = 1n << (bits + 8n);
  while (low < high) {
    const mid = (low + high + 1n) >> 1n;
    if (mid ** root <= target) low = mid;
    else high = mid - 1n;
  }
  return low & ((1n << bits) - 1n);
}

/** Pads a message as both functions do: 0x80, zeros, then the bit length big-endian in `lengthBytes`. */
function padded(message: Uint8Array, block: number, lengthBytes: number): Uint8Array {
  const total = Math.ceil((message.length + 1 + lengthBytes) / block) * block;
  const out = new Uint8Array(total);
  out.set(message);
  out[message.length] = 0x80;
  let bits = BigInt(message.length) * 8n;
  for (let i = total - 1; bits > 0n; i--, bits >>= 8n) out[i] = Number(bits & 0xffn);
  return out;
}

const input = (data: Uint8Array | string) => (typeof data === 'string' ? utf8Bytes(data) : data);

export function sha256(data: Uint8Array | string): Uint8Array {
  const bytes = padded(input(data), 64, 8);
  const h = Uint32Array.from(H256);
  const w = new Uint32Array(64);
  const view = new DataView(bytes.buffer);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let offset = 0; offset < bytes.length; offset += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(offset + 4 * t);
    for (let t = 16; t < 64; t++) {
      const a = w[t - 15] as number;
      const b = w[t - 2] as number;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[t] = (w[t - 16] as number) + s0 + (w[t - 7] as number) + s1;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as number[];
    for (let t = 0; t < 64; t++) {
      const t1 =
        ((hh as number) +
          (rotr(e as number, 6) ^ rotr(e as number, 11) ^ rotr(e as number, 25)) +
          (((e as number) & (f as number)) ^ (~(e as number) & (g as number))) +
          (K256[t] as number) +
          (w[t] as number)) >>>
        0;
      const t2 =
        ((rotr(a as number, 2) ^ rotr(a as number, 13) ^ rotr(a as number, 22)) +
          (((a as number) & (b as number)) ^ ((a as number) & (c as number)) ^ ((b as number) & (c as number)))) >>>
        0;
      hh = g;
      g = f;
      f = e;
      e = ((d as number) + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    [a, b, c, d, e, f, g, hh].forEach((value, i) => {
      h[i] = (h[i] as number) + (value as number);
    });
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (const [i, value] of h.entries()) outView.setUint32(4 * i, value);
  return out;
}

const MASK64 = (1n << 64n) - 1n;
const rotr64 = (x: bigint, n: bigint) => ((x >> n) | (x << (64n - n))) & MASK64;

export function sha512(data: Uint8Array | string): Uint8Array {
  const bytes = padded(input(data), 128, 16);
  const h = [...H512];
  const view = new DataView(bytes.buffer);
  const w: bigint[] = new Array(80);
  for (let offset = 0; offset < bytes.length; offset += 128) {
    for (let t = 0; t < 16; t++) w[t] = view.getBigUint64(offset + 8 * t);
    for (let t = 16; t < 80; t++) {
      const a = w[t - 15] as bigint;
      const b = w[t - 2] as bigint;
      const s0 = rotr64(a, 1n) ^ rotr64(a, 8n) ^ (a >> 7n);
      const s1 = rotr64(b, 19n) ^ rotr64(b, 61n) ^ (b >> 6n);
      w[t] = ((w[t - 16] as bigint) + s0 + (w[t - 7] as bigint) + s1) & MASK64;
    }
    let [a, b, c, d, e, f, g, hh] = h as [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint];
    for (let t = 0; t < 80; t++) {
      const t1 =
        (hh +
          (rotr64(e, 14n) ^ rotr64(e, 18n) ^ rotr64(e, 41n)) +
          ((e & f) ^ (~e & MASK64 & g)) +
          (K512[t] as bigint) +
          (w[t] as bigint)) &
        MASK64;
      const t2 = ((rotr64(a, 28n) ^ rotr64(a, 34n) ^ rotr64(a, 39n)) + ((a & b) ^ (a & c) ^ (b & c))) & MASK64;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) & MASK64;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) & MASK64;
    }
    [a, b, c, d, e, f, g, hh].forEach((value, i) => {
      h[i] = ((h[i] as bigint) + value) & MASK64;
    });
  }
  const out = new Uint8Array(64);
  const outView = new DataView(out.buffer);
  for (const [i, value] of h.entries()) outView.setBigUint64(8 * i, value);
  return out;
}
