/**
 * The subscriptions benchmark in its short mode (`--quick`): the push server, the three clients and the
 * checks of their decoded values work, so a full run measures what it says. Timings are not checked: the
 * machine may be busy. Needs dist/ (built by `npm test`).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const built = existsSync(join(root, 'dist/index.js'));

interface ClientSummary {
  perSecond: number;
  deliveredMin: number;
  failures: string[];
  sampled: number;
  exactRentEpoch: boolean;
  rentEpoch?: string;
}

it.runIf(built)(
  'bench/subscriptions.mjs --quick runs every client and finds every decoded value correct',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'solrpc-bench-'));
    try {
      const out = join(dir, 'run.json');
      // A guard against a hang only: the run takes a few seconds, on a busy machine a few more.
      await promisify(execFile)(process.execPath, ['bench/subscriptions.mjs', '--quick', '--json', out], {
        cwd: root,
        timeout: 120_000,
      });
      const { summary, machine } = JSON.parse(readFileSync(out, 'utf8')) as {
        summary: Record<'account' | 'slot', Record<string, ClientSummary>>;
        machine: { count: number };
      };
      expect(machine.count).toBe(300);
      for (const kind of ['account', 'slot'] as const) {
        expect(Object.keys(summary[kind])).toEqual(['solrpc', 'kit', 'web3.js']);
        for (const [name, s] of Object.entries(summary[kind])) {
          expect({ name, kind, failures: s.failures }).toEqual({ name, kind, failures: [] });
          // Every 97th value and the last one of the round.
          expect(s.sampled).toBe(4);
          expect(s.perSecond).toBeGreaterThan(0);
        }
      }
      // u64::MAX rentEpoch: exact from solrpc and kit, rounded by web3.js's JSON.parse.
      expect(summary.account.solrpc?.rentEpoch).toBe('18446744073709551615');
      expect(summary.account.kit?.rentEpoch).toBe('18446744073709551615');
      expect(summary.account['web3.js']?.rentEpoch).toBe('18446744073709552000');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  150_000,
);

it.skipIf(built)('says plainly that the benchmark check needs a build', () => {
  console.warn('dist/ is missing: run `npm run build` (npm test does) to check the subscriptions benchmark');
  expect(built).toBe(false);
});
