/**
 * What adding a method must bring, checked for every method registered in src/methods/index.ts, so a
 * method added without one of them fails here with its name: its definition's name is its key; its page
 * docs/methods/<name>.md; its row in docs/methods.md, linked to the page, whose "Served by" agrees with
 * the definition's `fullApi` (false for agave's Minimal methods, left out for the others: the API set
 * itself is held to agave's traits by methodList.test.ts); its test profile row (test/support/methodProfiles.ts,
 * which `tsc` also holds to `allMethods`). Its test-cluster answer is held to the same list by
 * test/testing/registry.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allMethods } from '../../src/methods/index.js';
import { METHOD_NAMES } from '../support/methodProfiles.js';

const docs = new URL('../../docs/', import.meta.url);
const table = readFileSync(new URL('methods.md', docs), 'utf8');
/** docs/methods.md's rows by method: the cells after the first. */
const rows = new Map(
  [...table.matchAll(/^\| \[`(\w+)`\]\(methods\/(\w+)\.md\) \|(.*)\|$/gm)].map((match) => [
    match[1] as string,
    { page: match[2] as string, cells: (match[3] as string).split(' | ').map((cell) => cell.trim()) },
  ]),
);
const registered = Object.entries(allMethods);

describe('every registered method', () => {
  it('reads 52 methods and 52 rows', () => {
    expect(registered).toHaveLength(52);
    expect(rows.size).toBe(52);
  });

  it.each(registered.map(([key]) => key))('%s: named as registered', (key) => {
    expect(allMethods[key as keyof typeof allMethods].name).toBe(key);
  });

  it.each(registered.map(([key]) => key))('%s: a page, and a row in docs/methods.md that links it', (key) => {
    expect(existsSync(new URL(`methods/${key}.md`, docs)), `docs/methods/${key}.md`).toBe(true);
    const row = rows.get(key);
    expect(row?.page, `docs/methods.md's row of ${key}`).toBe(key);
    // The last cell says which nodes serve it: the definition's fact, in words.
    const servedBy = row?.cells.at(-1) ?? '';
    const fullApi = allMethods[key as keyof typeof allMethods].fullApi ?? true;
    expect(servedBy.startsWith(fullApi ? 'nodes started with `--full-rpc-api`' : 'every node'), servedBy).toBe(true);
  });

  it('a test profile each, and no profile of a method not registered', () => {
    expect([...METHOD_NAMES].sort()).toStrictEqual(registered.map(([key]) => key).sort());
  });

  it('no row or page in docs for a method not registered', () => {
    expect([...rows.keys()].filter((name) => !(name in allMethods))).toStrictEqual([]);
  });
});
