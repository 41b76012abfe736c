// The memory figure of getProgramAccounts (issue 20): what 200,000 token accounts of 165 bytes, read as
// base64 and decoded to bytes, keep alive once the call has returned, against the size of the response
// body. Not a test: it prints one line for docs/performance.md. Needs dist/ and --expose-gc:
//   node --expose-gc bench/programAccountsMemory.mjs
// The body is built and served by this process before the baseline is taken, so the figure counts only
// what the result holds (and anything of the call that outlives it), never the server's copy.
import { createServer } from 'node:http';
import { createRpc } from '../dist/index.js';
import { rng, TOKEN_PROGRAM, U64_MAX } from './workloads.mjs';

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const COUNT = 200_000;
const r = rng(200_000);
const items = [];
for (let i = 0; i < COUNT; i++) {
  const data = Buffer.from(r.bytes(165)).toString('base64');
  items.push(
    `{"account":{"data":["${data}","base64"],"executable":false,"lamports":2039280,"owner":"${TOKEN_PROGRAM}","rentEpoch":${U64_MAX},"space":165},"pubkey":"${r.address()}"}`,
  );
}
const body = Buffer.from(`{"jsonrpc":"2.0","result":[${items.join(',')}],"id":1}`);
items.length = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const rpc = createRpc(`http://127.0.0.1:${server.address().port}`, { maxResponseBytes: 1024 * 1024 * 1024 });

const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { heapUsed, arrayBuffers, external } = process.memoryUsage();
  return heapUsed + Math.max(arrayBuffers, external) - body.length;
};
const before = await settle();
const accounts = await rpc.getProgramAccounts(TOKEN_PROGRAM, { filters: [{ dataSize: 165 }] });
const after = await settle();
const held = after - before;
const mib = (n) => (n / 1048576).toFixed(1);
console.log(
  `getProgramAccounts, ${accounts.length.toLocaleString('en')} accounts of 165 B (base64): body ${mib(body.length)} MiB, ` +
    `held after the call ${mib(held)} MiB = ${(held / body.length).toFixed(2)}x the body (${Math.round(held / accounts.length)} B per account)`,
);
server.close();
