/**
 * Hand-built zstd frames for tests (Node 20 has no zstd encoder). Raw blocks carry bytes as they are;
 * RLE blocks repeat one byte, which makes decompression bombs a few bytes long.
 */
export type Block = { raw: Uint8Array } | { rle: number; size: number };

export interface FrameOptions {
  /** log2 of the declared window; 17 = 128 KiB, the largest block size. */
  windowLog?: number;
  /** Declare this content size in the header (8-byte field); omitted, as agave's streaming encoder does. */
  contentSize?: number;
}

export function zstdFrame(blocks: Block[], options: FrameOptions = {}): Uint8Array {
  const windowLog = options.windowLog ?? 17;
  const bytes: number[] = [0x28, 0xb5, 0x2f, 0xfd];
  const hasSize = options.contentSize !== undefined;
  bytes.push(hasSize ? 0b1100_0000 : 0); // FHD: 8-byte content size or none; not single-segment; no checksum
  bytes.push((windowLog - 10) << 3); // window descriptor, mantissa 0
  if (hasSize) {
    let size = BigInt(options.contentSize as number);
    for (let i = 0; i < 8; i++) {
      bytes.push(Number(size & 0xffn));
      size >>= 8n;
    }
  }
  blocks.forEach((block, index) => {
    const last = index === blocks.length - 1 ? 1 : 0;
    const [type, size] = 'raw' in block ? [0, block.raw.length] : [1, block.size];
    const header = last | (type << 1) | (size << 3);
    bytes.push(header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff);
    if ('raw' in block) bytes.push(...block.raw);
    else bytes.push(block.rle);
  });
  return Uint8Array.from(bytes);
}

/** A frame of `total` bytes of `byte`, in RLE blocks of at most 128 KiB. */
export function rleBomb(total: number, byte = 0): Uint8Array {
  const blocks: Block[] = [];
  for (let left = total; left > 0; left -= 128 * 1024) blocks.push({ rle: byte, size: Math.min(left, 128 * 1024) });
  return zstdFrame(blocks);
}
