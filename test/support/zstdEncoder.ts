/**
 * zstd's own encoder for tests (zstd-codec, a devDependency: the reference C library built to
 * WebAssembly), so the decoder is checked against frames it did not make itself. Levels above 9 need more
 * memory than its WebAssembly heap grants.
 */
import { createRequire } from 'node:module';

export interface ZstdEncoder {
  /** Frames that declare their content size. */
  Simple: new () => { compress(data: Uint8Array, level: number): Uint8Array };
  /** Frames without a content size, as agave's streaming encoder writes them. */
  Streaming: new () => { compress(data: Uint8Array, level: number): Uint8Array };
}

/** Loads the encoder (its WebAssembly is compiled once per test file). */
export function loadZstdEncoder(): Promise<ZstdEncoder> {
  const { ZstdCodec } = createRequire(import.meta.url)('zstd-codec') as {
    ZstdCodec: { run(ready: (codec: ZstdEncoder) => void): void };
  };
  return new Promise<ZstdEncoder>((resolve) => ZstdCodec.run(resolve));
}
