/**
 * The lines a preflight failure (`sendTransaction`'s -32002) adds to its error's message: the `err` and
 * the last log lines. Error text, loaded with the first such error as hints.ts is, not up front. It imports
 * nothing of the client (esbuild would put a module shared with the entry in a chunk loaded up front), so
 * the caller hands it the sanitiser.
 * @module
 */
import type { PreflightFailure } from '../types/simulation.js';

/** The most log lines a preflight failure's message shows: the last ones, where a program says why it failed. */
const PREFLIGHT_LOG_LINES = 10;

/** `failure`'s `err` and last log lines, each passed through `sanitize` (server text) and cut. */
export function preflightLines(
  failure: PreflightFailure,
  sanitize: (text: string, max: number, singleLine: boolean) => string,
): string[] {
  const lines = [`err: ${sanitize(JSON.stringify(failure.err), 300, true)}`];
  const logs = failure.logs ?? [];
  if (logs.length > 0) {
    const shown = logs.slice(-PREFLIGHT_LOG_LINES);
    lines.push(shown.length < logs.length ? `logs (last ${shown.length} of ${logs.length}):` : 'logs:');
    for (const line of shown) lines.push(`  ${sanitize(line, 200, true)}`);
  }
  return lines;
}
