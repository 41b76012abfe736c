/**
 * How long a piece of synchronous-ish work took, for the tests that bound it to catch a slow path
 * (quadratic parsing, work per claimed element). Wall-clock time alone fails on a busy machine: two other
 * processes on two cores stretch it two- or threefold. Process CPU time alone counts V8's helper threads
 * (parallel GC, compilation), which can exceed the wall time. The lesser of the two is stretched by
 * neither, and a genuinely slow path still inflates both.
 */
export interface WorkClock {
  /** Milliseconds of work since the clock was started. */
  elapsedMs(): number;
}

export function startWorkClock(): WorkClock {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return {
    elapsedMs() {
      const used = process.cpuUsage(cpu);
      return Math.min(performance.now() - wall, (used.user + used.system) / 1000);
    },
  };
}
