/**
 * Closing a socket whose server never answers the close frame: the client drops it (`terminate`, where the
 * socket has one, as `ws`'s does) after a second, rather than holding it for `ws`'s own 30 s closing
 * timeout. A scripted socket stands in for the server, through the `WebSocket` option.
 */
import { describe, expect, it } from 'vitest';
import { createRpcSubscriptions, type WebSocketLike } from '../../src/index.js';

/** A socket that opens, answers the subscribe, and never completes a closing handshake. */
class SilentAtClose implements WebSocketLike {
  static last: SilentAtClose | undefined;
  readyState = 0;
  closedWith: number | undefined;
  terminatedAt: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    SilentAtClose.last = this;
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.({});
    }, 1);
  }

  send(data: string): void {
    const { id, method } = JSON.parse(data) as { id: number; method: string };
    const result = method.endsWith('Unsubscribe') ? true : 0;
    setTimeout(() => this.onmessage?.({ data: JSON.stringify({ jsonrpc: '2.0', id, result }) }), 1);
  }

  close(code?: number): void {
    // A close frame sent, never answered: the socket stays "closing".
    this.readyState = 2;
    this.closedWith = code;
  }

  terminate(): void {
    this.readyState = 3;
    this.terminatedAt = Date.now();
  }
}

describe('closing a socket the server never lets go', () => {
  it('sends a close frame, then drops the socket after about a second', { timeout: 10_000 }, async () => {
    const subs = createRpcSubscriptions('ws://127.0.0.1:1', { WebSocket: SilentAtClose });
    const slots = subs.slotSubscribe();
    void slots.next();
    while (SilentAtClose.last?.readyState !== 1) await new Promise((resolve) => setTimeout(resolve, 2));
    const socket = SilentAtClose.last as SilentAtClose;
    // Let the subscribe be answered, then leave: the last consumer closes the socket.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const leftAt = Date.now();
    await slots.return();
    expect(socket.closedWith).toBe(1000);
    while (socket.terminatedAt === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(socket.terminatedAt - leftAt).toBeGreaterThanOrEqual(900);
    subs.close();
  });
});
