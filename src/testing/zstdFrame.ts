/**
 * A zstd frame for the simulated cluster's `base64+zstd` answers. Node 20 has no zstd encoder, and the
 * simulation needs no real compression: a frame of raw blocks, with runs of one byte as RLE blocks,
 * is a valid frame any decoder reads (RFC 8878 §3.1), and account data (mostly zeros) still shrinks.
 */
const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
/** The largest block the format allows (128 KiB), and the window that holds it. */
const MAX_BLOCK = 128 * 1024;
/** Runs shorter than this stay in raw blocks: an RLE block costs a 3-byte header and the byte. */
const MIN_RUN = 16;

export function zstdFrame(data: Uint8Array): Uint8Array {
  const out: number[] = [...MAGIC];
  // Frame header: no content size, not single-segment, no checksum, no dictionary; a 128 KiB window.
  out.push(0x00, (17 - 10) << 3);
  const blocks: { type: 0 | 1; start: number; size: number }[] = [];
  let rawStart = 0;
  const flushRaw = (end: number) => {
    for (let at = rawStart; at < end; at += MAX_BLOCK)
      blocks.push({ type: 0, start: at, size: Math.min(MAX_BLOCK, end - at) });
  };
  let i = 0;
  while (i < data.length) {
    let run = 1;
    while (i + run < data.length && data[i + run] === data[i] && run < MAX_BLOCK) run++;
    if (run >= MIN_RUN) {
      flushRaw(i);
      blocks.push({ type: 1, start: i, size: run });
      rawStart = i + run;
    }
    i += run;
  }
  flushRaw(data.length);
  // An empty frame still needs one (empty, last) block.
  if (blocks.length === 0) blocks.push({ type: 0, start: 0, size: 0 });
  blocks.forEach((block, index) => {
    const header = (index === blocks.length - 1 ? 1 : 0) | (block.type << 1) | (block.size << 3);
    out.push(header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff);
    if (block.type === 1) out.push(data[block.start] as number);
    else for (let k = 0; k < block.size; k++) out.push(data[block.start + k] as number);
  });
  return Uint8Array.from(out);
}
