/**
 * Real-format conformance cases (copied from the team's shared set into test/fixtures/conformance):
 * loading them, and checking a client's result against their `expect` table the way the README there
 * defines it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConformanceCase } from './conformanceExpect.js';

export {
  type ConformanceCase,
  callFor,
  compareExpect,
  expectedParams,
  IMPLEMENTED,
  replayable,
  responseFor,
} from './conformanceExpect.js';

const DIR = fileURLToPath(new URL('../fixtures/conformance/', import.meta.url));

export function loadCases(filter: (c: ConformanceCase) => boolean = () => true): ConformanceCase[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...JSON.parse(readFileSync(join(DIR, file), 'utf8')) }) as ConformanceCase)
    .filter(filter);
}

export function loadCase(file: string): ConformanceCase {
  const found = loadCases((c) => c.file === file)[0];
  if (!found) throw new Error(`no conformance case ${file}`);
  return found;
}
