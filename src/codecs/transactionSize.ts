/**
 * The largest transaction `decodeTransaction` (and the decoding of a transaction in a `getTransaction` or
 * `getBlock` result) accepts by default. The network carries at most 1,232 bytes today; this leaves room
 * for larger transaction formats while bounding the base58 work. In a module of its own so that what
 * reads it does not reach the transaction reader, which the check before a send loads lazily.
 */
export const DEFAULT_MAX_TRANSACTION_BYTES = 4096;
