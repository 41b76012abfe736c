// Runs the built package the way an app does, through `import` or `require` (argv[2]), against a
// recorded zstd account served by a stub fetch. Prints one JSON line for the test to check.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const mode = process.argv[2];
const solrpc = mode === 'require' ? createRequire(import.meta.url)('solrpc') : await import('solrpc');
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
console.log(
  JSON.stringify({
    hex: Buffer.from(value.data).toString('hex'),
    rentEpoch: value.rentEpoch.toString(),
    refused,
  }),
);
