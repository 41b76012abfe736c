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
    const clean = redacter(fields.secrets);
    const [code, message] = readCauses(fields.cause);
    // Without a system code, the innermost cause says why (fetch's "bad port", a TLS complaint…).
    const why = code ?? (message && sanitizeText(clean(message), 80, true));
    super(`cannot reach ${fields.origin}${why ? ` (${why})` : ''}`, {
      method: fields.method,
      // A TLS failure (a bad certificate; EPROTO: https:// to a plain HTTP server) fails the same way next time.
      retryable: !/CERT|TLS|SSL|SELF_SIGNED|EPROTO/.test(code ?? ''),
      cause: scrubbed(fields.cause, clean),
    });
    this.origin = fields.origin;
    this.code = code;
  }
}

/**
 * The first system error code in the first five links of the cause chain (`ECONNREFUSED`), and the
 * innermost message of its leading run of `Error`s other than fetch's bare "fetch failed".
 */
function readCauses(error: unknown): [string | undefined, string | undefined] {
  let code: string | undefined;
  let message: string | undefined;
  let errors = true;
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const own = (e as { code?: unknown }).code;
    if (code === undefined && typeof own === 'string') code = own;
    errors &&= e instanceof Error;
    if (errors && (e as Error).message && (e as Error).message !== 'fetch failed') message = (e as Error).message;
    e = (e as { cause?: unknown }).cause;
  }
  return [code, message];
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
