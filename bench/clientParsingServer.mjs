// The payload server of bench/clientParsing.mjs: a separate process on loopback (so its CPU is not the
// client's) answering the 20,000 token accounts of the programAccounts20000Parsed workload two ways:
// getProgramAccounts in jsonParsed (the run benchmark's payload, byte for byte), and in base64+zstd with
// context, each account's data compressed on its own as agave does (a streaming frame at level 3, no
// content size); and getMultipleAccounts of their 60 mints (82-byte SPL mints with their decimals) and
// the Clock sysvar, in base64, as parseOnClient asks for them. Also the same accounts in plain base64 (the
// programAccounts20000 workload's payload), to weigh zstd against no compression for 165-byte accounts.
//
// POST /link/<Mbit/s>/<round trip ms>: the same answers paced as over a slower link (see pace below).
// POST /node and /link/<Mbit/s>/<round trip ms>/node: the same, each answer held back first for as long as
// a node takes to write it (the accounts in the answer times the node's microseconds an account for the
// answer's encoding, given as JSON on the command line: {"jsonParsed":17.7,"base64+zstd":22.9,"base64":4.3},
// from bench/nodeAnswerCost.mjs). A wait, not work: a node's CPU is not the client's.
// GET /stats: requests and response-body bytes served so far, and the requests it refused (a client
// that asked for something else than the accounts' slot, say), so the runner can count wire bytes per call.
import { createServer } from 'node:http';
import { CONTEXT, programAccounts20000, zstdStreamingCompress } from './payloads.mjs';
import { rng, TOKEN_PROGRAM, U64_MAX } from './workloads.mjs';

export const CLOCK = 'SysvarC1ock11111111111111111111111111111111';
const SYSVAR_PROGRAM = 'Sysvar1111111111111111111111111111111111111';
const SLOT = JSON.parse(CONTEXT).slot;
/** A node's microseconds an account to write an answer, by encoding (see the header); none: no wait. */
const NODE_US = JSON.parse(process.argv[2] ?? '{}');
const UNIX_TIMESTAMP = 1_754_900_874n;

/** An initialized SPL Token mint, 82 bytes: a mint authority, a supply, its decimals, no freeze authority. */
function mintBytes(r, decimals) {
  const bytes = new Uint8Array(82);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 1, true); // mint_authority: Some
  bytes.set(r.bytes(32), 4);
  view.setBigUint64(36, BigInt(r.int(2 ** 31)) * 1_000_000n, true); // supply
  bytes[44] = decimals;
  bytes[45] = 1; // is_initialized
  return bytes; // freeze_authority: None (a zero tag and 32 zero bytes)
}

/** The Clock sysvar, 40 bytes: slot, epoch start timestamp, epoch, leader schedule epoch, unix timestamp. */
function clockBytes() {
  const view = new DataView(new ArrayBuffer(40));
  view.setBigUint64(0, BigInt(SLOT), true);
  view.setBigInt64(8, UNIX_TIMESTAMP - 172_800n, true);
  view.setBigUint64(16, 824n, true);
  view.setBigUint64(24, 825n, true);
  view.setBigInt64(32, UNIX_TIMESTAMP, true);
  return new Uint8Array(view.buffer);
}

/** An account as agave writes it; `space` is the data's own length, not its zstd frame's. */
const account = (text, encoding, owner, lamports, space) =>
  `{"data":["${text}","${encoding}"],"executable":false,"lamports":${lamports},"owner":"${owner}","rentEpoch":${U64_MAX},"space":${space}}`;
const base64 = (bytes) => Buffer.from(bytes).toString('base64');

const program = programAccounts20000();
const frames = [];
for (const { pubkey, bytes } of program.accounts) {
  const frame = await zstdStreamingCompress(bytes);
  frames.push(
    `{"account":${account(base64(frame), 'base64+zstd', TOKEN_PROGRAM, 2039280, bytes.length)},"pubkey":"${pubkey}"}`,
  );
}
const r = rng(82);
const byAddress = new Map(
  program.mints.map(({ address, decimals }) => [
    address,
    account(base64(mintBytes(r, decimals)), 'base64', TOKEN_PROGRAM, 1461600, 82),
  ]),
);
byAddress.set(CLOCK, account(base64(clockBytes()), 'base64', SYSVAR_PROGRAM, 1169280, 40));

const PREFIX = '{"jsonrpc":"2.0","result":';
const parsedBody = Buffer.from(`${PREFIX}${program.parsed},"id":`);
const base64Body = Buffer.from(`${PREFIX}${program.base64},"id":`);
const zstdBody = Buffer.from(`${PREFIX}{"context":${CONTEXT},"value":[${frames.join(',')}]},"id":`);
// The same accounts in plain base64 with context: what parseOnClient asks for a scan (true or { wire: 'base64' }).
const plain = program.accounts.map(
  ({ pubkey, bytes }) =>
    `{"account":${account(base64(bytes), 'base64', TOKEN_PROGRAM, 2039280, bytes.length)},"pubkey":"${pubkey}"}`,
);
const base64ContextBody = Buffer.from(`${PREFIX}{"context":${CONTEXT},"value":[${plain.join(',')}]},"id":`);

/** A node's time to write an answer of `accounts` accounts in `encoding`, in ms. */
const nodeMs = (encoding, accounts) => ((NODE_US[encoding] ?? 0) * accounts) / 1000;

/** The answer's head (the id follows), or why the request is refused; `node` is what it takes a node, in ms. */
function route(method, params) {
  const config = params?.[1] ?? {};
  if (method === 'getProgramAccounts') {
    if (params?.[0] !== TOKEN_PROGRAM || JSON.stringify(config.filters) !== '[{"dataSize":165}]') {
      return 'expected the Token program with filters [{"dataSize":165}]';
    }
    const node = nodeMs(config.encoding, program.accounts.length);
    if (config.encoding === 'jsonParsed' && config.withContext === undefined) return { head: parsedBody, node };
    if (config.encoding === 'base64+zstd' && config.withContext === true) return { head: zstdBody, node };
    if (config.encoding === 'base64' && config.withContext === undefined) return { head: base64Body, node };
    if (config.encoding === 'base64' && config.withContext === true) return { head: base64ContextBody, node };
    return `no ${config.encoding} payload (withContext ${config.withContext}) here`;
  }
  if (method === 'getMultipleAccounts') {
    // parseOnClient reads the mints at the accounts' slot or later, in base64 (they are small).
    if (config.encoding !== 'base64') return `expected base64, got ${config.encoding}`;
    if (config.minContextSlot !== SLOT) return `expected minContextSlot ${SLOT}, got ${config.minContextSlot}`;
    const addresses = params[0];
    if (!Array.isArray(addresses) || addresses.length > 100) return 'expected at most 100 addresses';
    const value = addresses.map((address) => byAddress.get(address) ?? 'null').join(',');
    const head = Buffer.from(`${PREFIX}{"context":${CONTEXT},"value":[${value}]},"id":`);
    return { head, node: nodeMs('base64', addresses.length) };
  }
  return `method ${method} not served`;
}

const stats = { served: 0, bodyBytes: 0, refused: [] };
const server = createServer((req, res) => {
  if (req.method === 'GET') {
    const body = Buffer.from(JSON.stringify(stats));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let request = {};
    try {
      request = JSON.parse(Buffer.concat(chunks).toString());
    } catch {}
    const answer = route(request.method, request.params);
    const id = JSON.stringify(request.id ?? null);
    let body;
    let tail;
    let node = 0;
    if (typeof answer === 'string') {
      if (stats.refused.length < 10) stats.refused.push(answer);
      body = Buffer.from(`{"jsonrpc":"2.0","error":{"code":-32602,"message":${JSON.stringify(answer)}},"id":${id}}\n`);
      tail = Buffer.alloc(0);
    } else {
      // The prebuilt head and the caller's id, written apart: no copy of a 40 MB body per answer.
      body = answer.head;
      tail = Buffer.from(`${id}}\n`);
      node = answer.node;
    }
    const length = body.length + tail.length;
    stats.served++;
    stats.bodyBytes += length;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
    const link = /^\/link\/(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)(\/node)?$/.exec(req.url ?? '');
    if (link) {
      pace(res, body, tail, Number(link[1]), Number(link[2]) + (link[3] ? node : 0));
      return;
    }
    if (req.url === '/node') {
      setTimeout(() => {
        res.write(body);
        res.end(tail);
      }, node);
      return;
    }
    res.write(body);
    res.end(tail);
  });
});

/**
 * A link slower than loopback, for requests to /link/<Mbit/s>/<round trip ms>: the answer starts a round
 * trip (and, for /link/.../node, the node's write time: `roundTripMs` then holds both) after the request, then its body leaves at the link's rate (what is due by the clock, every
 * millisecond or so), as a provider's answer reaches a client over the internet. Each answer has the whole
 * rate to itself: the runner sends these one at a time.
 */
function pace(res, body, tail, mbitPerSecond, roundTripMs) {
  const bytesPerMs = (mbitPerSecond * 1e6) / 8 / 1000;
  const start = performance.now() + roundTripMs;
  let sent = 0;
  const pump = () => {
    const due = Math.min(body.length, Math.floor((performance.now() - start) * bytesPerMs));
    if (due > sent) {
      res.write(body.subarray(sent, due));
      sent = due;
    }
    if (sent < body.length) setTimeout(pump, 1);
    else res.end(tail);
  };
  setTimeout(pump, roundTripMs);
}
server.keepAliveTimeout = 120_000;
server.headersTimeout = 121_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  const sizes = {
    parsed: parsedBody.length,
    zstd: zstdBody.length,
    base64: base64Body.length,
    base64Context: base64ContextBody.length,
  };
  if (process.send) process.send({ port, sizes, mints: program.mints.length });
  else console.log(`client-parsing payload server on http://127.0.0.1:${port}`, sizes);
});
process.on('disconnect', () => process.exit(0));
