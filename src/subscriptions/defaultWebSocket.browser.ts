import type { OpenWebSocket, WebSocketConstructor } from './webSocket.js';

/** Browsers: the global `WebSocket`, which every browser has. The client checks each frame's size itself. */
export const openDefaultWebSocket: OpenWebSocket = (url) => {
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (typeof global !== 'function') throw new TypeError('no global WebSocket here; pass the WebSocket option');
  return new global(url);
};
