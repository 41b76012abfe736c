/**
 * The test-time budget holds as the profile table grows: the fault suites' plans for 8, 22 and 52
 * methods (the real table padded with made-up methods) stay within FAULT_CASE_BUDGET and cover every
 * method and scenario as budget.ts states; the fuzz runs per target share one total.
 */
import { describe, expect, it } from 'vitest';
import {
  ANCHOR_METHOD,
  FAULT_CASE_BUDGET,
  type FaultPlan,
  FUZZ_TOTAL_RUNS,
  fullMatrix,
  fuzzRunsPerTarget,
  MIN_METHODS_PER_SCENARIO,
  MIN_TRANSPORT_SCENARIOS_PER_METHOD,
  type PlanMethod,
  type PlanScenario,
  planFaultCases,
  transportCoverage,
} from './budget.js';
import { contextWrapped, faultPlan, METHODS, SCENARIOS } from './faultScenarios.js';

const scenarios: PlanScenario[] = SCENARIOS.map((s) => ({ name: s.name, perMethod: s.perMethod === true }));
const realMethods: PlanMethod[] = METHODS.map((m) => ({ name: m, contextWrapped: contextWrapped(m) }));

/**
 * The first `n` methods of the real table, padded with made-up methods up to `n`, every third one
 * `{ context, value }` (as in agave's API).
 */
function tableOf(n: number, wrapped = (i: number) => i % 3 === 0): PlanMethod[] {
  const real = realMethods.slice(0, n);
  const fake = Array.from({ length: n - real.length }, (_, i) => ({
    name: `getMadeUp${String(i).padStart(2, '0')}`,
    contextWrapped: wrapped(i),
  }));
  return [...real, ...fake].sort((a, b) => a.name.localeCompare(b.name));
}

/** Every way `plan` falls short of budget.ts's guarantees, as readable lines. */
function shortfalls(plan: FaultPlan, methods: readonly PlanMethod[]): string[] {
  const problems: string[] = [];
  const names = methods.map((m) => m.name);
  const bare = new Set(methods.filter((m) => !m.contextWrapped).map((m) => m.name));
  if (plan.cases > FAULT_CASE_BUDGET) problems.push(`${plan.cases} cases, over the ${FAULT_CASE_BUDGET} budget`);
  for (const s of scenarios) {
    const picked = plan.methodsFor.get(s.name) ?? [];
    if (s.perMethod) {
      if (picked.length !== names.length) problems.push(`${s.name}: ${picked.length} of ${names.length} methods`);
      continue;
    }
    if (!picked.includes(ANCHOR_METHOD)) problems.push(`${s.name}: no ${ANCHOR_METHOD}`);
    if (!picked.some((m) => bare.has(m))) problems.push(`${s.name}: no method with a bare result`);
    if (picked.length < Math.min(names.length, MIN_METHODS_PER_SCENARIO)) {
      problems.push(`${s.name}: only ${picked.length} methods`);
    }
    if (new Set(picked).size !== picked.length) problems.push(`${s.name}: a method twice`);
  }
  const met = transportCoverage(plan, scenarios);
  for (const name of names) {
    const n = met.get(name) ?? 0;
    if (n < MIN_TRANSPORT_SCENARIOS_PER_METHOD) problems.push(`${name} meets ${n} transport scenarios`);
  }
  return problems;
}

describe('fault suites: the case plan', () => {
  it('marks every scenario whose expectation depends on the method as perMethod', () => {
    const unmarked = SCENARIOS.filter((s) => typeof s.expect === 'function' && s.perMethod !== true);
    expect(unmarked.map((s) => s.name)).toEqual([]);
    // Both kinds exist, or there is nothing to sample.
    expect(scenarios.filter((s) => s.perMethod).length).toBeGreaterThan(0);
    expect(scenarios.filter((s) => !s.perMethod).length).toBeGreaterThan(0);
  });

  it.each([8, 22, 52])('with %i methods: within budget, every method and scenario covered', (n) => {
    const methods = tableOf(n);
    for (const rotation of [0, 1, 2]) {
      const plan = planFaultCases(scenarios, methods, { rotation });
      expect(shortfalls(plan, methods), `rotation ${rotation}`).toEqual([]);
      if (rotation === 0) {
        const met = [...transportCoverage(plan, scenarios)].filter(([m]) => m !== ANCHOR_METHOD).map(([, c]) => c);
        console.info(
          `budget: ${n} methods -> ${plan.cases} cases per fault suite (budget ${FAULT_CASE_BUDGET}); ` +
            `${plan.perTransportScenario} methods per transport scenario; each method but ${ANCHOR_METHOD} meets ` +
            `${Math.min(...met)}-${Math.max(...met)} transport scenarios; full matrix ${n * scenarios.length}`,
        );
      }
    }
  });

  it('at 8 methods the plan is the whole matrix, as before the budget', () => {
    expect(planFaultCases(scenarios, tableOf(8)).cases).toBe(8 * scenarios.length);
  });

  it('holds when the new methods are all bare, and nearly when they are all { context, value }', () => {
    // 46 of 51 methods wrapped: every scenario's bare slot goes to the 5 bare ones, and the 89 slots left
    // give each wrapped method 1-2 scenarios; 3 each would need a 4th method per scenario, over budget.
    const allWrapped = tableOf(52, () => true);
    const plan = planFaultCases(scenarios, allWrapped);
    expect(shortfalls(plan, allWrapped).filter((p) => !/meets [12] transport/.test(p))).toEqual([]);
    const met = transportCoverage(plan, scenarios);
    expect(allWrapped.filter((m) => (met.get(m.name) ?? 0) < 1).map((m) => m.name)).toEqual([]);
    const allBare = tableOf(52, () => false);
    expect(shortfalls(planFaultCases(scenarios, allBare), allBare)).toEqual([]);
  });

  it('is deterministic, and the suites (rotations) pair scenarios with different methods', () => {
    const methods = tableOf(52);
    const a = planFaultCases(scenarios, methods, { rotation: 1 });
    expect(planFaultCases(scenarios, methods, { rotation: 1 }).methodsFor).toEqual(a.methodsFor);
    const b = planFaultCases(scenarios, methods, { rotation: 2 });
    expect(b.methodsFor).not.toEqual(a.methodsFor);
  });

  it('SOLRPC_FULL_MATRIX=1 runs every scenario × every method', () => {
    expect(fullMatrix({ SOLRPC_FULL_MATRIX: '1' })).toBe(true);
    expect(fullMatrix({})).toBe(false);
    const plan = planFaultCases(scenarios, tableOf(52), { full: true });
    expect(plan.cases).toBe(52 * scenarios.length);
    expect(plan.summary).toMatch(/SOLRPC_FULL_MATRIX=1/);
  });

  it('the real table: every suite within budget and covered', () => {
    for (const rotation of [0, 1, 2]) {
      const plan = faultPlan(rotation);
      if (fullMatrix()) expect(plan.cases).toBe(METHODS.length * SCENARIOS.length);
      else expect(shortfalls(plan, realMethods), `rotation ${rotation}`).toEqual([]);
    }
  });
});

describe('fuzz: the runs per target share one total', () => {
  it('keeps the total as targets are added, and honours the per-target and total overrides', () => {
    for (const targets of [15, 40, 120]) {
      const runs = fuzzRunsPerTarget(targets, {});
      expect(runs * targets).toBeLessThanOrEqual(FUZZ_TOTAL_RUNS);
      expect(runs * targets).toBeGreaterThan(FUZZ_TOTAL_RUNS - targets);
    }
    expect(fuzzRunsPerTarget(15, {})).toBe(5000);
    expect(fuzzRunsPerTarget(15, { FC_FUZZ_RUNS: '300' })).toBe(300);
    expect(fuzzRunsPerTarget(15, { FC_RUNS: '70' })).toBe(70);
    expect(fuzzRunsPerTarget(10, { FC_FUZZ_TOTAL_RUNS: '1000' })).toBe(200);
    expect(fuzzRunsPerTarget(100, { FC_FUZZ_TOTAL_RUNS: '1000' })).toBe(200);
  });
});
