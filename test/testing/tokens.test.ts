/**
 * The test cluster's token mint and token accounts agree, as on a node: every token account it serves
 * points at a mint that exists (the 82-byte SPL Mint layout, owned by the Token program), getTokenSupply
 * is the mint's supply, and the accounts' amounts add up to it; the decimals recipe of
 * docs/decoding-token-accounts.md works offline against it; a mint that is not one is refused in agave's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, decodeMint, decodeTokenAccount, type Rpc } from '../../src/index.js';
import { SIMULATION, type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import { rawCall } from './ledgerKit.js';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
let cluster: SimulatedCluster;
let rpc: Rpc;

beforeAll(async () => {
  cluster = await startSimulatedCluster({ now: () => 1_754_900_754_000 });
  rpc = createRpc(cluster.url, { retry: false, timeoutMs: 10_000 });
});
afterAll(async () => {
  await cluster.close();
});

describe('the mint', () => {
  it('exists: 82 bytes in the SPL Mint layout, owned by the Token program, rent-exempt', async () => {
    const { value } = await rpc.getAccountInfo(SIMULATION.mint);
    expect(value?.owner).toBe(TOKEN_PROGRAM);
    expect(value?.data).toHaveLength(82);
    expect(value?.lamports).toBe(await rpc.getMinimumBalanceForRentExemption(82));
    const mint = decodeMint(value?.data as Uint8Array);
    expect(mint).toMatchObject({ decimals: 6, isInitialized: true, freezeAuthority: null });
    const supply = await rpc.getTokenSupply(SIMULATION.mint);
    expect(supply.value.amount).toBe(String(mint.supply));
    expect(supply.value.decimals).toBe(6);
  });

  it('jsonParsed shows it as agave parses a mint', async () => {
    const body = await rawCall(cluster.url, 'getAccountInfo', [SIMULATION.mint, { encoding: 'jsonParsed' }]);
    const { data } = (body.result as { value: { data: { parsed: { type: string; info: unknown } } } }).value;
    expect(data.parsed.type).toBe('mint');
    expect(data.parsed.info).toMatchObject({ decimals: 6, isInitialized: true, freezeAuthority: null });
  });
});

describe('every token account agrees with its mint', () => {
  it('each one the cluster serves points at a mint that exists; their amounts add up to its supply', async () => {
    const accounts = await rpc.getProgramAccounts(TOKEN_PROGRAM, { filters: [{ dataSize: 165 }] });
    expect(accounts.length).toBeGreaterThan(0);
    const sums = new Map<string, bigint>();
    for (const { account } of accounts) {
      const raw = decodeTokenAccount(account.data as Uint8Array);
      sums.set(raw.mint, (sums.get(raw.mint) ?? 0n) + BigInt(raw.tokenAmount.amount));
    }
    for (const [mint, sum] of sums) {
      const { value } = await rpc.getAccountInfo(mint);
      expect(value, `mint ${mint}`).not.toBeNull();
      expect((await rpc.getTokenSupply(mint)).value.amount).toBe(String(sum));
      const largest = await rpc.getTokenLargestAccounts(mint);
      expect(largest.value.reduce((total, a) => total + BigInt(a.amount), 0n)).toBe(sum);
    }
  });

  it('the recipe of docs/decoding-token-accounts.md: the decimals read from the mint', async () => {
    const { value: account } = await rpc.getAccountInfo(SIMULATION.tokenAccount);
    const raw = decodeTokenAccount(account?.data as Uint8Array);
    const { value: mintAccount } = await rpc.getAccountInfo(raw.mint);
    const { decimals } = decodeMint(mintAccount?.data as Uint8Array);
    const info = decodeTokenAccount(account?.data as Uint8Array, { decimals });
    const balance = await rpc.getTokenAccountBalance(SIMULATION.tokenAccount);
    expect(info.tokenAmount).toEqual(balance.value);
    expect(info.tokenAmount.uiAmountString).toBe('48.2');
  });
});

describe('refusals in agave’s words', () => {
  it.each([
    ['getTokenSupply', SIMULATION.wallet.address, 'Invalid param: not a Token mint'],
    ['getTokenSupply', 'AA44dQUExG3y819jVTbx3o1Z6Mg1SQ9wzvsq88Au7kzj', 'Invalid param: could not find account'],
    ['getTokenLargestAccounts', 'AA44dQUExG3y819jVTbx3o1Z6Mg1SQ9wzvsq88Au7kzj', 'Invalid param: could not find mint'],
    [
      'getTokenLargestAccounts',
      'Vote111111111111111111111111111111111111111',
      'Invalid param: Token mint could not be unpacked',
    ],
    ['getTokenAccountBalance', SIMULATION.wallet.address, 'Invalid param: not a Token account'],
  ])('%s(%s): %s', async (method, address, message) => {
    expect((await rawCall(cluster.url, method, [address])).error).toEqual({ code: -32602, message });
  });
});
