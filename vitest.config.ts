import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Browser tests run in the system's Chromium (Debian's `chromium` package); no browser is downloaded.
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
if (!chromium) {
  if (process.env.SOLRPC_REQUIRE_BROWSER)
    throw new Error('SOLRPC_REQUIRE_BROWSER is set but Chromium is not installed');
  console.warn(
    '\nThe browser tests are SKIPPED: no Chromium at /usr/bin/chromium or /usr/bin/chromium-browser ' +
      '(no browser is ever downloaded). Enable them with: apt-get install -y chromium\n',
  );
}

export default defineConfig({
  // Tests run the source: package.json's `imports` map `#default-fetch` to src/ under this condition.
  resolve: { conditions: ['solrpc-source'] },
  // The node project runs in Vite's SSR environment, which has its own conditions; Node's come after ours.
  ssr: { resolve: { conditions: ['solrpc-source', 'module', 'node', 'development|production'] } },
  test: {
    testTimeout: 10_000,
    // Two test files at a time even on 2 cores (vitest's default there is one: cores - 1). Much of the
    // suite's time is spent waiting on real timers, loopback servers and child processes, and a second
    // file runs in that time: the whole run took 428 s with two workers against 656 s with one, back to
    // back on the same shared 2-core machine. Every file passes with both cores busy, so a neighbour
    // file is no load it was not built for. With more cores, vitest's default (cores - 1) stands.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**'],
          // The type tests (test/**/*.test-d.ts) are compiled by `npm run typecheck` (tsc over src and
          // test): a wrong expectTypeOf is a compile error there. Vitest's own typecheck mode would
          // compile them a second time and print an experimental-feature warning on every run.
        },
      },
      ...(chromium
        ? [
            {
              extends: true as const,
              test: {
                name: 'browser',
                include: ['test/browser/**/*.test.ts'],
                browser: {
                  enabled: true,
                  headless: true,
                  provider: playwright({
                    launchOptions: {
                      executablePath: chromium,
                      // As root in CI, without a sandbox; and no background traffic on a closed network.
                      args: [
                        '--no-sandbox',
                        '--disable-gpu',
                        '--disable-background-networking',
                        '--disable-component-update',
                      ],
                    },
                  }),
                  instances: [{ browser: 'chromium' as const }],
                },
              },
            },
          ]
        : []),
    ],
  },
});
