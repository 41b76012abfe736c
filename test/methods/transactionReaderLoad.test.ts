/**
 * The transaction reader sendTransaction and simulateTransaction check with is loaded on first use
 * (options/transactionReader.ts). When it cannot be loaded (an offline browser, a chunk renamed by a
 * deploy) nothing is sent unchecked: the call fails with a retryable SolRpcError that says so, and no
 * request goes out. The module is replaced by one whose loading throws, as a failed chunk fetch does.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFixture, serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, reply, useMswServer } from '../msw/server.js';

useMswServer();

const TX = loadFixture('conformance/sendTransaction.base64.transfer').params[0] as string;

afterEach(() => {
  vi.doUnmock('../../src/options/transactionReader.js');
  vi.doUnmock('../../src/errors/preflightLines.js');
  vi.resetModules();
});

describe('a transaction reader that cannot be loaded', { timeout: 10_000 }, () => {
  it.each(['sendTransaction', 'simulateTransaction'] as const)(
    '%s fails retryable, names itself, and sends nothing',
    async (method) => {
      vi.resetModules();
      vi.doMock('../../src/options/transactionReader.js', () => {
        throw new TypeError('Failed to fetch dynamically imported module');
      });
      const solrpc = await import('../../src/index.js');
      mockRpc({ [method]: reply.error(-32602, 'this request should not have been sent') });
      const rpc = solrpc.createRpcWith(RPC_URL, { [method]: solrpc[method] }) as Record<
        string,
        (tx: string) => Promise<unknown>
      >;
      const error = await (rpc[method] as (tx: string) => Promise<unknown>)(TX).catch((e: unknown) => e);
      expect(solrpc.isSolRpcError(error, 'SolRpcError')).toBe(true);
      expect(error).toMatchObject({ name: 'SolRpcError', method, retryable: true });
      expect((error as Error).message).toBe(`${method}: could not load the reader of transactions`);
      expect((error as Error).cause).toBeDefined();
      expect(calls).toHaveLength(0);
    },
  );

  it('sendAndConfirmTransaction fails the same way before any request', async () => {
    vi.resetModules();
    vi.doMock('../../src/options/transactionReader.js', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const solrpc = await import('../../src/index.js');
    mockRpc({ sendTransaction: reply.error(-32602, 'this request should not have been sent') });
    const error = await solrpc.sendAndConfirmTransaction(solrpc.createRpc(RPC_URL), TX).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SolRpcError', method: 'sendAndConfirmTransaction', retryable: true });
    expect(calls).toHaveLength(0);
  });
});

describe('preflight failure lines that cannot be loaded', { timeout: 10_000 }, () => {
  it('leave the -32002 typed, its data decoded and its hint given, without the err and log lines', async () => {
    vi.resetModules();
    vi.doMock('../../src/errors/preflightLines.js', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const solrpc = await import('../../src/index.js');
    mockRpc({ sendTransaction: serveFixture('conformance/sendTransaction.error.preflight-custom-program-error') });
    const error = await solrpc
      .createRpcWith(RPC_URL, { sendTransaction: solrpc.sendTransaction })
      .sendTransaction(TX)
      .catch((e: unknown) => e);
    expect(solrpc.isPreflightFailure(error)).toBe(true);
    expect((error as { data: { err: unknown } }).data.err).toStrictEqual({ InstructionError: [0, { Custom: 1 }] });
    expect((error as Error).message).toMatch(/\nHint: /);
    expect((error as Error).message).not.toMatch(/\nerr: /);
    expect(calls).toHaveLength(1);
  });
});
