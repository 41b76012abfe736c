import type { OpenWebSocket, WebSocketLike } from './webSocket.js';

type WsConstructor = new (url: string, options: { maxPayload: number }) => WebSocketLike;

let ws: Promise<WsConstructor> | undefined;

/**
 * Node: the `ws` package (Node 20 has no global `WebSocket`), loaded on the first subscription, so an app
 * that never subscribes never loads it. Its `maxPayload` closes the socket (code 1009) on a frame above
 * `maxFrameBytes` before buffering it.
 */
export const openDefaultWebSocket: OpenWebSocket = (url, maxFrameBytes) => {
  ws ??= import('ws').then((module) => (module.WebSocket ?? module.default) as unknown as WsConstructor);
  return ws.then((WebSocket) => new WebSocket(url, { maxPayload: maxFrameBytes }));
};
