/**
 * Runs the CLI in-process with its output captured: shared by the CLI suites (test/cli/helpers.ts) and
 * the fault suite's canary runs, without either pulling in the other's servers.
 */
import type { CliIo } from '../../src/cli/io.js';
import { run } from '../../src/cli/run.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** `run(argv, io)` with `out` and `err` collected into strings. */
export async function runCaptured(argv: string[], io: Omit<CliIo, 'out' | 'err'>): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await run(argv, {
    ...io,
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  });
  return { code, out, err };
}
