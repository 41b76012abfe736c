/**
 * A `fetch` for Node built on `node:http`/`node:https` with keep-alive sockets.
 *
 * Why: Node's global fetch (undici) is the largest cost of a small call. On this project's benchmark
 * (docs/performance.md), a bare `node:http` POST with a keep-alive agent costs 0.56x a bare fetch one at a
 * time and 0.28x with 32 in flight. It does only what solrpc's endpoint asks of a fetch: a POST with
 * headers and a string body, never following redirects, and a response with `status`, `headers.get`,
 * `text()` and a readable `body` for bodies of unknown length, decoded from gzip, deflate or br as
 * fetch decodes them.
 *
 * Node only: it is solrpc's default in Node (transport/defaultFetch.node.ts) and exported by the
 * `solrpc/node` entry; package.json's `imports` keep it out of browser bundles.
 */
// The modules' export objects, read at call time, not namespace bindings fixed at import: interceptors
// (msw, nock) replace `http.request` on those objects, and apps' tests must be able to use them.
import http from 'node:http';
import https from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { FetchLike } from '../types/index.js';

/** Options of `createNodeFetch`: the keep-alive pool's sizes, and whom to trust over https. */
export interface NodeFetchOptions {
  /**
   * The certificate authorities (PEM) that https endpoints' certificates must chain to, in place of
   * Node's bundled list: for a node behind a private CA or with a self-signed certificate. Never turn
   * verification off instead (`NODE_TLS_REJECT_UNAUTHORIZED=0` does, for every connection of the process).
   */
  ca?: string | Uint8Array | ReadonlyArray<string | Uint8Array>;
  /** Keep sockets open between calls (default `true`): the point of this transport. */
  keepAlive?: boolean;
  /** Most sockets open to one host at once (default 64); calls beyond wait for a free one. */
  maxSockets?: number;
  /** Idle sockets kept per host for reuse (default 16). */
  maxFreeSockets?: number;
}

/** What `createNodeFetch` returns: a `fetch` for `createRpc(url, { fetch })`, and the way to close its sockets. */
export interface NodeFetch extends FetchLike {
  /** Closes every socket of this fetch's pool; calls made afterwards open new ones. */
  destroy(): void;
}

/**
 * A `fetch` for `createRpc(url, { fetch })` in Node, built on `node:http` and `node:https` with
 * keep-alive. Each call to `createNodeFetch` has its own connection pool; `destroy()` closes it.
 *
 * @example
 * ```ts
 * import { createRpc } from 'solrpc';
 * import { createNodeFetch } from 'solrpc/node';
 *
 * const rpc = createRpc('http://127.0.0.1:8899', { fetch: createNodeFetch() });
 * ```
 */
export function createNodeFetch(options: NodeFetchOptions = {}): NodeFetch {
  const agentOptions = {
    keepAlive: options.keepAlive ?? true,
    maxSockets: positive(options.maxSockets, 64, 'maxSockets'),
    maxFreeSockets: positive(options.maxFreeSockets, 16, 'maxFreeSockets'),
    // Servers close idle keep-alive sockets; reuse the most recently used one first, which is the one
    // least likely to have been closed, and let sockets idle out on our side too.
    scheduling: 'lifo' as const,
    timeout: 60_000,
  };
  const httpAgent = new http.Agent(agentOptions);
  const httpsAgent = new https.Agent(
    options.ca === undefined ? agentOptions : { ...agentOptions, ca: checkCa(options.ca) },
  );

  // The sockets that have carried a call, to tell a resend-worthy failure (see staleSocketRace).
  const usedSockets = new WeakSet<object>();

  const nodeFetch = (input: string, init: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const url = new URL(input);
      const secure = url.protocol === 'https:';
      if (!secure && url.protocol !== 'http:') {
        reject(new TypeError(`unsupported scheme ${url.protocol.slice(0, 10)}`));
        return;
      }
      const signal = init.signal ?? undefined;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const body = typeof init.body === 'string' ? init.body : '';
      const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
      headers['content-length'] = String(Buffer.byteLength(body));
      // As fetch does: providers compress large answers, and the body is decoded below.
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'accept-encoding')) {
        headers['accept-encoding'] = 'gzip, deflate, br';
      }
      const signalDone = () => signal?.removeEventListener('abort', onAbort);
      let request: http.ClientRequest;
      const onAbort = () => request.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      // Each stale pooled socket can fail one send; a fresh socket ends the loop (see staleSocketRace).
      let resendsLeft = agentOptions.maxFreeSockets + 1;
      const send = () => {
        const attempt = (secure ? https : http).request(url, {
          method: init.method ?? 'POST',
          headers,
          agent: secure ? httpsAgent : httpAgent,
        });
        request = attempt;
        let answered = false;
        let reused = false;
        attempt.once('socket', (socket) => {
          // Not request.reusedSocket: Node leaves it false when a queued request is handed a kept socket.
          reused = usedSockets.has(socket);
          usedSockets.add(socket);
        });
        attempt.once('error', (error) => {
          if (!answered && !signal?.aborted && resendsLeft > 0 && reused && staleSocketRace(error)) {
            resendsLeft -= 1;
            send();
            return;
          }
          signalDone();
          reject(error);
        });
        attempt.once('response', (message) => {
          answered = true;
          // The signal keeps working while the body is read: destroying the request ends the message too.
          message.once('end', signalDone);
          message.once('close', signalDone);
          resolve(toResponse(message));
        });
        attempt.end(body);
      };
      send();
    });
  return Object.assign(nodeFetch, {
    destroy() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  });
}

/**
 * Whether a request sent on a socket that had served an earlier call failed because the server had
 * already closed that socket: the connection was reset or hung up before any byte of an answer. Servers close idle sockets when they choose (Node's default after 5 s, a
 * restarted node at once), and the close can cross our write; under load the client reads the close only
 * after reusing the socket. Browsers and Node's documentation resend in that case, and so does this fetch,
 * on another socket. Every JSON-RPC call may be sent again: reads are idempotent, a transaction is
 * deduplicated by its signature, and a resent airdrop on a test cluster costs nothing.
 */
function staleSocketRace(error: NodeJS.ErrnoException): boolean {
  return error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.code === 'ECONNABORTED';
}

/**
 * The body as sent, or decoded from its Content-Encoding as fetch decodes it. A body cut off mid-way
 * fails the decoder's stream (pipeline turns the message's premature close into an error).
 */
function decodedBody(message: http.IncomingMessage): Readable {
  const encoding = message.headers['content-encoding']?.trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return message;
  return pipeline(message, decoder, () => undefined);
}

/** The slice of `Response` solrpc's endpoint reads, over an `IncomingMessage`. */
function toResponse(message: http.IncomingMessage): Response {
  const status = message.statusCode ?? 0;
  const source = decodedBody(message);
  let consumed = false;
  const take = () => {
    if (consumed) throw new TypeError('body already read');
    consumed = true;
  };
  const text = (): Promise<string> =>
    new Promise((resolve, reject) => {
      take();
      // Decoding as the chunks arrive, rather than joining buffers first, is the cheapest way to a string.
      source.setEncoding('utf8');
      let result = '';
      source.on('data', (chunk: string) => {
        try {
          result += chunk;
        } catch (error) {
          // Longer than a string can hold: thrown here it would escape the stream's event, uncaught.
          message.destroy();
          source.destroy();
          reject(error);
        }
      });
      source.once('end', () => resolve(result));
      source.once('error', reject);
      message.once('aborted', () => reject(new Error('the response was cut off')));
      message.once('close', () => {
        if (!message.complete) reject(new Error('the response was cut off'));
      });
    });
  const body = {
    getReader() {
      take();
      const iterator = source[Symbol.asyncIterator]();
      return {
        async read(): Promise<{ done: boolean; value?: Uint8Array }> {
          const next = await iterator.next();
          return next.done ? { done: true } : { done: false, value: next.value as Uint8Array };
        },
        async cancel() {
          message.destroy();
          source.destroy();
        },
      };
    },
    async cancel() {
      message.destroy();
      source.destroy();
    },
  };
  const response = {
    ok: status >= 200 && status < 300,
    status,
    statusText: message.statusMessage ?? '',
    type: 'basic',
    headers: {
      get(name: string): string | null {
        const value = message.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
    },
    body,
    text,
  };
  return response as unknown as Response;
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new InvalidInputError({ param: `options.${name}`, problem: 'expected a positive integer' });
  }
  return value;
}

/** The `ca` option as node:tls takes it: PEM text or bytes, one or a list; anything else is refused. */
function checkCa(ca: unknown): Array<string | Buffer> {
  const list: unknown[] = Array.isArray(ca) ? ca : [ca];
  return list.map((entry, index) => {
    if (typeof entry === 'string') return entry;
    if (entry instanceof Uint8Array) return Buffer.from(entry.buffer, entry.byteOffset, entry.byteLength);
    throw new InvalidInputError({
      param: Array.isArray(ca) ? `options.ca.${index}` : 'options.ca',
      problem: 'expected PEM text (a string) or its bytes (a Uint8Array)',
    });
  });
}
