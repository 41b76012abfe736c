import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests run the source: package.json's `imports` map `#fallback-fetch` to src/ under this condition.
  resolve: { conditions: ['solrpc-source'] },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 10_000,
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
