/**
 * Rate limits as the transport sees them: a Pace per endpoint (see pacing/). The code lives in pacing/
 * because subscriptions clients take the same limits and may not import the transport.
 * @module
 */
export type { TurnCall } from '../pacing/bucket.js';
export { type Pace, paceFor } from '../pacing/pace.js';
export { checkRateLimit, createRateLimiter, type RateLimiter, type RateLimitOptions } from '../pacing/rateLimiter.js';
export { isRateLimiter } from '../pacing/shared.js';
