/**
 * The one msw server of the per-method suites, and `mockRpc`, which answers JSON-RPC calls by method name
 * and records every call it receives, so each test asserts what was sent as well as what came back.
 *
 * msw intercepts `fetch` in this process: nothing leaves it, and `rpc.test` is never resolved.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  type InvalidInputError,
  type InvalidResponseError,
  isSolRpcError,
  type ResponseTooLargeError,
  type RpcError,
  type ValidationError,
} from '../../src/index.js';

/** The fake endpoint every test client talks to. */
export const RPC_URL = 'http://rpc.test:8899';

export const server = setupServer();

/** A JSON-RPC request as the client sent it. */
export interface RpcRequest {
  jsonrpc: unknown;
  id: unknown;
  method: string;
  params: unknown[];
}

/** A request `mockRpc` received. `params` went through `JSON.parse`; `body` is the exact text sent. */
export interface RecordedCall extends RpcRequest {
  body: string;
}

/** What a handler answers. */
export type RpcReply =
  /** A result, serialised with bigints as exact integers, in agave's envelope. */
  | { result: unknown }
  /** The raw JSON text of a result, put into the envelope verbatim (`18446744073709551615` unquoted). */
  | { resultText: string }
  /** A JSON-RPC error object. */
  | { error: { code: number; message: string; data?: unknown } }
  /** The whole HTTP body, verbatim, with a status (default 200) and content type (default JSON). */
  | { body: string; status?: number; contentType?: string };

export type RpcHandler = (request: RpcRequest) => RpcReply | Promise<RpcReply>;

export const reply = {
  result: (value: unknown): RpcReply => ({ result: value }),
  resultText: (text: string): RpcReply => ({ resultText: text }),
  error: (code: number, message: string, data?: unknown): RpcReply => ({
    error: data === undefined ? { code, message } : { code, message, data },
  }),
  body: (text: string, init: { status?: number; contentType?: string } = {}): RpcReply => ({ body: text, ...init }),
};

/** Every JSON-RPC call received in the current test, in order. */
export const calls: RecordedCall[] = [];

/** The calls received in the current test, as `{ method, params }`: compare with `toStrictEqual`. */
export function sent(): { method: string; params: unknown[] }[] {
  return calls.map(({ method, params }) => ({ method, params }));
}

const JSON_TYPE = 'application/json; charset=utf-8';
let handlers: Record<string, RpcHandler | RpcReply> = {};
let installed = false;
const unexpected: string[] = [];

/**
 * Declares how the endpoint answers each method in this test: a handler (given the parsed request) or a
 * fixed reply. Calling it again in the same test adds or replaces methods. A call of any other method is
 * answered with HTTP 500 and fails the test after it ends.
 */
export function mockRpc(methods: Record<string, RpcHandler | RpcReply>): void {
  handlers = { ...handlers, ...methods };
  if (installed) return;
  installed = true;
  server.use(
    http.post(RPC_URL, async ({ request }) => {
      const body = await request.text();
      const parsed = parseRequest(body);
      if (!parsed) {
        unexpected.push(`a body that is not a JSON-RPC request: ${body.slice(0, 200)}`);
        return new HttpResponse('mockRpc: not a JSON-RPC request', { status: 500 });
      }
      calls.push({ ...parsed, body });
      const handler = handlers[parsed.method];
      if (handler === undefined) {
        unexpected.push(`a call of ${parsed.method}, which this test did not mock`);
        return new HttpResponse(`mockRpc: no handler for ${parsed.method}`, { status: 500 });
      }
      const answer = typeof handler === 'function' ? await handler(parsed) : handler;
      return toResponse(answer, parsed.id);
    }),
  );
}

function parseRequest(body: string): RpcRequest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { jsonrpc, id, method, params } = value as Record<string, unknown>;
  if (typeof method !== 'string' || !Array.isArray(params)) return undefined;
  return { jsonrpc, id, method, params };
}

function toResponse(answer: RpcReply, id: unknown): Response {
  const envelope = (member: string) => `{"jsonrpc":"2.0",${member},"id":${JSON.stringify(id)}}\n`;
  let text: string;
  let status = 200;
  let contentType = JSON_TYPE;
  if ('body' in answer) {
    text = answer.body;
    status = answer.status ?? 200;
    contentType = answer.contentType ?? JSON_TYPE;
  } else if ('resultText' in answer) {
    text = envelope(`"result":${answer.resultText}`);
  } else if ('result' in answer) {
    text = envelope(`"result":${exactJson(answer.result)}`);
  } else {
    text = envelope(`"error":${exactJson(answer.error)}`);
  }
  return new HttpResponse(text, { status, headers: { 'content-type': contentType } });
}

/** `JSON.stringify` that writes bigints as plain integers, the way agave writes u64s. */
export function exactJson(value: unknown): string {
  const marked = JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? `\u0000big:${item}` : item));
  return marked.replace(/"\\u0000big:(-?\d+)"/g, '$1');
}

/**
 * Starts msw for the file and resets handlers and records after each test. A request no handler matches
 * errors (msw's `onUnhandledRequest: 'error'`, which the client sees as a NetworkError) and also fails the
 * test, as does a call of a method the test did not mock.
 */
export function useMswServer(): void {
  beforeAll(() =>
    server.listen({
      onUnhandledRequest(request, print) {
        unexpected.push(`a request to ${request.method} ${request.url}, which no handler matches`);
        print.error();
      },
    }),
  );
  afterEach(() => {
    server.resetHandlers();
    installed = false;
    handlers = {};
    calls.length = 0;
    const stray = unexpected.splice(0);
    if (stray.length > 0) throw new Error(`mockRpc received ${stray.join('; ')}`);
  });
  afterAll(() => server.close());
}

interface ErrorTypes {
  RpcError: RpcError;
  ValidationError: ValidationError;
  InvalidInputError: InvalidInputError;
  InvalidResponseError: InvalidResponseError;
  ResponseTooLargeError: ResponseTooLargeError;
}

/** Awaits a call that must reject with the solrpc error class `name`, and returns that error, typed. */
export async function rejectsWith<N extends keyof ErrorTypes>(
  promise: Promise<unknown>,
  name: N,
): Promise<ErrorTypes[N]> {
  await expect(promise).rejects.toSatisfy((error: unknown) => isSolRpcError(error, name), `rejects with ${name}`);
  return promise.then(
    () => {
      throw new Error('unreachable: the promise rejected above');
    },
    (error: unknown) => error as ErrorTypes[N],
  );
}

/** What a test expects of an RpcError. */
export interface ExpectedRpcError {
  code: number;
  codeName: string;
  message: string;
  data?: unknown;
  hint?: string;
  retryable: boolean;
}

/**
 * Checks an RpcError field by field, and its message: line 1 names the method, the code and the server's
 * message; line 2 is the hint when there is one.
 */
export function expectRpcError(error: RpcError, method: string, expected: ExpectedRpcError): void {
  const { code, codeName, message, data, hint, retryable } = expected;
  expect(error).toMatchObject({ method, code, codeName, serverMessage: message, retryable });
  expect(error.data).toStrictEqual(data);
  expect(error.hint).toBe(hint);
  const [first, second] = error.message.split('\n');
  expect(first).toBe(`${method}: RPC error ${code} (${codeName}): ${message}`);
  expect(second).toBe(hint === undefined ? undefined : `Hint: ${hint}`);
}

/** The first line of an error message: what failed, and in which method. */
export function firstLine(error: Error): string {
  return error.message.split('\n')[0] ?? '';
}
