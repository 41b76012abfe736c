/**
 * Checks a call's params as agave's JSON-RPC layer (jsonrpc-core, jsonrpc-derive and serde) does before a
 * method runs, and refuses in its words: a count outside the method's arity, or a value of the wrong type.
 */
import { RpcFailure } from '../simulatedLedger.js';
import type { MethodAnswer, ParamKind } from './answer.js';

const invalidParams = (message: string, data?: string) =>
  new RpcFailure({ code: -32602, message, ...(data === undefined ? {} : { data }) });

/** How serde names a JSON value it did not expect (`Unexpected`'s Display). */
function unexpected(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return `boolean \`${value}\``;
  if (typeof value === 'number' || typeof value === 'bigint') {
    return Number.isInteger(Number(value)) ? `integer \`${value}\`` : `floating point \`${value}\``;
  }
  if (typeof value === 'string') return `string ${JSON.stringify(value)}`;
  return Array.isArray(value) ? 'sequence' : 'map';
}

/** What serde says it expected for a kind. */
function expected(kind: ParamKind): string {
  if (typeof kind === 'object') return `struct ${kind.struct}`;
  return { string: 'a string', u64: 'u64', usize: 'usize', strings: 'a sequence', any: 'a value' }[kind];
}

/** serde's complaint about `value` for `kind`, or undefined when it fits. */
function mismatch(kind: ParamKind, value: unknown): string | undefined {
  const wrong = () => `invalid type: ${unexpected(value)}, expected ${expected(kind)}`;
  if (kind === 'any') return undefined;
  if (typeof kind === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrong();
    return commitmentMismatch(value as Record<string, unknown>);
  }
  if (kind === 'string') return typeof value === 'string' ? undefined : wrong();
  if (kind === 'strings') {
    if (!Array.isArray(value)) return wrong();
    const bad = value.find((item) => typeof item !== 'string');
    return bad === undefined ? undefined : `invalid type: ${unexpected(bad)}, expected a string`;
  }
  // u64 / usize
  if (typeof value === 'bigint')
    return value < 0n ? `invalid value: integer \`${value}\`, expected ${kind}` : undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) return wrong();
  return value < 0 ? `invalid value: integer \`${value}\`, expected ${kind}` : undefined;
}

/**
 * The commitment levels serde reads into agave's CommitmentLevel (camelCase; the 1.x names `max`, `recent`,
 * `root`, `single` and `singleGossip` are gone from solana-commitment-config).
 */
const COMMITMENTS = ['processed', 'confirmed', 'finalized'];

/** serde's complaint about a config's `commitment` or `preflightCommitment` (null is None), or undefined. */
function commitmentMismatch(config: Record<string, unknown>): string | undefined {
  for (const key of ['commitment', 'preflightCommitment']) {
    const value = config[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return `invalid type: ${unexpected(value)}, expected string or map`;
    if (!COMMITMENTS.includes(value)) {
      return `unknown variant \`${value}\`, expected one of ${COMMITMENTS.map((c) => `\`${c}\``).join(', ')}`;
    }
  }
  return undefined;
}

/** Refuses `params` as agave would for this method, or returns normally. */
export function checkParams(answer: MethodAnswer, params: unknown[]): void {
  const required = answer.required.length;
  const total = required + (answer.optional?.length ?? 0);
  const count = params.length;
  if (total === 0) {
    if (count > 0) throw invalidParams('Invalid parameters: No parameters were expected', debugParams(params));
    return;
  }
  if (total === required) {
    // No optional params: jsonrpc-derive hands the array to serde as a tuple.
    if (count < required)
      throw invalidParams(`Invalid params: invalid length ${count}, expected a tuple of size ${required}.`);
    if (count > required)
      throw invalidParams(`Invalid params: invalid length ${count}, expected fewer elements in array.`);
  } else {
    if (count < required) throw invalidParams(`\`params\` should have at least ${required} argument(s)`);
    if (count > total) {
      throw invalidParams(`Invalid parameters: Expected from ${required} to ${total} parameters.`, `"Got: ${count}"`);
    }
  }
  const kinds = [...answer.required, ...(answer.optional ?? [])];
  for (const [index, value] of params.entries()) {
    // A trailing Option takes null as None.
    if (index >= required && (value === null || value === undefined)) continue;
    const problem = mismatch(kinds[index] as ParamKind, value);
    if (problem) throw invalidParams(`Invalid params: ${problem}.`);
  }
}

/** jsonrpc-core's Debug of the params it did not expect (`Array([Number(1)])`). */
function debugParams(params: unknown[]): string {
  const debug = (value: unknown): string => {
    if (value === null) return 'Null';
    if (typeof value === 'boolean') return `Bool(${value})`;
    if (typeof value === 'number' || typeof value === 'bigint') return `Number(${value})`;
    if (typeof value === 'string') return `String(${JSON.stringify(value)})`;
    if (Array.isArray(value)) return `Array([${value.map(debug).join(', ')}])`;
    const entries = Object.entries(value as object).map(([k, v]) => `${JSON.stringify(k)}: ${debug(v)}`);
    return `Object({${entries.join(', ')}})`;
  };
  return debug(params);
}
