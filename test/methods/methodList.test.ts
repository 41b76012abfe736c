/**
 * solrpc implements every HTTP method agave serves, and nothing else: `allMethods` against the methods of
 * agave's five RPC traits (test/fixtures/agave/http-methods.json, with its source), both ways, so a
 * missing or an extra method fails with its name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FULL_RPC_API_METHODS, MINIMAL_RPC_API_METHODS } from '../../src/errors/hints.js';
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

  it('the -32601 hint tables put each method in its trait’s group', () => {
    expect([...MINIMAL_RPC_API_METHODS].sort()).toStrictEqual([...agave.traits.Minimal].sort());
    const full = [
      ...agave.traits.BankData,
      ...agave.traits.AccountsData,
      ...agave.traits.AccountsScan,
      ...agave.traits.Full,
    ];
    expect([...FULL_RPC_API_METHODS].sort()).toStrictEqual(full.sort());
  });
});
