/**
 * A JSON-RPC request body read and answered as agave's HTTP server does: one call or a batch (an array of
 * calls, answered by an array in the same order), -32700 for text that is no JSON, -32600 for a call that
 * is not an object. Shared by the Node server and the msw handlers.
 */
import { RpcFailure } from './simulatedLedger.js';
import { wireJson } from './wireJson.js';

/** One call of a request body, or the failure that answers it without a method. */
interface Call {
  id: unknown;
  method?: string;
  params: unknown[];
  failure?: { code: number; message: string };
}

/** A request body, read: its calls, and whether they came as a batch. */
export interface ReadBody {
  calls: Call[];
  batch: boolean;
  /** The method names the body calls, for faults scoped by method. */
  methods: string[];
}

const PARSE_ERROR = { code: -32700, message: 'Parse error' };
const INVALID_REQUEST = { code: -32600, message: 'Invalid request' };

export function readBody(text: string): ReadBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { calls: [{ id: null, params: [], failure: PARSE_ERROR }], batch: false, methods: [] };
  }
  const batch = Array.isArray(parsed);
  const items = batch ? (parsed as unknown[]) : [parsed];
  if (batch && items.length === 0)
    return { calls: [{ id: null, params: [], failure: INVALID_REQUEST }], batch: false, methods: [] };
  const calls = items.map((item): Call => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      return { id: null, params: [], failure: INVALID_REQUEST };
    const call = item as { id?: unknown; method?: unknown; params?: unknown };
    if (typeof call.method !== 'string') return { id: call.id ?? null, params: [], failure: INVALID_REQUEST };
    return { id: call.id ?? null, method: call.method, params: Array.isArray(call.params) ? call.params : [] };
  });
  return { calls, batch, methods: calls.flatMap((call) => (call.method ? [call.method] : [])) };
}

/** The response body for a read request, each call answered by `respond` (or the RpcFailure it throws). */
export async function answerBody(
  body: ReadBody,
  respond: (method: string, params: unknown[]) => unknown,
): Promise<string> {
  const replies: string[] = [];
  for (const call of body.calls) {
    let reply: object;
    if (call.failure || call.method === undefined) reply = { error: call.failure ?? INVALID_REQUEST };
    else {
      try {
        reply = { result: await respond(call.method, call.params) };
      } catch (error) {
        // Anything else is the simulation's own bug: answered as agave answers a panic, not a hang, with
        // what went wrong in `data` so that a test shows it.
        reply = {
          error:
            error instanceof RpcFailure
              ? error.body
              : { code: -32603, message: 'Internal error', data: String((error as Error)?.message ?? error) },
        };
      }
    }
    replies.push(wireJson({ jsonrpc: '2.0', ...reply, id: call.id }));
  }
  return body.batch ? `[${replies.join(',')}]` : (replies[0] as string);
}

/** The body of a 429 answer, as providers send one: a JSON-RPC error with the request's id. */
export function rateLimitedBody(body: ReadBody): string {
  const replies = body.calls.map((call) =>
    wireJson({ jsonrpc: '2.0', error: { code: 429, message: 'Too many requests' }, id: call.id }),
  );
  return body.batch ? `[${replies.join(',')}]` : (replies[0] as string);
}
