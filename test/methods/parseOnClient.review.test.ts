/**
 * Hostile review of issue 33's `parseOnClient`: a server that answers the mint reads badly (too few
 * accounts, an older slot than asked, an error) and a scan whose token accounts need 250 distinct mints.
 * The node's own jsonParsed never shows a token account as bytes because a mint read went wrong; the
 * client should fail the call rather than give bytes the node would not have given.
 */
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { createRpc, streamProgramAccounts } from '../../src/index.js';
import { zstdFrame } from '../../src/testing/zstdFrame.js';
import { calls, mockRpc, RPC_URL, reply, useMswServer } from '../msw/server.js';

useMswServer();

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const CLOCK = 'SysvarC1ock11111111111111111111111111111111';
const OWNER = bs58.encode(new Uint8Array(32).fill(3));

/** Mint `i`'s address: 32 bytes of its index, never all zero. */
const mintAddress = (i: number) => {
  const key = new Uint8Array(32).fill(9);
  key[0] = i & 0xff;
  key[1] = i >> 8;
  return bs58.encode(key);
};
/** An initialized token account of mint `i`, holding 1234 base units. */
function tokenAccount(i: number): Uint8Array {
  const bytes = new Uint8Array(165);
  bytes.set(bs58.decode(mintAddress(i)), 0);
  bytes.set(bs58.decode(OWNER), 32);
  new DataView(bytes.buffer).setBigUint64(64, 1234n, true);
  bytes[108] = 1;
  return bytes;
}
/** An initialized mint with `decimals`. */
function mint(decimals: number): Uint8Array {
  const bytes = new Uint8Array(82);
  bytes[44] = decimals;
  bytes[45] = 1;
  return bytes;
}
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const wire = (owner: string, data: Uint8Array, zstd: boolean) => ({
  data: zstd ? [b64(zstdFrame(data)), 'base64+zstd'] : [b64(data), 'base64'],
  executable: false,
  lamports: 2039280,
  owner,
  rentEpoch: 0,
  space: data.length,
});
/** getMultipleAccounts' answer for the mints and the clock: mint `i` has `i % 10` decimals. */
const mintsFor = (addresses: string[]) =>
  addresses.map((address) => {
    if (address === CLOCK) return wire('Sysvar1111111111111111111111111111111111111', new Uint8Array(40), false);
    const key = bs58.decode(address);
    return wire(TOKEN, mint((key[0]! | (key[1]! << 8)) % 10), false);
  });
const scan = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    pubkey: bs58.encode(new Uint8Array(32).fill(200).map((b, j) => (j === 0 ? i & 0xff : j === 1 ? i >> 8 : b))),
    account: wire(TOKEN, tokenAccount(i), true),
  }));

describe('parseOnClient against a hostile server', () => {
  it('250 token accounts of 250 distinct mints: no read asks for more than 100 accounts, every one parsed', async () => {
    mockRpc({
      getProgramAccounts: () => reply.result({ context: { slot: 700 }, value: scan(250) }),
      getMultipleAccounts: ({ params }) => {
        const addresses = params[0] as string[];
        if (addresses.length > 100) return reply.error(-32602, 'Too many inputs provided; max 100');
        return reply.result({ context: { slot: 700 }, value: mintsFor(addresses) });
      },
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    const result = (await rpc.getProgramAccounts(TOKEN, {
      encoding: 'jsonParsed',
      parseOnClient: true,
      withContext: true,
    })) as { value: { account: { data: { parsed: { info: { tokenAmount: { decimals: number } } } } } }[] };
    expect(result.value).toHaveLength(250);
    result.value.forEach(({ account }, i) => {
      expect(account.data.parsed.info.tokenAmount.decimals).toBe(i % 10);
    });
    for (const call of calls.filter(({ method }) => method === 'getMultipleAccounts')) {
      expect((call.params[0] as string[]).length).toBeLessThanOrEqual(100);
    }
  });

  it('a mint read that fails fails the call (never the token accounts silently left as bytes)', async () => {
    mockRpc({
      getProgramAccounts: () => reply.result({ context: { slot: 700 }, value: scan(3) }),
      getMultipleAccounts: () => reply.error(-32005, 'Node is behind by 50 slots'),
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    await expect(
      rpc.getProgramAccounts(TOKEN, { encoding: 'jsonParsed', parseOnClient: true, withContext: true }),
    ).rejects.toThrow();
  });

  it('mints answered with fewer accounts than asked: refused, not shown as bytes', async () => {
    mockRpc({
      getProgramAccounts: () => reply.result({ context: { slot: 700 }, value: scan(3) }),
      // Three mints and the clock asked; one account answered.
      getMultipleAccounts: ({ params }) =>
        reply.result({ context: { slot: 700 }, value: mintsFor((params[0] as string[]).slice(0, 1)) }),
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    await expect(
      rpc.getProgramAccounts(TOKEN, { encoding: 'jsonParsed', parseOnClient: true, withContext: true }),
    ).rejects.toThrow();
  });

  it('mints answered at a slot older than the accounts’ (minContextSlot ignored): refused', async () => {
    mockRpc({
      getProgramAccounts: () => reply.result({ context: { slot: 700 }, value: scan(3) }),
      getMultipleAccounts: ({ params }) =>
        reply.result({ context: { slot: 600 }, value: mintsFor(params[0] as string[]) }),
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    await expect(
      rpc.getProgramAccounts(TOKEN, { encoding: 'jsonParsed', parseOnClient: true, withContext: true }),
    ).rejects.toThrow();
  });

  it('getProgramAccounts of a token program: accounts agave cannot parse are left out, as get_parsed_token_accounts does', async () => {
    // agave's getProgramAccounts (and getTokenAccountsBy*, programSubscribe) with jsonParsed under a token
    // program keeps only the accounts that parse (`filter_map` on UiAccountData::Json): an uninitialized
    // token account, or one whose mint the bank has not got, is not in the answer at all.
    const [good, orphan, uninitialized] = scan(3);
    uninitialized!.account = wire(TOKEN, new Uint8Array(165), true);
    mockRpc({
      getProgramAccounts: () => reply.result({ context: { slot: 700 }, value: [good, orphan, uninitialized] }),
      getMultipleAccounts: ({ params }) =>
        reply.result({
          context: { slot: 700 },
          value: (params[0] as string[]).map((address) =>
            address === mintAddress(1) ? null : (mintsFor([address])[0] ?? null),
          ),
        }),
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    const result = (await rpc.getProgramAccounts(TOKEN, {
      encoding: 'jsonParsed',
      parseOnClient: true,
      withContext: true,
    })) as { value: { pubkey: string }[] };
    expect(result.value.map(({ pubkey }) => pubkey)).toEqual([good!.pubkey]);
  });

  it('getProgramAccounts: a wrapped SOL account is parsed with 9 decimals without reading the native mint', async () => {
    // agave's get_mint_owner_and_additional_data answers the native mint's 9 decimals itself.
    const bytes = tokenAccount(0);
    bytes.set(bs58.decode('So11111111111111111111111111111111111111112'), 0);
    bytes[109] = 1; // is_native: Some(2039280), the COption after the state byte at 108
    new DataView(bytes.buffer).setBigUint64(113, 2039280n, true);
    mockRpc({
      getProgramAccounts: () =>
        reply.result({ context: { slot: 700 }, value: [{ pubkey: OWNER, account: wire(TOKEN, bytes, true) }] }),
      // A node (or a local cluster) without the native mint account.
      getMultipleAccounts: ({ params }) =>
        reply.result({
          context: { slot: 700 },
          value: (params[0] as string[]).map((address) => (address === CLOCK ? mintsFor([CLOCK])[0] : null)),
        }),
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    const result = (await rpc.getProgramAccounts(TOKEN, {
      encoding: 'jsonParsed',
      parseOnClient: true,
      withContext: true,
    })) as { value: { account: { data: unknown } }[] };
    expect(result.value[0]!.account.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'account', info: { isNative: true, tokenAmount: { decimals: 9, amount: '1234' } } },
    });
  });

  it('getAccountInfo: a mint the node has not got (null) leaves the token account as bytes, as the node does', async () => {
    mockRpc({
      getAccountInfo: () => reply.result({ context: { slot: 700 }, value: scan(1)[0]!.account }),
      getMultipleAccounts: ({ params }) =>
        reply.result({
          context: { slot: 700 },
          value: (params[0] as string[]).map((address) => (address === CLOCK ? mintsFor([CLOCK])[0] : null)),
        }),
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    const result = await rpc.getAccountInfo(OWNER, { encoding: 'jsonParsed', parseOnClient: true });
    expect(result.value!.data).toStrictEqual(tokenAccount(0));
  });

  it('the mint read keeps the call’s deadline: a slow getMultipleAccounts times the whole call out', async () => {
    mockRpc({
      getAccountInfo: async () => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return reply.result({ context: { slot: 700 }, value: scan(1)[0]!.account });
      },
      getMultipleAccounts: async ({ params }) => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        return reply.result({ context: { slot: 700 }, value: mintsFor(params[0] as string[]) });
      },
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    const started = Date.now();
    await expect(
      rpc.getAccountInfo(OWNER, { encoding: 'jsonParsed', parseOnClient: true, timeoutMs: 400 }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('an interest-bearing mint with the clock answered null: refused, not shown as bytes', async () => {
    // The node always has its bank's clock; a server without one cannot give the amounts jsonParsed shows.
    const interest = new Uint8Array(166 + 4 + 52);
    interest.set(mint(2), 0);
    interest[165] = 1;
    new DataView(interest.buffer).setUint16(166, 10, true);
    new DataView(interest.buffer).setUint16(168, 52, true);
    mockRpc({
      getAccountInfo: () => reply.result({ context: { slot: 700 }, value: scan(1)[0]!.account }),
      getMultipleAccounts: ({ params }) =>
        reply.result({
          context: { slot: 700 },
          value: (params[0] as string[]).map((address) =>
            address === CLOCK ? null : wire('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', interest, false),
          ),
        }),
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    await expect(rpc.getAccountInfo(OWNER, { encoding: 'jsonParsed', parseOnClient: true })).rejects.toThrow();
  });

  it('streamProgramAccounts of a token program: an uninitialized token account is left out, as the node does', async () => {
    const [good, , uninitialized] = scan(3);
    uninitialized!.account = wire(TOKEN, new Uint8Array(165), false);
    mockRpc({
      getProgramAccountsV2: reply.error(-32601, 'Method not found'),
      getProgramAccounts: () => reply.result([good, uninitialized]),
      getMultipleAccounts: ({ params }) =>
        reply.result({ context: { slot: 700 }, value: mintsFor(params[0] as string[]) }),
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    const seen: string[] = [];
    for await (const item of streamProgramAccounts(rpc, TOKEN, { encoding: 'jsonParsed', parseOnClient: true })) {
      seen.push(item.pubkey);
    }
    expect(seen).toEqual([good!.pubkey]);
  });
});
