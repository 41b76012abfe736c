import { stringifyJson } from '../codecs/json.js';
import { InvalidResponseError } from '../errors/InvalidResponseError.js';
import { RpcError } from '../errors/RpcError.js';

/** Builds the JSON-RPC 2.0 request body for one call. */
export function encodeRequest(id: number, method: string, params: readonly unknown[]): string {
  return `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${stringifyJson(params)}}`;
}

/**
 * Reads a parsed JSON-RPC 2.0 response to request `id`: returns `result`, or throws the server's
 * `RpcError` (with `secrets` blanked out of its text), or `InvalidResponseError` when the body is not a
 * response to this request.
 *
 * - An error object is the server's error even with `"id": null` (the spec's answer to a request it
 *   could not read) or with no id at all, as some proxies send it.
 * - `"error": null` next to a `result` is a success: some servers send both keys.
 * - An id of `"7"` for request `7` is accepted: some proxies turn numeric ids into strings.
 */
export function decodeResponse(
  body: unknown,
  id: number,
  method: string,
  origin: string,
  secrets?: readonly string[],
): unknown {
  const invalid = (reason: 'not-jsonrpc' | 'id-mismatch', detail: string) =>
    new InvalidResponseError({ method, reason, origin, detail });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid(
      'not-jsonrpc',
      `expected a JSON-RPC response object, got ${Array.isArray(body) ? 'an array' : body === null ? 'null' : typeof body}`,
    );
  }
  const response = body as Record<string, unknown>;
  if (response.jsonrpc !== '2.0') throw invalid('not-jsonrpc', 'the "jsonrpc" member is not "2.0"');
  const error = response.error as { code?: unknown; message?: unknown; data?: unknown } | null | undefined;
  if (error !== undefined && error !== null) {
    const { code, message } = error;
    if (typeof code !== 'number' || !Number.isInteger(code) || typeof message !== 'string')
      throw invalid('not-jsonrpc', 'the "error" member is not a JSON-RPC error object');
    if (response.id !== null && !sameId(response.id, id))
      throw invalid('id-mismatch', `sent id ${id}, the error answers another id`);
    if ('result' in response && response.result !== undefined) {
      throw invalid('not-jsonrpc', 'the response has both "result" and "error"');
    }
    throw new RpcError({ method, code, message, data: error.data, secrets });
  }
  if (!sameId(response.id, id)) throw invalid('id-mismatch', `sent id ${id}, the response answers another id`);
  if (!('result' in response)) throw invalid('not-jsonrpc', 'the response has neither "result" nor "error"');
  return response.result;
}

function sameId(received: unknown, sent: number): boolean {
  return received === sent || (typeof received === 'string' && received === String(sent));
}
