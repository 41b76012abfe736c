/**
 * Closing a socket whose server never answers the close frame: the client drops it (`terminate`, where the
 * socket has one, as `ws`'s does) after a second, rather than holding it for `ws`'s own 30 s closing
 * timeout. A scripted socket stands in for the server, through the `WebSocket` option.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRpcSubscriptions, type WebSocketLike } from '../../src/index.js';

/** A socket that opens, answers the subscribe, and never completes a closing handshake. */
class SilentAtClose implements WebSocketLike {
  static last: SilentAtClose | undefined;
  readyState = 0;
  /** The methods the client sent, in order. */
  sent: string[] = [];
  closedWith: number | undefined;
  closedAt: number | undefined;
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
    this.sent.push(method);
    const result = method.endsWith('Unsubscribe') ? true : 0;
    setTimeout(() => this.onmessage?.({ data: JSON.stringify({ jsonrpc: '2.0', id, result }) }), 1);
  }

  close(code?: number): void {
    // A close frame sent, never answered: the socket stays "closing".
    this.readyState = 2;
    this.closedWith = code;
    this.closedAt = Date.now();
  }

  terminate(): void {
    this.readyState = 3;
    this.terminatedAt = Date.now();
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('closing a socket the server never lets go', () => {
  it('sends a close frame, then drops the socket a second later, not before', { timeout: 10_000 }, async () => {
    // The socket is scripted, so the clock can be too: nothing here waits for real time.
    vi.useFakeTimers();
    const subs = createRpcSubscriptions('ws://127.0.0.1:1', { WebSocket: SilentAtClose });
    const slots = subs.slotSubscribe();
    void slots.next();
    // The socket opens, and the subscribe is answered (the scripted socket takes 1 ms for each).
    await vi.advanceTimersByTimeAsync(10);
    const socket = SilentAtClose.last as SilentAtClose;
    expect(socket.readyState).toBe(1);
    expect(socket.sent).toContain('slotSubscribe');
    // Leave: the last consumer closes the socket, with a close frame the server never answers.
    const leaving = slots.return();
    await vi.advanceTimersByTimeAsync(10);
    await leaving;
    expect(socket.closedWith).toBe(1000);
    const closedAt = socket.closedAt as number;
    await vi.advanceTimersByTimeAsync(closedAt + 999 - Date.now());
    expect(socket.terminatedAt).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.terminatedAt).toBe(closedAt + 1_000);
    expect(socket.readyState).toBe(3);
    subs.close();
  });
});
