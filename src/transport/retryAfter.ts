/**
 * A `Retry-After` header in milliseconds from `now`: delta-seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2015 07:28:00 GMT`). Anything else (`soon`, `-1`, `1.5`) is `undefined`: the caller
 * then falls back to its own backoff.
 *
 * Any number of digits is a valid delay: `99999999999` is a pause of some 3,000 years, beyond any call's
 * budget, so the caller refuses it at once with `RateLimitedError` (transport/retry.ts) rather than take it
 * for garbage and retry. A delay past 2^53 ms is held at `Number.MAX_SAFE_INTEGER`, the largest exact
 * number, so it never becomes `Infinity` or loses its digits in a message.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, Number.MAX_SAFE_INTEGER);
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
