/**
 * `parseOnClient`: the account reads ask for bytes (base64+zstd for named accounts, base64 for a
 * program's accounts) and give what the node's jsonParsed would have given. The expected objects are agave's own jsonParsed views of the same accounts (conformance cases
 * whose binary and parsed views are of one account), never this project's parser run twice.
 */
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/codecs/json.js';
import { createRpc, streamProgramAccounts } from '../../src/index.js';
import { resultTextOf } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, reply, useMswServer } from '../msw/server.js';

useMswServer();

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SYSTEM = '11111111111111111111111111111111';
const CLOCK = 'SysvarC1ock11111111111111111111111111111111';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const TOKEN_ACCOUNT = '3dhnhWNSTLVv3x9vEL87PLT2DaWJouBa7GdmegYqSqbE';
const NONCE_ACCOUNT = '3w8Qga6Tca9bL5yMYYhzNUpiPhhcFJVSgxnJB4SsmoS2';
const WALLET = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const U64_MAX = 18446744073709551615n;

/** `value` of a conformance case's result, read by the exact parser as any answer is. */
const caseValue = (name: string) => (parseJson(resultTextOf(name)) as { value: Record<string, unknown> }).value;
/** The account data of a case as bytes (base64, base58). */
function bytesOf(name: string): Uint8Array {
  const [text, encoding] = caseValue(name).data as [string, string];
  return encoding === 'base58' ? bs58.decode(text) : new Uint8Array(Buffer.from(text, 'base64'));
}

const tokenBytes = bytesOf('conformance/getAccountInfo.base64.token-account');
const tokenZstd = (caseValue('conformance/getAccountInfo.base64zstd.token-account').data as string[])[0] as string;
const tokenParsed = caseValue('conformance/getAccountInfo.jsonParsed.token-account').data;
const nonceBytes = bytesOf('conformance/getAccountInfo.base58.nonce-account');
const nonceParsed = caseValue('conformance/getAccountInfo.jsonParsed.nonce-account').data;

/** An SPL mint: no authorities, the given decimals, initialized. */
function mintBytes(decimals: number): Uint8Array {
  const bytes = new Uint8Array(82);
  bytes[44] = decimals;
  bytes[45] = 1;
  return bytes;
}
/** The Clock sysvar: slot, epoch start timestamp, epoch, leader schedule epoch, unix timestamp. */
function clockBytes(unixTimestamp: bigint): Uint8Array {
  const bytes = new Uint8Array(40);
  new DataView(bytes.buffer).setBigInt64(32, unixTimestamp, true);
  return bytes;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const wireAccount = (owner: string, data: [string, string], space: number) => ({
  data,
  executable: false,
  lamports: 2039280,
  owner,
  rentEpoch: U64_MAX,
  space,
});
const account = (owner: string, data: unknown, space: number) => ({
  data,
  executable: false,
  lamports: 2039280n,
  owner,
  rentEpoch: U64_MAX,
  space,
});

/** Answers getMultipleAccounts for mints (and the clock) from a table; `null` for anything else. */
function mintAnswer(table: Record<string, Uint8Array>) {
  return (addresses: string[]) =>
    addresses.map((address) => {
      const bytes = table[address];
      return bytes
        ? wireAccount(
            address === CLOCK ? 'Sysvar1111111111111111111111111111111111111' : TOKEN,
            [b64(bytes), 'base64'],
            bytes.length,
          )
        : null;
    });
}

describe('parseOnClient', () => {
  it('getAccountInfo: asks for base64+zstd, reads the mint and the clock at the slot, gives agave’s jsonParsed', async () => {
    const mints = mintAnswer({ [USDC]: mintBytes(6), [CLOCK]: clockBytes(1_700_000_000n) });
    mockRpc({
      getAccountInfo: () =>
        reply.result({ context: { slot: 900 }, value: wireAccount(TOKEN, [tokenZstd, 'base64+zstd'], 165) }),
      getMultipleAccounts: ({ params }) =>
        reply.result({ context: { slot: 901 }, value: mints(params[0] as string[]) }),
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    const result = await rpc.getAccountInfo(TOKEN_ACCOUNT, {
      encoding: 'jsonParsed',
      parseOnClient: true,
      commitment: 'confirmed',
    });
    expect(result).toStrictEqual({ context: { slot: 900 }, value: account(TOKEN, tokenParsed, 165) });
    expect(calls.map(({ method, params }) => ({ method, params }))).toStrictEqual([
      { method: 'getAccountInfo', params: [TOKEN_ACCOUNT, { encoding: 'base64+zstd', commitment: 'confirmed' }] },
      {
        method: 'getMultipleAccounts',
        params: [[USDC, CLOCK], { encoding: 'base64', commitment: 'confirmed', minContextSlot: 900 }],
      },
    ]);
  });

  it('getMultipleAccounts: token, nonce, wallet and missing accounts, each as the node shows it', async () => {
    mockRpc({
      getMultipleAccounts: ({ params }) => {
        const [addresses, config] = params as [string[], { encoding: string }];
        if (config.encoding === 'base64') {
          return reply.result({
            context: { slot: 501 },
            value: mintAnswer({ [USDC]: mintBytes(6), [CLOCK]: clockBytes(5n) })(addresses),
          });
        }
        return reply.result({
          context: { slot: 500 },
          value: [
            wireAccount(TOKEN, [tokenZstd, 'base64+zstd'], 165),
            wireAccount(SYSTEM, [b64(nonceBytes), 'base64'], 80),
            wireAccount(SYSTEM, ['', 'base64'], 0),
            null,
          ],
        });
      },
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    const addresses = [TOKEN_ACCOUNT, NONCE_ACCOUNT, WALLET, USDC];
    const result = await rpc.getMultipleAccounts(addresses, { encoding: 'jsonParsed', parseOnClient: true });
    expect(result.value).toStrictEqual([
      account(TOKEN, tokenParsed, 165),
      account(SYSTEM, nonceParsed, 80),
      // A wallet has no nonce state: the node falls back to its (empty) bytes, and so does the client.
      account(SYSTEM, new Uint8Array(0), 0),
      null,
    ]);
    expect(calls.map((call) => (call.params[1] as { encoding: string }).encoding)).toStrictEqual([
      'base64+zstd',
      'base64',
    ]);
  });

  it('a token account whose mint is missing stays bytes, as the node leaves it', async () => {
    mockRpc({
      getMultipleAccounts: ({ params }) => {
        const [addresses, config] = params as [string[], { encoding: string }];
        if (config.encoding === 'base64')
          return reply.result({ context: { slot: 8 }, value: addresses.map(() => null) });
        return reply.result({ context: { slot: 8 }, value: [wireAccount(TOKEN, [b64(tokenBytes), 'base64'], 165)] });
      },
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    const { value } = await rpc.getMultipleAccounts([TOKEN_ACCOUNT], { encoding: 'jsonParsed', parseOnClient: true });
    expect(value[0]?.data).toStrictEqual(tokenBytes);
  });

  it('getProgramAccounts: withContext asked for the mints’ slot, the caller’s shape returned', async () => {
    const list = [
      { pubkey: TOKEN_ACCOUNT, account: wireAccount(TOKEN, [b64(tokenBytes), 'base64'], 165) },
      { pubkey: USDC, account: wireAccount(TOKEN, [b64(mintBytes(6)), 'base64'], 82) },
    ];
    mockRpc({
      getProgramAccounts: () => reply.result({ context: { slot: 77 }, value: list }),
      getMultipleAccounts: ({ params }) =>
        reply.result({
          context: { slot: 77 },
          value: mintAnswer({ [USDC]: mintBytes(6), [CLOCK]: clockBytes(1n) })(params[0] as string[]),
        }),
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    const bare = await rpc.getProgramAccounts(TOKEN, { encoding: 'jsonParsed', parseOnClient: true });
    expect(bare).toHaveLength(2);
    expect(bare[0]).toStrictEqual({ pubkey: TOKEN_ACCOUNT, account: account(TOKEN, tokenParsed, 165) });
    const mint = bare[1]?.account.data as { program: string; parsed: { type: string; info: { decimals: number } } };
    expect(mint.program).toBe('spl-token');
    expect(mint.parsed.type).toBe('mint');
    expect(mint.parsed.info.decimals).toBe(6);
    expect(calls[0]?.params).toStrictEqual([TOKEN, { encoding: 'base64', withContext: true }]);
    const wrapped = await rpc.getProgramAccounts(TOKEN, {
      encoding: 'jsonParsed',
      parseOnClient: true,
      withContext: true,
    });
    expect(wrapped.context).toStrictEqual({ slot: 77 });
    expect(wrapped.value).toStrictEqual(bare);
  });

  it('streamProgramAccounts: each run parsed before it is handed on; a mint read once per stream', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      pubkey: bs58.encode(new Uint8Array(32).fill(i + 1)),
      account: wireAccount(TOKEN, [b64(tokenBytes), 'base64'], 165),
    }));
    mockRpc({
      getProgramAccountsV2: reply.error(-32601, 'Method not found'),
      getProgramAccounts: () => reply.result(many),
      getMultipleAccounts: ({ params }) =>
        reply.result({
          context: { slot: 3 },
          value: mintAnswer({ [USDC]: mintBytes(6), [CLOCK]: clockBytes(1n) })(params[0] as string[]),
        }),
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    const seen = [];
    for await (const item of streamProgramAccounts(rpc, TOKEN, { encoding: 'jsonParsed', parseOnClient: true }))
      seen.push(item);
    expect(seen).toHaveLength(30);
    for (const item of seen) expect(item.account.data).toStrictEqual(tokenParsed);
    expect(calls.filter((call) => call.method === 'getMultipleAccounts')).toHaveLength(1);
  });

  it('is refused before any request where it cannot apply', async () => {
    mockRpc({});
    const rpc = createRpc(RPC_URL, { retry: false });
    const cases: [() => Promise<unknown>, string, RegExp][] = [
      [() => rpc.getAccountInfo(WALLET, { parseOnClient: true }), 'config.parseOnClient', /jsonParsed/],
      [
        () => rpc.getAccountInfo(WALLET, { encoding: 'base64', parseOnClient: true } as never),
        'config.parseOnClient',
        /jsonParsed/,
      ],
      [
        () =>
          rpc.getAccountInfo(WALLET, {
            encoding: 'jsonParsed',
            parseOnClient: true,
            dataSlice: { offset: 0, length: 1 },
          }),
        'config.parseOnClient',
        /dataSlice/,
      ],
      [
        () => rpc.getAccountInfo(WALLET, { encoding: 'jsonParsed', parseOnClient: 'yes' as never }),
        'config.parseOnClient',
        /expected an object/,
      ],
      [
        () => rpc.getAccountInfo(WALLET, { encoding: 'jsonParsed', parseOnClient: null as never }),
        'config.parseOnClient',
        /expected an object, got null/,
      ],
      [
        () => rpc.getAccountInfo(WALLET, { encoding: 'jsonParsed', parseOnClient: ['base64'] as never }),
        'config.parseOnClient',
        /expected an object/,
      ],
      [
        () => rpc.getAccountInfo(WALLET, { encoding: 'jsonParsed', parseOnClient: { wire: 'base58' as never } }),
        'config.parseOnClient.wire',
        /'base64\+zstd', 'base64', got/,
      ],
      [
        () => rpc.getProgramAccounts(TOKEN, { encoding: 'jsonParsed', parseOnClient: { wires: 'base64' } as never }),
        'config.parseOnClient.wires',
        /not an option/,
      ],
      [
        () => rpc.getMultipleAccounts([WALLET], { encoding: 'base64', parseOnClient: { wire: 'base64' } } as never),
        'config.parseOnClient',
        /jsonParsed/,
      ],
      [() => rpc.getMultipleAccounts(['bad'], { encoding: 'jsonParsed', parseOnClient: true }), 'addresses.0', /./],
      [
        () =>
          rpc.getTokenAccountsByOwner(WALLET, { programId: TOKEN }, {
            encoding: 'jsonParsed',
            parseOnClient: true,
          } as never),
        'config.parseOnClient',
        /not an option/,
      ],
    ];
    for (const [call, param, problem] of cases) {
      const error = await call().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error, param).toMatchObject({ name: 'InvalidInputError', param });
      expect((error as Error).message).toMatch(problem);
    }
    expect(calls).toHaveLength(0);
  });

  it("true and {} ask base64+zstd for named accounts and base64 for a program's; { wire } overrides both", async () => {
    const zstdAccount = wireAccount(TOKEN, [tokenZstd, 'base64+zstd'], 165);
    const plainAccount = wireAccount(TOKEN, [b64(tokenBytes), 'base64'], 165);
    // Each read answered in the encoding it asked for, as a node does.
    const asAsked = (params: unknown[]) =>
      (params[1] as { encoding: string }).encoding === 'base64' ? plainAccount : zstdAccount;
    const mints = mintAnswer({ [USDC]: mintBytes(6), [CLOCK]: clockBytes(1_700_000_000n) });
    mockRpc({
      getAccountInfo: ({ params }) => reply.result({ context: { slot: 9 }, value: asAsked(params) }),
      getMultipleAccounts: ({ params }) => {
        const addresses = params[0] as string[];
        if (addresses[0] === TOKEN_ACCOUNT) return reply.result({ context: { slot: 9 }, value: [asAsked(params)] });
        return reply.result({ context: { slot: 9 }, value: mints(addresses) });
      },
      getProgramAccountsV2: reply.error(-32601, 'Method not found'),
      getProgramAccounts: ({ params }) =>
        reply.result({ context: { slot: 9 }, value: [{ pubkey: TOKEN_ACCOUNT, account: asAsked(params) }] }),
    });
    const rpc = createRpc(RPC_URL, { retry: false });
    const expected = account(TOKEN, tokenParsed, 165);
    const asked: Record<string, string[]> = {};
    for (const parseOnClient of [true, {}, { wire: 'base64+zstd' }, { wire: 'base64' }] as const) {
      const config = { encoding: 'jsonParsed', parseOnClient } as const;
      calls.length = 0;
      expect((await rpc.getAccountInfo(TOKEN_ACCOUNT, config)).value).toStrictEqual(expected);
      expect((await rpc.getMultipleAccounts([TOKEN_ACCOUNT], config)).value).toStrictEqual([expected]);
      expect(await rpc.getProgramAccounts(TOKEN, config)).toStrictEqual([{ pubkey: TOKEN_ACCOUNT, account: expected }]);
      const streamed = [];
      for await (const item of streamProgramAccounts(rpc, TOKEN, config)) streamed.push(item);
      expect(streamed).toStrictEqual([{ pubkey: TOKEN_ACCOUNT, account: expected }]);
      // The encodings of the reads of the caller's accounts (not the parser's read of the mint).
      asked[JSON.stringify(parseOnClient)] = calls
        .filter((call) => call.method !== 'getProgramAccountsV2')
        .filter((call) => call.method !== 'getMultipleAccounts' || (call.params[0] as string[])[0] === TOKEN_ACCOUNT)
        .map((call) => `${call.method} ${(call.params[1] as { encoding: string }).encoding}`);
    }
    const named = (wire: string) => [`getAccountInfo ${wire}`, `getMultipleAccounts ${wire}`];
    const scans = (wire: string) => [`getProgramAccounts ${wire}`, `getProgramAccounts ${wire}`];
    expect(asked).toStrictEqual({
      true: [...named('base64+zstd'), ...scans('base64')],
      '{}': [...named('base64+zstd'), ...scans('base64')],
      '{"wire":"base64+zstd"}': [...named('base64+zstd'), ...scans('base64+zstd')],
      '{"wire":"base64"}': [...named('base64'), ...scans('base64')],
    });
  });

  it('false is the default: the node parses', async () => {
    const text = resultTextOf('conformance/getAccountInfo.jsonParsed.token-account');
    mockRpc({ getAccountInfo: reply.resultText(text) });
    const rpc = createRpc(RPC_URL, { retry: false });
    const result = await rpc.getAccountInfo(TOKEN_ACCOUNT, { encoding: 'jsonParsed', parseOnClient: false });
    expect(result.value?.data).toStrictEqual(tokenParsed);
    expect(calls[0]?.params[1]).toStrictEqual({ encoding: 'jsonParsed' });
  });
});
