// Memory and speed of reading a program's accounts as a stream (issue 32): streamProgramAccounts over a
// getProgramAccounts answer of N token accounts (165 bytes, base64), against rpc.getProgramAccounts.
// Not a test: it prints lines for docs/performance.md. Needs dist/ (`npm run bench:stream` builds first).
//
//   node bench/streamMemory.mjs                      the targets side by side: call on 200,000,
//                                                    stream on 200,000 (time to first) and on --accounts
//   node bench/streamMemory.mjs --mode stream|call [--accounts N]     one run (N: 2,000,000 by default)
//
// Three processes, so that each figure is its own: this one only starts the others and prints; the
// server (a child) generates the body chunk by chunk as the socket takes it, never holding it whole
// (2,000,000 accounts is about 1 GB); the client (another child) makes the call and reads its own peak
// RSS (VmHWM of /proc/self/status), which the server's memory never enters.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const U64_MAX = 18446744073709551615n;
const LAMPORTS = 2039280n;
const SELF = fileURLToPath(import.meta.url);

const { values } = parseArgs({
  options: {
    accounts: { type: 'string' },
    mode: { type: 'string' },
    role: { type: 'string' },
    url: { type: 'string' },
  },
});
const count = (text, fallback) => {
  const n = text === undefined ? fallback : Number(text.replaceAll(/[,_]/g, ''));
  if (!Number.isSafeInteger(n) || n < 1)
    throw new Error(`--accounts: expected a whole number of at least 1, got ${text}`);
  return n;
};

// ---------------------------------------------------------------------------------------------------
// The server: a getProgramAccounts answer of `accounts` token accounts, written as the socket drains.

/** base58 digits; a 43-character text whose first digit is '5' or above decodes to exactly 32 bytes. */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const PREFIX = 'Acc7uHRXLckNH5vuw2kRHrE3ZKbvzgGUAgTSJzuqP'.slice(0, 37);
/** The i-th distinct pubkey: a fixed prefix and i in six base58 digits (58^6 is 38 billion). */
function pubkeyOf(i) {
  let tail = '';
  for (let k = 0, n = i; k < 6; k++, n = Math.floor(n / 58)) tail = ALPHABET[n % 58] + tail;
  return PREFIX + tail;
}

/** 256 data blocks of 165 random-looking bytes, base64; account i carries block i % 256. */
const DATA = Array.from({ length: 256 }, (_, b) => {
  const bytes = Buffer.alloc(165);
  for (let j = 0; j < 165; j++) bytes[j] = (b * 131 + j * 29 + ((b * j) >> 3)) & 0xff;
  return bytes.toString('base64');
});
const accountText = (i) =>
  `{"account":{"data":["${DATA[i & 255]}","base64"],"executable":false,"lamports":${LAMPORTS},"owner":"${TOKEN_PROGRAM}","rentEpoch":${U64_MAX},"space":165},"pubkey":"${pubkeyOf(i)}"}`;

/** Accounts per write: about 400 KB, so a chunk is never a large share of the client's budget. */
const PER_CHUNK = 1_000;

/** Settles when the response's socket takes more, or closes. */
function drained(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

async function serve(accounts) {
  const server = createServer((req, res) => {
    const parts = [];
    req.on('data', (chunk) => parts.push(chunk));
    req.on('end', () => {
      const request = JSON.parse(Buffer.concat(parts).toString('utf8'));
      const id = JSON.stringify(request.id ?? null);
      if (request.method !== 'getProgramAccounts') {
        const error = { code: -32601, message: 'Method not found' };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', error, id: request.id ?? null }));
        return;
      }
      const head = '{"jsonrpc":"2.0","result":[';
      const tail = `],"id":${id}}`;
      // Every account's text has the same length, so the length is known without building the body.
      const each = Buffer.byteLength(accountText(0));
      const length = head.length + accounts * each + Math.max(0, accounts - 1) + tail.length;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
      let stopped = false;
      res.on('close', () => {
        stopped = true;
      });
      (async () => {
        res.write(head);
        for (let start = 0; start < accounts && !stopped; start += PER_CHUNK) {
          const end = Math.min(accounts, start + PER_CHUNK);
          let chunk = start === 0 ? '' : ',';
          for (let i = start; i < end; i++) chunk += (i === start ? '' : ',') + accountText(i);
          // Backpressure: wait for the socket to drain before generating more.
          if (!res.write(chunk)) await drained(res);
        }
        if (!stopped) res.end(tail);
      })();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send({ port: server.address().port });
  process.on('disconnect', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------------
// The client: one call, timed, its own peak RSS read at the end.

const status = (field) => {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)\s*kB/)?.[1] ?? Number.NaN) * 1024;
};

/** Throws unless the account is what the server sent: decoded to bytes, bigints exact. */
function check(item) {
  const { pubkey, account } = item;
  const ok =
    typeof pubkey === 'string' &&
    pubkey.startsWith(PREFIX) &&
    account.owner === TOKEN_PROGRAM &&
    account.data instanceof Uint8Array &&
    account.data.length === 165 &&
    BigInt(account.lamports) === LAMPORTS &&
    BigInt(account.rentEpoch) === U64_MAX &&
    account.executable === false;
  if (!ok) throw new Error(`an account decoded wrongly: ${pubkey}`);
}

async function client(mode, url, accounts) {
  const solrpc = await import('../dist/index.js');
  if (mode === 'stream' && typeof solrpc.streamProgramAccounts !== 'function') {
    throw new Error(
      'stream mode needs streamProgramAccounts, which dist/index.js does not export yet (issue 32): run `npm run build` once src/ has it, or use --mode call',
    );
  }
  const rpc = solrpc.createRpc(url, { retry: false, timeoutMs: 600_000, maxResponseBytes: 2 * 1024 ** 3 });
  const config = { filters: [{ dataSize: 165 }] };
  const rssBefore = status('VmRSS');
  const start = performance.now();
  let firstMs;
  let seen = 0;
  if (mode === 'stream') {
    for await (const item of solrpc.streamProgramAccounts(rpc, TOKEN_PROGRAM, { ...config, paging: 'none' })) {
      if (seen === 0) firstMs = performance.now() - start;
      // A few accounts checked field by field: the first, every 100,000th and, below, the count.
      if (seen % 100_000 === 0) check(item);
      seen++;
    }
  } else {
    const result = await rpc.getProgramAccounts(TOKEN_PROGRAM, config);
    for (let i = 0; i < result.length; i += 100_000) check(result[i]);
    check(result[result.length - 1]);
    seen = result.length;
  }
  const totalMs = performance.now() - start;
  if (seen !== accounts) throw new Error(`${seen} accounts read, ${accounts} sent`);
  return { seen, totalMs, firstMs, peakRss: status('VmHWM'), rssBefore };
}

// ---------------------------------------------------------------------------------------------------
// The parent: starts the server and the client, and prints.

/** Runs the child `role` with `args`; resolves to its one message. */
function child(args) {
  const proc = fork(SELF, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const message = new Promise((resolve, reject) => {
    proc.once('message', resolve);
    proc.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before answering`)));
  });
  return { proc, message };
}

const mib = (bytes) => (bytes / 1048576).toFixed(1);
const fmt = (n) => Math.round(n).toLocaleString('en');

/** One measurement: a server of `accounts`, a client in `mode`; the client's figures. */
async function measure(mode, accounts) {
  const server = child(['--role', 'server', '--accounts', String(accounts)]);
  try {
    const { port } = await server.message;
    const client = child([
      '--role',
      'client',
      '--mode',
      mode,
      '--url',
      `http://127.0.0.1:${port}`,
      '--accounts',
      String(accounts),
    ]);
    const result = await client.message;
    if (result.error) throw new Error(result.error);
    const bodyBytes = 30 + accounts * (Buffer.byteLength(accountText(0)) + 1);
    const line = [
      `${mode === 'stream' ? "streamProgramAccounts (paging: 'none')" : 'getProgramAccounts'}, ${fmt(accounts)} accounts of 165 B (base64), body ${mib(bodyBytes)} MiB:`,
      `peak RSS ${mib(result.peakRss)} MiB (${mib(result.rssBefore)} MiB before the call),`,
      `${fmt(result.seen / (result.totalMs / 1000))} accounts/s, ${(result.totalMs / 1000).toFixed(2)} s`,
    ];
    if (result.firstMs !== undefined)
      line.push(
        `first account at ${result.firstMs.toFixed(0)} ms (${((100 * result.firstMs) / result.totalMs).toFixed(1)}% of the whole)`,
      );
    console.log(line.join(' ').replace(/ s first/, ' s, first'));
    return { ...result, accountsPerSecond: result.seen / (result.totalMs / 1000) };
  } finally {
    server.proc.kill();
  }
}

async function main() {
  const mode = values.mode;
  if (mode !== undefined && mode !== 'stream' && mode !== 'call')
    throw new Error(`--mode: expected stream or call, got ${mode}`);
  console.log(`node ${process.version}, ${new Date().toISOString()}`);
  if (mode) {
    await measure(mode, count(values.accounts, 2_000_000));
    return;
  }
  // The targets, side by side in one run.
  const big = count(values.accounts, 2_000_000);
  const call = await measure('call', 200_000);
  const small = await measure('stream', 200_000);
  const stream = await measure('stream', big);
  const first = (100 * small.firstMs) / small.totalMs;
  const mark = (ok) => (ok ? 'met' : 'MISSED');
  console.log(
    `targets: stream over ${fmt(big)} peak RSS ${mib(stream.peakRss)} MiB <= 256 MiB ${mark(stream.peakRss <= 256 * 1048576)}; ` +
      `${fmt(stream.accountsPerSecond)} accounts/s = ${(stream.accountsPerSecond / call.accountsPerSecond).toFixed(2)}x getProgramAccounts on 200,000 (>= 1x) ${mark(stream.accountsPerSecond >= call.accountsPerSecond)}; ` +
      `first account of 200,000 at ${first.toFixed(1)}% <= 5% ${mark(first <= 5)}`,
  );
}

if (values.role === 'server') await serve(count(values.accounts, 2_000_000));
else if (values.role === 'client') {
  // Exit once the parent has the figures: the pool's keep-alive socket would hold the process open.
  const result = await client(values.mode, values.url, count(values.accounts, 2_000_000)).catch((error) => ({
    error: String(error?.message ?? error),
  }));
  process.send(result, () => process.exit(0));
} else
  await main().catch((error) => {
    console.error(String(error?.message ?? error));
    process.exitCode = 1;
  });
