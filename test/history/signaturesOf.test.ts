/**
 * signaturesOf over the real client and transport, against an address history served by msw the way
 * agave serves it: newest first, `before` and `until` excluded, at most `limit` per page.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import {
  createRpcWith,
  getSignaturesForAddress,
  isSolRpcError,
  type SignatureInfo,
  signaturesOf,
} from '../../src/index.js';
import { mockRpc, RPC_URL, type RpcRequest, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';

useMswServer();

const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const rpc = () => createRpcWith(RPC_URL, { getSignaturesForAddress }, { timeoutMs: 2_000 });

/** A history of `length` transactions, newest first, two per slot going back from slot 383,400,000. */
function history(length: number): SignatureInfo[] {
  return Array.from({ length }, (_, i) => ({
    signature: encodeBase58(createHash('sha512').update(`history/${i}`).digest()),
    slot: 383_400_000 - Math.floor(i / 2),
    err: i % 7 === 3 ? { InstructionError: [0, { Custom: i }] } : null,
    memo: null,
    blockTime: 1_763_900_000 - Math.floor(i / 2),
    confirmationStatus: 'finalized',
  }));
}

/** Serves `entries` as agave does: after `before`, up to (not including) `until`, at most `limit`. */
function serve(entries: SignatureInfo[]) {
  return ({ params }: RpcRequest) => {
    const { before, until, limit = 1000 } = (params[1] ?? {}) as { before?: string; until?: string; limit?: number };
    const start = before === undefined ? 0 : entries.findIndex((e) => e.signature === before) + 1;
    const stop = until === undefined ? entries.length : entries.findIndex((e) => e.signature === until);
    return reply.result(entries.slice(start, Math.max(start, stop)).slice(0, limit));
  };
}

async function collect(iterable: AsyncIterable<SignatureInfo>): Promise<SignatureInfo[]> {
  const out: SignatureInfo[] = [];
  for await (const info of iterable) out.push(info);
  return out;
}

/** The config each request carried. */
const configs = () => sent().map(({ params }) => params[1]);

describe('signaturesOf', { timeout: 10_000 }, () => {
  it('pages back with before = the last signature of each page, and stops on a short page', async () => {
    const entries = history(2_345);
    mockRpc({ getSignaturesForAddress: serve(entries) });
    await expect(collect(signaturesOf(rpc(), ADDRESS))).resolves.toStrictEqual(entries);
    expect(configs()).toStrictEqual([
      { limit: 1000 },
      { before: entries[999]?.signature, limit: 1000 },
      { before: entries[1999]?.signature, limit: 1000 },
    ]);
    expect(sent().every(({ method, params }) => method === 'getSignaturesForAddress' && params[0] === ADDRESS)).toBe(
      true,
    );
  });

  it('a history that is a whole number of pages ends with an empty page', async () => {
    const entries = history(40);
    mockRpc({ getSignaturesForAddress: serve(entries) });
    await expect(collect(signaturesOf(rpc(), ADDRESS, { pageSize: 20 }))).resolves.toStrictEqual(entries);
    expect(configs().map((config) => (config as { limit: number }).limit)).toStrictEqual([20, 20, 20]);
  });

  it('limit: stops after that many, asking the last page for only what is left', async () => {
    const entries = history(1_000);
    mockRpc({ getSignaturesForAddress: serve(entries) });
    const got = await collect(signaturesOf(rpc(), ADDRESS, { limit: 250, pageSize: 100 }));
    expect(got).toStrictEqual(entries.slice(0, 250));
    expect(configs()).toStrictEqual([
      { limit: 100 },
      { before: entries[99]?.signature, limit: 100 },
      { before: entries[199]?.signature, limit: 50 },
    ]);
  });

  it('until, before, commitment and minContextSlot go with every request', async () => {
    const entries = history(500);
    mockRpc({ getSignaturesForAddress: serve(entries) });
    const before = entries[9]?.signature as string;
    const until = entries[160]?.signature as string;
    const options = { before, until, pageSize: 100, commitment: 'confirmed', minContextSlot: 383_399_000n } as const;
    const got = await collect(signaturesOf(rpc(), ADDRESS, options));
    expect(got).toStrictEqual(entries.slice(10, 160));
    const common = { until, commitment: 'confirmed', minContextSlot: 383_399_000 };
    expect(configs()).toStrictEqual([
      { before, ...common, limit: 100 },
      { before: entries[109]?.signature, ...common, limit: 100 },
    ]);
  });

  it('an empty history: one request, nothing yielded', async () => {
    mockRpc({ getSignaturesForAddress: reply.result([]) });
    await expect(collect(signaturesOf(rpc(), ADDRESS))).resolves.toStrictEqual([]);
    expect(configs()).toStrictEqual([{ limit: 1000 }]);
  });

  it('breaking out of the loop stops it: no request for the next page', async () => {
    const entries = history(300);
    mockRpc({ getSignaturesForAddress: serve(entries) });
    const got: SignatureInfo[] = [];
    for await (const info of signaturesOf(rpc(), ADDRESS, { pageSize: 100 })) {
      got.push(info);
      if (got.length === 100) break;
    }
    expect(got).toStrictEqual(entries.slice(0, 100));
    expect(sent()).toHaveLength(1);
  });

  it('the signal goes with every request: aborted between pages, the next one rejects with AbortError', async () => {
    const entries = history(300);
    mockRpc({ getSignaturesForAddress: serve(entries) });
    const controller = new AbortController();
    const got: SignatureInfo[] = [];
    const run = (async () => {
      for await (const info of signaturesOf(rpc(), ADDRESS, { pageSize: 100, signal: controller.signal })) {
        got.push(info);
        if (got.length === 100) controller.abort();
      }
    })();
    const error: unknown = await run.then(
      () => 'resolved',
      (reason: unknown) => reason,
    );
    expect(isSolRpcError(error, 'AbortError')).toBe(true);
    expect(error).toMatchObject({ method: 'getSignaturesForAddress' });
    expect(got).toStrictEqual(entries.slice(0, 100));
    // The second page was never sent, or was cut off in flight; it never reached the loop.
    expect(sent().length).toBeLessThanOrEqual(2);
  });

  it('a signal aborted before the first page: AbortError, nothing yielded', async () => {
    mockRpc({ getSignaturesForAddress: serve(history(10)) });
    const controller = new AbortController();
    controller.abort();
    const error: unknown = await collect(signaturesOf(rpc(), ADDRESS, { signal: controller.signal })).then(
      () => 'resolved',
      (reason: unknown) => reason,
    );
    expect(isSolRpcError(error, 'AbortError')).toBe(true);
    expect(sent()).toStrictEqual([]);
  });

  it('a node that ignores before and sends the same page again: ValidationError, no signature yielded twice', async () => {
    const entries = history(10);
    mockRpc({ getSignaturesForAddress: reply.result(entries) });
    const got: SignatureInfo[] = [];
    const run = (async () => {
      for await (const info of signaturesOf(rpc(), ADDRESS, { pageSize: 10 })) got.push(info);
    })();
    const error = await rejectsWith(run, 'ValidationError');
    expect(error).toMatchObject({ method: 'getSignaturesForAddress', path: 'result.0' });
    expect(error.message).toContain('sent signatures it had sent already');
    expect(got).toStrictEqual(entries);
    expect(sent()).toHaveLength(2);
  });

  it('a node that cycles between two pages: ValidationError on the third', async () => {
    const entries = history(20);
    const [a, b] = [entries.slice(0, 10), entries.slice(10, 20)];
    mockRpc({
      getSignaturesForAddress: ({ params }) =>
        reply.result((params[1] as { before?: string }).before === a.at(-1)?.signature ? b : a),
    });
    const got: SignatureInfo[] = [];
    const run = (async () => {
      for await (const info of signaturesOf(rpc(), ADDRESS, { pageSize: 10 })) got.push(info);
    })();
    await rejectsWith(run, 'ValidationError');
    expect(got).toStrictEqual(entries);
    expect(sent()).toHaveLength(3);
  });

  it('a page that goes forward in time (a slot above the cursor): ValidationError', async () => {
    const entries = history(20);
    const newer = {
      ...(entries[0] as SignatureInfo),
      signature: encodeBase58(new Uint8Array(64).fill(7)),
      slot: 383_500_000,
    };
    mockRpc({
      getSignaturesForAddress: ({ params }) =>
        reply.result((params[1] as { before?: string }).before ? [newer] : entries.slice(0, 10)),
    });
    const error = await rejectsWith(collect(signaturesOf(rpc(), ADDRESS, { pageSize: 10 })), 'ValidationError');
    expect(error.received).toBe(`${newer.signature} at slot 383500000`);
  });

  it('an RPC error on a later page ends the iteration with it', async () => {
    const entries = history(30);
    mockRpc({
      getSignaturesForAddress: ({ params }) =>
        (params[1] as { before?: string }).before
          ? reply.error(-32011, 'Transaction history is not available from this node')
          : reply.result(entries.slice(0, 10)),
    });
    const error = await rejectsWith(collect(signaturesOf(rpc(), ADDRESS, { pageSize: 10 })), 'RpcError');
    expect(error.code).toBe(-32011);
    expect(sent()).toHaveLength(2);
  });

  describe('bad input is refused when called, before any request', () => {
    const good = history(1)[0]?.signature as string;
    const cases: [string, () => unknown, string][] = [
      ['no client', () => signaturesOf(undefined as never, ADDRESS), 'rpc'],
      ['a client without the method', () => signaturesOf({} as never, ADDRESS), 'rpc'],
      ['an address that is not base58', () => signaturesOf(rpc(), '0OIl'), 'address'],
      ['options: a string', () => signaturesOf(rpc(), ADDRESS, 'all' as never), 'options'],
      ['an unknown option', () => signaturesOf(rpc(), ADDRESS, { pageSise: 10 } as never), 'options.pageSise'],
      ['before: an address', () => signaturesOf(rpc(), ADDRESS, { before: ADDRESS }), 'options.before'],
      ['until: a number', () => signaturesOf(rpc(), ADDRESS, { until: 5 as never }), 'options.until'],
      ['pageSize 0', () => signaturesOf(rpc(), ADDRESS, { pageSize: 0 }), 'options.pageSize'],
      ['pageSize 1001', () => signaturesOf(rpc(), ADDRESS, { pageSize: 1001 }), 'options.pageSize'],
      ['limit 0', () => signaturesOf(rpc(), ADDRESS, { limit: 0 }), 'options.limit'],
      ['limit 1.5', () => signaturesOf(rpc(), ADDRESS, { limit: 1.5 }), 'options.limit'],
      [
        "commitment 'processed'",
        () => signaturesOf(rpc(), ADDRESS, { commitment: 'processed' as never }),
        'options.commitment',
      ],
      ['minContextSlot -1', () => signaturesOf(rpc(), ADDRESS, { minContextSlot: -1 }), 'options.minContextSlot'],
      ['signal: a string', () => signaturesOf(rpc(), ADDRESS, { signal: 'stop' as never }), 'options.signal'],
    ];
    for (const [name, call, param] of cases) {
      it(name, () => {
        mockRpc({ getSignaturesForAddress: reply.result([]) });
        let thrown: unknown;
        try {
          call();
        } catch (error) {
          thrown = error;
        }
        expect(isSolRpcError(thrown, 'InvalidInputError')).toBe(true);
        expect(thrown).toMatchObject({ method: 'signaturesOf', param });
        expect(sent()).toStrictEqual([]);
      });
    }

    it('a good call with the same options is accepted (the table above is not refusing everything)', async () => {
      mockRpc({ getSignaturesForAddress: reply.result([]) });
      await collect(signaturesOf(rpc(), ADDRESS, { until: good, pageSize: 1000, limit: 1, commitment: 'finalized' }));
      expect(configs()).toStrictEqual([{ until: good, commitment: 'finalized', limit: 1 }]);
    });
  });
});
