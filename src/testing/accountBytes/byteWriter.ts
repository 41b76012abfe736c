/**
 * A little-endian writer for the account layouts the test cluster serves: bincode's integers, floats,
 * bools, Options and strings, and 32-byte keys. Writes grow the buffer, so a layout is written field by
 * field in its Rust order and padded to the account's size at the end.
 */
import { utf8Bytes } from '../bytes.js';
import { decodeAddress } from '../simulatedLedger.js';

export class ByteWriter {
  private bytes = new Uint8Array(64);
  private view = new DataView(this.bytes.buffer);
  private at = 0;

  /** Reserves `size` bytes and returns their offset; callers take it before touching the (maybe new) buffer. */
  private room(size: number): number {
    if (this.at + size > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + size));
      grown.set(this.bytes);
      this.bytes = grown;
      this.view = new DataView(grown.buffer);
    }
    const start = this.at;
    this.at += size;
    return start;
  }

  u8(value: number): this {
    const at = this.room(1);
    this.view.setUint8(at, value);
    return this;
  }

  bool(value: boolean): this {
    return this.u8(value ? 1 : 0);
  }

  u32(value: number): this {
    const at = this.room(4);
    this.view.setUint32(at, value, true);
    return this;
  }

  u64(value: bigint | number): this {
    const at = this.room(8);
    this.view.setBigUint64(at, BigInt(value), true);
    return this;
  }

  i64(value: bigint | number): this {
    const at = this.room(8);
    this.view.setBigInt64(at, BigInt(value), true);
    return this;
  }

  f64(value: number): this {
    const at = this.room(8);
    this.view.setFloat64(at, value, true);
    return this;
  }

  u128(value: bigint): this {
    this.u64(value & 0xffff_ffff_ffff_ffffn);
    return this.u64(value >> 64n);
  }

  raw(data: Uint8Array): this {
    // room() may replace the buffer: take the offset before reading this.bytes.
    const start = this.room(data.length);
    this.bytes.set(data, start);
    return this;
  }

  /** A 32-byte key (Pubkey or Hash) from its base58 text. */
  key(address: string): this {
    return this.raw(decodeAddress(address));
  }

  /** bincode's Option<Pubkey>: a 0 byte, or 1 then the key. */
  optionKey(address: string | undefined): this {
    return address === undefined ? this.u8(0) : this.u8(1).key(address);
  }

  /** bincode's String: a u64 byte length, then UTF-8. */
  string(text: string): this {
    const data = utf8Bytes(text);
    return this.u64(data.length).raw(data);
  }

  /** The bytes written, zero-padded to `size` when given (accounts are allocated at their full size). */
  finish(size?: number): Uint8Array {
    if (size !== undefined && size < this.at) throw new Error(`layout of ${this.at} bytes exceeds ${size}`);
    const out = new Uint8Array(size ?? this.at);
    out.set(this.bytes.subarray(0, this.at));
    return out;
  }
}
