/**
 * A small chain and its node for the resync tests, in-process and on virtual time (fake timers): accounts
 * that change, close and change owner slot by slot; a pubsub socket (given to the client as its
 * `WebSocket`) that notifies as agave does, and can be killed or made to swallow subscribes; and an HTTP
 * transport that reads the chain, optionally lagging. Everything the node did is kept, so a test can
 * check every value an iterator yielded against what the chain held at that value's slot.
 *
 * agave's behaviour copied here: an account subscription is notified of every change of its account, a
 * closed one as the default account (0 lamports, system owner, no data, rent epoch 0, space 0); a program
 * subscription only of changes that leave the account owned by the program (a closed account is stored as
 * the system's, and one given to another owner is not the program's), so an account leaving a program is
 * never notified.
 */
import { SolRpcError, type Transport, type WebSocketLike } from '../../src/index.js';

export const SYSTEM = '11111111111111111111111111111111';

/** An account's state: `null` when it does not exist (closed). */
export type State = { lamports: number; owner: string } | null;

export interface Change {
  slot: number;
  key: string;
  state: State;
}

/** The wire account agave sends for a state: the default account for `null`. */
export function wire(state: State) {
  if (state === null) {
    return { lamports: 0, owner: SYSTEM, data: ['', 'base64'], executable: false, rentEpoch: 0, space: 0 };
  }
  return {
    lamports: state.lamports,
    owner: state.owner,
    data: ['AQID', 'base64'],
    executable: false,
    rentEpoch: 0,
    space: 3,
  };
}

interface Subscription {
  id: number;
  method: string;
  target: string;
}

/** The in-process node. */
export class World {
  slot = 1;
  readonly accounts = new Map<string, State>();
  readonly changes: Change[] = [];
  /** Each account's changes, oldest first. */
  private readonly history = new Map<string, Change[]>();
  /** The socket now open (or opening), if any. */
  socket: SimulatedSocket | undefined;
  /** Sockets ever opened. */
  opened = 0;
  /** While set, subscribes are received and never answered (nor notified). */
  swallowing = false;
  /** How many slots the HTTP node is behind. */
  httpLag = 0;
  /** Virtual milliseconds an HTTP answer takes. */
  httpLatencyMs = 20;
  /** The next this many HTTP reads fail with a retryable error (after the client's own retries, say). */
  failReads = 0;
  readonly reads: { method: string; params: readonly unknown[] }[] = [];
  private nextId = 0;

  constructor(initial: Record<string, State>) {
    for (const [key, state] of Object.entries(initial)) this.record({ slot: 0, key, state });
  }

  /** The state of `key` at `slot`: the last change at or before it. */
  stateAt(key: string, slot: number): State | undefined {
    let found: State | undefined;
    for (const change of this.history.get(key) ?? []) if (change.slot <= slot) found = change.state;
    return found;
  }

  /** A new slot in which `key` becomes `state`; live subscriptions are notified as agave does. */
  change(key: string, state: State): void {
    const slot = ++this.slot;
    this.record({ slot, key, state });
    const socket = this.socket;
    if (!socket) return;
    for (const sub of socket.subscriptions) {
      if (sub.method === 'accountSubscribe' && sub.target === key) {
        socket.push('accountNotification', sub.id, { context: { slot }, value: wire(state) });
      }
      if (sub.method === 'programSubscribe' && state !== null && state.owner === sub.target) {
        socket.push('programNotification', sub.id, { context: { slot }, value: { pubkey: key, account: wire(state) } });
      }
    }
  }

  private record(change: Change): void {
    this.accounts.set(change.key, change.state);
    this.changes.push(change);
    const history = this.history.get(change.key) ?? [];
    history.push(change);
    this.history.set(change.key, history);
  }

  /** Drops the socket without a close frame (1006), as a reset or a killed proxy does. */
  kill(): void {
    this.socket?.drop();
  }

  newId(): number {
    return this.nextId++;
  }

  /** The HTTP side: reads the chain `httpLag` slots back, answered after `httpLatencyMs`. */
  readonly transport: Transport = async ({ method, params }) => {
    this.reads.push({ method, params });
    if (this.failReads > 0) {
      this.failReads--;
      throw new SolRpcError('the node is restarting', { method, retryable: true });
    }
    const slot = Math.max(0, this.slot - this.httpLag);
    const at = (key: string) => this.stateAt(key, slot) ?? null;
    let result: unknown;
    if (method === 'getAccountInfo') {
      const state = at(params[0] as string);
      result = { context: { slot }, value: state === null ? null : wire(state) };
    } else if (method === 'getMultipleAccounts') {
      result = {
        context: { slot },
        value: (params[0] as string[]).map((key) => {
          const state = at(key);
          return state === null ? null : wire(state);
        }),
      };
    } else if (method === 'getProgramAccounts') {
      const program = params[0] as string;
      const value = [...this.accounts.keys()]
        .map((key) => ({ key, state: at(key) }))
        .filter(({ state }) => state !== null && state.owner === program)
        .map(({ key, state }) => ({ pubkey: key, account: wire(state) }));
      result = { context: { slot }, value };
    } else {
      throw new Error(`unexpected ${method}`);
    }
    await new Promise((resolve) => setTimeout(resolve, this.httpLatencyMs));
    return result;
  };

  /** The `WebSocket` constructor to give the client. */
  readonly WebSocket = (() => {
    const world = this;
    return class extends SimulatedSocket {
      constructor(url: string) {
        super(world, url);
      }
    };
  })();
}

/** One pubsub socket of the world: every hop takes 1 virtual ms. */
export class SimulatedSocket implements WebSocketLike {
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly subscriptions: Subscription[] = [];
  private readonly pongs: (() => void)[] = [];
  private readonly outbox: string[] = [];

  constructor(
    private readonly world: World,
    readonly url: string,
  ) {
    world.socket?.drop();
    world.socket = this;
    world.opened++;
    setTimeout(() => {
      if (this.readyState !== 0) return;
      this.readyState = 1;
      this.onopen?.({});
    }, 1);
  }

  send(text: string): void {
    if (this.readyState !== 1) return;
    const { id, method, params } = JSON.parse(text) as { id: number; method: string; params: unknown[] };
    if (method.endsWith('Unsubscribe')) {
      const index = this.subscriptions.findIndex((sub) => sub.id === params[0]);
      if (index >= 0) this.subscriptions.splice(index, 1);
      this.reply({ id, result: index >= 0 });
    } else if (method.endsWith('Subscribe')) {
      if (this.world.swallowing) return;
      const sub = { id: this.world.newId(), method, target: params[0] as string };
      this.subscriptions.push(sub);
      this.reply({ id, result: sub.id });
    } else {
      this.reply({ id, error: { code: -32601, message: 'Method not found' } });
    }
  }

  /** `ws`'s protocol ping: answered by a pong. */
  ping(): void {
    setTimeout(() => {
      if (this.readyState === 1) for (const pong of this.pongs) pong();
    }, 1);
  }

  on(event: string, listener: () => void): void {
    if (event === 'pong') this.pongs.push(listener);
  }

  close(): void {
    this.finish();
  }

  terminate(): void {
    this.finish();
  }

  push(method: string, subscription: number, result: unknown): void {
    this.deliver(JSON.stringify({ jsonrpc: '2.0', method, params: { result, subscription } }));
  }

  /** The server side goes: the client hears a 1006 close. */
  drop(): void {
    if (this.readyState === 3) return;
    this.finish();
    setTimeout(() => this.onclose?.({ code: 1006, reason: '' }), 1);
  }

  private finish(): void {
    this.readyState = 3;
    this.subscriptions.length = 0;
    if (this.world.socket === this) this.world.socket = undefined;
  }

  private reply(body: Record<string, unknown>): void {
    this.deliver(JSON.stringify({ jsonrpc: '2.0', ...body }));
  }

  /** Frames go out in order, 1 ms later; those of one moment in one timer (10,000 timers are slow to fake). */
  private deliver(frame: string): void {
    this.outbox.push(frame);
    if (this.outbox.length > 1) return;
    setTimeout(() => {
      const frames = this.outbox.splice(0);
      for (const data of frames) if (this.readyState === 1) this.onmessage?.({ data });
    }, 1);
  }
}
