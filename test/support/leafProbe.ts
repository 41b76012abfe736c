/**
 * Replaces each scalar of a parsed response, one at a time, and decodes: which positions make the
 * decoder throw something other than a typed error. For pinning one hostile value across a whole
 * response, deterministically (the fuzz tests find such values; these probes pin them).
 */
import { isSolRpcError, type MethodDefinition } from '../../src/index.js';
import type { Seed } from './decodeHarness.js';
import { decodeTimed } from './fuzzHarness.js';
import { envelopeText } from './fuzzMutations.js';
import { cloneJson, setOwn } from './jsonText.js';

/** Paths (`result.value.lamports`) of the scalars in a tree, arrays sampled at their first element. */
export function scalarPaths(tree: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(tree)) return tree.length === 0 ? [] : scalarPaths(tree[0], [...path, 0]);
  if (typeof tree === 'object' && tree !== null) {
    return Object.keys(tree).flatMap((key) => scalarPaths((tree as Record<string, unknown>)[key], [...path, key]));
  }
  return [path];
}

function replaced(tree: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = cloneJson(tree) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  setOwn(node, String(path[path.length - 1]), value);
  return copy;
}

/** For each scalar of the seed's result replaced by `value`: the paths where decoding threw an untyped error. */
export async function untypedErrorPaths(
  definition: MethodDefinition<unknown>,
  seed: Seed,
  value: () => unknown,
): Promise<string[]> {
  const prepared = definition.prepare(seed.params);
  const found: string[] = [];
  for (const path of scalarPaths(seed.result)) {
    const outcome = await decodeTimed(definition, prepared, envelopeText(replaced(seed.result, path, value())));
    if (!outcome.ok && !isSolRpcError(outcome.error)) {
      found.push(`result.${path.join('.')}: ${(outcome.error as Error).name}: ${(outcome.error as Error).message}`);
    }
  }
  return found;
}
