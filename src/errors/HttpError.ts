import { redacter } from './redact.js';
import { SolRpcError } from './SolRpcError.js';
import { sanitizeText } from './sanitize.js';

/** Statuses where the same request may succeed later: timeouts, rate limits, and gateway failures. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/**
 * The server answered with a non-2xx HTTP status. Carries the `status`, the endpoint's origin (never its
 * path or query) and a short excerpt of a text body; an HTML page is never copied in. The client adds
 * the `hint` for known statuses before it throws one (errors/withHint.ts).
 */
export class HttpError extends SolRpcError {
  override name = 'HttpError' as const;
  /** The HTTP status code. */
  readonly status: number;
  /** The endpoint's origin, e.g. `https://rpc.example.com`. */
  readonly origin: string;
  /** At most 200 characters of a plain-text body, sanitised; `undefined` for HTML or empty bodies. */
  readonly bodyExcerpt: string | undefined;
  /** The delay a `Retry-After` header asked for, in milliseconds, when the answer had a valid one. */
  readonly retryAfterMs: number | undefined;

  constructor(fields: {
    method?: string;
    status: number;
    statusText?: string;
    origin: string;
    body?: string;
    retryAfterMs?: number;
    /** Values to blank out of the body and reason phrase: the request's header values and credentials. */
    secrets?: readonly string[];
  }) {
    const clean = redacter(fields.secrets);
    const { body } = fields;
    // An HTML page from a proxy says nothing useful in one line.
    const excerpt = (body && !/^\s*</.test(body) && sanitizeText(clean(body), 200, true)) || undefined;
    // URLs and secrets go before truncation: a cut URL no longer looks like one, and its key would stay.
    const reason = fields.statusText ? sanitizeText(clean(fields.statusText), 60, true) : '';
    super(
      `HTTP ${fields.status}${reason ? ` ${reason}` : ''} from ${fields.origin}`,
      { method: fields.method, retryable: RETRYABLE_STATUSES.has(fields.status) },
      excerpt ? [`Body: ${excerpt}`] : [],
    );
    this.status = fields.status;
    this.origin = fields.origin;
    this.bodyExcerpt = excerpt;
    this.retryAfterMs = fields.retryAfterMs;
  }
}
