import { redactUrls } from './redact.js';
import { SolRpcError } from './SolRpcError.js';
import { sanitizeText } from './sanitize.js';

/**
 * The request did not get an HTTP answer: connection refused or reset, DNS failure, TLS failure.
 * `code` is the system error code when one is known (`ECONNREFUSED`).
 */
export class NetworkError extends SolRpcError {
  /** Always `'NetworkError'`: what `isSolRpcError(error, 'NetworkError')` checks, across duplicate installs. */
  override name = 'NetworkError' as const;
  /** The endpoint's origin (`https://rpc.example.com`): never its path, query or credentials. */
  readonly origin: string;
  /** The system error code, e.g. `ECONNREFUSED`, `ENOTFOUND`, `ECONNRESET`. */
  readonly code: string | undefined;

  constructor(fields: { method?: string; origin: string; cause: unknown }) {
    const code = systemCode(fields.cause);
    // Without a system code, the innermost cause says why (fetch's "bad port", a TLS complaint…).
    const why = code ?? innermostMessage(fields.cause);
    super(`cannot reach ${fields.origin}${why ? ` (${why})` : ''}`, {
      method: fields.method,
      retryable: !isTlsCode(code),
      cause: scrubbed(fields.cause),
    });
    this.origin = fields.origin;
    this.code = code;
  }
}

function systemCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function innermostMessage(error: unknown): string | undefined {
  let message: string | undefined;
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (e.message && e.message !== 'fetch failed') message = e.message;
    e = e.cause;
  }
  return message === undefined ? undefined : sanitizeText(redactUrls(message), 80, true);
}

function isTlsCode(code: string | undefined): boolean {
  return code !== undefined && /CERT|TLS|SSL|SELF_SIGNED/.test(code);
}

/**
 * A copy of the cause chain with every URL cut to its origin: fetch implementations put the full URL,
 * key and all, into their messages.
 */
function scrubbed(error: unknown, depth = 0): unknown {
  if (typeof error === 'string') return redactUrls(error);
  if (!(error instanceof Error)) return typeof error === 'object' && error !== null ? undefined : error;
  if (depth > 4) return undefined;
  const copy = new Error(
    redactUrls(error.message),
    error.cause === undefined ? undefined : { cause: scrubbed(error.cause, depth + 1) },
  );
  copy.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(copy, { code });
  if (copy.stack) copy.stack = redactUrls(copy.stack);
  return copy;
}
