/**
 * signaturesOf against servers that send signatures again (issue 29, defect 3): a ring of signatures at
 * one slot, a repeat inside a page, a repeat across pages at the same slot, slots out of order inside a
 * page, a page longer than asked for, and `until` that the server did not honour. Each ends the loop with a
 * typed error before the repeat is yielded, or, for `until`, at `until` exactly.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { createRpcWith, getSignaturesForAddress, type SignatureInfo, signaturesOf } from '../../src/index.js';
import { mockRpc, RPC_URL, type RpcRequest, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';

useMswServer();

const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const SLOT = 383_400_000;
const rpc = () => createRpcWith(RPC_URL, { getSignaturesForAddress }, { timeoutMs: 2_000 });

function signatureOf(label: string): string {
  return encodeBase58(createHash('sha512').update(label).digest());
}

/** `length` entries, newest first, all at `slot` unless `slotOf` says otherwise. */
function entries(length: number, label: string, slotOf: (i: number) => number = () => SLOT): SignatureInfo[] {
  return Array.from({ length }, (_, i) => ({
    signature: signatureOf(`${label}/${i}`),
    slot: slotOf(i),
    err: null,
    memo: null,
    blockTime: 1_763_900_000,
    confirmationStatus: 'finalized',
  }));
}

const pageParams = (request: RpcRequest) =>
  (request.params[1] ?? {}) as { before?: string; until?: string; limit?: number };

/**
 * Drains the loop, but stops (rather than run for minutes) at the first signature yielded a second time:
 * the unfixed code yielded about 3,000,000 of them against the ring below.
 */
async function drain(iterable: AsyncIterable<SignatureInfo>) {
  const got: SignatureInfo[] = [];
  const seen = new Set<string>();
  let repeated: string | undefined;
  const run = (async () => {
    for await (const info of iterable) {
      if (seen.has(info.signature)) {
        repeated = info.signature;
        return;
      }
      seen.add(info.signature);
      got.push(info);
    }
  })();
  return { got, run, repeated: () => repeated };
}

describe('signaturesOf: repeated signatures', { timeout: 10_000 }, () => {
  it('a ring of 2,999 signatures at one slot: ValidationError at the first repeat, none yielded twice', async () => {
    const ring = entries(2_999, 'ring');
    // Each page is the next `limit` signatures of the ring after `before`, wrapping around: its last
    // signature is never a cursor used before (2,999 and 1,000 have no common factor) until 2,999 pages.
    mockRpc({
      getSignaturesForAddress: (request) => {
        const { before, limit = 1000 } = pageParams(request);
        const start = before === undefined ? 0 : ring.findIndex((e) => e.signature === before) + 1;
        return reply.result(Array.from({ length: limit }, (_, i) => ring[(start + i) % ring.length]));
      },
    });
    const { got, run, repeated } = await drain(signaturesOf(rpc(), ADDRESS));
    const error = await rejectsWith(run, 'ValidationError');
    expect(repeated()).toBeUndefined();
    // The third page holds ring[2000..2998] then ring[0], the first repeat, at index 999: none of that
    // page is yielded.
    expect(got).toStrictEqual(ring.slice(0, 2000));
    expect(error).toMatchObject({ method: 'getSignaturesForAddress', path: 'result.999' });
    expect(error.received).toBe(`${ring[0]?.signature} at slot ${SLOT}`);
    expect(error.message).toContain('sent already');
    expect(sent()).toHaveLength(3);
  });

  it('a repeat inside one page: ValidationError before any of that page is yielded', async () => {
    const first = entries(10, 'first');
    const second = entries(10, 'second', () => SLOT - 1);
    const bad = [...second.slice(0, 5), second[3], ...second.slice(5, 9)];
    mockRpc({
      getSignaturesForAddress: (request) => reply.result(pageParams(request).before ? bad : first),
    });
    const { got, run, repeated } = await drain(signaturesOf(rpc(), ADDRESS, { pageSize: 10 }));
    const error = await rejectsWith(run, 'ValidationError');
    expect(repeated()).toBeUndefined();
    expect(got).toStrictEqual(first);
    expect(error.path).toBe('result.5');
    expect(error.received).toBe(`${second[3]?.signature} at slot ${SLOT - 1}`);
  });

  it('a signature of an earlier page (not the cursor) at the same slot: ValidationError', async () => {
    const all = entries(20, 'same');
    // The second page starts after `before` as asked but brings back entry 4 of the first page.
    const second = [...all.slice(10, 15), all[4] as SignatureInfo, ...all.slice(15, 19)];
    mockRpc({
      getSignaturesForAddress: (request) => reply.result(pageParams(request).before ? second : all.slice(0, 10)),
    });
    const { got, run, repeated } = await drain(signaturesOf(rpc(), ADDRESS, { pageSize: 10 }));
    const error = await rejectsWith(run, 'ValidationError');
    expect(repeated()).toBeUndefined();
    expect(got).toStrictEqual(all.slice(0, 10));
    expect(error.path).toBe('result.5');
  });

  it('a signature that came back at a lower slot than before: ValidationError', async () => {
    const first = entries(10, 'up', (i) => SLOT - i);
    const moved = { ...(first[2] as SignatureInfo), slot: SLOT - 20 };
    const second = [...entries(3, 'down', (i) => SLOT - 10 - i), moved];
    mockRpc({
      getSignaturesForAddress: (request) => reply.result(pageParams(request).before ? second : first),
    });
    const { got, run } = await drain(signaturesOf(rpc(), ADDRESS, { pageSize: 10 }));
    const error = await rejectsWith(run, 'ValidationError');
    // Same signature, another slot: the slot rule cannot see it, so this case proves that signatures of
    // earlier slots are still held (the latest SIGNATURES_REMEMBERED of them).
    expect(error.path).toBe('result.3');
    expect(got).toStrictEqual(first);
  });

  it('slots out of order inside a page: ValidationError naming the entry', async () => {
    const page = entries(5, 'order', (i) => (i === 3 ? SLOT + 1 : SLOT - i));
    mockRpc({ getSignaturesForAddress: reply.result(page) });
    const { got, run } = await drain(signaturesOf(rpc(), ADDRESS, { pageSize: 10 }));
    const error = await rejectsWith(run, 'ValidationError');
    expect(got).toStrictEqual([]);
    expect(error.path).toBe('result.3');
    expect(error.received).toBe(`${page[3]?.signature} at slot ${SLOT + 1}`);
  });

  it('a page longer than asked for: ValidationError, nothing of it yielded', async () => {
    mockRpc({ getSignaturesForAddress: reply.result(entries(11, 'long', (i) => SLOT - i)) });
    const { got, run } = await drain(signaturesOf(rpc(), ADDRESS, { pageSize: 10 }));
    const error = await rejectsWith(run, 'ValidationError');
    expect(got).toStrictEqual([]);
    expect(error.path).toBe('result');
    expect(error.received).toBe('11 entries');
  });

  it('a server that ignores until: the loop stops at until, which is not yielded', async () => {
    const all = entries(30, 'until', (i) => SLOT - Math.floor(i / 3));
    const until = all[14]?.signature as string;
    // Answers as if `until` were not there.
    mockRpc({
      getSignaturesForAddress: (request) => {
        const { before, limit = 1000 } = pageParams(request);
        const start = before === undefined ? 0 : all.findIndex((e) => e.signature === before) + 1;
        return reply.result(all.slice(start, start + limit));
      },
    });
    const { got, run } = await drain(signaturesOf(rpc(), ADDRESS, { pageSize: 10, until }));
    await run;
    expect(got).toStrictEqual(all.slice(0, 14));
    expect(sent()).toHaveLength(2);
  });
});
