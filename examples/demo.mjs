// The offline demo: a JSON-RPC node on loopback that answers with real-format agave responses (the
// recordings the tests use, in test/fixtures/conformance), queried through the built package.
// Nothing leaves this machine. Run with `npm run demo`.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRpc, isSolRpcError } from '../dist/index.js';

const FIXTURES = new URL('../test/fixtures/conformance/', import.meta.url);

/** Recorded answers, keyed by method, first param and encoding. */
const recordings = new Map();
for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith('.json'))) {
  const c = JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8'));
  if (c.malformed || file.startsWith('http.')) continue;
  recordings.set(keyOf(c.method, c.params), c);
}

function keyOf(method, params) {
  const config = params.find((p) => p && typeof p === 'object' && 'encoding' in p);
  const filter = params.find((p) => p && typeof p === 'object' && ('mint' in p || 'programId' in p));
  return [method, params[0], config?.encoding ?? '', filter ? Object.keys(filter)[0] : ''].join(' ');
}

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const { id, method, params } = JSON.parse(body);
    // base58 answers like agave's legacy default encoding: same bytes, same 128-byte limit.
    const recording =
      recordings.get(keyOf(method, params)) ??
      (params[1]?.encoding === 'base58' ? recordings.get(keyOf(method, [params[0]])) : undefined);
    res.setHeader('content-type', 'application/json');
    if (!recording) {
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id }));
      return;
    }
    res.end(recording.responseText.replace(`"id":${recording.requestId}`, `"id":${id}`));
  });
});

await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}`;
console.log(`SIMULATION: a local JSON-RPC node at ${url} serving recorded agave responses (no network used)\n`);

const rpc = createRpc(url);
const WALLET = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const TOKEN_ACCOUNT = '9jvSLPE7gwWiKMH77FG8Dk44cm3ipLTVERuTULcQsWq2';
const TOKEN_2022_ACCOUNT = 'i57kSWZVk3MD2u7ZtUbuaiTSnjhdeP56bKdw99mtAbJ';
const DELEGATE = '9ngy7u7TF8pDd7VwSPhnj3umouRH9N81TyKEDjTfj4G4';
const hex = (bytes) => Buffer.from(bytes).toString('hex');

try {
  const balance = await rpc.getBalance(WALLET);
  console.log(`getBalance(${WALLET})`);
  console.log(`  ${balance.value} lamports (a bigint) at slot ${balance.context.slot}\n`);

  const plain = await rpc.getAccountInfo(TOKEN_ACCOUNT);
  const zstd = await rpc.getAccountInfo(TOKEN_ACCOUNT, { encoding: 'base64+zstd' });
  console.log(`getAccountInfo(${TOKEN_ACCOUNT})`);
  console.log(`  owner ${plain.value.owner}, ${plain.value.lamports} lamports`);
  console.log(`  rentEpoch ${plain.value.rentEpoch} (u64::MAX, exact)`);
  console.log(
    `  data: ${plain.value.data.length} bytes as base64; base64+zstd decompressed to ${zstd.value.data.length} bytes`,
  );
  console.log(`  identical bytes: ${hex(plain.value.data) === hex(zstd.value.data)}\n`);

  const parsed = await rpc.getAccountInfo(TOKEN_2022_ACCOUNT, { encoding: 'jsonParsed' });
  const data = parsed.value.data;
  if (!(data instanceof Uint8Array) && data.program === 'spl-token-2022' && data.parsed.type === 'account') {
    const info = data.parsed.info;
    console.log(`getAccountInfo(${TOKEN_2022_ACCOUNT}, { encoding: 'jsonParsed' })`);
    console.log(
      `  Token-2022 account of mint ${info.mint}: ${info.tokenAmount.uiAmountString} tokens, state ${info.state}`,
    );
    console.log(`  extensions: ${info.extensions?.map((e) => e.extension).join(', ')}\n`);
  }

  const delegated = await rpc.getTokenAccountsByDelegate(
    DELEGATE,
    { programId: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' },
    { encoding: 'jsonParsed' },
  );
  console.log(`getTokenAccountsByDelegate(${DELEGATE}, { programId: Token-2022 }, { encoding: 'jsonParsed' })`);
  for (const { pubkey, account } of delegated.value) {
    const amount =
      account.data instanceof Uint8Array
        ? `${account.data.length} raw bytes`
        : account.data.parsed.info.delegatedAmount?.uiAmountString;
    console.log(`  ${pubkey}: delegated ${amount}`);
  }

  console.log('\nErrors are typed and say what to do:');
  try {
    await rpc.getBalance('not-an-address');
  } catch (error) {
    console.log(`  ${error.name} (no request sent): ${error.message.split('\n')[0]}`);
  }
  try {
    await rpc.getAccountInfo(TOKEN_ACCOUNT, { encoding: 'base58' });
  } catch (error) {
    if (!isSolRpcError(error, 'RpcError')) throw error;
    console.log(`  ${error.name} ${error.code}: ${error.serverMessage}`);
    console.log(`  Hint: ${error.hint}`);
  }
} finally {
  server.close();
}
