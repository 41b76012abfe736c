import { redactSecrets, redactUrls } from './redact.js';
import { SolRpcError } from './SolRpcError.js';
import { sanitizeText } from './sanitize.js';

/** Statuses where the same request may succeed later: timeouts, rate limits, and gateway failures. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

const HINTS: Readonly<Record<number, string>> = {
  301: 'the endpoint redirects, and solrpc does not follow redirects (they would carry API-key headers elsewhere): use the final URL.',
  302: 'the endpoint redirects, and solrpc does not follow redirects (they would carry API-key headers elsewhere): use the final URL.',
  307: 'the endpoint redirects, and solrpc does not follow redirects (they would carry API-key headers elsewhere): use the final URL.',
  308: 'the endpoint redirects, and solrpc does not follow redirects (they would carry API-key headers elsewhere): use the final URL.',
  401: 'the endpoint wants credentials: check the API key in the URL or the headers option.',
  403: 'the endpoint refused the request: check the API key and whether your plan allows this method.',
  413: 'the request was too large for the endpoint.',
  429: 'the endpoint is rate-limiting this client: slow down, or use a provider with a higher limit.',
  502: 'a proxy in front of the node could not reach it.',
  503: 'the endpoint (or the proxy in front of it) has no healthy node right now.',
  504: 'a proxy in front of the node timed out waiting for it.',
};

/**
 * The server answered with a non-2xx HTTP status. Carries the `status`, the endpoint's origin (never its
 * path or query) and a short excerpt of a text body; an HTML page is never copied in.
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
    const excerpt = excerptOf(fields.body, fields.secrets);
    // URLs and secrets go before truncation: a cut URL no longer looks like one, and its key would stay.
    const reason = fields.statusText
      ? sanitizeText(redactSecrets(redactUrls(fields.statusText), fields.secrets), 60, true)
      : '';
    super(
      `HTTP ${fields.status}${reason ? ` ${reason}` : ''} from ${fields.origin}`,
      { method: fields.method, hint: HINTS[fields.status], retryable: RETRYABLE_STATUSES.has(fields.status) },
      excerpt ? [`Body: ${excerpt}`] : [],
    );
    this.status = fields.status;
    this.origin = fields.origin;
    this.bodyExcerpt = excerpt;
    this.retryAfterMs = fields.retryAfterMs;
  }
}

function excerptOf(body: string | undefined, secrets: readonly string[] | undefined): string | undefined {
  if (!body) return undefined;
  if (/^\s*</.test(body)) return undefined; // an HTML page from a proxy says nothing useful in one line
  const excerpt = sanitizeText(redactSecrets(redactUrls(body), secrets), 200, true);
  return excerpt || undefined;
}
