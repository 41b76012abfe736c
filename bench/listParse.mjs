// The designs for reading an answer that is one long list, measured side by side in one process on the
// bench's own payloads (no HTTP: the parse alone). Not a test: it prints a table for docs/performance.md.
// Needs dist/ (`npm run build`). Run: node bench/listParse.mjs
//
//   JSON.parse            the floor: the whole text, lossy (u64s rounded), unchecked
//   text + exact-at       what solrpc did before: the whole body as one string, JSON.parse, then the u64
//                         fields put back exactly (parseJsonExactAt)
//   bytes, runs, exact-at the bytes in 64 KiB pieces as a socket gives them, joined and decoded a run at a
//                         time, runs of items cut and read with the same exact reader (what streams do,
//                         and what getProgramAccounts does past 32 MiB)
//   bytes, whole, exact-at the same pieces joined and decoded at once, then read whole (getProgramAccounts
//                         under 32 MiB)
//   bytes, runs, parseJson the same runs read by the exact recursive-descent parser alone
//   text + parseJson      the whole text through the exact parser alone
import { JsonSyntaxError, parseJson, parseJsonExactAt } from '../dist/codecs/json.js';
import { readJsonList } from '../dist/codecs/jsonList.js';
import { buildPayloads } from './payloads.mjs';

const { results } = await buildPayloads();
const envelope = (result) => `{"jsonrpc":"2.0","result":${result},"id":1}`;
const bodies = {
  'getProgramAccounts 20,000 base64': [envelope(results.programAccounts20000.base64), [['result']]],
  'getProgramAccounts 20,000 jsonParsed': [envelope(results.programAccounts20000Parsed.jsonParsed), [['result']]],
  'getTokenAccountsByDelegate 5,000 jsonParsed': [envelope(results.tokenAccounts5000.default), [['result', 'value']]],
};
const exactAt = (text) => parseJsonExactAt(text, ['lamports', 'rentEpoch']);
const fail = (offset, problem) => new JsonSyntaxError(offset, problem);

function pieces(bytes, size = 64 * 1024) {
  const out = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}
const runs = (chunks, paths, parse, wholeBelow = 0) => {
  let i = 0;
  return readJsonList(async () => chunks[i++], { paths, parse, fail, wholeBelow });
};

// CPU time of this process, not wall time: the parse alone, steadier on a shared machine.
async function time(fn, budgetMs = 2000) {
  for (let i = 0; i < 5; i++) await fn();
  const samples = [];
  const end = performance.now() + budgetMs;
  while (performance.now() < end || samples.length < 10) {
    const start = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

console.log(`node ${process.version}, ${new Date().toISOString()}`);
console.log(
  '| answer | JSON.parse | text + exact-at | bytes, whole, exact-at | bytes, runs, exact-at | bytes, runs, parseJson | text + parseJson |',
);
console.log('| --- | --: | --: | --: | --: | --: | --: |');
for (const [name, [text, paths]] of Object.entries(bodies)) {
  const bytes = new TextEncoder().encode(text);
  const chunks = pieces(bytes);
  const designs = [
    () => JSON.parse(new TextDecoder().decode(bytes)),
    () => exactAt(new TextDecoder().decode(bytes)),
    () => runs(chunks, paths, exactAt, 64 * 1024 * 1024),
    () => runs(chunks, paths, exactAt),
    () => runs(chunks, paths, parseJson),
    () => parseJson(new TextDecoder().decode(bytes)),
  ];
  const times = [];
  for (const design of designs) times.push(await time(design));
  const floor = times[0];
  console.log(
    `| ${name} (${(bytes.length / 1e6).toFixed(1)} MB) | ${times.map((t) => `${t.toFixed(1)} ms (${(t / floor).toFixed(2)}x)`).join(' | ')} |`,
  );
}
