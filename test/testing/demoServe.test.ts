/**
 * `solrpc demo --serve --port N` (src/cli/commands/demo.ts), run in-process: it serves the test cluster
 * at the port given until interrupted, then closes its WebSockets with a close frame (1001) and exits 0;
 * started again later (the clock injected) it continues from a later slot, never an earlier one; a port
 * that is no port, a port without --serve, or a port taken is refused with one line and exit code 2. And
 * the built bin as a child process: SIGINT closes its WebSockets with 1001 and it exits 0 (skipped
 * without dist/: `npm test` builds it first).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRpc } from '../../src/index.js';
import { SLOT_ORIGIN } from '../../src/testing/testClusterOptions.js';
import { runCli } from '../cli/helpers.js';

/** A port that was free a moment ago: a server took it, then let it go. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts `demo --serve --port <port>` and resolves once the cluster answers; `stop()` interrupts it. */
async function serve(port: number, now: () => number) {
  const interrupt = new AbortController();
  const run = runCli(['demo', '--serve', '--port', String(port)], { signal: interrupt.signal, now });
  const rpc = createRpc(`http://127.0.0.1:${port}`, { retry: false });
  // Until it listens, the port refuses connections: ask again on the next turn of the event loop.
  for (;;) {
    const health = await rpc.getHealth().catch(() => undefined);
    if (health === 'ok') break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { rpc, run, stop: () => interrupt.abort() };
}

describe('demo --serve --port', () => {
  it('serves at the port, closes WebSockets with 1001 when interrupted, and exits 0', async () => {
    const port = await freePort();
    const served = await serve(port, () => SLOT_ORIGIN.ms);
    expect(await served.rpc.getSlot({ commitment: 'processed' })).toBe(SLOT_ORIGIN.slot);
    const socket = new WebSocket(`ws://127.0.0.1:${port + 1}`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise((resolve) => socket.once('close', (code, reason) => resolve([code, String(reason)])));
    served.stop();
    expect(await closed).toEqual([1001, 'going away']);
    const result = await served.run;
    expect(result.code).toBe(0);
    expect(result.out).toContain(`a simulated cluster at http://127.0.0.1:${port} `);
    expect(result.err).toBe('');
  });

  it('started again later, continues from a later slot', async () => {
    const port = await freePort();
    const clock = { ms: SLOT_ORIGIN.ms + 60_000 };
    const first = await serve(port, () => clock.ms);
    const before = await first.rpc.getSlot({ commitment: 'processed' });
    clock.ms += 2_000;
    const last = await first.rpc.getSlot({ commitment: 'processed' });
    first.stop();
    expect((await first.run).code).toBe(0);
    clock.ms += 400;
    const second = await serve(port, () => clock.ms);
    const again = await second.rpc.getSlot({ commitment: 'processed' });
    second.stop();
    expect((await second.run).code).toBe(0);
    expect([before, last, again]).toEqual([SLOT_ORIGIN.slot + 150, SLOT_ORIGIN.slot + 155, SLOT_ORIGIN.slot + 156]);
  });

  it.each([
    [['--serve', '--port', 'abc'], '--port must be a port number from 1 to 65535, got "abc"'],
    [['--serve', '--port', '0'], '--port must be a port number from 1 to 65535, got "0"'],
    [['--serve', '--port', '70000'], '--port must be a port number from 1 to 65535, got "70000"'],
    [['--port', '8899'], '--port needs --serve'],
  ])('refuses demo %j with one line and exit code 2', async (args, message) => {
    const result = await runCli(['demo', ...args]);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err.trim().split('\n')).toHaveLength(1);
    expect(result.err).toContain(message);
  });

  it('refuses a port taken with one line and exit code 2', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const result = await runCli(['demo', '--serve', '--port', String(port)]);
      expect(result.code).toBe(2);
      expect(result.out).toBe('');
      expect(result.err.trim()).toMatch(new RegExp(`--port ${port}: the port is taken on 127\\.0\\.0\\.1`));
      expect(result.err.trim().split('\n')).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });
});

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

describe.runIf(existsSync(BIN))('the built bin: demo --serve --port', () => {
  it('on SIGINT closes its WebSockets with 1001 and exits 0', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [BIN, 'demo', '--serve', '--port', String(port)], {
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      let err = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        err += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
      // Serving, or ended early: then its output says why.
      await Promise.race([
        exited,
        new Promise<void>((resolve) => {
          child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
            out += chunk;
            if (out.includes('Serving until interrupted')) resolve();
          });
        }),
      ]);
      expect({ out, err }).toMatchObject({ out: expect.stringContaining('Serving until interrupted'), err: '' });
      const socket = new WebSocket(`ws://127.0.0.1:${port + 1}`);
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const closed = new Promise((resolve) => socket.once('close', (code, reason) => resolve([code, String(reason)])));
      child.kill('SIGINT');
      expect(await closed).toEqual([1001, 'going away']);
      expect(await exited).toBe(0);
      expect(out).toContain(`http://127.0.0.1:${port}`);
      expect(err).toBe('');
    } finally {
      child.kill('SIGKILL');
    }
  }, 20_000);
});
