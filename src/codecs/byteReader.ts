import { DecodeError } from '../errors/DecodeError.js';
import { encodeBase58 } from './base58.js';

/**
 * Reads little-endian values forward through bytes for a decoder. Every read checks what remains
 * first, so nothing reads past `end`, and every failure is a `DecodeError` naming the field and offset.
 * Decoders extend it with their format's own values (COption tags, bincode lengths, …).
 */
export class ByteReader {
  offset: number;
  private readonly view: DataView;

  constructor(
    readonly bytes: Uint8Array,
    readonly decoder: string,
    start = 0,
    private readonly end = bytes.length,
  ) {
    this.offset = start;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  error(field: string, offset: number, problem: string): DecodeError {
    return new DecodeError({ decoder: this.decoder, field, offset, problem });
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  /** Claims `count` bytes for `field` and returns where they start. */
  protected take(field: string, count: number): number {
    if (this.remaining < count) {
      const problem = this.remaining === 0 ? 'the bytes end here' : `needs ${count} bytes, ${this.remaining} remain`;
      throw this.error(field, this.offset, problem);
    }
    const at = this.offset;
    this.offset += count;
    return at;
  }

  u8(field: string): number {
    return this.bytes[this.take(field, 1)] as number;
  }

  u16(field: string): number {
    return this.view.getUint16(this.take(field, 2), true);
  }

  i16(field: string): number {
    return this.view.getInt16(this.take(field, 2), true);
  }

  u32(field: string): number {
    return this.view.getUint32(this.take(field, 4), true);
  }

  u64(field: string): bigint {
    return this.view.getBigUint64(this.take(field, 8), true);
  }

  i64(field: string): bigint {
    return this.view.getBigInt64(this.take(field, 8), true);
  }

  f64(field: string): number {
    return this.view.getFloat64(this.take(field, 8), true);
  }

  /** `count` bytes, as a view (not a copy). */
  bytesOf(field: string, count: number): Uint8Array {
    const at = this.take(field, count);
    return this.bytes.subarray(at, at + count);
  }

  /** A 32-byte key, in base58. */
  address(field: string): string {
    return encodeBase58(this.bytesOf(field, 32));
  }
}
