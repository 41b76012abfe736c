/**
 * The part of the standard `WebSocket` the subscriptions client uses: browsers' global one and the `ws`
 * package's both have it, so either can be passed as `options.WebSocket`.
 */
export interface WebSocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  /** Sends one text frame. */
  send(data: string): void;
  /** Starts the closing handshake. */
  close(code?: number, reason?: string): void;
  /** Called once the socket is open. */
  onopen: ((event: unknown) => void) | null;
  /** Called for each frame; `data` is a string for a text frame. */
  onmessage: ((event: { data: unknown }) => void) | null;
  /** Called once the socket is closed, with the close code (1006: no close frame). */
  onclose: ((event: { code: number; reason: string }) => void) | null;
  /** Called when the socket fails; its close event follows. */
  onerror: ((event: unknown) => void) | null;
}

/** A `WebSocket` constructor: `globalThis.WebSocket`, or `ws`'s `WebSocket` in Node. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/**
 * Opens a socket. `maxFrameBytes` is passed where the implementation can refuse a larger frame before
 * buffering it (`ws`'s `maxPayload`); the client checks each frame's size as well.
 */
export type OpenWebSocket = (url: string, maxFrameBytes: number) => WebSocketLike | Promise<WebSocketLike>;
