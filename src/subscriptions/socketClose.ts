/**
 * Letting go of a socket: its handlers detached first (so the client never hears of its own close), then
 * closed, dropped at once where `ws` allows it, or after a second when the server never answers the close.
 * @module
 */
import type { WebSocketLike } from './webSocket.js';

/** What `ws` adds to the standard socket, used where present. */
export interface NodeSocket {
  ping(): void;
  on(event: 'pong', listener: () => void): void;
  terminate(): void;
}

export function detachHandlers(socket: WebSocketLike): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  // An error after we let go must not become an unhandled 'error' event in Node.
  socket.onerror = () => undefined;
}

export function closeQuietly(socket: WebSocketLike, code: number): void {
  try {
    // `ws` can drop a socket at once, handshake or not; browsers have only close().
    const terminate = (socket as Partial<NodeSocket>).terminate;
    if (code === 4000 && typeof terminate === 'function') {
      terminate.call(socket);
    } else {
      socket.close(code);
      // A server that never answers the close frame would hold the socket for `ws`'s own 30 s: drop it after
      // one. The timer does not keep a process alive.
      if (typeof terminate === 'function') {
        const timer = setTimeout(() => socket.readyState !== 3 && terminate.call(socket), 1_000);
        (timer as { unref?: () => void }).unref?.();
      }
    }
  } catch {
    // Already closed, or closing before it opened: nothing more to do.
  }
}
