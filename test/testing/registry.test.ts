/**
 * The test cluster answers every method solrpc defines, each from its own module registered in one list:
 * every definition in src/methods has an answer (and no answer is for a method solrpc lacks), the answer
 * for `m` is the export `m` of src/testing/answers/m.ts, its API set (Minimal, or full only) matches the
 * method's own `fullApi` fact and agave's Minimal set, and no source file of the test cluster passes 600 lines.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allMethods } from '../../src/methods/index.js';
import { ANSWERS } from '../../src/testing/answers/index.js';

const ROOT = join(import.meta.dirname, '../..');
/** agave's rpc_minimal: what every node serves, with or without --full-rpc-api. */
const AGAVE_MINIMAL = [
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getGenesisHash',
  'getHealth',
  'getHighestSnapshotSlot',
  'getIdentity',
  'getLeaderSchedule',
  'getSlot',
  'getTransactionCount',
  'getVersion',
  'getVoteAccounts',
];

describe('one answer per method, registered in one list', () => {
  const defined = Object.keys(allMethods).sort();

  it('every method solrpc defines has an answer, and every answer a method', () => {
    expect([...ANSWERS.keys()].sort()).toEqual(defined);
  });

  it.each(defined)('%s: answered by the export of the same name in answers/%s.ts', async (method) => {
    const module = (await import(`../../src/testing/answers/${method}.ts`)) as Record<string, unknown>;
    expect(module[method]).toBe(ANSWERS.get(method));
  });

  it('the API set of each answer is agave’s, and the method definition’s fullApi where it states one', () => {
    for (const [method, answer] of ANSWERS) {
      expect(answer.minimal, method).toBe(AGAVE_MINIMAL.includes(method));
      const fullApi = (allMethods as Record<string, { fullApi?: boolean }>)[method]?.fullApi;
      if (fullApi !== undefined) expect(fullApi, method).toBe(!answer.minimal);
    }
  });
});

describe('the test cluster’s sources', () => {
  it('no file over 600 lines', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push(path);
      }
    };
    walk(join(ROOT, 'src/testing'));
    expect(files.length).toBeGreaterThan(50);
    const long = files
      .map((path) => [path.slice(ROOT.length + 1), readFileSync(path, 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > 600);
    expect(long).toEqual([]);
  });
});
