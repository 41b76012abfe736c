/**
 * The default bounds on what a server may send, shared by the HTTP client and the WebSocket client so
 * that both refuse the same sizes.
 */

/** The default of `maxResponseBytes`: 64 MiB, the largest response body accepted. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The default of `maxDecompressedBytes`: 10 MiB, the largest account data the runtime allows. */
export const DEFAULT_MAX_DECOMPRESSED_BYTES = 10 * 1024 * 1024;
