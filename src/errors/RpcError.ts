import { redactDeep, redacter } from './redact.js';
import { SolRpcError } from './SolRpcError.js';
import { sanitizeText } from './sanitize.js';

/**
 * Codes where asking again later can succeed: the node is behind, has not reached the slot yet, has
 * not got the block yet, or could not reach its long-term storage this time. (The HTTP transport retries
 * -32005 and -32016 by itself; see transport/retry.ts.)
 */
const RETRYABLE_CODES: ReadonlySet<number> = new Set([-32004, -32005, -32014, -32016, -32019]);

/**
 * The server answered with a JSON-RPC error object. `code` is kept as sent, and `data` too except that
 * URLs in its strings are cut to their origin and the client's secrets blanked out; `serverMessage` is
 * the server's text with control characters stripped, URLs cut to their origin, secrets blanked out, at
 * most 1 KiB. The transport adds `codeName` and `hint` before it throws one (errors/withHint.ts); an
 * `RpcError` you construct yourself has neither.
 */
export class RpcError extends SolRpcError {
  /** Always `'RpcError'`: what `isSolRpcError(error, 'RpcError')` checks, across duplicate installs. */
  override name = 'RpcError' as const;
  /** The JSON-RPC error code, e.g. `-32602` or agave's `-32005`. */
  readonly code: number;
  /**
   * The known name of `code` (`'NODE_UNHEALTHY'`), or `undefined` for codes this version does not know.
   * Set by the client on the errors it throws.
   */
  readonly codeName: string | undefined;
  /** The server's message, sanitised. */
  readonly serverMessage: string;
  /** The error's `data` member, URLs in its strings cut to their origin (e.g. `{ numSlotsBehind: 42 }` for -32005, `{ contextSlot }` for -32016). */
  readonly data: unknown;

  constructor(fields: {
    method?: string;
    code: number;
    message: string;
    data?: unknown;
    /** Strings to blank out of the message and data: the client's keys (see transport/endpoint.ts). */
    secrets?: readonly string[];
  }) {
    // A proxy may echo the request URL, key and all, into its message; a server may quote a bare key.
    const clean = redacter(fields.secrets);
    const serverMessage = sanitizeText(clean(fields.message));
    super(`RPC error ${fields.code}: ${sanitizeText(serverMessage, 300, true)}`, {
      method: fields.method,
      retryable: RETRYABLE_CODES.has(fields.code),
    });
    this.code = fields.code;
    this.codeName = undefined;
    this.serverMessage = serverMessage;
    this.data = redactDeep(fields.data, clean);
  }
}
