/**
 * The part of the standard `WebSocket` the subscriptions client uses: browsers' global one and the `ws`
 * package's both have it, so either can be passed as `options.WebSocket`.
 */
export interface WebSocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** A `WebSocket` constructor: `globalThis.WebSocket`, or `ws`'s `WebSocket` in Node. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/**
 * Opens a socket. `maxFrameBytes` is passed where the implementation can refuse a larger frame before
 * buffering it (`ws`'s `maxPayload`); the client checks each frame's size as well.
 */
export type OpenWebSocket = (url: string, maxFrameBytes: number) => WebSocketLike | Promise<WebSocketLike>;
