// Runs solrpc/testing from the installed package the way a user's test does, through `import` or
// `require` (argv[2]): a cluster answering solrpc's client, a fault, then the same cluster state through
// solrpc/testing/msw and msw's setupServer, no port opened. Prints one JSON line for the test to check.

import { createRequire } from 'node:module';

const mode = process.argv[2];
const load = (name) => (mode === 'require' ? createRequire(import.meta.url)(name) : import(name));
const solrpc = await load('solrpc');
const testing = await load('solrpc/testing');
// The simulation's own origin on the clock: the slot is then known exactly.
const now = () => 1_754_900_754_000;

const cluster = await testing.startTestCluster({ now });
const rpc = solrpc.createRpc(cluster.url, { retry: false });
const slot = await rpc.getSlot({ commitment: 'processed' });
cluster.fault('rateLimited', { count: 1, retryAfterSeconds: 2 });
const refused = await rpc.getSlot().catch((error) => ({ name: error.name, status: error.status }));
const after = await rpc.getSlot({ commitment: 'processed' });
await cluster.close();

const { setupServer } = await load('msw/node');
const { testClusterHandlers } = await load('solrpc/testing/msw');
const handlers = testClusterHandlers({ now });
const server = setupServer(...handlers.handlers);
server.listen({ onUnhandledRequest: 'error' });
const mswSlot = await solrpc.createRpc(handlers.url, { retry: false }).getSlot({ commitment: 'processed' });
server.close();

console.log(JSON.stringify({ slot, refused, after, mswSlot, exported: typeof testing.startTestCluster }));
