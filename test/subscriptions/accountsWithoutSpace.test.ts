/**
 * Account and program notifications from a node before 1.14, whose accounts have no `space` (agave's
 * `UiAccount.space` is an `Option<u64>`), and from a proxy that relays them with `"space":null`: decoded
 * as getAccountInfo decodes them, `space` null. The accounts are those of the conformance cases of such
 * nodes, sent as the node frames a notification.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRpcSubscriptions, type RpcSubscriptions } from '../../src/index.js';
import { loadCase } from '../support/conformance.js';
import { type PubsubServer, startPubsubServer } from '../support/pubsubServer.js';

const ADDRESS = '9jvSLPE7gwWiKMH77FG8Dk44cm3ipLTVERuTULcQsWq2';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

/** The `result` of a conformance case's body, as text: its u64s stay exact when framed again. */
function resultText(file: string): string {
  const body = loadCase(file).responseText;
  const start = body.indexOf('"result":') + '"result":'.length;
  const end = body.lastIndexOf(',"id":');
  return body.slice(start, end);
}

/** A notification frame as agave's pubsub writes it, around a result given as JSON text. */
function frame(method: string, result: string): string {
  return `{"jsonrpc":"2.0","method":"${method}","params":{"result":${result},"subscription":0}}`;
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

describe('accountSubscribe', () => {
  it('an account without space (a node before 1.14): decoded, space null', { timeout: 10_000 }, async () => {
    const iterator = subs.accountSubscribe(ADDRESS, { encoding: 'base64' });
    const first = iterator.next();
    await subscribed();
    const result = resultText('getAccountInfo.base64.pre-1.14-no-space.json');
    expect(result).not.toContain('space');
    server.sendRaw(frame('accountNotification', result));
    const { value } = (await first) as IteratorYieldResult<Awaited<ReturnType<typeof iterator.next>>['value']>;
    expect(value.context).toEqual({ slot: 159_983_217 });
    expect(value.value.space).toBeNull();
    expect(value.value.lamports).toBe(2_039_280n);
    expect(value.value.rentEpoch).toBe(371n);
    expect(value.value.data).toBeInstanceOf(Uint8Array);
    expect((value.value.data as Uint8Array).length).toBe(165);
    await iterator.return();
  });

  it('parsed data without the account space: the parsed data keeps its own', { timeout: 10_000 }, async () => {
    const iterator = subs.accountSubscribe(ADDRESS, { encoding: 'jsonParsed' });
    const first = iterator.next();
    await subscribed();
    server.sendRaw(frame('accountNotification', resultText('getAccountInfo.jsonParsed.pre-1.14-no-space.json')));
    const { value } = (await first) as IteratorYieldResult<Awaited<ReturnType<typeof iterator.next>>['value']>;
    expect(value.value.space).toBeNull();
    expect(value.value.data).toMatchObject({ program: 'spl-token', space: 165, parsed: { type: 'account' } });
    await iterator.return();
  });
});

describe('programSubscribe', () => {
  it('keyed accounts relayed with "space":null: decoded, space null', { timeout: 10_000 }, async () => {
    const iterator = subs.programSubscribe(TOKEN_PROGRAM, { encoding: 'base64' });
    const first = iterator.next();
    await subscribed();
    // A program notification's value is one keyed account: the account of the proxy's case, under its key.
    const account = resultText('getAccountInfo.base64.proxy-space-null.json')
      .replace(/^.*"value":/, '')
      .slice(0, -1);
    expect(account).toContain('"space":null');
    server.sendRaw(
      frame(
        'programNotification',
        `{"context":{"slot":159983217},"value":{"account":${account},"pubkey":"${ADDRESS}"}}`,
      ),
    );
    const { value } = (await first) as IteratorYieldResult<Awaited<ReturnType<typeof iterator.next>>['value']>;
    expect(value.value.pubkey).toBe(ADDRESS);
    expect(value.value.account.space).toBeNull();
    expect(value.value.account.owner).toBe(TOKEN_PROGRAM);
    expect((value.value.account.data as Uint8Array).length).toBe(165);
    await iterator.return();
  });
});
