/**
 * The judged scenario over real sockets: an account subscription and a program subscription, both with an
 * HTTP `rpc` on a loopback HTTP server, follow accounts that change every 50 ms (closing and moving to
 * another owner among the changes) while the loopback WebSocket server kills every socket every 1.5 s,
 * by a TCP reset and by a close frame in turn. Every value yielded is the chain's state at its slot, slots
 * never go back, no iterator ends, and once the killing stops every account shows the chain's state.
 *
 * The client runs with its default timings. Real time (about 6 s): the deadlines only guard against a
 * hang; resyncWorld.ts keeps the chain (its own socket is not used here).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import {
  type AccountNotification,
  createRpc,
  createRpcSubscriptions,
  type ProgramNotification,
  type RpcSubscriptions,
} from '../../src/index.js';
import { startServer, type TestServer } from '../support/httpServer.js';
import { type PubsubServer, startPubsubServer } from '../support/pubsubServer.js';
import { type State, SYSTEM, World, wire } from './resyncWorld.js';

function address(seed: number): string {
  const bytes = new Uint8Array(32);
  bytes[0] = 9;
  bytes[1] = seed;
  return encodeBase58(bytes);
}

const PROGRAM = address(100);
const OTHER = address(101);
const KEYS = [address(0), address(1), address(2)] as const;
const WATCHED = KEYS[0];

let pubsub: PubsubServer;
let http: TestServer;
let subs: RpcSubscriptions;

beforeEach(async () => {
  pubsub = await startPubsubServer();
  http = await startServer();
});

afterEach(async () => {
  subs?.close();
  await pubsub.stop();
  await http.close();
});

interface Seen {
  slot: number;
  lamports: bigint;
  owner: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('killed every 1.5 s: only true states, in slot order, none ends, and nothing is missed', {
  timeout: 30_000,
}, async () => {
  const world = new World({
    [KEYS[0]]: { lamports: 5, owner: PROGRAM },
    [KEYS[1]]: { lamports: 6, owner: PROGRAM },
    [KEYS[2]]: null,
  });
  world.httpLatencyMs = 5;
  http.reply((request, response) => {
    const { id, method, params } = request.json as { id: number; method: string; params: unknown[] };
    world.transport({ method, params }).then((result) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
    });
  });
  /** A change in a new slot, notified as agave does: to the account's subscription, and to the program's
   * only while the account stays the program's. */
  const change = (key: string, state: State) => {
    world.change(key, state);
    const slot = world.slot;
    pubsub.notify('accountSubscribe', { context: { slot }, value: wire(state) }, (params) => params[0] === key);
    if (state !== null && state.owner === PROGRAM) {
      pubsub.notify('programSubscribe', { context: { slot }, value: { pubkey: key, account: wire(state) } });
    }
  };

  const rpc = createRpc(http.url);
  subs = createRpcSubscriptions(pubsub.url);
  const account: Seen[] = [];
  const program = new Map<string, Seen[]>();
  const ended: unknown[] = [];
  const consume = <T>(iterator: AsyncIterable<T>, record: (value: T) => void) =>
    (async () => {
      for await (const value of iterator) record(value);
      ended.push('ended');
    })().catch((error: unknown) => ended.push(error));
  consume(subs.accountSubscribe(WATCHED, { rpc }), ({ context, value }: AccountNotification) => {
    account.push({ slot: context.slot, lamports: value.lamports, owner: value.owner });
  });
  consume(subs.programSubscribe(PROGRAM, { rpc }), ({ context, value }: ProgramNotification) => {
    const list = program.get(value.pubkey) ?? [];
    list.push({ slot: context.slot, lamports: value.account.lamports, owner: value.account.owner });
    program.set(value.pubkey, list);
  });
  while (pubsub.subscriptions.size < 2) await sleep(5);

  const check = (key: string, seen: readonly Seen[]) => {
    let previous = -1;
    for (const value of seen) {
      expect(value.slot, `slot order of ${key}`).toBeGreaterThanOrEqual(previous);
      previous = value.slot;
      const truth = world.stateAt(key, value.slot);
      const expected = truth
        ? { lamports: BigInt(truth.lamports), owner: truth.owner }
        : { lamports: 0n, owner: SYSTEM };
      expect({ lamports: value.lamports, owner: value.owner }, `${key} at slot ${value.slot}`).toEqual(expected);
    }
  };

  const started = Date.now();
  let kills = 0;
  for (let tick = 1; Date.now() - started < 4_600; tick++) {
    const key = KEYS[tick % 3] as string;
    const state: State =
      tick % 7 === 0 ? null : tick % 11 === 0 ? { lamports: tick, owner: OTHER } : { lamports: tick, owner: PROGRAM };
    change(key, state);
    if (Date.now() - started >= (kills + 1) * 1_500) {
      if (kills % 2 === 0) pubsub.resetAll();
      else pubsub.closeAll(1001);
      kills++;
    }
    await sleep(50);
  }
  // The socket was killed; the watched account closes before the client is back.
  pubsub.resetAll();
  change(WATCHED, null);

  // Settled: the account shows the chain's state (closed), and so does each program account.
  const settled = () => {
    const last = account.at(-1);
    if (!last || world.stateAt(WATCHED, last.slot) !== null) return false;
    for (const key of KEYS) {
      const state = world.accounts.get(key) ?? null;
      const seen = program.get(key)?.at(-1);
      if (state !== null && state.owner === PROGRAM && world.stateAt(key, seen?.slot ?? -1) !== state) return false;
      if ((state === null || state.owner !== PROGRAM) && seen && seen.lamports !== 0n && seen.owner === PROGRAM) {
        return false;
      }
    }
    return true;
  };
  while (!settled() && ended.length === 0) await sleep(10);
  expect(ended).toEqual([]);
  check(WATCHED, account);
  for (const [key, seen] of program) check(key, seen);
  expect(account.at(-1)).toMatchObject({ lamports: 0n, owner: SYSTEM });
  expect(kills).toBeGreaterThanOrEqual(3);
});
