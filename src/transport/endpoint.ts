/**
 * One JSON-RPC endpoint over HTTP: a POST of a body, and its answer read as exact JSON, or a typed
 * error. This is the only place that calls `fetch`. Retries, failover, batching and coalescing are
 * built on top (see http.ts); everything reported shows the endpoint's origin only.
 */
// Resolved through package.json `imports`: Node gets a keep-alive node:http pool, browsers the global
// fetch alone, so no browser bundle carries node:http or cross-fetch.
import { defaultFetch } from '#default-fetch';
import { JsonSyntaxError, parseJson } from '../codecs/json.js';
import { WHOLE_BELOW_BYTES } from '../codecs/listReader.js';
import { AbortError } from '../errors/AbortError.js';
import { HttpError } from '../errors/HttpError.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { InvalidResponseError } from '../errors/InvalidResponseError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { NetworkError } from '../errors/NetworkError.js';
import { ResponseTooLargeError } from '../errors/ResponseTooLargeError.js';
import { displayOrigin, redacter } from '../errors/redact.js';
import { decodeUriPart, secretsOf } from '../errors/secrets.js';
import { TimeoutError } from '../errors/TimeoutError.js';
import type { ByteChunks, FetchLike } from '../types/index.js';
import { parseRetryAfter } from './retryAfter.js';

/** V8's longest string (2^29 - 24 characters), the most of a body any method that reads it whole can take. */
export const MAX_STRING_LENGTH = 0x1fffffe8;

export interface EndpointOptions {
  /** What the caller called the URL, for the errors about it: `url`, or `url.1` in a list. Default `url`. */
  param?: string;
  headers?: Record<string, string>;
  fetch?: FetchLike;
  maxResponseBytes: number;
  /**
   * A list shared by the endpoints of one client: each adds its secrets, and blanks out all of them, so
   * a server's text never holds the key of another URL of the list either.
   */
  secrets?: string[];
}

/** One attempt's context: the method (for messages), the caller's signal, and this attempt's time limit. */
export interface Attempt {
  method: string;
  signal?: AbortSignal;
  timeoutMs: number;
  /** How to read the body (`TransportRequest.parse`); the exact parser by default. */
  parse?: (body: string) => unknown;
  /** How to read the body from its bytes (`TransportRequest.read`); it takes the place of `parse`. */
  read?: (body: ByteChunks) => Promise<unknown>;
  /**
   * Whether `timeoutMs` bounds only the waits for the server (`TransportRequest.stream`): the time `read`
   * spends between two reads of the body, its consumer's, is not counted.
   */
  idle?: boolean;
}

export interface Endpoint {
  /** The URL's origin, the only part ever shown. */
  readonly origin: string;
  /** What a server might quote back, to be blanked out of its text: see `secretsOf`. */
  readonly secrets: readonly string[];
  /** POSTs `body` and returns the answer parsed as exact JSON; throws a typed error otherwise. */
  post(body: string, attempt: Attempt): Promise<unknown>;
}

/**
 * An endpoint for `url`. Credentials in the URL (`https://user:key@host`) move into an `Authorization`
 * header here, before any request.
 */
export function createEndpoint(url: string, options: EndpointOptions): Endpoint {
  const endpoint = parseEndpoint(url, options.param ?? 'url');
  const origin = displayOrigin(endpoint.url);
  const { maxResponseBytes } = options;
  const extraHeaders = checkHeaders(options.headers);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...endpoint.authorization,
    ...extraHeaders,
  };
  const secrets = options.secrets ?? [];
  secrets.push(
    ...secretsOf(endpoint.parsed, [...Object.values(extraHeaders), ...Object.values(endpoint.authorization ?? {})]),
  );

  const post = async (body: string, { method, signal, timeoutMs, parse, read, idle }: Attempt): Promise<unknown> => {
    if (signal?.aborted) throw new AbortError({ method, reason: signal.reason });
    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    };
    arm();
    // A listener of its own on the caller's signal, removed when the attempt ends: the full transport
    // hands each attempt a signal of the call's own (options/onAbort.ts `linked`), so however many calls
    // share the caller's signal, it holds one listener. The basic transport keeps this smaller code.
    const onCallerAbort = () => controller.abort();
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    const failure = (error: unknown): unknown => {
      if (isSolRpcError(error)) return error;
      if (timedOut) return new TimeoutError({ method, timeoutMs, origin });
      if (signal?.aborted) return new AbortError({ method, reason: signal.reason });
      // A body longer than a string can hold (V8: about 512 MiB) is too large for this method, which reads
      // its answer whole: not a network failure.
      // Its hint, made on the first error (errors/hints.ts), tells it by its limit.
      if (/STRING_TOO_LONG|string length/.test(`${(error as { code?: unknown })?.code} ${error}`)) {
        return new ResponseTooLargeError({ method, limit: MAX_STRING_LENGTH, what: 'body' });
      }
      return new NetworkError({ method, origin, cause: error, secrets });
    };

    try {
      const fetchFn = options.fetch ?? (await defaultFetch());
      // Raced against the abort: a fetch waiting for a free socket of its pool does not see its signal
      // (Node's http.Agent queues the request), and the attempt's time limit must still end it.
      const response = await new Promise<Response>((resolve, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
        fetchFn(endpoint.url, {
          method: 'POST',
          headers,
          body,
          signal: controller.signal,
          // A redirect would carry the API-key headers to another origin: never follow one.
          redirect: 'manual',
        }).then(resolve, reject);
      });
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        await response.body?.cancel().catch(() => undefined);
        // Browsers hide a manual redirect's status (0); report it as the redirect it was.
        throw new HttpError({ method, status: response.status || 307, statusText: 'redirect not followed', origin });
      }
      if (!response.ok) {
        const text = (await readBody(response, 64 * 1024, method, controller.signal).catch(() => undefined)) as
          | string
          | undefined;
        throw new HttpError({
          method,
          status: response.status,
          statusText: response.statusText,
          origin,
          body: text,
          retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), Date.now()),
          secrets,
        });
      }
      // Some servers label JSON as text/plain, so only HTML (a proxy or portal page) is refused unread;
      // any other non-JSON type is refused only if its body does not parse.
      const contentType = response.headers.get('content-type');
      const declaredJson = contentType === null || /json/i.test(contentType);
      const wrongType = () =>
        new InvalidResponseError({
          method,
          reason: 'content-type',
          origin,
          detail: `expected a JSON body, got content-type ${redacter(secrets)(contentType?.split(';')[0]?.trim() ?? '').slice(0, 60)}`,
        });
      if (!declaredJson && /html/i.test(contentType ?? '')) {
        await response.body?.cancel().catch(() => undefined);
        throw wrongType();
      }
      // An answer of a known length short enough to parse whole goes the way of every other (the text as
      // it arrives, one parse): the list reader would read it whole too, after joining its bytes.
      // (A missing Content-Length reads as NaN, never as short.)
      const bytes =
        !idle && read && Number(response.headers.get('content-length') ?? Number.NaN) <= WHOLE_BELOW_BYTES
          ? undefined
          : read;
      try {
        // A stream holds a run of the answer at a time, never all of it: its reader bounds what it holds.
        const value = await readBody(
          response,
          idle ? Number.POSITIVE_INFINITY : maxResponseBytes,
          method,
          controller.signal,
          bytes &&
            ((next) =>
              bytes(
                idle
                  ? () => {
                      arm();
                      return next().finally(() => clearTimeout(timer));
                    }
                  : next,
              )),
        );
        return bytes ? value : (parse ?? parseJson)(value as string);
      } catch (error) {
        if (!(error instanceof JsonSyntaxError)) throw error;
        if (!declaredJson) throw wrongType();
        throw new InvalidResponseError({
          method,
          reason: 'json',
          origin,
          detail: `the body is not valid JSON (${error.message})`,
        });
      }
    } catch (error) {
      throw failure(error);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
      // A read that failed part way (a run refused, a consumer gone) leaves the rest of the body unread:
      // cancel it, or its socket stays open with the server blocked on it. After a whole read, a no-op.
      controller.abort();
    }
  };
  return { origin, secrets, post };
}

/**
 * Reads a body as text, refusing more than `limit` bytes whatever `Content-Length` says; or, given
 * `read`, hands it the body's bytes one piece at a time (under the same limit) and returns what it
 * makes of them. Every read is raced against the attempt's `signal`: Node 20's fetch can leave a read of
 * a gzip body pending forever once aborted (seen with `Connection: close`), so the abort is not trusted
 * to reach the read.
 */
async function readBody(
  response: Response,
  limit: number,
  method: string,
  signal: AbortSignal,
  read?: (body: ByteChunks) => Promise<unknown>,
): Promise<unknown> {
  // The signal belongs to this one attempt, so its listener goes when the attempt does. Each read gets a
  // promise of its own, which the listener rejects: racing every read against one long-lived promise
  // (Promise.race) would add a reaction to it per read, each holding that read's chunk, so a streamed
  // answer of 1 GB would be held whole.
  let abortRead: ((reason: unknown) => void) | undefined;
  signal.addEventListener('abort', () => abortRead?.(signal.reason), { once: true });
  const race = <T>(read: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (signal.aborted) reject(signal.reason);
      abortRead = reject;
      read.then(resolve, reject);
    });
  const tooLarge = () => new ResponseTooLargeError({ method, limit, what: 'body' });
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  // With a Content-Length in range, fetch itself refuses a body of any other size. But under a
  // Content-Encoding (gzip, br) the length counts compressed bytes: then the decoded bytes are counted.
  const encoding = response.headers.get('content-encoding');
  const encoded = encoding !== null && encoding.trim().toLowerCase() !== 'identity';
  if (!response.body || (!read && Number.isFinite(declared) && !encoded)) {
    const text = await race(response.text());
    if (!read) return text;
    // A fetch without a readable body (some mocks): its text as the one piece.
    const pieces = [new TextEncoder().encode(text)];
    return read(async () => pieces.pop());
  }
  const reader = response.body.getReader();
  let total = 0;
  const next = async () => {
    const { done, value } = await race(reader.read());
    if (done) return undefined;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    return value;
  };
  if (read) return read(next);
  const chunks: Uint8Array[] = [];
  for (let chunk = await next(); chunk; chunk = await next()) chunks.push(chunk);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function parseEndpoint(
  url: string,
  param: string,
): { url: string; parsed: URL; authorization?: { authorization: string } } {
  const invalid = (problem: string) => new InvalidInputError({ param, problem });
  if (typeof url !== 'string') throw invalid(`expected a string, got ${url === null ? 'null' : typeof url}`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The text itself is not repeated: a URL that fails to parse may still hold a key.
    throw invalid('not a valid absolute URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalid(`the scheme must be http: or https:, got ${parsed.protocol.slice(0, 10)}`);
  }
  if (!parsed.username && !parsed.password) return { url: parsed.href, parsed };
  // Base64 of the credentials' UTF-8 bytes: btoa reads a string of one character per byte.
  let binary = '';
  for (const byte of new TextEncoder().encode(`${decodeUriPart(parsed.username)}:${decodeUriPart(parsed.password)}`))
    binary += String.fromCharCode(byte);
  const authorization = `Basic ${btoa(binary)}`;
  // The secrets are read from `parsed`, so it keeps its userinfo; the URL sent has none.
  const sent = new URL(parsed.href);
  sent.username = '';
  sent.password = '';
  return { url: sent.href, parsed, authorization: { authorization } };
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function checkHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  if (headers === undefined) return {};
  if (typeof headers !== 'object' || headers === null) {
    throw new InvalidInputError({ param: 'options.headers', problem: 'expected an object of header names to values' });
  }
  const checked: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (!HEADER_NAME.test(name))
      throw new InvalidInputError({
        param: 'options.headers',
        problem: 'a header name holds characters HTTP does not allow',
      });
    // The value is never repeated: headers carry API keys.
    if (typeof value !== 'string' || /[\r\n\0]/.test(value)) {
      throw new InvalidInputError({
        param: `options.headers.${name}`,
        problem: 'the value must be a string without CR, LF or NUL',
      });
    }
    checked[name.toLowerCase()] = value;
  }
  return checked;
}
