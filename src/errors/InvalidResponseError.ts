import { SolRpcError } from './SolRpcError.js';

/** Why a response could not be read as a JSON-RPC 2.0 answer to our request. */
export type InvalidResponseReason =
  | 'json' // the body is not valid JSON
  | 'content-type' // a 2xx answer that is not JSON (an HTML portal page, say)
  | 'not-jsonrpc' // JSON, but not a JSON-RPC 2.0 response object
  | 'id-mismatch' // a JSON-RPC response to some other request
  | 'missing-response'; // a batch answer without this call's response

/**
 * The response is not a JSON-RPC answer to the request sent. Never retried: the server or a proxy in
 * front of it is broken, and asking again would attribute someone else's answer to this call.
 */
export class InvalidResponseError extends SolRpcError {
  override name = 'InvalidResponseError' as const;
  /** What was wrong with the response: see `InvalidResponseReason`. */
  readonly reason: InvalidResponseReason;
  /** The endpoint's origin. */
  readonly origin: string;

  constructor(fields: { method?: string; reason: InvalidResponseReason; origin: string; detail: string }) {
    super(`invalid response from ${fields.origin} (${fields.reason})`, { method: fields.method }, [fields.detail]);
    this.reason = fields.reason;
    this.origin = fields.origin;
  }
}
