// Subscribes with the installed package the way a Node app does, through `import` or `require` (argv[2]),
// to the pubsub server at argv[3]: takes the first slot notification, then breaks off (unsubscribing).
// Prints one JSON line for the test to check: which file of dist/ answered, and when `ws` was loaded.
// The test copies it into the app folder, so that `solrpc` is the packed one, not this repository.
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const [mode, url] = process.argv.slice(2);
const require = createRequire(import.meta.url);
// ws is CommonJS, so both loaders list its files in require.cache once it has been loaded.
const wsLoaded = () => Object.keys(require.cache).some((path) => path.includes('/node_modules/ws/'));
const entry = mode === 'require' ? require.resolve('solrpc') : fileURLToPath(import.meta.resolve('solrpc'));
const solrpc = mode === 'require' ? require('solrpc') : await import('solrpc');
const wsLoadedBefore = wsLoaded();
const subs = solrpc.createRpcSubscriptions(url);
const iterator = subs.slotSubscribe();
const first = await iterator.next();
await iterator.return();
console.log(
  JSON.stringify({
    entry: relative(require.resolve('solrpc/package.json').replace(/package\.json$/, ''), entry),
    exported: typeof solrpc.createRpcSubscriptions,
    wsLoadedBefore,
    wsLoadedAfter: wsLoaded(),
    first,
  }),
);
