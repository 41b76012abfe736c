/**
 * Runs a response text through the real decode path with no network: the exact-integer parser, the
 * JSON-RPC envelope check, then the method definition's `decode` with the `prepare`d call its params
 * make. Shared by the reliability fuzz and property tests.
 */
import { readFileSync } from 'node:fs';
import { parseJson } from '../../src/codecs/json.js';
import { decodeResponse } from '../../src/codecs/jsonrpc.js';
import { decodeResult } from '../../src/defineMethod.js';
import type { DecodeContext, MethodDefinition, PreparedCall } from '../../src/index.js';
import { DEFAULT_MAX_DECOMPRESSED_BYTES } from '../../src/index.js';
import { resultText } from './jsonText.js';

export interface FixtureFile {
  method: string;
  params: unknown[];
  responseText: string;
}

/** A fixture under test/fixtures, e.g. `conformance/getBalance.basic.json` or `getBalance/lamports-above-2-53.json`. */
export function loadFixture(path: string): FixtureFile {
  return JSON.parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8')) as FixtureFile;
}

/** A starting point for mutation: the params of a call and the parsed `result` of its real response. */
export interface Seed {
  name: string;
  params: unknown[];
  result: unknown;
}

/** Loads a fixture as a seed, optionally changing its params and result (e.g. a legacy-request variant). */
export function seedOf(
  path: string,
  change?: { params?: (params: unknown[]) => unknown[]; result?: (result: unknown) => unknown },
): Seed {
  const fixture = loadFixture(path);
  const params = change?.params ? change.params(structuredClone(fixture.params)) : fixture.params;
  const parsed = parseJson(resultText(fixture.responseText));
  return { name: path, params, result: change?.result ? change.result(parsed) : parsed };
}

export const ORIGIN = 'http://127.0.0.1:8899';

export function contextFor(definition: MethodDefinition<unknown>): DecodeContext {
  return { method: definition.name, maxDecompressedBytes: DEFAULT_MAX_DECOMPRESSED_BYTES };
}

/** Parses a full response body and decodes its result, as the client does after reading the body. */
export async function decodeBody(
  definition: MethodDefinition<unknown>,
  prepared: PreparedCall,
  text: string,
  id = 1,
): Promise<unknown> {
  const body = parseJson(text);
  const result = decodeResponse(body, id, definition.name, ORIGIN);
  return await decodeResult(definition, result, contextFor(definition), prepared);
}

/** Own property names of the prototypes a pollution would change, to compare before and after. */
export function prototypeSnapshot(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype]
    .map((proto) => Reflect.ownKeys(proto).map(String).sort().join(','))
    .join('|');
}

/** Problems with a decoded value's prototypes: plain objects, arrays and Uint8Arrays only. */
export function prototypeProblems(value: unknown, nullPrototypeAt?: string): string[] {
  const problems: string[] = [];
  const seen = new Set<object>();
  const stack: [unknown, string][] = [[value, 'result']];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const proto = Object.getPrototypeOf(node);
    if (node instanceof Uint8Array) {
      if (proto !== Uint8Array.prototype) problems.push(`${path}: a ${node.constructor.name}, not a plain Uint8Array`);
      continue;
    }
    if (Array.isArray(node)) {
      if (proto !== Array.prototype) problems.push(`${path}: an array with another prototype`);
      node.forEach((item, i) => {
        stack.push([item, `${path}.${i}`]);
      });
      continue;
    }
    const allowed = path === nullPrototypeAt ? null : Object.prototype;
    if (proto !== allowed) problems.push(`${path}: prototype is ${proto === null ? 'null' : 'not Object.prototype'}`);
    for (const key of Object.keys(node)) stack.push([(node as Record<string, unknown>)[key], `${path}.${key}`]);
  }
  return problems;
}

/** Median of timings. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
