/**
 * One measured round for bench/worker.mjs and bench/steering.mjs: `calls` calls of `call(i)` (i from
 * `offset`), one at a time or with `inflight` in flight at once, each lane taking the next call as its
 * last one settles. Returns the wall time (ms) and this process's CPU time (µs): the client's work, the
 * servers running in processes of their own.
 */
export async function round(call, calls, inflight, offset) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  if (inflight === 1) {
    for (let i = 0; i < calls; i++) await call(offset + i);
  } else {
    let next = 0;
    const lane = async () => {
      while (next < calls) await call(offset + next++);
    };
    await Promise.all(Array.from({ length: Math.min(inflight, calls) }, lane));
  }
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpuUs: cpu.user + cpu.system };
}
