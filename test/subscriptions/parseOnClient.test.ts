/**
 * `parseOnClient` on the account subscriptions: the node is asked for base64+zstd, each notification is
 * parsed here, and a token account's mint is read with the subscription's `rpc`, once for a mint whose
 * amounts do not depend on the time. The expected objects are agave's jsonParsed views (conformance).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseJson } from '../../src/codecs/json.js';
import { createRpcSubscriptions, type RpcSubscriptions } from '../../src/index.js';
import { zstdFrame } from '../../src/testing/zstdFrame.js';
import { resultTextOf } from '../msw/fixtures.js';
import { type PubsubServer, startPubsubServer } from '../support/pubsubServer.js';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_ACCOUNT = '3dhnhWNSTLVv3x9vEL87PLT2DaWJouBa7GdmegYqSqbE';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const CLOCK = 'SysvarC1ock11111111111111111111111111111111';

const caseValue = (name: string) => (parseJson(resultTextOf(name)) as { value: Record<string, unknown> }).value;
const tokenBytes = new Uint8Array(
  Buffer.from((caseValue('conformance/getAccountInfo.base64.token-account').data as string[])[0] as string, 'base64'),
);
const tokenParsed = caseValue('conformance/getAccountInfo.jsonParsed.token-account').data;
const mint = new Uint8Array(82);
mint[44] = 6;
mint[45] = 1;

/** An HTTP client stand-in with getMultipleAccounts and getAccountInfo, recording what it was asked. */
function mintRpc() {
  const asked: { addresses: string[]; config: Record<string, unknown> }[] = [];
  return {
    asked,
    getAccountInfo: async () => ({ context: { slot: 1 }, value: null }),
    getMultipleAccounts: async (addresses: string[], config: Record<string, unknown>) => {
      asked.push({ addresses, config });
      return {
        context: { slot: 10 },
        value: addresses.map((address) =>
          address === USDC || address === CLOCK
            ? {
                lamports: 1n,
                owner: TOKEN,
                data: address === USDC ? mint : new Uint8Array(40),
                executable: false,
                rentEpoch: 0n,
                space: 82,
              }
            : null,
        ),
      };
    },
  };
}

let server: PubsubServer;
let subs: RpcSubscriptions;

beforeEach(async () => {
  server = await startPubsubServer();
  subs = createRpcSubscriptions(server.url);
});

afterEach(async () => {
  subs.close();
  await server.stop();
});

async function subscribed(): Promise<void> {
  while (server.subscriptions.size < 1) await new Promise((resolve) => setTimeout(resolve, 2));
}

const notification = (slot: number) => ({
  context: { slot },
  value: {
    lamports: 2039280,
    owner: TOKEN,
    data: [Buffer.from(zstdFrame(tokenBytes)).toString('base64'), 'base64+zstd'],
    executable: false,
    rentEpoch: 0,
    space: 165,
  },
});

describe('parseOnClient on subscriptions', () => {
  it('accountSubscribe: base64+zstd asked, each notification parsed, the mint read once', {
    timeout: 10_000,
  }, async () => {
    const rpc = mintRpc();
    const iterator = subs.accountSubscribe(TOKEN_ACCOUNT, {
      encoding: 'jsonParsed',
      parseOnClient: true,
      rpc,
      commitment: 'confirmed',
    });
    const first = iterator.next();
    await subscribed();
    expect(server.requests[0]?.params).toEqual([TOKEN_ACCOUNT, { encoding: 'base64+zstd', commitment: 'confirmed' }]);
    server.notify('accountSubscribe', notification(12));
    expect((await first).value?.value.data).toStrictEqual(tokenParsed);
    const second = iterator.next();
    server.notify('accountSubscribe', notification(13));
    expect((await second).value?.value.data).toStrictEqual(tokenParsed);
    expect(rpc.asked).toEqual([
      { addresses: [USDC, CLOCK], config: { encoding: 'base64', commitment: 'confirmed', minContextSlot: 12 } },
    ]);
    await iterator.return();
  });

  it('programSubscribe: plain base64 asked (a program scan), the keyed account parsed', {
    timeout: 10_000,
  }, async () => {
    const rpc = { ...mintRpc(), getProgramAccounts: async () => ({ context: { slot: 1 }, value: [] }) };
    const iterator = subs.programSubscribe(TOKEN, { encoding: 'jsonParsed', parseOnClient: true, rpc });
    const first = iterator.next();
    await subscribed();
    expect(server.requests[0]?.params).toEqual([TOKEN, { encoding: 'base64' }]);
    const { context, value } = notification(20);
    const plain = { ...value, data: [Buffer.from(tokenBytes).toString('base64'), 'base64'] };
    server.notify('programSubscribe', { context, value: { pubkey: TOKEN_ACCOUNT, account: plain } });
    expect((await first).value?.value).toStrictEqual({
      pubkey: TOKEN_ACCOUNT,
      account: { lamports: 2039280n, owner: TOKEN, data: tokenParsed, executable: false, rentEpoch: 0n, space: 165 },
    });
    await iterator.return();
  });

  it("programSubscribe with { wire: 'base64+zstd' }: base64+zstd asked, the notification parsed", {
    timeout: 10_000,
  }, async () => {
    const rpc = { ...mintRpc(), getProgramAccounts: async () => ({ context: { slot: 1 }, value: [] }) };
    const parseOnClient = { wire: 'base64+zstd' } as const;
    const iterator = subs.programSubscribe(TOKEN, { encoding: 'jsonParsed', parseOnClient, rpc });
    const first = iterator.next();
    await subscribed();
    expect(server.requests[0]?.params).toEqual([TOKEN, { encoding: 'base64+zstd' }]);
    const { context, value } = notification(21);
    server.notify('programSubscribe', { context, value: { pubkey: TOKEN_ACCOUNT, account: value } });
    expect((await first).value?.value.account.data).toStrictEqual(tokenParsed);
    await iterator.return();
  });

  it('needs an rpc to read mints: refused before anything is sent', async () => {
    expect(() => subs.accountSubscribe(TOKEN_ACCOUNT, { encoding: 'jsonParsed', parseOnClient: true })).toThrow(
      expect.objectContaining({ name: 'InvalidInputError', param: 'config.rpc' }),
    );
    const noMultiple = { getProgramAccounts: async () => ({}) };
    expect(() =>
      subs.programSubscribe(TOKEN, { encoding: 'jsonParsed', parseOnClient: true, rpc: noMultiple as never }),
    ).toThrow(expect.objectContaining({ name: 'InvalidInputError', param: 'config.rpc' }));
    expect(() => subs.accountSubscribe(TOKEN_ACCOUNT, { encoding: 'base64', parseOnClient: true } as never)).toThrow(
      expect.objectContaining({ name: 'InvalidInputError', param: 'config.parseOnClient' }),
    );
    expect(server.requests).toEqual([]);
  });
});
