/**
 * A body longer than a JavaScript string can hold, for a method that reads its answer whole: a
 * `ResponseTooLargeError` whose hint says why, never a `NetworkError` blaming the connection. The limit
 * itself (about 512 MiB) is reached through fetches whose reads fail as V8 and Node fail them.
 */
import { describe, expect, it } from 'vitest';
import { createRpc, createRpcWith, type FetchLike, getBalance, isSolRpcError } from '../../src/index.js';

/** A fetch whose answer fails to become text as an over-long string does, by `code` or message. */
function tooLongFetch(error: Error): FetchLike {
  return async () =>
    ({
      ok: true,
      status: 200,
      statusText: 'OK',
      type: 'basic',
      headers: new Headers({ 'content-type': 'application/json', 'content-length': '20' }),
      body: null,
      text: () => Promise.reject(error),
    }) as unknown as Response;
}

const nodeError = Object.assign(new Error('Cannot create a string longer than 0x1fffffe8 characters'), {
  code: 'ERR_STRING_TOO_LONG',
});

describe('a body too long for a string', () => {
  it.each([
    ['Node (ERR_STRING_TOO_LONG)', nodeError],
    ['V8 (RangeError: Invalid string length)', new RangeError('Invalid string length')],
  ])('is a ResponseTooLargeError with its hint, not a NetworkError: %s', async (_name, error) => {
    for (const rpc of [
      createRpc('http://127.0.0.1:1/?api-key=secret-key-123456', { fetch: tooLongFetch(error), retry: false }),
      createRpcWith('http://127.0.0.1:1/?api-key=secret-key-123456', { getBalance }, { fetch: tooLongFetch(error) }),
    ]) {
      const failure = await rpc.getBalance('B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi').catch((e: unknown) => e);
      expect(isSolRpcError(failure, 'ResponseTooLargeError')).toBe(true);
      expect(failure).toMatchObject({ what: 'body', limit: 0x1fffffe8 });
      expect(String((failure as Error).message)).toMatch(/streamProgramAccounts/);
      expect(String((failure as Error).message)).not.toMatch(/secret-key/);
    }
  });

  it('leaves any other failure to read the body a NetworkError', async () => {
    const rpc = createRpc('http://127.0.0.1:1', { fetch: tooLongFetch(new Error('socket hang up')), retry: false });
    const failure = await rpc.getBalance('B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi').catch((e: unknown) => e);
    expect(isSolRpcError(failure, 'NetworkError')).toBe(true);
  });
});
