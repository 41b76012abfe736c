import { redacter } from './redact.js';
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

  constructor(fields: {
    method?: string;
    origin: string;
    cause: unknown;
    /** Strings to blank out of the cause chain: the client's keys (see transport/endpoint.ts). */
    secrets?: readonly string[];
  }) {
    const code = systemCode(fields.cause);
    const clean = redacter(fields.secrets);
    // Without a system code, the innermost cause says why (fetch's "bad port", a TLS complaint…).
    const why = code ?? innermostMessage(fields.cause, clean);
    super(`cannot reach ${fields.origin}${why ? ` (${why})` : ''}`, {
      method: fields.method,
      retryable: !isTlsCode(code),
      cause: scrubbed(fields.cause, clean),
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

function innermostMessage(error: unknown, clean: (text: string) => string): string | undefined {
  let message: string | undefined;
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (e.message && e.message !== 'fetch failed') message = e.message;
    e = e.cause;
  }
  return message === undefined ? undefined : sanitizeText(clean(message), 80, true);
}

function isTlsCode(code: string | undefined): boolean {
  return code !== undefined && /CERT|TLS|SSL|SELF_SIGNED/.test(code);
}

/**
 * A copy of the cause chain with every URL cut to its origin and every secret blanked out: fetch
 * implementations put the full URL, key and all, into their messages.
 */
function scrubbed(error: unknown, clean: (text: string) => string, depth = 0): unknown {
  if (typeof error === 'string') return clean(error);
  if (!(error instanceof Error)) return typeof error === 'object' && error !== null ? undefined : error;
  if (depth > 4) return undefined;
  const copy = new Error(
    clean(error.message),
    error.cause === undefined ? undefined : { cause: scrubbed(error.cause, clean, depth + 1) },
  );
  copy.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(copy, { code });
  if (copy.stack) copy.stack = clean(copy.stack);
  return copy;
}
