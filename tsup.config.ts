import { defineConfig } from 'tsup';

// TypeScript 6 deprecates options tsup's declaration step still sets.
const dts = { compilerOptions: { ignoreDeprecations: '6.0' } };
const external = [
  'bs58',
  'superstruct',
  'cross-fetch',
  'ws',
  'node:crypto',
  'node:http',
  'node:https',
  'node:net',
  'node:stream',
  'node:zlib',
  // solrpc/testing's optional peers: never bundled, loaded from the app's own install.
  'msw',
  'litesvm',
];
/** The package's entries: the client, its Node extras, and the test cluster (Node only) with its msw handlers. */
const entries = {
  index: 'src/index.ts',
  node: 'src/node.ts',
  'testing/index': 'src/testing/index.ts',
  'testing/msw': 'src/testing/msw.ts',
};

export default defineConfig([
  {
    // ESM: one output file per source file, so an app's bundler sees real module boundaries and
    // drops every method, schema and codec the app does not import.
    entry: ['src/**/*.ts'],
    format: ['esm'],
    bundle: false,
    target: 'es2022',
    platform: 'neutral',
    dts: { ...dts, entry: entries },
    sourcemap: true,
    clean: true,
    external,
  },
  {
    // What is loaded on first use and shares modules with the main entry, each as one self-contained file:
    // the client-side parsers of `parseOnClient` (`#client-parsers`) and the schemas of the programs'
    // parsed data (`#parsed-schemas`). Loaded through the per-file modules above, an app's bundler puts
    // what the lazy code shares with the main entry's graph into a chunk loaded up front (esbuild does, for
    // every module the entry reaches, used or not): the getBalance app grew from 8.6 to 25.5 KB gzip. A
    // file of its own keeps them out of it, at the cost of its own copy of what it shares (issue 33,
    // docs/tree-shaking.md).
    entry: { clientParsers: 'src/methods/shared/clientParsing.ts', parsedSchemas: 'src/schemas/parsedPrograms.ts' },
    esbuildOptions(options) {
      options.conditions = ['solrpc-source'];
    },
    format: ['esm'],
    bundle: true,
    target: 'es2022',
    platform: 'neutral',
    sourcemap: true,
    external,
  },
  {
    // CommonJS for require(), in Node: one bundled file; tree-shaking is an ESM concern. `#default-fetch`
    // resolves to the source here: the ESM files in dist/ are being written at the same time.
    entry: entries,
    esbuildOptions(options) {
      options.conditions = ['solrpc-source', 'node'];
    },
    format: ['cjs'],
    target: 'es2022',
    platform: 'neutral',
    dts,
    sourcemap: true,
    external,
  },
]);
