// Parser benchmark: solrpc's exact-integer parser against JSON.parse on the bodies that matter.
// Not a test: it prints medians and ratios. Run with `npm run bench:parse` (builds first).
import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseJson, parseJsonExact, parseJsonExactAt } from '../dist/codecs/json.js';
import { getAccountInfo } from '../dist/methods/getAccountInfo.js';
import { buildPayloads } from './payloads.mjs';

const account = (data, encoding) =>
  `{"jsonrpc":"2.0","result":{"context":{"apiVersion":"2.3.7","slot":356139470},"value":{"data":["${data}","${encoding}"],"executable":false,"lamports":7300000000,"owner":"BPFLoaderUpgradeab1e11111111111111111111111","rentEpoch":18446744073709551615,"space":1048576}},"id":1}`;
const tokenAccount = (i) =>
  `{"account":{"data":{"parsed":{"info":{"delegate":"9ngy7u7TF8pDd7VwSPhnj3umouRH9N81TyKEDjTfj4G4","delegatedAmount":{"amount":"1","decimals":6,"uiAmount":1e-6,"uiAmountString":"0.000001"},"isNative":false,"mint":"3zGvSLm63F1RcftnaU9JD9C4bY7V3za5vMF5EK4HzMyC","owner":"B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi","state":"initialized","tokenAmount":{"amount":"${i}000","decimals":6,"uiAmount":${i}.0,"uiAmountString":"${i}"}},"type":"account"},"program":"spl-token","space":165},"executable":false,"lamports":2039280,"owner":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA","rentEpoch":18446744073709551615,"space":165},"pubkey":"i57kSWZVk3MD2u7ZtUbuaiTSnjhdeP56bKdw99mtAbJ"}`;

const bodies = {
  '1 MiB base64 account': account(randomBytes(1024 * 1024).toString('base64'), 'base64'),
  '165 B token account': account(randomBytes(165).toString('base64'), 'base64'),
  '5,000 jsonParsed token accounts': `{"jsonrpc":"2.0","result":{"context":{"slot":356139510},"value":[${Array.from({ length: 5000 }, (_, i) => tokenAccount(i)).join(',')}]},"id":1}`,
};

function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(fn, budgetMs = 1500) {
  for (let i = 0; i < 20; i++) fn(); // warm up
  const samples = [];
  const end = performance.now() + budgetMs;
  while (performance.now() < end || samples.length < 15) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const context = { method: 'getAccountInfo', maxDecompressedBytes: 10 * 1024 * 1024 };
const decodeAccount = (text) => getAccountInfo.decode(parseJson(text).result, context, { params: [], shape: 'binary' });

console.log(`node ${process.version}, ${new Date().toISOString()}`);
console.log('body | JSON.parse | parseJson | ratio | parse+validate+decode | ratio');
for (const [name, text] of Object.entries(bodies)) {
  const floor = time(() => JSON.parse(text));
  const ours = time(() => parseJson(text));
  const row = [
    name,
    `${(floor * 1000).toFixed(0)} µs`,
    `${(ours * 1000).toFixed(0)} µs`,
    `${(ours / floor).toFixed(2)}x`,
  ];
  if (name.includes('account') && !name.includes('5,000')) {
    const full = await (async () => {
      await decodeAccount(text);
      return time(() => decodeAccount(text));
    })();
    row.push(`${(full * 1000).toFixed(0)} µs`, `${(full / floor).toFixed(2)}x`);
  }
  console.log(row.join(' | '));
}

// The exact readers methods use, on the run benchmark's payloads: JSON.parse, then every value beyond 2^53
// put back (parseJsonExact scans every number; parseJsonExactAt first only those under its keys).
// Timed in alternation with JSON.parse, each by the least CPU time of its samples, each sample after a
// full GC: a busy machine only ever adds time, where wall time on a loaded 2-core machine swung 2-3x
// between runs, and a collection of the last reader's garbage landed in the next one's sample. Run with
// `node --single-threaded-gc bench/parse.mjs` so that the GC's helper threads are not counted either.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
function ratios(text, readers, budgetMs = 4000) {
  const fns = { floor: (body) => JSON.parse(body), ...readers };
  for (const read of Object.values(fns)) for (let i = 0; i < 5; i++) read(text);
  const best = Object.fromEntries(Object.keys(fns).map((name) => [name, Infinity]));
  const end = performance.now() + budgetMs;
  for (let round = 0; performance.now() < end || round < 10; round++) {
    for (const [name, read] of Object.entries(fns)) {
      gc();
      const start = cpuMs();
      read(text);
      best[name] = Math.min(best[name], cpuMs() - start);
    }
  }
  return Object.fromEntries(Object.entries(best).map(([n, ms]) => [n, n === 'floor' ? ms : ms / best.floor]));
}

const { results } = await buildPayloads();
const wrap = (result) => `{"jsonrpc":"2.0","result":${result},"id":1}`;
const ACCOUNT_KEYS = ['lamports', 'rentEpoch'];
const payloads = [
  ['tokenAccounts5000', results.tokenAccounts5000.default, ACCOUNT_KEYS],
  ['tokenAccountsMainnet5000', results.tokenAccountsMainnet5000.default, ACCOUNT_KEYS],
  ['programAccounts20000', results.programAccounts20000.base64, ACCOUNT_KEYS],
  ['programAccounts20000Parsed', results.programAccounts20000Parsed.jsonParsed, ACCOUNT_KEYS],
  ['block1500', results.block1500.default, undefined],
];
console.log('');
console.log(
  'payload | MiB | JSON.parse (least CPU) | parseJson | parseJsonExact | parseJsonExactAt(lamports, rentEpoch)',
);
for (const [name, result, keys] of payloads) {
  const text = wrap(result);
  const readers = { parseJson, parseJsonExact };
  if (keys) readers.parseJsonExactAt = (body) => parseJsonExactAt(body, keys);
  const r = ratios(text, readers);
  const cells = [r.parseJson, r.parseJsonExact, r.parseJsonExactAt].map((x) => (x ? `${x.toFixed(2)}x` : '-'));
  console.log([name, (text.length / 2 ** 20).toFixed(2), `${r.floor.toFixed(1)} ms`, ...cells].join(' | '));
}
