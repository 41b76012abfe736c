// A loopback JSON-RPC endpoint with a provider's request limit, for bench/rateLimit.mjs and
// bench/steering.mjs: a token bucket (capacity `capacity`, refilled continuously at `rate` tokens a
// second, full at start) that each request draws from by its weight (a batch: the sum of its calls'),
// answering HTTP 429 with `Retry-After: 1` when the tokens are not there, as providers do. Without a
// rate it never refuses: the steering bench's small-call server. Runs in a process of its own so its
// work never shows in the client's CPU time (`node bench/rateLimitServer.mjs` prints its port).
//
// Routes besides JSON-RPC (POST /):
//   GET /configure?rate=50&capacity=50&weights=getProgramAccounts:10   new limit, bucket full, counters zeroed
//   GET /configure                                                      no limit
//   GET /stats   { requests, accepted, rejected, calls, rejectedAtMs, tokens }   since the last /configure
import { createServer } from 'node:http';

const SLOT_MS = 400;
const START_SLOT = 356_139_496;
const startedAt = performance.now();
/** The slot now: a cluster advancing every 400 ms, so context slots only go up. */
const slotNow = () => START_SLOT + Math.floor((performance.now() - startedAt) / SLOT_MS);

/** agave's answers (keys sorted, as its serde_json writes them), from the conformance cases' shapes. */
const RESULTS = {
  getBalance: () => `{"context":{"apiVersion":"2.3.7","slot":${slotNow()}},"value":3482119554}`,
  getEpochInfo: () => {
    const slot = slotNow();
    return `{"absoluteSlot":${slot},"blockHeight":${slot - 21_802_343},"epoch":824,"slotIndex":${slot % 432_000},"slotsInEpoch":432000,"transactionCount":418273992151}`;
  },
  // The limit is what this bench is about, not the payload: a filter that matched nothing.
  getProgramAccounts: () => '[]',
  getSlot: () => String(slotNow()),
};

let limit; // { rate, capacity, weights } or undefined: no limit
let tokens = 0;
let refilledAt = 0;
let stats;
let configuredAt = 0;
/** The first 429s' times are kept (ms since /configure), to show when the client drew them. */
const KEEP_REJECTION_TIMES = 50;

function configure(query) {
  const rate = Number(query.get('rate') ?? 0);
  if (rate > 0) {
    const weights = Object.fromEntries(
      (query.get('weights') ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => {
          const [method, weight] = pair.split(':');
          return [method, Number(weight)];
        }),
    );
    limit = { rate, capacity: Number(query.get('capacity') ?? rate), weights };
    tokens = limit.capacity;
    refilledAt = performance.now();
  } else {
    limit = undefined;
  }
  stats = { requests: 0, accepted: 0, rejected: 0, calls: 0, rejectedAtMs: [] };
  configuredAt = performance.now();
}
configure(new URLSearchParams());

/** Takes `weight` tokens if the bucket holds them now. */
function take(weight) {
  if (!limit) return true;
  const now = performance.now();
  tokens = Math.min(limit.capacity, tokens + ((now - refilledAt) / 1000) * limit.rate);
  refilledAt = now;
  if (tokens < weight) return false;
  tokens -= weight;
  return true;
}

const answer = (call) => {
  const id = JSON.stringify(call?.id ?? null);
  const result = RESULTS[call?.method];
  return result
    ? `{"jsonrpc":"2.0","result":${result()},"id":${id}}`
    : `{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":${id}}`;
};

function send(res, status, body, headers = {}) {
  const buffer = Buffer.from(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': buffer.length, ...headers });
  res.end(buffer);
}

const server = createServer((req, res) => {
  if (req.method === 'GET') {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/configure') configure(url.searchParams);
    send(res, 200, JSON.stringify({ ...stats, tokens, limit: limit ?? null }));
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    stats.requests++;
    let request;
    try {
      request = JSON.parse(Buffer.concat(chunks).toString());
    } catch {
      request = {};
    }
    const calls = Array.isArray(request) ? request : [request];
    stats.calls += calls.length;
    const weight = calls.reduce((sum, call) => sum + (limit?.weights[call?.method] ?? 1), 0);
    if (!take(weight)) {
      stats.rejected++;
      if (stats.rejectedAtMs.length < KEEP_REJECTION_TIMES) stats.rejectedAtMs.push(performance.now() - configuredAt);
      send(
        res,
        429,
        `{"jsonrpc":"2.0","error":{"code":429,"message":"Too many requests for a specific RPC call"},"id":null}\n`,
        { 'retry-after': '1' },
      );
      return;
    }
    stats.accepted++;
    send(res, 200, Array.isArray(request) ? `[${calls.map(answer).join(',')}]\n` : `${answer(request)}\n`);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  if (process.send) process.send({ port });
  else console.log(`listening on http://127.0.0.1:${port}`);
});
process.on('disconnect', () => process.exit(0));
