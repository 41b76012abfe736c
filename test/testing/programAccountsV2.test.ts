/**
 * The test cluster's getProgramAccountsV2, a provider's extension served only with `providerMethods`:
 * off by default (-32601, as on an agave node); its pages walk the program's accounts in pubkey byte
 * order, each exactly once, encoded as getProgramAccounts encodes them; filters apply after paging, so a
 * page may be short with more to come, and only a null paginationKey ends the walk; a key from another
 * program or none at all, a limit outside 1..10,000 and a bad changedSinceSlot are refused with -32602;
 * withContext wraps the page in the bank's context; changedSinceSlot keeps what was written since; the
 * msw handlers take the option too. And the scanLimit fault: -32012 for a scan listing too many accounts.
 */
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSolRpcError } from '../../src/index.js';
import { testClusterHandlers } from '../../src/testing/msw.js';
import { type SimulatedCluster, simulatedAddress, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import { decodeAddress } from '../../src/testing/simulatedLedger.js';
import { rawCall } from './ledgerKit.js';

const NOW = 1_754_900_754_000;
const PROGRAM = simulatedAddress('v2-test/program');
const OTHER_PROGRAM = simulatedAddress('v2-test/other-program');
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const COUNT = 30;

/** 30 accounts of PROGRAM: every third 10 bytes long, the others 20; and two of another program. */
const ACCOUNTS = Object.fromEntries([
  ...Array.from({ length: COUNT }, (_, i) => [
    simulatedAddress(`v2-test/account/${i}`),
    { lamports: 1_000 + i, owner: PROGRAM, data: new Uint8Array(i % 3 === 0 ? 10 : 20).fill(i) },
  ]),
  ...[0, 1].map((i) => [simulatedAddress(`v2-test/other/${i}`), { lamports: 5, owner: OTHER_PROGRAM }]),
]);

interface Listed {
  pubkey: string;
  account: Record<string, unknown>;
}
interface Page {
  accounts: Listed[];
  paginationKey: string | null;
  totalResults?: number;
}

const clock = { ms: NOW };
let cluster: SimulatedCluster;
let plain: SimulatedCluster;

beforeAll(async () => {
  [cluster, plain] = await Promise.all([
    startSimulatedCluster({ now: () => clock.ms, accounts: ACCOUNTS, providerMethods: ['getProgramAccountsV2'] }),
    startSimulatedCluster({ now: () => NOW, accounts: ACCOUNTS }),
  ]);
});
afterAll(async () => {
  await Promise.all([cluster.close(), plain.close()]);
});

async function call(method: string, params: unknown[], on = cluster) {
  const body = await rawCall(on.url, method, params);
  return body as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
}

async function page(program: string, config: Record<string, unknown>): Promise<Page> {
  const { result, error } = await call('getProgramAccountsV2', [program, config]);
  if (error) throw new Error(`refused: ${error.code} ${error.message}`);
  return result as Page;
}

/** Every page from the first, in order. */
async function walk(program: string, config: Record<string, unknown>): Promise<Page[]> {
  const pages: Page[] = [];
  let paginationKey: string | null | undefined;
  do {
    const next = await page(program, paginationKey ? { ...config, paginationKey } : config);
    pages.push(next);
    paginationKey = next.paginationKey;
  } while (paginationKey !== null && pages.length < 100);
  return pages;
}

const byPubkey = (list: Listed[]) => [...list].sort((a, b) => a.pubkey.localeCompare(b.pubkey));
/** A pubkey's bytes as hex, which sorts as the bytes do. */
const keyHex = (pubkey: string) => Buffer.from(decodeAddress(pubkey)).toString('hex');

describe('off by default, as on an agave node', () => {
  it('answers -32601 Method not found without providerMethods', async () => {
    expect((await call('getProgramAccountsV2', [PROGRAM], plain)).error).toEqual({
      code: -32601,
      message: 'Method not found',
    });
    // getProgramAccounts itself is served either way.
    expect((await call('getProgramAccounts', [PROGRAM], plain)).result).toHaveLength(COUNT);
  });

  it('providerMethods names only what the cluster can serve, the near name suggested', async () => {
    const refused = await startSimulatedCluster({ providerMethods: ['getProgramAccountV2' as never] }).catch(
      (error: unknown) => error,
    );
    expect(isSolRpcError(refused, 'InvalidInputError')).toBe(true);
    expect((refused as { param: string }).param).toBe('options.providerMethods[0]');
    expect((refused as Error).message).toContain('getProgramAccountsV2');
  });
});

describe('paging', () => {
  it('covers every account exactly once, in pubkey byte order, encoded as getProgramAccounts encodes it', async () => {
    const config = { encoding: 'base64', dataSlice: { offset: 2, length: 5 }, limit: 7 };
    const pages = await walk(PROGRAM, config);
    expect(pages.map((p) => p.accounts.length)).toEqual([7, 7, 7, 7, 2]);
    expect(pages.slice(0, -1).every((p) => typeof p.paginationKey === 'string')).toBe(true);
    expect(pages.at(-1)?.paginationKey).toBeNull();
    const listed = pages.flatMap((p) => p.accounts);
    const keys = listed.map((a) => keyHex(a.pubkey));
    expect(keys).toEqual([...keys].sort());
    expect(new Set(listed.map((a) => a.pubkey)).size).toBe(COUNT);
    const whole = (await call('getProgramAccounts', [PROGRAM, { encoding: 'base64', dataSlice: config.dataSlice }]))
      .result as Listed[];
    expect(byPubkey(listed)).toEqual(byPubkey(whole));
    expect(pages[0]?.totalResults).toBe(COUNT);
  });

  it('a limit of exactly what remains ends with a null key; the default page takes all 30', async () => {
    const pages = await walk(PROGRAM, { limit: 15 });
    expect(pages.map((p) => [p.accounts.length, p.paginationKey === null])).toEqual([
      [15, false],
      [15, true],
    ]);
    expect((await page(PROGRAM, {})).accounts).toHaveLength(COUNT);
  });

  it('filters shrink pages without ending the walk: only a null key ends it', async () => {
    const pages = await walk(PROGRAM, { encoding: 'base64', filters: [{ dataSize: 10 }], limit: 7 });
    expect(pages).toHaveLength(5);
    expect(pages.slice(0, -1).some((p) => p.accounts.length < 7 && p.paginationKey !== null)).toBe(true);
    const listed = pages.flatMap((p) => p.accounts);
    expect(listed).toHaveLength(COUNT / 3);
    const whole = (await call('getProgramAccounts', [PROGRAM, { encoding: 'base64', filters: [{ dataSize: 10 }] }]))
      .result as Listed[];
    expect(byPubkey(listed)).toEqual(byPubkey(whole));
    expect(pages[0]?.totalResults).toBe(COUNT / 3);
  });

  it('withContext: the page inside the bank’s context, without totalResults', async () => {
    const { result } = await call('getProgramAccountsV2', [PROGRAM, { withContext: true, limit: 3 }]);
    const { context, value } = result as { context: { slot: number; apiVersion: string }; value: Page };
    expect(context.slot).toBe(cluster.slot() - 32);
    expect(typeof context.apiVersion).toBe('string');
    expect(Object.keys(value).sort()).toEqual(['accounts', 'paginationKey']);
    expect(value.accounts).toHaveLength(3);
  });

  it('minContextSlot ahead of the bank: -32016 with its slot', async () => {
    const { error } = await call('getProgramAccountsV2', [
      PROGRAM,
      { commitment: 'processed', minContextSlot: cluster.slot() + 1 },
    ]);
    expect(error).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: cluster.slot() },
    });
  });
});

describe('-32602 for what no provider takes', () => {
  it.each([
    ['0', 0],
    ['10,001', 10_001],
    ['a fraction', 1.5],
    ['text', '5'],
  ])('a limit of %s', async (_name, limit) => {
    const { error } = await call('getProgramAccountsV2', [PROGRAM, { limit }]);
    expect(error?.code).toBe(-32602);
    expect(error?.message).toMatch(/limit must be a whole number from 1 to 10000/);
  });

  it('10,000 is the largest page taken', async () => {
    expect((await page(PROGRAM, { limit: 10_000 })).accounts).toHaveLength(COUNT);
  });

  it('a paginationKey from another program, or one no node gave', async () => {
    const { paginationKey } = await page(PROGRAM, { limit: 2 });
    expect(typeof paginationKey).toBe('string');
    for (const key of [paginationKey, 'garbage!', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 42]) {
      const { error } = await call('getProgramAccountsV2', [OTHER_PROGRAM, { paginationKey: key }]);
      expect(error?.code, String(key)).toBe(-32602);
      expect(error?.message).toMatch(/paginationKey is not one this node gave for this program/);
    }
  });

  it('a changedSinceSlot that is no slot', async () => {
    const { error } = await call('getProgramAccountsV2', [PROGRAM, { changedSinceSlot: -1 }]);
    expect(error?.code).toBe(-32602);
    expect(error?.message).toMatch(/changedSinceSlot/);
  });
});

describe('changedSinceSlot', () => {
  it('keeps the accounts written at or after the slot; what the cluster started with counts as written at 0', async () => {
    const recipient = simulatedAddress('v2-test/airdrop-recipient');
    const { error } = await call('requestAirdrop', [recipient, 1_000_000]);
    expect(error).toBeUndefined();
    const sent = cluster.slot();
    clock.ms += 2 * 400;
    const since = async (changedSinceSlot: number) =>
      (await walk(SYSTEM_PROGRAM, { commitment: 'processed', changedSinceSlot, limit: 50 }))
        .flatMap((p) => p.accounts)
        .map((a) => a.pubkey);
    const recent = await since(sent);
    expect(recent).toContain(recipient);
    expect(recent.length).toBeLessThanOrEqual(2); // the recipient, and the faucet it was paid from
    expect(await since(cluster.slot() + 1)).toEqual([]);
    const all = await since(0);
    expect(all).toContain(recipient);
    expect(all.length).toBeGreaterThan(recent.length);
  });
});

describe('faults', () => {
  it('a fault may be scoped to it', async () => {
    const cut = cluster.fault('cutShort', { methods: ['getProgramAccountsV2'], count: 1 });
    const response = await fetch(cluster.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getProgramAccountsV2', params: [PROGRAM] }),
    });
    await expect(response.json()).rejects.toThrow();
    expect(cut.hits).toBe(1);
  });
});

describe('the scanLimit fault', () => {
  it('refuses a getProgramAccounts listing more than maxAccounts with -32012, answers a smaller one, never refuses a V2 page', async () => {
    const limit = cluster.fault('scanLimit', { maxAccounts: COUNT - 1, count: 2 });
    try {
      const refused = await call('getProgramAccounts', [PROGRAM, { withContext: true }]);
      expect(refused.error?.code).toBe(-32012);
      expect(refused.error?.message).toMatch(/more than 29 accounts/);
      const filtered = await call('getProgramAccounts', [PROGRAM, { filters: [{ dataSize: 20 }] }]);
      expect(filtered.result).toHaveLength(20);
      expect((await page(PROGRAM, { limit: 10_000 })).accounts).toHaveLength(COUNT);
      // A scan under the limit is answered.
      expect((await call('getProgramAccounts', [OTHER_PROGRAM])).result).toHaveLength(2);
      expect(limit.hits).toBe(1);
      expect((await call('getProgramAccounts', [PROGRAM])).error?.code).toBe(-32012);
      // Its count spent, the full scan is answered again.
      expect(limit.cleared).toBe(true);
      expect((await call('getProgramAccounts', [PROGRAM])).result).toHaveLength(COUNT);
    } finally {
      limit.clear();
    }
  });

  it('takes methods among the scans, and refuses a missing maxAccounts', () => {
    expect(() => cluster.fault('scanLimit', {} as never)).toThrow(/options\.maxAccounts/);
    cluster.fault('scanLimit', { maxAccounts: 0, methods: ['getTokenAccountsByOwner'] }).clear();
  });
});

describe('the msw handlers', () => {
  it('take providerMethods too, and refuse the method without it', async () => {
    const ask = async (handlers: ReturnType<typeof testClusterHandlers>) => {
      const request = new Request(handlers.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'getProgramAccountsV2',
          params: [PROGRAM, { limit: 4 }],
        }),
      });
      return (await (await getResponse(handlers.handlers, request))?.json()) as { result?: Page; error?: unknown };
    };
    const served = await ask(testClusterHandlers({ accounts: ACCOUNTS, providerMethods: ['getProgramAccountsV2'] }));
    expect(served.result?.accounts).toHaveLength(4);
    expect(typeof served.result?.paginationKey).toBe('string');
    expect((await ask(testClusterHandlers({ accounts: ACCOUNTS }))).error).toEqual({
      code: -32601,
      message: 'Method not found',
    });
  });
});
