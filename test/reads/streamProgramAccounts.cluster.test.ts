/**
 * streamProgramAccounts against the test cluster: the same accounts as getProgramAccounts, whichever way
 * it asks (one request, or getProgramAccountsV2's pages with filters applied after each page is cut).
 */
import { describe, expect, it } from 'vitest';
import { createRpc, streamProgramAccounts } from '../../src/index.js';
import { startTestCluster } from '../../src/testing/index.js';
import { referenceEncode } from '../support/base58Reference.js';

// A program the cluster's own cast holds no accounts of (it holds an upgradeable program), so the count is ours.
const PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
/** A distinct address per index (32 bytes: the index, then a fixed tail; never a leading zero byte). */
function address(i: number): string {
  const bytes = new Uint8Array(32).fill(7);
  bytes[0] = (i & 0x7f) + 1;
  bytes[1] = (i >> 7) + 1;
  return referenceEncode(bytes);
}

// 600 accounts of the program: every third one 16 bytes, the others 8, with their index in the data.
const accounts = Object.fromEntries(
  Array.from({ length: 600 }, (_, i) => [
    address(i),
    { lamports: BigInt(1_000_000 + i), owner: PROGRAM, data: new Uint8Array(i % 3 === 0 ? 16 : 8).fill(i % 256) },
  ]),
);

async function collect(iterable: AsyncIterable<{ pubkey: string }>) {
  const seen: { pubkey: string }[] = [];
  for await (const account of iterable) seen.push(account);
  return seen;
}

describe('streamProgramAccounts over the test cluster', () => {
  it('yields what getProgramAccounts returns, by each paging, filters included', async () => {
    const cluster = await startTestCluster({ accounts, providerMethods: ['getProgramAccountsV2'] });
    try {
      const rpc = createRpc(cluster.url, { retry: false });
      const byKey = (list: { pubkey: string }[]) => [...list].sort((a, b) => (a.pubkey < b.pubkey ? -1 : 1));
      for (const filters of [undefined, [{ dataSize: 16 }]]) {
        const whole = byKey(await rpc.getProgramAccounts(PROGRAM, { filters }));
        expect(whole.length).toBe(filters ? 200 : 600);
        for (const paging of ['auto', 'v2', 'none'] as const) {
          const pages = paging === 'none' ? {} : { pageSize: 70 };
          const streamed = await collect(streamProgramAccounts(rpc, PROGRAM, { filters, paging, ...pages }));
          expect(new Set(streamed.map((a) => a.pubkey)).size).toBe(streamed.length);
          expect(byKey(streamed)).toEqual(whole);
        }
      }
    } finally {
      await cluster.close();
    }
  });

  it('falls back to one getProgramAccounts on a node without V2 (agave), and fails with v2 only', async () => {
    const cluster = await startTestCluster({ accounts });
    try {
      const rpc = createRpc(cluster.url, { retry: false });
      expect(await collect(streamProgramAccounts(rpc, PROGRAM))).toHaveLength(600);
      await expect(collect(streamProgramAccounts(rpc, PROGRAM, { paging: 'v2' }))).rejects.toMatchObject({
        name: 'RpcError',
        code: -32601,
      });
    } finally {
      await cluster.close();
    }
  });
});
