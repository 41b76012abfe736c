/**
 * The test-time budget of the cross-cutting suites, so that `npm test` keeps its time while the profile
 * table (methodProfiles.ts) grows from 8 methods towards 52.
 *
 * Fault suites (test/faults/sdk, basic, canary): a scenario marked `perMethod` (its outcome depends on the
 * method's result shape: wrong, deep-wrong, null or keyed results, unknown and `__proto__` keys) runs for
 * every method. A transport-level scenario (statuses, timeouts, bodies, ids, redirects…) runs for `k`
 * methods: the anchor (getBalance, a `{ context, value }` result), one method with a bare result, and the
 * rest picked by least coverage so far, so that every method meets transport scenarios evenly. `k` is the
 * largest that keeps a suite at or under FAULT_CASE_BUDGET cases (98 scenarios × 8 methods, the whole
 * matrix when the table held 8 methods), never under MIN_METHODS_PER_SCENARIO. Each suite passes its own
 * `rotation`, so the three suites pair a scenario with different methods. SOLRPC_FULL_MATRIX=1 runs every
 * scenario × every method (a deep run, ~6.5× longer at 52 methods).
 *
 * Fuzz (test/reliability/fuzz*.test.ts): FUZZ_TOTAL_RUNS inputs shared by all targets (one target per
 * method and encoding), so a new target takes its share rather than adding time. FC_FUZZ_RUNS (or
 * FC_RUNS) still sets the runs per target, FC_FUZZ_TOTAL_RUNS the total, FC_SEED the seed.
 *
 * budget.test.ts plans 8, 22 and 52 methods and checks the totals and the coverage stated here.
 */

/** Cases one fault suite may run: today's full matrix, 98 scenarios × 8 methods. */
export const FAULT_CASE_BUDGET = 98 * 8;
/** A transport-level scenario meets at least this many methods: the anchor, a bare result, one more. */
export const MIN_METHODS_PER_SCENARIO = 3;
/** Every method meets at least this many transport-level scenarios. */
export const MIN_TRANSPORT_SCENARIOS_PER_METHOD = 3;
/** The method every transport-level scenario runs for: its result is `{ context, value }`. */
export const ANCHOR_METHOD = 'getBalance';

/** Whether the whole scenario × method matrix runs (SOLRPC_FULL_MATRIX=1). */
export const fullMatrix = (env: Record<string, string | undefined> = process.env): boolean =>
  env.SOLRPC_FULL_MATRIX === '1';

export interface PlanMethod {
  name: string;
  /** The result is `{ context, value }` (else it is bare: an object, array or map of its own). */
  contextWrapped: boolean;
}

export interface PlanScenario {
  name: string;
  /** The outcome depends on the method's result shape: run for every method. */
  perMethod: boolean;
}

export interface FaultPlan {
  /** Scenario name to the methods it runs for, in the table's order. */
  methodsFor: ReadonlyMap<string, readonly string[]>;
  /** Methods per transport-level scenario. */
  perTransportScenario: number;
  /** Cases in all. */
  cases: number;
  full: boolean;
  /** One line for a suite's summary: how the matrix was sampled. */
  summary: string;
}

export interface PlanOptions {
  budget?: number;
  /** Shifts the tie-break order: each suite passes its own, so suites pair scenarios with other methods. */
  rotation?: number;
  full?: boolean;
}

/** Which methods each fault scenario runs for (see the file comment). Deterministic for its inputs. */
export function planFaultCases(
  scenarios: readonly PlanScenario[],
  methods: readonly PlanMethod[],
  { budget = FAULT_CASE_BUDGET, rotation = 0, full = false }: PlanOptions = {},
): FaultPlan {
  const names = methods.map((m) => m.name);
  const n = names.length;
  const shaped = scenarios.filter((s) => s.perMethod);
  const transport = scenarios.filter((s) => !s.perMethod);
  const fits = Math.floor((budget - shaped.length * n) / Math.max(1, transport.length));
  const k = full ? n : Math.min(n, Math.max(MIN_METHODS_PER_SCENARIO, fits));

  const anchor = methods.find((m) => m.name === ANCHOR_METHOD) ?? methods.find((m) => m.contextWrapped) ?? methods[0];
  // Tie-break order: the table's, without the anchor, turned by `rotation`.
  const others = methods.filter((m) => m !== anchor);
  const shift = others.length === 0 ? 0 : ((rotation % others.length) + others.length) % others.length;
  const order = [...others.slice(shift), ...others.slice(0, shift)];
  const met = new Map(order.map((m) => [m.name, 0]));
  const leastMet = (pool: readonly PlanMethod[]): PlanMethod | undefined =>
    pool.reduce<PlanMethod | undefined>(
      (best, m) => (best === undefined || (met.get(m.name) ?? 0) < (met.get(best.name) ?? 0) ? m : best),
      undefined,
    );

  const methodsFor = new Map<string, readonly string[]>();
  for (const scenario of scenarios) {
    if (scenario.perMethod || k >= n) {
      methodsFor.set(scenario.name, names);
      continue;
    }
    const picked = new Set<PlanMethod>(anchor ? [anchor] : []);
    const take = (pool: readonly PlanMethod[]) => {
      const m = leastMet(pool.filter((p) => !picked.has(p)));
      if (!m) return;
      picked.add(m);
      met.set(m.name, (met.get(m.name) ?? 0) + 1);
    };
    if (anchor?.contextWrapped) take(order.filter((m) => !m.contextWrapped));
    else take(order.filter((m) => m.contextWrapped));
    while (picked.size < k) take(order);
    methodsFor.set(
      scenario.name,
      names.filter((name) => [...picked].some((m) => m.name === name)),
    );
  }

  const cases = [...methodsFor.values()].reduce((sum, list) => sum + list.length, 0);
  const summary =
    k >= n
      ? `every scenario × all ${n} methods${full && fits < n ? ' (SOLRPC_FULL_MATRIX=1)' : ''}`
      : `${shaped.length} result-shape scenarios × all ${n} methods, ${transport.length} transport scenarios × ` +
        `${k} of ${n} methods (${anchor?.name}, a bare result, least-met next; rotation ${rotation}; ` +
        `SOLRPC_FULL_MATRIX=1 runs all)`;
  return { methodsFor, perTransportScenario: k, cases, full: k >= n, summary };
}

/** Transport-level scenarios each method meets in a plan. */
export function transportCoverage(plan: FaultPlan, scenarios: readonly PlanScenario[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of scenarios) {
    if (s.perMethod) continue;
    for (const m of plan.methodsFor.get(s.name) ?? []) counts.set(m, (counts.get(m) ?? 0) + 1);
  }
  return counts;
}

// ---------------------------------------------------------------- fuzz

/** Generated and mutated inputs across all fuzz targets: today's 15 targets × 5000. */
export const FUZZ_TOTAL_RUNS = 15 * 5000;
/** No target gets fewer, however many there are (a few hundred targets would pass the total). */
export const MIN_FUZZ_RUNS_PER_TARGET = 200;

/** Runs per fuzz target: the total shared evenly, unless FC_FUZZ_RUNS or FC_RUNS names a number per target. */
export function fuzzRunsPerTarget(targets: number, env: Record<string, string | undefined> = process.env): number {
  const perTarget = env.FC_FUZZ_RUNS ?? env.FC_RUNS;
  if (perTarget !== undefined) return Number(perTarget);
  return runsPerTarget(Number(env.FC_FUZZ_TOTAL_RUNS ?? FUZZ_TOTAL_RUNS), targets);
}

/** A total of runs shared evenly by `targets`, never fewer than MIN_FUZZ_RUNS_PER_TARGET each. */
export function runsPerTarget(total: number, targets: number): number {
  return Math.max(MIN_FUZZ_RUNS_PER_TARGET, Math.floor(total / Math.max(1, targets)));
}
