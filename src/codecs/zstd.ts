import type { decompressFrame } from './zstdDecompress.js';

// The decompressor (codecs/zstdDecompress.ts and its decoder, codecs/zstdFrames.ts) is loaded on first use:
// an app that never meets a zstd payload never downloads it.
let decompress: typeof decompressFrame | undefined;
let loading: Promise<void> | undefined;

/** Loads the zstd decoder once; later calls return the same promise. */
export function loadZstd(): Promise<void> {
  loading ??= import('./zstdDecompress.js').then(
    (module) => {
      decompress = module.decompressFrame;
    },
    (error: unknown) => {
      loading = undefined; // a failed load (an offline chunk, say) is tried again next time
      throw error;
    },
  );
  return loading;
}

/** True once `loadZstd()` has finished. */
export function isZstdLoaded(): boolean {
  return decompress !== undefined;
}

/** Why a zstd frame could not be decompressed. */
export class ZstdError extends Error {
  override name = 'ZstdError';
  constructor(
    readonly limitExceeded: boolean,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Decompresses zstd data, including agave's streaming frames that carry no content size and no checksum.
 * Output stops at `limit` bytes: a frame that declares more, or produces more, throws `ZstdError` with
 * `limitExceeded` set, before the memory is spent. A small output is copied into `take(length)` when
 * given (a list's byte arena), into an array of its own otherwise. Call `loadZstd()` first.
 */
export function decompressZstd(frame: Uint8Array, limit: number, take?: (length: number) => Uint8Array): Uint8Array {
  if (!decompress) throw new Error('zstd decoder not loaded');
  try {
    return decompress(frame, limit, take);
  } catch (error) {
    // The decompressor's refusals (its FrameError, not imported here) carry `limitExceeded`.
    const { limitExceeded, message } = error as { limitExceeded?: unknown; message: string };
    if (typeof limitExceeded !== 'boolean') throw error;
    throw new ZstdError(limitExceeded, message);
  }
}
