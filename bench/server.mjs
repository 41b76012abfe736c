// The benchmark's payload server: a separate process on loopback that answers JSON-RPC like an agave
// node, from payloads built once at start-up (bench/payloads.mjs). Each response is a prebuilt buffer
// plus the caller's id, so serving costs the server almost nothing and the clients' work is what
// the benchmark sees. Started by bench/run.mjs (or by hand: `node bench/server.mjs`, prints its port).
//
// Extra routes, not JSON-RPC: GET /expect (what a correct client makes of each payload) and GET /stats
// (requests served so far, so the runner can tell when a client coalesced calls into fewer requests).
import { createServer } from 'node:http';
import { buildPayloads } from './payloads.mjs';
import { ADDRESSES, SEND_CONFIG, STATUS_SIGNATURES } from './workloads.mjs';

const { results, expect } = await buildPayloads();

const PREFIX = '{"jsonrpc":"2.0","result":';
const prebuilt = {};
for (const [workload, byEncoding] of Object.entries(results)) {
  prebuilt[workload] = {};
  for (const [encoding, text] of Object.entries(byEncoding)) {
    prebuilt[workload][encoding] = Buffer.from(`${PREFIX}${text},"id":`);
  }
}
const expectBody = Buffer.from(JSON.stringify(expect));

const mainnetOwners = new Set(ADDRESSES.tokenAccountsMainnet5000);
const accountWorkload = new Map();
for (const id of ['account165', 'account1m', 'account10mZstd']) {
  for (const address of ADDRESSES[id]) accountWorkload.set(address, id);
}

/** Which prebuilt body answers a request, or an error message. */
function route(method, params) {
  switch (method) {
    case 'getEpochInfo':
      return prebuilt.epochInfo.default;
    case 'getAccountInfo': {
      const workload = accountWorkload.get(params?.[0]);
      const encoding = params?.[1]?.encoding ?? 'binary';
      return prebuilt[workload]?.[encoding] ?? `no ${encoding} payload for this address`;
    }
    case 'getTokenAccountsByDelegate':
    case 'getTokenAccountsByOwner': // web3.js v1 has no ByDelegate method; the wire shape is the same
      if (params?.[2]?.encoding !== 'jsonParsed') return 'only jsonParsed here';
      return prebuilt[mainnetOwners.has(params[0]) ? 'tokenAccountsMainnet5000' : 'tokenAccounts5000'].default;
    case 'getTransaction':
      return prebuilt.transactionV0.default;
    case 'getVoteAccounts':
      return prebuilt.voteAccounts2100.default;
    case 'getLeaderSchedule':
      return prebuilt.leaderSchedule.default;
    case 'getClusterNodes':
      return prebuilt.clusterNodes5000.default;
    case 'sendTransaction': {
      // Every client must send the same request: base64, the same preflight settings, nothing else.
      const config = params?.[1] ?? {};
      const same =
        Object.keys(config).length === Object.keys(SEND_CONFIG).length &&
        Object.entries(SEND_CONFIG).every(([key, value]) => config[key] === value);
      if (!same) return `sendTransaction config ${JSON.stringify(config)} is not ${JSON.stringify(SEND_CONFIG)}`;
      return prebuilt.sendTransaction[params[0]] ?? 'transaction not one of the benchmark transactions';
    }
    case 'getSignatureStatuses': {
      const signatures = params?.[0];
      const same =
        params.length === 1 &&
        Array.isArray(signatures) &&
        signatures.length === STATUS_SIGNATURES.length &&
        signatures.every((s, i) => s === STATUS_SIGNATURES[i]);
      return same ? prebuilt.getSignatureStatuses256.default : 'expected the 256 benchmark signatures, no config';
    }
    case 'getProgramAccounts': {
      const encoding = params?.[1]?.encoding ?? 'binary';
      const filters = JSON.stringify(params?.[1]?.filters);
      if (filters !== '[{"dataSize":165}]') return `expected filters [{"dataSize":165}], got ${filters}`;
      const workload = encoding === 'jsonParsed' ? 'programAccounts20000Parsed' : 'programAccounts20000';
      return prebuilt[workload][encoding] ?? `no ${encoding} payload here`;
    }
    case 'getMultipleAccounts':
      return params?.[0]?.length === 100 && params?.[1]?.encoding === 'base64'
        ? prebuilt.multipleAccounts100.base64
        : 'expected 100 addresses and base64';
    case 'getBlock':
      // json is agave's default encoding, full its default detail level: a client may leave them out.
      return (params?.[1]?.encoding ?? 'json') === 'json' && (params?.[1]?.transactionDetails ?? 'full') === 'full'
        ? prebuilt.block1500.default
        : 'only full json blocks here';
    case 'getSignaturesForAddress':
      return params?.[1]?.limit === 1000 ? prebuilt.signatures1000.default : 'expected limit 1000';
    default:
      return `method ${method} not served`;
  }
}

let served = 0;
const server = createServer((req, res) => {
  if (req.method === 'GET') {
    const body = req.url === '/expect' ? expectBody : Buffer.from(JSON.stringify({ served }));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    served++;
    let request;
    try {
      request = JSON.parse(Buffer.concat(chunks).toString());
    } catch {
      request = {};
    }
    const prefix = route(request.method, request.params);
    let tail;
    let head;
    if (typeof prefix === 'string') {
      head = Buffer.from(
        `{"jsonrpc":"2.0","error":{"code":-32602,"message":${JSON.stringify(prefix)}},"id":${JSON.stringify(request.id ?? null)}}\n`,
      );
      tail = Buffer.alloc(0);
    } else {
      head = prefix;
      tail = Buffer.from(`${JSON.stringify(request.id ?? null)}}\n`);
    }
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': head.length + tail.length,
    });
    res.write(head);
    res.end(tail);
  });
});
// Rounds of a slow client can leave another client's sockets idle for seconds: keep them open.
server.keepAliveTimeout = 120_000;
server.headersTimeout = 121_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  if (process.send) process.send({ port });
  else console.log(`payload server on http://127.0.0.1:${port}`);
});
process.on('disconnect', () => process.exit(0));
