/**
 * The fault suite again through `createRpcWith` over a URL, whose basic transport makes one request per
 * call. Every case must settle within the per-attempt timeout, make exactly one
 * attempt, reject only with solrpc's typed errors, leave nothing behind, and keep the canaries of the
 * URL and headers out of everything it returns or throws. Result-shape scenarios run for every method,
 * transport-level ones for a sample (test/support/budget.ts; SOLRPC_FULL_MATRIX=1 runs every method). Where the full transport settles after one
 * attempt, the basic one must settle the same way; where the full one retries, the basic one must fail
 * with an error that says it is retryable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSolRpcError } from '../../src/index.js';
import { scanError } from '../support/canaryScan.js';
import {
  CANARY,
  type Harness,
  installProcessHooks,
  lateness,
  type Measured,
  plainAnswers,
  runBasicCase,
  startHarness,
  summarize,
  urlFor,
} from '../support/faultCase.js';
import {
  expectedFor,
  faultPlan,
  type MethodName,
  methodsOf,
  optionsFor,
  SCENARIOS,
  type Scenario,
} from '../support/faultScenarios.js';

const PLAN = faultPlan(1);
let h: Harness;
let removeHooks: () => void;
let golden: ReadonlyMap<MethodName, unknown>;
const figures = { cases: 0, hangs: 0, untyped: 0, leaks: 0, unhandled: 0, wrongAttempts: 0, secrets: 0, failed: 0 };
const HEADERS = { 'x-api-key': CANARY.header };

beforeAll(async () => {
  h = await startHarness();
  removeHooks = installProcessHooks();
  golden = await plainAnswers(h, runBasicCase);
});

afterAll(async () => {
  removeHooks();
  await h.close();
  console.log(
    `fault suite (createRpcWith's basic transport): scenarios ${SCENARIOS.length}, cases ${figures.cases} ` +
      `(${PLAN.summary}); ` +
      `hangs ${figures.hangs}, untyped errors ${figures.untyped}, leaks ${figures.leaks}, unhandled ${figures.unhandled}, ` +
      `attempt mismatches ${figures.wrongAttempts}, secrets found ${figures.secrets}, failing ${figures.failed}`,
  );
});

/** Everything wrong with a basic-transport case, as readable lines. */
function problemsOf(measured: Measured<unknown>, scenario: Scenario, method: MethodName): string[] {
  const timeoutMs = optionsFor(scenario).timeoutMs ?? 0;
  if (!measured.settled) return [`HANG: did not settle within ${timeoutMs + 1000} ms`];
  const problems: string[] = [];
  const late = lateness(measured, timeoutMs + 250);
  if (late) problems.push(`${late}, past the ${timeoutMs} ms timeout + 250 ms`);
  if (measured.fetchCalls !== 1) problems.push(`made ${measured.fetchCalls} attempts, not 1`);
  if (measured.serverRequests > 1) problems.push(`the server received ${measured.serverRequests} requests`);
  if (measured.otherRequests !== 0) problems.push(`the redirect target received ${measured.otherRequests} request(s)`);
  problems.push(...measured.leaks.map((leak) => `LEAK: ${leak}`));
  problems.push(...measured.unhandled.map((u) => `UNHANDLED: ${summarize(u)}`));
  if (!measured.ok) {
    const error = measured.error;
    if (!isSolRpcError(error)) return [...problems, `UNTYPED: rejected with ${summarize(error)}`];
    if (error.method !== method) problems.push(`error.method is ${String(error.method)}`);
    problems.push(...scanError(error).map((f) => `SECRET: the ${f.canary} in ${f.where}`));
  }

  // Against what the full transport does with the same scenario.
  const full = expectedFor(scenario, method);
  const error = measured.error as { name?: string; retryable?: boolean; status?: number; retryAfterMs?: number };
  if (full.attempts > 1) {
    // The full transport retried, so the first attempt's failure must say a retry may help.
    if (measured.ok) problems.push('resolved where the full transport had to retry');
    else if (error.retryable !== true) problems.push(`rejected with ${summarize(error)}, not marked retryable`);
    return problems;
  }
  if (full.outcome === 'RateLimitedError') {
    // Refusing a long Retry-After is the retry layer's; without it the 429 or 503 itself comes back.
    if (!isSolRpcError(error, 'HttpError') || error.retryAfterMs === undefined) {
      problems.push(`rejected with ${summarize(error)}, expected the HttpError with its retryAfterMs`);
    }
    return problems;
  }
  if (full.outcome === 'success') {
    if (!measured.ok) return [...problems, `rejected with ${summarize(error)}, the full transport resolves`];
    if (full.sameAsOk) expect.soft(measured.value).toEqual(golden.get(method));
    if (full.check) problems.push(...full.check(measured.value));
    return problems;
  }
  if (measured.ok) return [...problems, `resolved, the full transport rejects with ${full.outcome}`];
  if (!isSolRpcError(error, full.outcome)) problems.push(`rejected with ${summarize(error)}, expected ${full.outcome}`);
  if (full.status !== undefined && error.status !== full.status)
    problems.push(`status ${error.status}, expected ${full.status}`);
  if (full.check) problems.push(...full.check(measured.error));
  return problems;
}

describe.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', (_name, scenario) => {
  const timeout = (optionsFor(scenario).timeoutMs ?? 0) + 3000;
  for (const method of methodsOf(PLAN, scenario)) {
    it(
      method,
      async () => {
        const measured = await runBasicCase(h, scenario, method, {
          url: urlFor(h, scenario, 'canary'),
          headers: HEADERS,
        });
        const problems = problemsOf(measured, scenario, method);
        figures.cases++;
        if (!measured.settled) figures.hangs++;
        if (measured.settled && !measured.ok && !isSolRpcError(measured.error)) figures.untyped++;
        if (measured.leaks.length > 0) figures.leaks++;
        figures.unhandled += measured.unhandled.length;
        if (problems.some((p) => p.startsWith('made '))) figures.wrongAttempts++;
        if (problems.some((p) => p.startsWith('SECRET'))) figures.secrets++;
        if (problems.length > 0) figures.failed++;
        expect(problems).toEqual([]);
      },
      timeout,
    );
  }
});
