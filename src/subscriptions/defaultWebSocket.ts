import type { OpenWebSocket, WebSocketConstructor } from './webSocket.js';

let fallback: Promise<WebSocketConstructor> | undefined;

/**
 * How the subscriptions client opens a socket when the caller gave no `WebSocket`, in runtimes that are
 * neither Node nor a browser (Deno, Bun, workers): the global `WebSocket`, or the `ws` package where there
 * is none. Imported as `#default-websocket`: package.json's `imports` gives Node defaultWebSocket.node.ts
 * and browsers defaultWebSocket.browser.ts, so no browser bundle carries `ws`.
 */
export const openDefaultWebSocket: OpenWebSocket = (url) => {
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (typeof global === 'function') return new global(url);
  fallback ??= import('ws').then((module) => (module.WebSocket ?? module.default) as unknown as WebSocketConstructor);
  return fallback.then((WebSocket) => new WebSocket(url));
};
