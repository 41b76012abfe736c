/**
 * solrpc implements every HTTP method agave serves, and nothing else: `allMethods` against the methods of
 * agave's five RPC traits (test/fixtures/agave/http-methods.json, with its source), both ways, so a
 * missing or an extra method fails with its name; and each definition's `fullApi` fact against its trait.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allMethods } from '../../src/methods/index.js';

const agave = JSON.parse(readFileSync(new URL('../fixtures/agave/http-methods.json', import.meta.url), 'utf8')) as {
  source: string;
  traits: Record<'Minimal' | 'BankData' | 'AccountsData' | 'AccountsScan' | 'Full', string[]>;
};
const served = Object.values(agave.traits).flat();
const implemented = Object.keys(allMethods);

describe('the method list', () => {
  it('agave serves 52 HTTP methods, each in one trait', () => {
    expect(served).toHaveLength(52);
    expect(new Set(served).size).toBe(52);
  });

  it('no method agave serves is missing from allMethods', () => {
    expect(served.filter((name) => !implemented.includes(name))).toStrictEqual([]);
  });

  it('allMethods holds no method agave does not serve', () => {
    expect(implemented.filter((name) => !served.includes(name))).toStrictEqual([]);
  });

  it('each definition says the API set of its trait: fullApi false for Minimal, left out (true) for the four others', () => {
    const minimal = new Set(agave.traits.Minimal);
    const wrong = Object.values(allMethods)
      .filter((definition) => (definition.fullApi ?? true) !== !minimal.has(definition.name))
      .map((definition) => `${definition.name}: fullApi ${definition.fullApi}`);
    expect(wrong).toStrictEqual([]);
    expect(Object.values(allMethods).filter((definition) => definition.fullApi === false)).toHaveLength(12);
    expect(Object.values(allMethods).filter((definition) => definition.fullApi === true)).toStrictEqual([]);
  });
});
