/** What the transports share: the default time one attempt may take. */

/** The default of `timeoutMs`: how long one attempt may take, 30 s. */
export const DEFAULT_TIMEOUT_MS = 30_000;
