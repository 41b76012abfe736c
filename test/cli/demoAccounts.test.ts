/**
 * The simulated cluster serves every account it holds in every encoding, as agave does: the vote
 * accounts as real vote-state bytes that `decodeVoteAccount` reads back to what jsonParsed shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBase58 } from '../../src/codecs/base58Text.js';
import { decompressZstd, loadZstd } from '../../src/codecs/zstd.js';
import { createRpc, decodeVoteAccount, isSolRpcError } from '../../src/index.js';
import {
  SIMULATION,
  type SimulatedCluster,
  simulatedAddress,
  startSimulatedCluster,
} from '../../src/testing/simulatedCluster.js';
import { zstdFrame } from '../../src/testing/zstdFrame.js';

const NOW = 1_754_900_754_000;
let cluster: SimulatedCluster;
beforeAll(async () => {
  cluster = await startSimulatedCluster({ now: () => NOW });
});
afterAll(async () => {
  await cluster.close();
});

const [alpha] = SIMULATION.validators as [(typeof SIMULATION.validators)[number]];

/** One raw JSON-RPC call, to see the wire form itself. */
async function call(
  method: string,
  params: unknown[],
): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const response = await fetch(cluster.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
}

function value(answer: { result?: unknown }): { data: unknown; space: number; owner: string } {
  return (answer.result as { value: { data: unknown; space: number; owner: string } }).value;
}

describe('the simulated vote accounts', () => {
  it('are served as bytes that decodeVoteAccount reads back to the jsonParsed info', async () => {
    const rpc = createRpc(cluster.url);
    const parsed = await rpc.getAccountInfo(alpha.vote, { encoding: 'jsonParsed' });
    const info = (parsed.value as { data: { parsed: { info: unknown } } }).data.parsed.info;
    for (const encoding of ['base64', 'base64+zstd'] as const) {
      const { value: account } = await rpc.getAccountInfo(alpha.vote, { encoding });
      expect(account?.data).toBeInstanceOf(Uint8Array);
      expect(account?.data.length).toBe(3762);
      expect(account?.space).toBe(3762);
      expect(decodeVoteAccount(account?.data as Uint8Array)).toEqual(info);
    }
    const decoded = decodeVoteAccount((await rpc.getAccountInfo(alpha.vote)).value?.data as Uint8Array);
    expect(decoded.nodePubkey).toBe(alpha.identity);
    expect(decoded.authorizedWithdrawer).toBe(alpha.withdrawer);
    expect(decoded.commission).toBe(alpha.commission);
    expect(decoded.votes).toHaveLength(31);
  });

  it('the wire forms: base64 as [text, "base64"], base64+zstd as a zstd frame, jsonParsed parsed', async () => {
    const base64 = value(await call('getAccountInfo', [alpha.vote, { encoding: 'base64' }]));
    expect(base64.owner).toBe('Vote111111111111111111111111111111111111111');
    const [text, label] = base64.data as [string, string];
    expect(label).toBe('base64');
    const bytes = new Uint8Array(Buffer.from(text, 'base64'));
    expect(bytes.slice(0, 4)).toEqual(Uint8Array.from([2, 0, 0, 0])); // V3
    const zstd = value(await call('getAccountInfo', [alpha.vote, { encoding: 'base64+zstd' }])).data as [
      string,
      string,
    ];
    expect(zstd[1]).toBe('base64+zstd');
    const frame = Buffer.from(zstd[0], 'base64');
    expect(frame.length).toBeLessThan(bytes.length / 2);
    await loadZstd();
    expect(decompressZstd(new Uint8Array(frame), 1 << 20)).toEqual(bytes);
    const parsed = value(await call('getAccountInfo', [alpha.vote, { encoding: 'jsonParsed' }])).data as {
      program: string;
    };
    expect(parsed.program).toBe('vote');
  });

  it('refuses base58 for 3762 bytes as agave does (-32600), and the client hints at base64', async () => {
    for (const encoding of ['base58', undefined]) {
      const answer = await call('getAccountInfo', [alpha.vote, encoding ? { encoding } : {}]);
      expect(answer.error).toEqual({
        code: -32600,
        message: 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      });
    }
    const error = await createRpc(cluster.url)
      .getAccountInfo(alpha.vote, { encoding: 'base58' })
      .catch((e: unknown) => e);
    expect(isSolRpcError(error, 'RpcError') && error.code).toBe(-32600);
    expect(isSolRpcError(error) && error.hint).toMatch(/base64/);
  });

  it('honours dataSlice in every binary encoding; base58 once the slice is 128 bytes or less', async () => {
    const rpc = createRpc(cluster.url);
    const whole = (await rpc.getAccountInfo(alpha.vote)).value?.data as Uint8Array;
    const dataSlice = { offset: 4, length: 64 };
    for (const encoding of ['base64', 'base64+zstd', 'base58'] as const) {
      const { value: account } = await rpc.getAccountInfo(alpha.vote, { encoding, dataSlice });
      expect(account?.data).toEqual(whole.slice(4, 68));
      expect(account?.space).toBe(3762);
    }
    // The first 32 bytes after the version tag are the validator identity.
    const identity = value(
      await call('getAccountInfo', [alpha.vote, { encoding: 'base58', dataSlice: { offset: 4, length: 32 } }]),
    );
    expect(identity.data).toEqual([alpha.identity, 'base58']);
    const past = await rpc.getAccountInfo(alpha.vote, { encoding: 'base64', dataSlice: { offset: 5000, length: 10 } });
    expect(past.value?.data).toEqual(new Uint8Array(0));
    // jsonParsed ignores the slice for data agave parses.
    const parsed = value(await call('getAccountInfo', [alpha.vote, { encoding: 'jsonParsed', dataSlice }]));
    expect((parsed.data as { program: string }).program).toBe('vote');
  });
});

describe('the other simulated accounts, in every encoding', () => {
  it('the token account: bytes in base58, base64 and base64+zstd alike; jsonParsed parsed', async () => {
    const rpc = createRpc(cluster.url);
    const base64 = (await rpc.getAccountInfo(SIMULATION.tokenAccount, { encoding: 'base64' })).value?.data;
    expect(base64?.length).toBe(165);
    const zstd = (await rpc.getAccountInfo(SIMULATION.tokenAccount, { encoding: 'base64+zstd' })).value?.data;
    expect(zstd).toEqual(base64);
    const base58 = value(
      await call('getAccountInfo', [
        SIMULATION.tokenAccount,
        { encoding: 'base58', dataSlice: { offset: 0, length: 32 } },
      ]),
    );
    expect(base58.data).toEqual([SIMULATION.mint, 'base58']);
    const parsed = await rpc.getAccountInfo(SIMULATION.tokenAccount, { encoding: 'jsonParsed' });
    expect((parsed.value as { data: { program: string } }).data.program).toBe('spl-token');
  });

  it('the timely-vote-credits feature: agave does not parse it, so jsonParsed gives base64', async () => {
    const feature = 'tvcF6b1TRz353zKuhBjinZkKzjmihXmBAHJdjNYw1sQ';
    const parsed = value(await call('getAccountInfo', [feature, { encoding: 'jsonParsed' }]));
    expect((parsed.data as [string, string])[1]).toBe('base64');
    const base58 = value(await call('getAccountInfo', [feature, { encoding: 'base58' }]));
    expect(decodeBase58((base58.data as [string, string])[0], 9)?.[0]).toBe(1);
  });

  it('an unknown address is null in every encoding', async () => {
    for (const encoding of ['base58', 'base64', 'base64+zstd', 'jsonParsed']) {
      expect(value(await call('getAccountInfo', [simulatedAddress('nobody'), { encoding }]))).toBeNull();
    }
  });
});

describe('zstdFrame', () => {
  it('makes frames the decoder reads back: empty, short, long runs, over one block', async () => {
    await loadZstd();
    const samples = [
      new Uint8Array(0),
      Uint8Array.from([1, 2, 3]),
      new Uint8Array(3762),
      Uint8Array.from({ length: 300_000 }, (_, i) => (i % 7 === 0 ? i & 0xff : 0)),
      new Uint8Array(200_000).fill(9),
    ];
    for (const sample of samples) {
      // Buffer.equals: a deep toEqual of 300,000 elements takes seconds.
      expect(Buffer.from(decompressZstd(zstdFrame(sample), 1 << 20)).equals(sample)).toBe(true);
    }
  });
});

describe('getMultipleAccounts on the simulated cluster', () => {
  it('answers each address as getAccountInfo does, null where none exists, in order; 250 are split', async () => {
    const rpc = createRpc(cluster.url);
    const nobody = '11111111111111111111111111111112';
    const { value } = await rpc.getMultipleAccounts([alpha.vote, nobody, alpha.vote]);
    const single = (await rpc.getAccountInfo(alpha.vote)).value;
    expect(value).toStrictEqual([single, null, single]);
    // More than agave's 100: the client splits, and the cluster refuses what agave would refuse.
    const many = await rpc.getMultipleAccounts(Array.from({ length: 250 }, () => nobody));
    expect(many.value).toHaveLength(250);
    const refused = await call('getMultipleAccounts', [Array.from({ length: 101 }, () => nobody)]);
    expect(refused.error).toStrictEqual({ code: -32602, message: 'Too many inputs provided; max 100' });
  });
});

describe('getProgramAccounts on the simulated cluster', () => {
  const VOTE_PROGRAM = 'Vote111111111111111111111111111111111111111';

  it("finds every vote account, and with a memcmp on the node identity (offset 4) only that validator's", async () => {
    const rpc = createRpc(cluster.url);
    const all = await rpc.getProgramAccounts(VOTE_PROGRAM);
    expect(all.map((a) => a.pubkey).sort()).toStrictEqual(SIMULATION.validators.map((v) => v.vote).sort());
    const mine = await rpc.getProgramAccounts(VOTE_PROGRAM, {
      filters: [{ memcmp: { offset: 4, bytes: alpha.identity } }],
      withContext: true,
    });
    expect(mine.value.map((a) => a.pubkey)).toStrictEqual([alpha.vote]);
    expect(mine.value[0]?.account.data).toStrictEqual((await rpc.getAccountInfo(alpha.vote)).value?.data);
    const none = await rpc.getProgramAccounts(VOTE_PROGRAM, { filters: [{ dataSize: 1 }] });
    expect(none).toStrictEqual([]);
  });
});
