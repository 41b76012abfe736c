/**
 * The response fuzzer's checks and test registration, shared by the reliability fuzz files: each input
 * goes through the real decode path (decodeHarness.ts), and every outcome must be a decoded value with
 * plain prototypes or a typed error, with `Object.prototype` untouched and the time bounded by the size.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError } from '../../src/codecs/json.js';
import { isSolRpcError, type MethodDefinition, type PreparedCall } from '../../src/index.js';
import { fuzzRunsPerTarget } from './budget.js';
import { contextFor, decodeBody, median, prototypeProblems, prototypeSnapshot, type Seed } from './decodeHarness.js';
import {
  applyMutations,
  applyTextMutation,
  envelopeText,
  generatedJson,
  mutation,
  textMutation,
} from './fuzzMutations.js';
import { allTargets } from './fuzzTargets.js';
import { envelope, toJsonText } from './jsonText.js';
import { startWorkClock } from './workTime.js';

// Fixed in number and seeded from the environment when set, so a failure reproduces with its seed.
export const fuzzSeed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
/**
 * Runs per target: one total shared by every target (budget.ts), so a new method's targets take their
 * share rather than adding time. FC_FUZZ_RUNS (or FC_RUNS) sets it per target, FC_FUZZ_TOTAL_RUNS the total.
 */
export const fuzzRuns = fuzzRunsPerTarget(allTargets.length);
const fuzzTimeout = Math.max(30_000, fuzzRuns * 15);

/**
 * No case may take longer than this (ms) for its input size: generous, but far below any quadratic path.
 * Decompressed output is work too: a 1 KB zstd frame may rightly become 10 MiB, so output bytes count at
 * 50 ns each (the zstd decoder runs at 100+ MB/s once warm).
 */
export const timeBound = (bytes: number, outputBytes = 0): number => 50 + bytes * 0.002 + outputBytes * 0.00005;

/** Bytes of data a decoded value holds (the decompressed output, for zstd accounts). */
function outputBytes(value: unknown): number {
  let total = 0;
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node instanceof Uint8Array) total += node.length;
    else if (typeof node === 'object' && node !== null) stack.push(...Object.values(node));
  }
  return total;
}

export interface FuzzTarget {
  name: string;
  definition: MethodDefinition<unknown>;
  seeds: Seed[];
  /**
   * Where the decoded value holds a server-keyed map, built without a prototype (`'result'` for
   * getLeaderSchedule's, `'result.value.byIdentity'` for getBlockProduction's).
   */
  nullPrototypeAt?: string;
  /** Seeds hold real zstd frames: a refused one may have been decompressed up to the limit first. */
  decompresses?: boolean;
}

interface Outcome {
  ok: boolean;
  value?: unknown;
  error?: unknown;
  ms: number;
}

export async function decodeTimed(
  definition: MethodDefinition<unknown>,
  prepared: PreparedCall,
  text: string,
): Promise<Outcome> {
  const clock = startWorkClock();
  try {
    const value = await decodeBody(definition, prepared, text);
    return { ok: true, value, ms: clock.elapsedMs() };
  } catch (error) {
    return { ok: false, error, ms: clock.elapsedMs() };
  }
}

const PROTOTYPES = prototypeSnapshot();
const OBJECT_PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).length;

/** Everything each fuzz case must satisfy; throws (failing the property) with the reason. */
export async function checkCase(
  target: FuzzTarget,
  prepared: PreparedCall,
  text: string,
): Promise<'ok' | 'typed' | 'syntax'> {
  let outcome = await decodeTimed(target.definition, prepared, text);
  // Object.prototype after every case, successful or not (every other prototype after each run).
  if (
    Object.keys(Object.prototype).length !== 0 ||
    Object.getOwnPropertyNames(Object.prototype).length !== OBJECT_PROTOTYPE_NAMES ||
    Object.getPrototypeOf(Object.prototype) !== null ||
    ({} as { polluted?: unknown }).polluted !== undefined
  ) {
    throw new Error('Object.prototype was changed');
  }

  if (outcome.ok) {
    const problems = prototypeProblems(outcome.value, target.nullPrototypeAt);
    if (problems.length > 0) throw new Error(`decoded value with odd prototypes: ${problems.slice(0, 3).join('; ')}`);
  } else if (outcome.error instanceof JsonSyntaxError) {
    // Allowed only for text that is broken, or nested past the parser's documented depth limit.
    let nativeParses = true;
    try {
      JSON.parse(text);
    } catch {
      nativeParses = false;
    }
    if (nativeParses && !/^nesting too deep/.test(outcome.error.message)) {
      throw new Error(`JsonSyntaxError on text JSON.parse accepts: ${outcome.error.message}`);
    }
  } else if (!isSolRpcError(outcome.error)) {
    const e = outcome.error as Error;
    throw new Error(`untyped error ${e?.name}: ${e?.message}`);
  } else if (outcome.error.message.length > 2000) {
    throw new Error(`a ${outcome.error.message.length}-character message: the input is being echoed`);
  }

  // A slow case is measured twice more before it counts: a GC pause or a busy core is not a slow path.
  const refusedFrame = !outcome.ok && target.decompresses ? contextFor(target.definition).maxDecompressedBytes : 0;
  const output = outputBytes(outcome.value) + refusedFrame;
  const bound = timeBound(text.length, output);
  for (let retry = 0; retry < 2 && outcome.ms > bound; retry++) {
    const again = await decodeTimed(target.definition, prepared, text);
    outcome = { ...outcome, ms: Math.min(outcome.ms, again.ms) };
  }
  if (outcome.ms > bound) {
    throw new Error(`took ${outcome.ms.toFixed(1)} ms for ${text.length} bytes (bound ${bound.toFixed(1)} ms)`);
  }
  return outcome.ok ? 'ok' : outcome.error instanceof JsonSyntaxError ? 'syntax' : 'typed';
}

/** fast-check's own report prints whole counterexamples, megabytes with huge payloads: shorten them. */
function failureReport<T>(details: fc.RunDetails<T>): string {
  const example = fc.stringify(details.counterexample).replace(/(.)\1{40,}/gs, (run, c) => `${c}…×${run.length}`);
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return [
    `property failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath})`,
    `cause: ${cause.slice(0, 2000)}`,
    `counterexample: ${example.length > 3000 ? `${example.slice(0, 3000)}…` : example}`,
  ].join('\n');
}

/** Registers a target's tests: its seeds decode as they are, then `fuzzRuns` generated and mutated inputs. */
export function fuzzTarget(target: FuzzTarget): void {
  describe(`fuzz: ${target.name}`, () => {
    const prepared = target.seeds.map((s) => target.definition.prepare(s.params));

    it('decodes every seed as it is (the fixtures are valid)', async () => {
      let decoded = 0;
      for (const [i, s] of target.seeds.entries()) {
        // Cases recorded to be refused: a wrong type, or a slot above Number.MAX_SAFE_INTEGER.
        if (/malformed\.|slot-above-max-safe/.test(s.name)) continue;
        const outcome = await decodeTimed(
          target.definition,
          prepared[i] as PreparedCall,
          envelope(toJsonText(s.result)),
        );
        expect(outcome.error, s.name).toBeUndefined();
        expect(prototypeProblems(outcome.value, target.nullPrototypeAt), s.name).toEqual([]);
        decoded++;
      }
      expect(decoded).toBeGreaterThan(0);
    });

    it(
      `${fuzzRuns} generated and mutated responses: typed errors only, prototypes untouched, bounded time`,
      async () => {
        const seedIndex = fc.nat({ max: target.seeds.length - 1 });
        const input = fc.oneof(
          { weight: 1, arbitrary: fc.record({ seedIndex, generated: generatedJson }) },
          {
            weight: 6,
            arbitrary: fc.record({
              seedIndex,
              mutations: fc.array(mutation, { minLength: 1, maxLength: 4 }),
              text: textMutation,
            }),
          },
        );
        const stats = { ok: 0, typed: 0, syntax: 0 };
        const details = await fc.check(
          fc.asyncProperty(input, async (c) => {
            const s = target.seeds[c.seedIndex] as Seed;
            const text =
              'generated' in c
                ? envelopeText(c.generated)
                : applyTextMutation(envelopeText(applyMutations(s.result, c.mutations)), c.text);
            stats[await checkCase(target, prepared[c.seedIndex] as PreparedCall, text)]++;
          }),
          { seed: fuzzSeed, numRuns: fuzzRuns },
        );
        if (details.failed) throw new Error(failureReport(details));
        expect(prototypeSnapshot()).toBe(PROTOTYPES);
        // Both outcomes are exercised: inputs that still decode, and inputs that are refused.
        expect(stats.ok).toBeGreaterThan(0);
        expect(stats.typed).toBeGreaterThan(fuzzRuns / 10);
      },
      fuzzTimeout,
    );
  });
}

/** Median decode time of a text. The decode must succeed, or with `allowRefusal` give a typed error. */
async function medianDecodeMs(
  definition: MethodDefinition<unknown>,
  prepared: PreparedCall,
  text: string,
  repeats: number,
  allowRefusal: boolean,
  batch = 1,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    // Each timing covers `batch` decodes: as many bytes as one decode of the large input, so both sides
    // allocate alike and pay for alike garbage collection.
    let ms = 0;
    for (let j = 0; j < batch; j++) {
      const outcome = await decodeTimed(definition, prepared, text);
      if (!outcome.ok && !(allowRefusal && isSolRpcError(outcome.error))) throw outcome.error;
      ms += outcome.ms;
    }
    times.push(ms / batch);
  }
  return median(times);
}

export interface Scaling {
  smallBytes: number;
  largeBytes: number;
  smallMs: number;
  largeMs: number;
  ratio: number;
}

/**
 * Decode times of a valid input and of one about 10x larger (medians of `repeats` runs each, after a
 * warm-up; the small input's runs are batches of 10). Measured up to three times: a scheduling hiccup
 * must not fail a linear path. With `allowRefusal`,
 * a typed error counts as an outcome too (for inputs a fixed client may rightly refuse).
 */
export async function measureScaling(
  definition: MethodDefinition<unknown>,
  prepared: PreparedCall,
  smallText: string,
  largeText: string,
  { repeats = 5, allowRefusal = false }: { repeats?: number; allowRefusal?: boolean } = {},
): Promise<Scaling> {
  await medianDecodeMs(definition, prepared, smallText, 2, allowRefusal);
  await medianDecodeMs(definition, prepared, largeText, 1, allowRefusal);
  let best: Scaling | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const smallMs = await medianDecodeMs(definition, prepared, smallText, repeats, allowRefusal, 10);
    const largeMs = await medianDecodeMs(definition, prepared, largeText, repeats, allowRefusal);
    // Sub-millisecond timings are mostly timer noise: count at least 0.5 ms for the small input.
    const ratio = largeMs / Math.max(smallMs, 0.5);
    if (!best || ratio < best.ratio) {
      best = { smallBytes: smallText.length, largeBytes: largeText.length, smallMs, largeMs, ratio };
    }
    if (best.ratio <= 20 && best.largeMs <= timeBound(largeText.length)) break;
  }
  return best as Scaling;
}
