import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { displayOrigin, redactUrls, rememberSecrets } from '../../src/errors/redact.js';
import { sanitizeText } from '../../src/errors/sanitize.js';
import { secretsOf } from '../../src/errors/secrets.js';
import { withHint } from '../../src/errors/withHint.js';
import {
  AbortError,
  ConnectionLostError,
  DecodeError,
  HttpError,
  InvalidInputError,
  InvalidResponseError,
  isSolRpcError,
  NetworkError,
  RateLimitedError,
  ResponseTooLargeError,
  RpcError,
  SolRpcError,
  SubscriptionOverflowError,
  TimeoutError,
  TransactionExpiredError,
  TransactionFailedError,
  TransactionNotLandedError,
  ValidationError,
} from '../../src/index.js';
import { viewsOfError } from '../support/canaryScan.js';

describe('error classes', () => {
  const samples = [
    new RpcError({
      method: 'getBalance',
      code: -32005,
      message: 'Node is behind by 42 slots',
      data: { numSlotsBehind: 42 },
    }),
    new HttpError({
      method: 'getBalance',
      status: 503,
      origin: 'https://rpc.example.com',
      body: 'no healthy upstream',
    }),
    new InvalidResponseError({
      method: 'getBalance',
      reason: 'id-mismatch',
      origin: 'https://rpc.example.com',
      detail: 'sent id 1',
    }),
    new ValidationError({ method: 'getBalance', path: 'result.value', expected: 'a u64', received: '"1"' }),
    new InvalidInputError({ method: 'getBalance', param: 'address', problem: 'too short' }),
    new TimeoutError({ method: 'getBalance', timeoutMs: 10, origin: 'https://rpc.example.com' }),
    new AbortError({ method: 'getBalance', reason: new Error('user') }),
    new NetworkError({ method: 'getBalance', origin: 'https://rpc.example.com', cause: new Error('x') }),
    new ResponseTooLargeError({ method: 'getBalance', limit: 1, what: 'body' }),
    new TransactionExpiredError({
      method: 'getBalance',
      signature: 'sig',
      lastValidBlockHeight: 150,
      blockHeight: 151,
    }),
    new TransactionFailedError({
      method: 'getBalance',
      signature: 'sig',
      slot: 1,
      err: 'AccountInUse',
      logs: ['a\u001b[31mb'],
    }),
  ];

  it.each(samples.map((e) => [e.name, e]))(
    '%s has a fixed name, the base class, and names the method on line 1',
    (name, error) => {
      expect(error).toBeInstanceOf(SolRpcError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(name);
      expect(isSolRpcError(error)).toBe(true);
      expect(isSolRpcError(error, name as 'RpcError')).toBe(true);
      expect(error.message.split('\n')[0]).toMatch(/^getBalance: /);
      expect(error.method).toBe('getBalance');
    },
  );

  it('puts the hint on its own line after the summary, once the client has added it', async () => {
    const error = new RpcError({
      method: 'getBalance',
      code: -32005,
      message: 'Node is behind by 42 slots',
      data: { numSlotsBehind: 42 },
    });
    // As constructed: no code name, no hint (their texts load with the first error the client throws).
    expect(error.message).toBe('getBalance: RPC error -32005: Node is behind by 42 slots');
    expect(error).toMatchObject({ codeName: undefined, hint: undefined });
    expect(await withHint(error)).toBe(error);
    const [first, second, third] = error.message.split('\n');
    expect(first).toBe('getBalance: RPC error -32005 (NODE_UNHEALTHY): Node is behind by 42 slots');
    expect(second).toBe('Hint: the node is 42 slots behind the cluster; retry later or use another node.');
    expect(third).toBeUndefined();
    expect(error).toMatchObject({ codeName: 'NODE_UNHEALTHY', hint: expect.stringContaining('42 slots behind') });
    expect(error.stack).toContain(second);
    // A coalesced error reaches several callers: completing it again changes nothing.
    await withHint(error);
    expect(error.message.split('\n')).toHaveLength(2);
  });

  it("adds an HTTP status's hint above the body excerpt, and leaves other errors alone", async () => {
    const error = new HttpError({ status: 401, origin: 'https://rpc.example.com', body: 'no key' });
    expect(error.hint).toBeUndefined();
    await withHint(error);
    expect(error.message.split('\n')).toEqual([
      'HTTP 401 from https://rpc.example.com',
      'Hint: the endpoint wants credentials: check the API key in the URL or the headers option.',
      'Body: no key',
    ]);
    const unknownStatus = new HttpError({ status: 418, origin: 'https://rpc.example.com' });
    await withHint(unknownStatus);
    expect(unknownStatus.message).toBe('HTTP 418 from https://rpc.example.com');
    const other = new AbortError({ method: 'getBalance', reason: new Error('user') });
    const message = other.message;
    expect(await withHint(other)).toBe(other);
    expect(other.message).toBe(message);
    expect(await withHint('not an error')).toBe('not an error');
  });

  it('adds the hint of a plain timeout and of a size limit, and keeps a hint given', async () => {
    const timeout = new TimeoutError({ method: 'getBalance', timeoutMs: 10, origin: 'https://rpc.example.com' });
    expect(timeout.hint).toBeUndefined();
    await withHint(timeout);
    expect(timeout.message.split('\n')).toEqual([
      'getBalance: no complete answer from https://rpc.example.com within 10 ms',
      'Hint: raise the timeoutMs option, or check that the node is reachable and not overloaded.',
    ]);
    const body = new ResponseTooLargeError({ limit: 1, what: 'body' });
    const decompressed = new ResponseTooLargeError({ limit: 1, what: 'decompressed data' });
    await withHint(body);
    await withHint(decompressed);
    expect(body.hint).toBe('raise the maxResponseBytes option if this size is expected.');
    expect(decompressed.hint).toBe('raise the maxDecompressedBytes option if this size is expected.');
    const given = new TimeoutError({ timeoutMs: 10, origin: '', summary: 'late', hint: 'wait' });
    await withHint(given);
    expect(given.message).toBe('late\nHint: wait');
  });

  it('marks what may succeed later as retryable', () => {
    expect(samples.map((e) => e.retryable)).toEqual([
      true,
      true,
      false,
      false,
      false,
      true,
      false,
      true,
      false,
      false,
      false,
    ]);
  });

  it('guards by brand and name, so a second copy of the package still matches', () => {
    const foreign = Object.assign(new Error('from another copy'), { name: 'RpcError', code: -32601 });
    Object.defineProperty(foreign, Symbol.for('solrpc.error'), { value: true });
    expect(isSolRpcError(foreign, 'RpcError')).toBe(true);
    expect(isSolRpcError(foreign, 'HttpError')).toBe(false);
    expect(isSolRpcError(new Error('plain'))).toBe(false);
    expect(isSolRpcError({ name: 'RpcError' })).toBe(false);
    expect(isSolRpcError(null)).toBe(false);
  });

  it('knows every agave code by name, and hints where one helps', async () => {
    const completed = async (fields: ConstructorParameters<typeof RpcError>[0]) =>
      (await withHint(new RpcError(fields))) as RpcError;
    for (let code = -32019; code <= -32001; code++) {
      expect((await completed({ code, message: 'm' })).codeName).toMatch(/^[A-Z_]+$/);
    }
    expect(
      (
        await completed({
          code: -32016,
          message: 'Minimum context slot has not been reached',
          data: { contextSlot: 99 },
        })
      ).hint,
    ).toContain('99');
    expect((await completed({ code: -32601, message: 'Method not found' })).hint).toContain('--full-rpc-api');
    const unknown = await completed({ code: -31999, message: 'provider-specific' });
    expect(unknown.codeName).toBeUndefined();
    expect(unknown.message).toBe('RPC error -31999: provider-specific');
  });

  it('keeps a long server message whole in serverMessage (1 KiB) but short on line 1', () => {
    const error = new RpcError({ code: -32603, message: 'x'.repeat(5000) });
    expect(error.serverMessage.length).toBeLessThan(1100);
    expect((error.message.split('\n')[0] as string).length).toBeLessThan(400);
  });
});

describe('redaction', () => {
  it('shows the origin only', () => {
    expect(displayOrigin('https://user:pw@rpc.example.com:8443/v2/KEY?api-key=K#x')).toBe(
      'https://rpc.example.com:8443',
    );
    expect(displayOrigin('not a url')).toBe('<invalid URL>');
  });

  it('cuts URLs inside foreign messages to their origin', () => {
    expect(redactUrls('request to https://u:p@h.example/v2/KEY?api-key=K failed, reason: x')).toBe(
      'request to https://h.example failed, reason: x',
    );
  });

  it('leaves no secret in a NetworkError, whatever its cause says', () => {
    const cause = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED for https://u:pw@h.example/PATH-KEY?api-key=QUERY-KEY'), {
        code: 'ECONNREFUSED',
      }),
    });
    const error = new NetworkError({ origin: 'https://h.example', cause });
    const shown = `${error.message}${error.stack}${inspect(error, { depth: 10, showHidden: true })}${JSON.stringify(error)}`;
    for (const secret of ['pw', 'PATH-KEY', 'QUERY-KEY']) expect(shown).not.toContain(secret);
    expect(error.code).toBe('ECONNREFUSED');
  });
});

describe('sanitizeText', () => {
  it('removes ANSI and OSC sequences and control characters', () => {
    expect(sanitizeText('a\u001b[2Jb\u001b]0;title\u0007c\u0000d\u009be')).toBe('abcde');
  });

  it('folds to one line when asked and cuts long text', () => {
    expect(sanitizeText('a\n  b\tc', 100, true)).toBe('a b c');
    expect(sanitizeText('abcdef', 3)).toBe('abc… (3 more characters)');
  });
});

describe('transaction outcome errors', () => {
  it('TransactionFailedError shows the last five log lines, control characters stripped', () => {
    const logs = ['one', 'two', 'three', 'four', 'five', 'six \u001b[31mred\u0007'];
    const error = new TransactionFailedError({
      signature: 'sig',
      slot: 7,
      err: { InstructionError: [0, 'Custom'] } as never,
      logs,
    });
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('transaction sig failed in slot 7: {"InstructionError":[0,"Custom"]}');
    expect(lines.slice(1, 2)).toStrictEqual(['Logs (last lines):']);
    expect(lines.slice(2).map((line) => line.trim().slice(0, 3))).toStrictEqual(['two', 'thr', 'fou', 'fiv', 'six']);
    expect(error.message).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    // Kept as sent, but for the clients' secrets blanked out (a copy).
    expect(error.logs).toStrictEqual(logs);
    expect(error.retryable).toBe(false);
  });

  it('TransactionExpiredError says why by what it knows: heights, or a nonce', () => {
    const byHeight = new TransactionExpiredError({ signature: 'sig', lastValidBlockHeight: 150, blockHeight: 151 });
    expect(byHeight.message.split('\n')[0]).toBe(
      'transaction sig expired: block height 151 is past its last valid block height 150, and it did not land',
    );
    const byNonce = new TransactionExpiredError({ signature: 'sig', nonceAccount: 'N0nce' });
    expect(byNonce.message.split('\n')[0]).toBe(
      'transaction sig expired: its durable nonce N0nce has advanced, and it did not land',
    );
    expect([byNonce.lastValidBlockHeight, byNonce.blockHeight, byNonce.retryable]).toStrictEqual([null, null, false]);
  });
});

/**
 * Issue 29, defect 6: a key a server sends back reached a ValidationError. Whatever class, whoever builds
 * it and from whatever field, no error shows a secret of a client the process made: checked in every view
 * (message, stack, String, JSON.stringify, inspect with hidden fields, every field, the cause chain).
 */
describe('no error class shows a client secret', () => {
  const KEY = 'ClassKeyQ7wX29';
  const URL_ECHO = `https://user:pw@rpc.example.com/${KEY}?api-key=${KEY}`;
  // What a client does when it is made: its URL's secret parts are listed, and remembered process-wide.
  secretsOf(new URL(`https://rpc.example.com/${KEY}`), []);
  const echo = `refused ${KEY} (${URL_ECHO})`;
  const ALL: ReadonlyArray<[string, () => Error]> = [
    ['SolRpcError', () => new SolRpcError(echo, { method: 'getBalance', hint: echo }, [echo])],
    ['RpcError', () => new RpcError({ method: 'getBalance', code: -32603, message: echo, data: { [KEY]: [echo] } })],
    [
      'HttpError',
      () => new HttpError({ status: 403, statusText: echo, origin: 'https://rpc.example.com', body: echo }),
    ],
    [
      'InvalidResponseError',
      () => new InvalidResponseError({ reason: 'json', origin: 'https://rpc.example.com', detail: echo }),
    ],
    [
      'ValidationError',
      () => new ValidationError({ method: 'getBalance', path: `result.${KEY}`, expected: echo, received: echo }),
    ],
    ['InvalidInputError', () => new InvalidInputError({ param: 'address', problem: echo, hint: echo })],
    [
      'TimeoutError',
      () => new TimeoutError({ timeoutMs: 1, origin: 'https://rpc.example.com', summary: echo, hint: echo }),
    ],
    [
      'NetworkError',
      () => new NetworkError({ origin: 'https://rpc.example.com', cause: new Error(echo, { cause: echo }) }),
    ],
    ['ResponseTooLargeError', () => new ResponseTooLargeError({ limit: 1, what: 'body', hint: echo })],
    [
      'DecodeError',
      () => new DecodeError({ decoder: 'decodeTransaction', field: 'message', offset: 1, problem: echo }),
    ],
    [
      'RateLimitedError',
      () => new RateLimitedError({ retryAfterMs: 1, status: 429, origin: 'https://rpc.example.com', reason: echo }),
    ],
    ['TransactionExpiredError', () => new TransactionExpiredError({ signature: 'sig', nonceAccount: echo })],
    [
      'TransactionFailedError',
      () => new TransactionFailedError({ signature: 'sig', slot: 1, err: { [KEY]: echo } as never, logs: [echo] }),
    ],
    [
      'ConnectionLostError',
      () => new ConnectionLostError({ origin: 'wss://rpc.example.com', attempts: 1, elapsedMs: 1, reason: echo }),
    ],
    ['SubscriptionOverflowError', () => new SubscriptionOverflowError({ method: echo, dropped: 1, queueSize: 1 })],
    [
      'TransactionNotLandedError',
      () =>
        new TransactionNotLandedError({
          reason: 'error',
          detail: echo,
          attempts: [{ signature: 'sig', blockhash: 'hash', unitPrice: 1n, unitLimit: 1, mayStillLand: true }],
          cause: new TimeoutError({ timeoutMs: 1, origin: 'https://rpc.example.com', summary: echo }),
        }),
    ],
  ];

  it.each(ALL)('%s', (name, build) => {
    const error = build();
    expect(error.name).toBe(name);
    // Fields the caller gives (a nonce account, a subscription's method) are kept as given, but in the
    // message; everything else is checked in every view.
    const kept = /^(nonceAccount|method)$/;
    const leaks = viewsOfError(error).filter(
      (view) => !kept.test(view.where) && (view.text.includes(KEY) || view.text.includes('user:pw')),
    );
    const given = error as unknown as Record<string, unknown>;
    const views = viewsOfError(Object.fromEntries(Object.entries(given).filter(([key]) => !kept.test(key))));
    expect(views.filter((view) => view.text.includes(KEY)).map((view) => view.where)).toEqual([]);
    expect(leaks.filter((leak) => !['inspect', 'JSON.stringify'].includes(leak.where))).toEqual([]);
    expect(error.message).toContain('[redacted]');
  });

  it('blanks nothing shorter than 4 characters, and keeps the words around a secret', () => {
    rememberSecrets(['abc']);
    const error = new RpcError({ code: 1, message: `abc and ${KEY} at https://rpc.example.com/${KEY}` });
    expect(error.serverMessage).toBe('abc and [redacted] at https://rpc.example.com');
  });
});
