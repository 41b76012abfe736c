/**
 * fuzz.test.ts's fuzzing and scaling checks for getTransaction, in every encoding, for legacy and
 * versioned requests (maxSupportedTransactionVersion), in a file of its own: its responses are the
 * largest and costliest to validate, and each file must stay well under 60 s on two cores.
 */
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { getTransaction } from '../../src/index.js';
import { seedOf } from '../support/decodeHarness.js';
import { fuzzRuns, fuzzSeed, fuzzTarget, measureScaling, timeBound } from '../support/fuzzHarness.js';
import { transactionTargets } from '../support/fuzzTargets.js';
import { cloneJson, envelope, objectOf, toJsonText } from '../support/jsonText.js';
import { untypedErrorPaths } from '../support/leafProbe.js';

console.info(
  `fuzz.getTransaction.test.ts: fast-check seed ${fuzzSeed}, ${fuzzRuns} runs per target (FC_SEED, FC_FUZZ_RUNS, FC_FUZZ_TOTAL_RUNS)`,
);

for (const target of transactionTargets) fuzzTarget(target);

function bytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const repeat = <T>(items: readonly T[], n: number): T[] =>
  Array.from({ length: n }, (_, i) => cloneJson(items[i % items.length] as T));

// biome-ignore lint/suspicious/noExplicitAny: test data built by path
type Tree = Record<string, any>;

/** A valid result `n` times the base size: more instructions, log lines and balances, or more bytes. */
const scalingCases: { name: string; path: string; build: (r: Tree, n: number) => void; unit: number }[] = [
  {
    name: 'json',
    path: 'getTransaction/json.v0-agave4-return-data-rewards.json',
    build: (r, n) => {
      r.transaction.message.instructions = repeat(r.transaction.message.instructions, n);
      r.meta.logMessages = repeat(r.meta.logMessages, n);
      r.meta.preBalances = repeat(r.meta.preBalances, n);
      r.meta.postBalances = repeat(r.meta.postBalances, n);
    },
    unit: 10,
  },
  {
    name: 'jsonParsed',
    path: 'getTransaction/jsonParsed.v0-lookup-table.json',
    build: (r, n) => {
      r.transaction.message.instructions = repeat(r.transaction.message.instructions, n);
      r.meta.innerInstructions = repeat(r.meta.innerInstructions, n);
      r.meta.logMessages = repeat(r.meta.logMessages, n);
    },
    unit: 10,
  },
  {
    name: 'base64',
    path: 'conformance/getTransaction.base64.v0.json',
    build: (r, n) => {
      r.transaction = [Buffer.from(bytes(n * 1000)).toString('base64'), 'base64'];
    },
    unit: 10,
  },
];

function scaledText(path: string, build: (r: Tree, n: number) => void, n: number): string {
  const r = cloneJson(seedOf(path).result) as Tree;
  build(r, n);
  return envelope(toJsonText(r));
}

describe('a 10x larger valid response takes at most ~20x as long to decode', () => {
  it.each(scalingCases)(
    'getTransaction $name',
    async ({ path, build, unit }) => {
      const prepared = getTransaction.prepare(seedOf(path).params);
      const scale = unit * Math.max(1, Math.round(150_000 / scaledText(path, build, unit).length));
      const s = await measureScaling(
        getTransaction,
        prepared,
        scaledText(path, build, scale),
        scaledText(path, build, scale * 10),
      );
      const report = `${s.smallBytes} B in ${s.smallMs.toFixed(2)} ms, ${s.largeBytes} B in ${s.largeMs.toFixed(2)} ms`;
      expect(s.ratio, report).toBeLessThanOrEqual(20);
      expect(s.largeMs, report).toBeLessThanOrEqual(timeBound(s.largeBytes));
    },
    60_000,
  );

  // Base58 decoding costs the square of the text length: transaction text longer than decodeTransaction's
  // byte limit can need is refused before decoding (before that, a megabyte would have taken minutes).
  it('getTransaction base58', async () => {
    const path = 'getTransaction/base58.v0.json';
    const prepared = getTransaction.prepare(seedOf(path).params);
    const text = (n: number) =>
      scaledText(
        path,
        (r) => {
          r.transaction = [encodeBase58(bytes(n)), 'base58'];
        },
        1,
      );
    // Long text is refused unread: a quick typed error passes this check.
    const s = await measureScaling(getTransaction, prepared, text(1000), text(10_000), {
      repeats: 3,
      allowRefusal: true,
    });
    const report = `${s.smallBytes} B in ${s.smallMs.toFixed(2)} ms, ${s.largeBytes} B in ${s.largeMs.toFixed(2)} ms`;
    expect(s.ratio, report).toBeLessThanOrEqual(20);
    expect(s.largeMs, report).toBeLessThanOrEqual(timeBound(s.largeBytes));
  }, 60_000);
});

describe('known hostile values, pinned', () => {
  // See fuzz.test.ts: {"toString": ""} where superstruct's built-in structs expect a scalar (log lines,
  // instruction data, token amounts, program names…) once escaped validateResult as a raw TypeError.
  it.each([
    'getTransaction/json.v0-agave4-return-data-rewards.json',
    'getTransaction/jsonParsed.v0-lookup-table.json',
    'conformance/getTransaction.base64.v0.json',
  ])('%s: {"toString": ""} in place of any scalar gives a typed error', async (path) => {
    expect(await untypedErrorPaths(getTransaction, seedOf(path), () => objectOf([['toString', '']]))).toEqual([]);
  });
});
