/**
 * A little-endian byte writer for building account bytes in tests, field by field, the way bincode, borsh
 * and the token programs lay them out: each call appends. Written for the tests alone, so that cases built
 * with it do not share code with the decoders they check.
 */
export class ByteWriter {
  private readonly out: number[] = [];
  u8(v: number): this {
    this.out.push(v & 0xff);
    return this;
  }
  u16(v: number): this {
    return this.u8(v).u8(v >> 8);
  }
  i16(v: number): this {
    return this.u16(v & 0xffff);
  }
  u32(v: number): this {
    return this.u16(v & 0xffff).u16(v >>> 16);
  }
  u64(v: bigint | number): this {
    let x = BigInt.asUintN(64, BigInt(v));
    for (let i = 0; i < 8; i++, x >>= 8n) this.u8(Number(x & 0xffn));
    return this;
  }
  i64(v: bigint | number): this {
    return this.u64(BigInt.asUintN(64, BigInt(v)));
  }
  f64(v: number): this {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, v, true);
    for (let i = 0; i < 8; i++) this.u8(view.getUint8(i));
    return this;
  }
  /** A 32-byte key of one repeated byte. */
  key(fill: number): this {
    return this.raw(new Array(32).fill(fill));
  }
  raw(bytes: ArrayLike<number>): this {
    for (let i = 0; i < bytes.length; i++) this.u8(bytes[i] as number);
    return this;
  }
  zeros(n: number): this {
    for (let i = 0; i < n; i++) this.u8(0);
    return this;
  }
  /** Zero bytes up to `size`, as an account allocated at its largest size holds them. */
  padTo(size: number): this {
    return this.zeros(Math.max(0, size - this.out.length));
  }
  /** A borsh string: u32 length and the bytes. */
  str(bytes: ArrayLike<number>): this {
    return this.u32(bytes.length).raw(bytes);
  }
  get length(): number {
    return this.out.length;
  }
  done(): Uint8Array {
    return Uint8Array.from(this.out);
  }
}
