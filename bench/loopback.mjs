// What the benches share to talk to their loopback servers: starting one in a process of its own (so its
// work never shows in the client's CPU time), reading its JSON routes (/stats, /configure) over one kept
// socket, and the node:http floor's POST (the least any client does for a call over node:http).
import { fork } from 'node:child_process';
import { Agent, get, request } from 'node:http';
import { processCpuMs } from './machine.mjs';

/**
 * Forks a bench server script that sends `{ port }` over IPC once it listens. `stop()` ends it and
 * returns the CPU ms it used, for the report's account of the machine.
 */
export async function forkServer(script) {
  const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop() {
      const cpuMs = processCpuMs(child.pid);
      child.kill();
      return cpuMs;
    },
  };
}

/**
 * GET requests answered with JSON, over one keep-alive socket: reading a server's counters between
 * rounds opens no new connection. `close()` lets the process exit.
 */
export function jsonGetter() {
  const agent = new Agent({ keepAlive: true });
  const getJson = (url) =>
    new Promise((resolve, reject) => {
      get(url, { agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
      }).on('error', reject);
    });
  return { getJson, close: () => agent.destroy() };
}

/**
 * `post(payload)` sends a JSON body to `url` over node:http with a keep-alive Agent and resolves with the
 * answer's text (Buffer.concat, toString): the transport half of the node:http floor.
 */
export function keepAlivePost(url) {
  const { hostname, port } = new URL(url);
  const agent = new Agent({ keepAlive: true });
  return (payload) =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve(Buffer.concat(chunks).toString()));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}
