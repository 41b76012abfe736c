/**
 * `solrpc logs` against a loopback agave-like pubsub server: the start line and each transaction's block
 * as the Solana CLI prints them, the filters and commitment it sends, the WebSocket URL derived as the
 * Solana CLI derives it, a server that restarts (stderr says lost / regained, the stream goes on), one gone
 * for good (exit 69), Ctrl-C (130), and input refused before any connection (2).
 */
import { type AddressInfo, connect, createServer } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { websocketUrlFor } from '../../src/cli/config.js';
import type { CliIo } from '../../src/cli/io.js';
import { run } from '../../src/cli/run.js';
import { closedPort } from '../support/httpServer.js';
import { type PubsubServer, startPubsubServer } from '../support/pubsubServer.js';
import { newKeypair, removeTempDirs, TERMINAL_CONTROL, tempDir, writeConfig, writeKeypairFile } from './helpers.js';

const ADDRESS = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const FAILED = '2Buf6rGFbvkWEvGjJvcLWthh7akZomGs9nFeXwL6Y1GvjF6JrbBntHBr3anr12Y4yZGu8Lg2PNFmvfLjVgufvuSZ';
const PROGRAM = 'CH6XVmiuwgHHv1FbhyAojB9cGX7zTdsSmNys5menUvj1';
/** A fixed clock for the times on stderr: 2025-08-11T08:33:38Z. */
const NOW = Date.UTC(2025, 7, 11, 8, 33, 38);

const LOGS = [
  `Program ${PROGRAM} invoke [1]`,
  'Program log: Instruction: Initialize',
  `Program ${PROGRAM} consumed 385 of 200000 compute units`,
  `Program ${PROGRAM} success`,
];

/** A logsNotification's result, as agave sends it. */
const notification = (slot: number, signature: string, err: unknown, logs: unknown) => ({
  context: { slot },
  value: { signature, err, logs },
});

interface Session {
  out: () => string;
  err: () => string;
  exit: Promise<number>;
  /** Ctrl-C. */
  interrupt(): void;
}

const sessions: Session[] = [];

/** Runs the CLI in-process with output read as it comes, and Ctrl-C at hand. */
function start(argv: string[], io: Partial<Omit<CliIo, 'out' | 'err' | 'signal'>> = {}): Session {
  const controller = new AbortController();
  let out = '';
  let err = '';
  const exit = run(argv, {
    env: { HOME: tempDir('solrpc-home-') },
    isTTY: false,
    now: () => NOW,
    ...io,
    signal: controller.signal,
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  });
  const session = { out: () => out, err: () => err, exit, interrupt: () => controller.abort(new Error('Ctrl-C')) };
  sessions.push(session);
  return session;
}

/** Waits for a condition; the test's deadline guards against it never coming. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}

let server: PubsubServer;

beforeEach(async () => {
  server = await startPubsubServer();
});

afterEach(async () => {
  for (const session of sessions.splice(0)) {
    session.interrupt();
    await session.exit;
  }
  await server.stop();
});

afterAll(removeTempDirs);

const subscribes = () => server.requests.filter((request) => request.method === 'logsSubscribe');

describe('logs', { timeout: 10_000 }, () => {
  it('derives the WebSocket URL from --url (port + 1), prints the start line and each transaction', async () => {
    const session = start(['logs', '--url', `http://127.0.0.1:${server.port - 1}`]);
    await until(() => server.subscriptions.size === 1);
    // As the Solana CLI sends it: the filter, and the commitment always.
    expect(server.requests).toEqual([{ method: 'logsSubscribe', params: ['all', { commitment: 'confirmed' }] }]);
    server.notify('logsSubscribe', notification(1539, SIGNATURE, null, LOGS));
    await until(() => session.out().includes('success'));
    session.interrupt();
    expect(await session.exit).toBe(130);
    expect(session.out()).toBe(
      [
        'Streaming transaction logs. Confirmed commitment',
        'Transaction executed in slot 1539:',
        `  Signature: ${SIGNATURE}`,
        '  Status: Ok',
        '  Log Messages:',
        ...LOGS.map((log) => `    ${log}`),
        '',
      ].join('\n'),
    );
    // Ctrl-C ends quietly.
    expect(session.err()).toBe('');
  });

  it('a failed transaction: its status in agave words, no logs, server text made safe', async () => {
    const session = start(['logs', '--ws', server.url]);
    await until(() => server.subscriptions.size === 1);
    server.notify('logsSubscribe', notification(9370, FAILED, { InstructionError: [0, { Custom: 1 }] }, null));
    server.notify(
      'logsSubscribe',
      notification(9371, SIGNATURE, 'InsufficientFundsForFee', ['Program log: \u001b[31mred\u001b[0m\u0007 text']),
    );
    await until(() => session.out().includes('9371'));
    session.interrupt();
    expect(await session.exit).toBe(130);
    expect(session.out().split('\n').slice(1)).toEqual([
      'Transaction executed in slot 9370:',
      `  Signature: ${FAILED}`,
      '  Status: Error processing Instruction 0: custom program error: 0x1',
      '  Log Messages:',
      'Transaction executed in slot 9371:',
      `  Signature: ${SIGNATURE}`,
      '  Status: Insufficient funds for fee',
      '  Log Messages:',
      '    Program log: red text',
      '',
    ]);
    expect(session.out()).not.toMatch(TERMINAL_CONTROL);
  });

  it('--include-votes subscribes to allWithVotes, at --commitment', async () => {
    const session = start(['logs', '--include-votes', '--commitment', 'finalized', '--ws', server.url]);
    await until(() => server.subscriptions.size === 1);
    expect(server.requests).toEqual([
      { method: 'logsSubscribe', params: ['allWithVotes', { commitment: 'finalized' }] },
    ]);
    session.interrupt();
    expect(await session.exit).toBe(130);
    expect(session.out()).toBe('Streaming transaction logs (including votes). Finalized commitment\n');
  });

  it('ADDRESS (or a keypair file) subscribes to the transactions that mention it', async () => {
    const session = start(['logs', ADDRESS, '--ws', server.url, '--commitment', 'processed']);
    await until(() => server.subscriptions.size === 1);
    expect(server.requests).toEqual([
      { method: 'logsSubscribe', params: [{ mentions: [ADDRESS] }, { commitment: 'processed' }] },
    ]);
    session.interrupt();
    expect(await session.exit).toBe(130);
    expect(session.out()).toBe(`Streaming transaction logs mentioning ${ADDRESS}. Processed commitment\n`);

    const keypair = newKeypair();
    const path = writeKeypairFile(`${tempDir()}/validator.json`, keypair);
    const byFile = start(['logs', path, '--ws', server.url]);
    await until(() => subscribes().length === 2);
    expect(subscribes()[1]?.params).toEqual([{ mentions: [keypair.address] }, { commitment: 'confirmed' }]);
    byFile.interrupt();
    expect(await byFile.exit).toBe(130);
  });

  it('--output json: one JSON object per line on stdout (exact err), the start line on stderr', async () => {
    const session = start(['logs', '--ws', server.url, '--output', 'json']);
    await until(() => server.subscriptions.size === 1);
    server.notify('logsSubscribe', notification(9370, FAILED, { InstructionError: [0, { Custom: 1 }] }, LOGS));
    server.notify('logsSubscribe', notification(9371, SIGNATURE, null, []));
    await until(() => session.out().split('\n').length === 3);
    session.interrupt();
    expect(await session.exit).toBe(130);
    const lines = session.out().split('\n');
    expect(lines[2]).toBe('');
    expect(JSON.parse(lines[0] as string)).toEqual({
      signature: FAILED,
      err: { InstructionError: [0, { Custom: 1 }] },
      logs: LOGS,
      slot: 9370,
    });
    expect(lines[1]).toBe(`{"signature":"${SIGNATURE}","err":null,"logs":[],"slot":9371}`);
    expect(session.err()).toBe('Streaming transaction logs. Confirmed commitment\n');
  });

  it('a server that restarts: stderr says lost, then regained and that logs may be missing; the stream goes on', async () => {
    const session = start(['logs', '--ws', server.url]);
    await until(() => server.subscriptions.size === 1);
    server.notify('logsSubscribe', notification(100, SIGNATURE, null, ['before']));
    await until(() => session.out().includes('before'));
    server.closeAll();
    // The client reconnects (the library's backoff) and subscribes again.
    await until(() => subscribes().length === 2 && server.subscriptions.size === 1);
    await until(() => session.err().includes('regained'));
    server.notify('logsSubscribe', notification(200, FAILED, null, ['after']));
    await until(() => session.out().includes('after'));
    session.interrupt();
    expect(await session.exit).toBe(130);
    expect(session.err().split('\n')).toEqual([
      `Warning: stream lost at 2025-08-11T08:33:38Z (closed by the server (code 1001: restarting)); reconnecting to ${server.url}`,
      'Stream regained at 2025-08-11T08:33:38Z, 0.0 s after it was lost: transactions executed in between may have been missed (logs cannot be replayed)',
      '',
    ]);
    expect(session.out()).toContain('Transaction executed in slot 200:');
    // The start line once: the reconnect is the client's, not a new command.
    expect(session.out().match(/Streaming/g)).toHaveLength(1);
  });

  it('a server gone for good: exit 69 with one error line, no API key anywhere', async () => {
    const secretUrl = `${server.url}/rpc/SECRETPATH?api-key=SECRETKEY`;
    const session = start(['logs', '--ws', secretUrl], {
      subscriptions: { reconnect: { maxAttempts: 3, initialDelayMs: 10, maxDelayMs: 20, maxElapsedMs: 60_000 } },
    });
    await until(() => server.subscriptions.size === 1);
    server.down(true);
    server.closeAll();
    expect(await session.exit).toBe(69);
    const lines = session.err().split('\n');
    expect(lines[0]).toMatch(/^Warning: stream lost at .* reconnecting to ws:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[1]).toMatch(
      /^Error: lost the connection to ws:\/\/127\.0\.0\.1:\d+ \(.+\) and 3 reconnect attempts over [\d.]+ s failed — check that the node serves WebSocket subscriptions/,
    );
    expect(lines.slice(2)).toEqual(['']);
    expect(session.out() + session.err()).not.toMatch(/SECRET/);
  });

  it('a node that never answers: a warning, then exit 69 within the client bounds', async () => {
    const port = await closedPort();
    const session = start(['logs', '--url', `http://user:SECRET@127.0.0.1:${port - 1}/?api-key=SECRET`], {
      subscriptions: { reconnect: { maxAttempts: 2, initialDelayMs: 10, maxDelayMs: 20, maxElapsedMs: 60_000 } },
    });
    expect(await session.exit).toBe(69);
    expect(session.out()).toBe('Streaming transaction logs. Confirmed commitment\n');
    expect(session.err()).toMatch(
      new RegExp(
        `^Warning: cannot connect to ws://127\\.0\\.0\\.1:${port} \\(.+\\); retrying\\nError: could not connect to ws://127\\.0\\.0\\.1:${port} \\(.+\\): 3 attempts`,
      ),
    );
    expect(session.err()).not.toMatch(/SECRET/);
  });

  it('Ctrl-C while reconnecting ends at once with 130', async () => {
    const session = start(['logs', '--ws', server.url]);
    await until(() => server.subscriptions.size === 1);
    server.down(true);
    server.closeAll();
    await until(() => session.err().includes('stream lost'));
    session.interrupt();
    expect(await session.exit).toBe(130);
    expect(session.err()).not.toContain('Error');
  });

  it('the config file: websocket_url is used, and --ws wins over it', async () => {
    const home = tempDir('solrpc-home-');
    writeConfig(home, ['---', 'json_rpc_url: "http://127.0.0.1:1"', `websocket_url: "${server.url}"`]);
    const fromConfig = start(['logs'], { env: { HOME: home } });
    await until(() => server.subscriptions.size === 1);
    fromConfig.interrupt();
    expect(await fromConfig.exit).toBe(130);

    const other = await startPubsubServer();
    try {
      const fromFlag = start(['logs', '--ws', other.url], { env: { HOME: home } });
      await until(() => other.subscriptions.size === 1);
      fromFlag.interrupt();
      expect(await fromFlag.exit).toBe(130);
      expect(subscribes()).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });
});

describe('logs refuses bad input before connecting', { timeout: 10_000 }, () => {
  /** A TCP listener that records the connections it accepts, by the client's port: the command must make none. */
  async function countingListener() {
    const accepted: number[] = [];
    const onAccept = new Set<() => void>();
    const listener = createServer((socket) => {
      accepted.push(socket.remotePort ?? -1);
      socket.destroy();
      for (const notify of onAccept) notify();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    return {
      url: `ws://127.0.0.1:${port}`,
      /**
       * Connects once and resolves, when the listener accepted that connection, with how many it accepted
       * before: a listener accepts in the order connections are made, so one the command opened came first.
       */
      acceptedBeforeProbe: () =>
        new Promise<number>((resolve, reject) => {
          const probe = connect(port, '127.0.0.1');
          probe.on('error', reject);
          probe.on('connect', () => {
            const check = () => {
              const at = accepted.indexOf(probe.localPort ?? -2);
              if (at < 0) return;
              onAccept.delete(check);
              probe.destroy();
              resolve(at);
            };
            onAccept.add(check);
            check();
          });
        }),
      close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
    };
  }

  it.each([
    [['logs', 'not-an-address!'], /^Error: address not-an-address! is neither a keypair file nor a base58 address/],
    [['logs', ADDRESS, '--include-votes'], /^Error: --include-votes cannot be used with ADDRESS/],
    [['logs', ADDRESS, ADDRESS], /^Error: 'logs' takes at most 1 argument/],
    [['logs', '--lamports'], /^Error: option --lamports does not apply to 'logs'/],
  ])('%j: exit 2', async (argv, message) => {
    const listener = await countingListener();
    try {
      const session = start([...argv, '--ws', listener.url]);
      expect(await session.exit).toBe(2);
      expect(session.err()).toMatch(message);
      expect(session.out()).toBe('');
      expect(await listener.acceptedBeforeProbe()).toBe(0);
    } finally {
      await listener.close();
    }
  });

  it('a --ws that is not ws:// or wss://, or a --url it cannot derive one from: exit 2, the URL not shown', async () => {
    const bad = start(['logs', '--ws', 'http://127.0.0.1:1/?api-key=SECRET']);
    expect(await bad.exit).toBe(2);
    expect(bad.err()).toBe('Error: --ws: expected a ws:// or wss:// URL\n');
    const underived = start(['logs', '--url', 'ftp://127.0.0.1/?api-key=SECRET']);
    expect(await underived.exit).toBe(2);
    expect(underived.err()).toMatch(/^Error: cannot derive a WebSocket URL from the RPC URL .* give one with --ws\n$/);
    expect(bad.out() + underived.out()).toBe('');
  });
});

describe('websocketUrlFor: agave Config::compute_websocket_url', () => {
  it.each([
    ['http://api.devnet.solana.com', 'ws://api.devnet.solana.com/'],
    ['https://api.devnet.solana.com', 'wss://api.devnet.solana.com/'],
    ['http://example.com:8899', 'ws://example.com:8900/'],
    ['https://example.com:1234', 'wss://example.com:1235/'],
    ['https://rpc.example.com/path?api-key=k', 'wss://rpc.example.com/path?api-key=k'],
    ['garbage', undefined],
    ['ftp://example.com', undefined],
    ['http://example.com:65535', undefined],
  ])('%s -> %s', (rpc, ws) => {
    expect(websocketUrlFor(rpc)).toBe(ws);
  });
});
