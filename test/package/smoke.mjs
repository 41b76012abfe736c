// Runs the built package the way an app does, through `import` or `require` (argv[2]), against a
// recorded zstd account served by a stub fetch. Prints one JSON line for the test to check.

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const mode = process.argv[2];
const load = (name) => (mode === 'require' ? createRequire(import.meta.url)(name) : import(name));
const solrpc = await load('solrpc');
const node = await load('solrpc/node');
const c = JSON.parse(
  readFileSync(
    new URL('../fixtures/conformance/getAccountInfo.base64zstd.token-account.json', import.meta.url),
    'utf8',
  ),
);
const rpc = solrpc.createRpc('http://rpc.invalid', {
  fetch: async (_url, init) =>
    new Response(c.responseText.replace('"id":1', `"id":${JSON.parse(init.body).id}`), {
      headers: { 'content-type': 'application/json' },
    }),
});
const { value } = await rpc.getAccountInfo(c.params[0], c.params[1]);
let refused = false;
try {
  await rpc.getBalance('not-an-address');
} catch (error) {
  refused = solrpc.isSolRpcError(error, 'InvalidInputError');
}

// The same account through solrpc/node's keep-alive fetch, over a real socket on loopback.
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    response.setHeader('content-type', 'application/json');
    response.end(c.responseText.replace('"id":1', `"id":${JSON.parse(body).id}`));
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const nodeFetch = node.createNodeFetch();
const overHttp = await solrpc
  .createRpc(`http://127.0.0.1:${server.address().port}`, { fetch: nodeFetch })
  .getAccountInfo(c.params[0], c.params[1]);
nodeFetch.destroy();
server.close();

console.log(
  JSON.stringify({
    hex: Buffer.from(value.data).toString('hex'),
    nodeHex: Buffer.from(overHttp.value.data).toString('hex'),
    rentEpoch: value.rentEpoch.toString(),
    refused,
  }),
);
