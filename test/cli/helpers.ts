/**
 * Shared by the CLI suites: `run(argv, io)` with captured output, temporary homes and keypair files
 * made with node:crypto, and a scripted JSON-RPC server on loopback (real HTTP, so it can sit beside
 * the simulated cluster in one file, where msw would refuse the cluster's requests).
 */
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { exactJson, type RpcHandler, type RpcReply, type RpcRequest } from '../msw/server.js';
import { type CliRun, runCaptured } from '../support/cliRun.js';

export { closedPort } from '../support/httpServer.js';

const made: string[] = [];

/** A fresh directory under the system temp dir; `removeTempDirs` deletes them all. */
export function tempDir(prefix = 'solrpc-cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export type { CliRun };

export interface RunOptions extends Partial<Omit<CliIo, 'out' | 'err'>> {}

/**
 * Runs the CLI in-process. HOME is an empty temporary directory unless `env` says otherwise, so the
 * config and keypair of whoever runs the tests are never read.
 */
export async function runCli(argv: string[], options: RunOptions = {}): Promise<CliRun> {
  const io: Omit<CliIo, 'out' | 'err'> = {
    env: options.env ?? { HOME: tempDir('solrpc-home-') },
    isTTY: options.isTTY ?? false,
  };
  if (options.signal) io.signal = options.signal;
  if (options.sleep) io.sleep = options.sleep;
  if (options.now) io.now = options.now;
  return runCaptured(argv, io);
}

export interface Keypair {
  /** The 64 numbers of a solana-keygen file: the secret seed, then the public key. */
  bytes: number[];
  address: string;
}

/** A fresh Ed25519 keypair from node:crypto, laid out as solana-keygen writes it. */
export function newKeypair(): Keypair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32);
  const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return { bytes: [...seed, ...pub], address: encodeBase58(pub) };
}

/** Writes a keypair as solana-keygen does (`[n,n,…]`), or the given text or bytes, to `path` with exactly `mode`. */
export function writeKeypairFile(path: string, keypair: Keypair | string | Uint8Array, mode = 0o600): string {
  mkdirSync(dirname(path), { recursive: true });
  const text = typeof keypair === 'string' || keypair instanceof Uint8Array ? keypair : `[${keypair.bytes.join(',')}]`;
  writeFileSync(path, text, { mode });
  chmodSync(path, mode); // the umask may have cleared bits of `mode`
  return path;
}

/** A Solana CLI config file, written the way `solana config set` writes it. */
export function writeConfig(home: string, lines: string[]): string {
  const path = join(home, '.config', 'solana', 'cli', 'config.yml');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** A call the scripted server received. */
export interface ReceivedCall {
  method: string;
  params: unknown[];
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface ScriptedRpc {
  url: string;
  calls: ReceivedCall[];
  /** Adds or replaces method handlers. */
  script(methods: Record<string, RpcHandler | RpcReply>): void;
  close(): Promise<void>;
}

/**
 * A JSON-RPC server on 127.0.0.1 answering by method name, the replies given as for `mockRpc`. A call
 * of a method the test did not script is answered with -32601 and recorded in `unexpected`.
 */
export async function startScriptedRpc(methods: Record<string, RpcHandler | RpcReply> = {}): Promise<ScriptedRpc> {
  let handlers = { ...methods };
  const calls: ReceivedCall[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      void (async () => {
        const parsed = JSON.parse(body) as RpcRequest;
        calls.push({
          method: parsed.method,
          params: parsed.params,
          url: request.url ?? '',
          headers: request.headers,
        });
        const handler = handlers[parsed.method];
        let answer: RpcReply;
        try {
          answer =
            handler === undefined
              ? { error: { code: -32601, message: `Method not found (not scripted: ${parsed.method})` } }
              : typeof handler === 'function'
                ? await handler(parsed)
                : handler;
        } catch (error) {
          // A broken script must fail the test, not leave the client waiting for its timeout.
          answer = { body: `scripted handler threw: ${String(error)}`, status: 599, contentType: 'text/plain' };
        }
        const envelope = (member: string) => `{"jsonrpc":"2.0",${member},"id":${JSON.stringify(parsed.id)}}\n`;
        let text: string;
        let status = 200;
        let contentType = 'application/json; charset=utf-8';
        if ('body' in answer) {
          text = answer.body;
          status = answer.status ?? 200;
          contentType = answer.contentType ?? contentType;
        } else if ('resultText' in answer) text = envelope(`"result":${answer.resultText}`);
        else if ('result' in answer) text = envelope(`"result":${exactJson(answer.result)}`);
        else text = envelope(`"error":${exactJson(answer.error)}`);
        response.writeHead(status, { 'content-type': contentType });
        response.end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    script(more) {
      handlers = { ...handlers, ...more };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** ESC, BEL and the C1 controls: none may reach a terminal from server text. */
export const TERMINAL_CONTROL = /[\u0007\u001b\u0080-\u009f]/;

export const VOTE_PROGRAM = 'Vote111111111111111111111111111111111111111';
export const FEATURE_PROGRAM = 'Feature111111111111111111111111111111111111';
/** The timely-vote-credits feature account, which `vote-account` reads. */
export const TVC_FEATURE = 'tvcF6b1TRz353zKuhBjinZkKzjmihXmBAHJdjNYw1sQ';

/** A vote account's jsonParsed `info`, as agave sends it (credits as decimal strings). */
export interface ParsedVoteInfo {
  authorizedVoters: { authorizedVoter: string; epoch: number }[];
  authorizedWithdrawer: string;
  commission: number;
  epochCredits: { credits: string; epoch: number; previousCredits: string }[];
  lastTimestamp: { slot: number; timestamp: number };
  nodePubkey: string;
  priorVoters: unknown[];
  rootSlot: number | null;
  votes: { confirmationCount: number; latency?: number; slot: number }[];
}

/** The `getAccountInfo` result (jsonParsed) for a vote account, keys sorted as agave sends them. */
export function voteAccountResult(
  info: ParsedVoteInfo,
  options: { lamports?: bigint; owner?: string; type?: string } = {},
): unknown {
  return {
    context: { apiVersion: '2.3.7', slot: 356139456 },
    value: {
      data: { parsed: { info, type: options.type ?? 'vote' }, program: 'vote', space: 3762 },
      executable: false,
      lamports: options.lamports ?? 28_897_920n,
      owner: options.owner ?? VOTE_PROGRAM,
      rentEpoch: 18446744073709551615n,
      space: 3762,
    },
  };
}

/** The feature account's `getAccountInfo` result (base64): active since `slot`, pending (`null`), or absent. */
export function featureResult(slot: bigint | null | 'absent'): unknown {
  if (slot === 'absent') return { context: { apiVersion: '2.3.7', slot: 356139456 }, value: null };
  const bytes = Buffer.alloc(slot === null ? 1 : 9);
  if (slot !== null) {
    bytes[0] = 1;
    bytes.writeBigUInt64LE(slot, 1);
  }
  return {
    context: { apiVersion: '2.3.7', slot: 356139456 },
    value: {
      data: [bytes.toString('base64'), 'base64'],
      executable: false,
      lamports: 1_454_640n,
      owner: FEATURE_PROGRAM,
      rentEpoch: 18446744073709551615n,
      space: bytes.length,
    },
  };
}

/**
 * Scripted loopback RPC servers for one test file: `scripted(methods)` starts one, and every server started
 * in a test is closed after it.
 */
export function useScriptedServers(): (methods: Record<string, RpcHandler | RpcReply>) => Promise<ScriptedRpc> {
  const servers: ScriptedRpc[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (methods) => {
    const server = await startScriptedRpc(methods);
    servers.push(server);
    return server;
  };
}
