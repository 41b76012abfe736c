import { defineConfig } from 'tsup';

// TypeScript 6 deprecates options tsup's declaration step still sets.
const dts = { compilerOptions: { ignoreDeprecations: '6.0' } };
const external = [
  'bs58',
  'fzstd',
  'superstruct',
  'cross-fetch',
  'ws',
  'node:http',
  'node:https',
  'node:stream',
  'node:zlib',
];

export default defineConfig([
  {
    // ESM: one output file per source file, so an app's bundler sees real module boundaries and
    // drops every method, schema and codec the app does not import.
    entry: ['src/**/*.ts'],
    format: ['esm'],
    bundle: false,
    target: 'es2022',
    platform: 'neutral',
    dts: { ...dts, entry: { index: 'src/index.ts', node: 'src/node.ts' } },
    sourcemap: true,
    clean: true,
    external,
  },
  {
    // CommonJS for require(), in Node: one bundled file; tree-shaking is an ESM concern. `#default-fetch`
    // resolves to the source here: the ESM files in dist/ are being written at the same time.
    entry: { index: 'src/index.ts', node: 'src/node.ts' },
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
