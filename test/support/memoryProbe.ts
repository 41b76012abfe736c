/**
 * Memory measurements in a child process, for a clean baseline: the test runner's own heap, workers and
 * caches would drown a 64 MiB bound. The child loads solrpc as one ESM file bundled from src/ with
 * esbuild (so it runs the code under test, not a stale build; dist/index.js only if esbuild cannot),
 * makes one warm-up call, then one measured call, and reports its outcome and its memory growth.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ClientBundle {
  /** The ESM file the child imports. */
  path: string;
  /** Where it came from, for the test log. */
  source: 'src (esbuild)' | 'dist';
  dispose(): void;
}

/** Bundles src/index.ts for the child; `undefined` (with the reason) when neither esbuild nor dist/ is usable. */
export async function buildClientBundle(): Promise<ClientBundle | { unavailable: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'solrpc-memory-'));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  try {
    const esbuild = await import('esbuild');
    const path = join(dir, 'solrpc.mjs');
    await esbuild.build({
      entryPoints: [join(ROOT, 'src/index.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node18',
      conditions: ['solrpc-source'],
      outfile: path,
      logLevel: 'silent',
    });
    return { path, source: 'src (esbuild)', dispose };
  } catch (error) {
    const dist = join(ROOT, 'dist/index.js');
    if (existsSync(dist)) return { path: dist, source: 'dist', dispose };
    dispose();
    return { unavailable: `esbuild failed (${(error as Error).message}) and dist/index.js is missing (npm run build)` };
  }
}

export interface ProbeConfig {
  /** URL of a small valid getBalance response, for the warm-up call. */
  warmUrl: string;
  /** URL the measured call goes to, and the client's options. */
  url: string;
  options?: Record<string, unknown>;
  method: string;
  args: unknown[];
}

export interface ProbeResult {
  outcome: { ok: true } | { ok: false; name: string; typed: boolean; what?: string; limit?: number; message: string };
  elapsedMs: number;
  /** RSS after the warm-up and a full GC. */
  baseRss: number;
  /** The highest RSS seen: sampled every 2 ms, and on Linux the kernel's high-water mark (reset at the baseline). */
  peakRss: number;
  baseArrayBuffers: number;
  peakArrayBuffers: number;
}

const PROBE = `
import { readFileSync, writeFileSync } from 'node:fs';
import { createRpc, isSolRpcError } from ${JSON.stringify('__BUNDLE__')};
const config = JSON.parse(process.env.SOLRPC_PROBE);
const address = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
await createRpc(config.warmUrl).getBalance(address);
const rpc = createRpc(config.url, config.options);
for (let i = 0; i < 3; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 20)); }
// Linux keeps a high-water mark of RSS (VmHWM); reset it here so it covers the measured call only.
let highWater = false;
try { writeFileSync('/proc/self/clear_refs', '5'); highWater = true; } catch {}
const base = process.memoryUsage();
let peakRss = base.rss;
let peakArrayBuffers = base.arrayBuffers;
const sample = () => {
  const m = process.memoryUsage();
  if (m.rss > peakRss) peakRss = m.rss;
  if (m.arrayBuffers > peakArrayBuffers) peakArrayBuffers = m.arrayBuffers;
};
const timer = setInterval(sample, 2);
const started = performance.now();
let outcome;
try {
  await rpc[config.method](...config.args);
  outcome = { ok: true };
} catch (e) {
  outcome = { ok: false, name: e?.name, typed: isSolRpcError(e), what: e?.what, limit: e?.limit, message: String(e?.message).split('\\n')[0] };
}
const elapsedMs = performance.now() - started;
clearInterval(timer);
sample();
if (highWater) {
  const hwm = /VmHWM:s+(d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  if (hwm) peakRss = Math.max(peakRss, Number(hwm[1]) * 1024);
}
process.stdout.write(JSON.stringify({ outcome, elapsedMs, baseRss: base.rss, peakRss, baseArrayBuffers: base.arrayBuffers, peakArrayBuffers }));
process.exit(0);
`;

/** Runs one measured call in a fresh Node process. */
export async function runProbe(bundle: ClientBundle, config: ProbeConfig, timeoutMs = 60_000): Promise<ProbeResult> {
  const dir = mkdtempSync(join(tmpdir(), 'solrpc-probe-'));
  const script = join(dir, 'probe.mjs');
  writeFileSync(script, PROBE.replace('__BUNDLE__', pathToFileURL(bundle.path).href));
  try {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--expose-gc', script],
        { env: { ...process.env, NODE_OPTIONS: '', SOLRPC_PROBE: JSON.stringify(config) }, timeout: timeoutMs },
        (error, out, err) => (error ? reject(new Error(`probe failed: ${error.message}\n${err}`)) : resolve(out)),
      );
    });
    return JSON.parse(stdout) as ProbeResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const MiB = 1024 * 1024;
