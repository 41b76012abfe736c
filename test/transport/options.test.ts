/**
 * Client options are checked like a method's config: a key that is no option (`timeout` for
 * `timeoutMs`) is refused at once with an InvalidInputError naming it and listing the options, before
 * any request, by createRpc, createRpcWith, createHttpTransport and createBasicTransport, and inside
 * `retry` and `batch`.
 */
import { describe, expect, it } from 'vitest';
import {
  createBasicTransport,
  createHttpTransport,
  createRpc,
  createRpcWith,
  getBalance,
  isSolRpcError,
} from '../../src/index.js';

const URL = 'https://rpc.example.com/KEY';
/** A fetch that fails the test: nothing may be sent. */
const fetch = async (): Promise<Response> => {
  throw new Error('a request was sent');
};

function refusal(make: () => unknown): { param: string; message: string } {
  try {
    make();
  } catch (error) {
    if (isSolRpcError(error, 'InvalidInputError')) return { param: error.param, message: error.message };
    throw error;
  }
  throw new Error('expected the options to be refused');
}

const BASIC = 'headers, fetch, timeoutMs, maxResponseBytes';
const RELIABILITY =
  'totalTimeoutMs, retry, endpointCooldownMs, coalesce, batch, rateLimit, freshReads, onRequest, onResponse';

describe('an unknown client option', () => {
  it.each([
    [
      'createRpc',
      () => createRpc(URL, { fetch, timeout: 5000 } as never),
      `${BASIC}, ${RELIABILITY}, maxDecompressedBytes`,
    ],
    [
      'createRpc',
      () => createRpc(async () => 1, { timeout: 5000 } as never),
      `${BASIC}, ${RELIABILITY}, maxDecompressedBytes`,
    ],
    [
      'createRpcWith',
      () => createRpcWith(URL, { getBalance }, { fetch, timeout: 5000 } as never),
      `${BASIC}, ${RELIABILITY}, maxDecompressedBytes`,
    ],
    [
      'createHttpTransport',
      () => createHttpTransport(URL, { fetch, timeout: 5000 } as never),
      `${BASIC}, ${RELIABILITY}`,
    ],
    ['createBasicTransport', () => createBasicTransport(URL, { fetch, timeout: 5000 } as never), BASIC],
  ])('is refused by %s, with the options listed', (owner, make, options) => {
    expect(refusal(make)).toEqual({
      param: 'options.timeout',
      message: `invalid options.timeout: not an option of ${owner}; the options are ${options}`,
    });
  });

  it('is refused inside retry and batch', () => {
    expect(refusal(() => createRpc(URL, { fetch, retry: { maxRetry: 1 } } as never)).param).toBe(
      'options.retry.maxRetry',
    );
    expect(refusal(() => createHttpTransport(URL, { fetch, batch: { size: 5 } } as never)).message).toBe(
      'invalid options.batch.size: not an option of batch; the options are maxSize, waitMs',
    );
  });

  it('refuses options that are not an object', () => {
    expect(refusal(() => createRpc(URL, null as never))).toEqual({
      param: 'options',
      message: 'invalid options: expected an object, got null',
    });
  });

  it('lets every known option through, and an option set to undefined', () => {
    const all = {
      headers: { 'x-api-key': 'k' },
      fetch,
      timeoutMs: 1000,
      maxResponseBytes: 1000,
      totalTimeoutMs: 2000,
      retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 3 },
      endpointCooldownMs: 10,
      coalesce: false,
      batch: { maxSize: 2, waitMs: 1 },
      maxDecompressedBytes: 1000,
      timeout: undefined,
    };
    expect(typeof createRpc(URL, all).getBalance).toBe('function');
    const { maxDecompressedBytes: _m, ...transportOptions } = all;
    expect(typeof createHttpTransport(URL, transportOptions)).toBe('function');
    expect(typeof createBasicTransport(URL, { fetch, timeoutMs: 1000, maxResponseBytes: 10 })).toBe('function');
    expect(typeof createRpcWith(URL, { getBalance }, { fetch, maxDecompressedBytes: 10 }).getBalance).toBe('function');
  });

  it("still names createRpcWith's reliability options as createHttpTransport's", () => {
    expect(refusal(() => createRpcWith(URL, { getBalance }, { fetch, retry: false } as never)).message).toMatch(
      /^invalid options\.retry: createRpcWith's basic transport has no retry/,
    );
  });
});
