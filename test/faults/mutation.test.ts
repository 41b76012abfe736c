/**
 * The mutation check of reliability target L: with redaction removed (displayOrigin returns the whole
 * URL, redactUrls returns text unchanged), the canary scan of canary.test.ts must find the canaries. A
 * scan that stays silent here could never have failed there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scanError, scanText } from '../support/canaryScan.js';
import { CANARY, callSdk, type Harness, runCli, settle, startHarness, urlFor } from '../support/faultCase.js';
import { optionsFor, paramsOf, SCENARIOS, type Scenario } from '../support/faultScenarios.js';

vi.mock('../../src/errors/redact.js', () => ({
  displayOrigin: (url: URL | string) => String(url),
  redactUrls: (text: string) => text,
}));

let h: Harness;
let home: string;
beforeAll(async () => {
  h = await startHarness();
  home = mkdtempSync(join(tmpdir(), 'solrpc-mutation-'));
});
afterAll(async () => {
  await h.close();
  rmSync(home, { recursive: true, force: true });
});

// The slow scenarios and the one that hangs today add time, not evidence.
const FAST = SCENARIOS.filter((s) => !s.slow && !s.name.startsWith('gzip bomb (100 MiB decoded) with'));
const use = (scenario: Scenario) => h.server.reset((x) => scenario.handle(x, { otherOrigin: h.other.origin }));

describe('with redaction removed', () => {
  it('the SDK scan finds the URL canaries in every error that names its endpoint', async () => {
    let casesWithOrigin = 0;
    let casesCaught = 0;
    const canaries = new Set<string>();
    for (const scenario of FAST) {
      use(scenario);
      const outcome = await settle(
        callSdk(scenario, 'getBalance', {
          url: urlFor(h, scenario, 'canary'),
          headers: { 'x-api-key': CANARY.header },
        }),
        (optionsFor(scenario).totalTimeoutMs ?? 0) + 1000,
      );
      if (outcome.ok || !outcome.settled) continue;
      const findings = scanError(outcome.error);
      for (const finding of findings) canaries.add(finding.canary);
      if (typeof (outcome.error as { origin?: unknown }).origin === 'string') {
        casesWithOrigin++;
        if (findings.some((f) => f.canary === 'path token') && findings.some((f) => f.canary === 'query key')) {
          casesCaught++;
        }
      }
    }
    expect(casesWithOrigin).toBeGreaterThan(40);
    expect(casesCaught).toBe(casesWithOrigin);
    // The URL's password never reaches displayOrigin (it becomes an Authorization header first), but
    // a proxy's echo of it does once redactUrls is gone.
    expect([...canaries]).toEqual(expect.arrayContaining(['password', 'path token', 'query key']));
  }, 60_000);

  it('the CLI scan finds them in the output of failing commands', async () => {
    const names = ['connection refused', '503 no Retry-After', 'json truncated', 'URL echoed in an RPC error message'];
    for (const name of names) {
      const scenario = SCENARIOS.find((s) => s.name === name) as Scenario;
      use(scenario);
      const argv = ['balance', paramsOf('getBalance')[0] as string, '--url', urlFor(h, scenario, 'canary')];
      const { out, err } = await runCli([...argv, '--rpc-timeout', '0.2'], home);
      const findings = [...scanText(out, 'stdout'), ...scanText(err, 'stderr')];
      expect(
        findings.map((f) => f.canary),
        `${name}: ${err}`,
      ).toContain('path token');
      expect(
        findings.map((f) => f.canary),
        `${name}: ${err}`,
      ).toContain('query key');
    }
  }, 30_000);
});
