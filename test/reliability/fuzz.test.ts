/**
 * Fuzzing every method's response validation (reliability.md rows 27-28, goal Z): generated JSON and
 * structure-aware mutations of real responses go through the real decode path (exact parser, envelope
 * check, the method's `decode`), `fuzzRuns` inputs per method and encoding (one total shared by all
 * targets, test/support/budget.ts). Every input must give a decoded value with plain prototypes or a
 * typed error, leave `Object.prototype` untouched, and take time bounded by its size; each method also gets an explicit 10x scaling check. getTransaction, the
 * costliest to decode, has its own file (fuzz.getTransaction.test.ts) so each file stays well under 60 s.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { loadZstd } from '../../src/codecs/zstd.js';
import {
  getAccountInfo,
  getBalance,
  getClusterNodes,
  getEpochInfo,
  getLeaderSchedule,
  getTokenAccountsByDelegate,
  getVoteAccounts,
  isSolRpcError,
  type MethodDefinition,
} from '../../src/index.js';
import { seedOf } from '../support/decodeHarness.js';
import { decodeTimed, fuzzRuns, fuzzSeed, fuzzTarget, measureScaling, timeBound } from '../support/fuzzHarness.js';
import { allTargets, profileTargets, responseTargets } from '../support/fuzzTargets.js';
import { cloneJson, envelope, objectOf, toJsonText } from '../support/jsonText.js';
import { untypedErrorPaths } from '../support/leafProbe.js';
import { METHOD_NAMES } from '../support/methodProfiles.js';
import { zstdFrame } from '../support/zstdFrames.js';

// Every method of the profile table has a target: hand-written ones, or one from its conformance cases.
const unfuzzed = METHOD_NAMES.filter((m) => !allTargets.some((t) => t.definition.name === m && t.seeds.length > 0));
console.info(
  `fuzz.test.ts: fast-check seed ${fuzzSeed}, ${fuzzRuns} runs per target (FC_SEED, FC_FUZZ_RUNS, FC_FUZZ_TOTAL_RUNS); ` +
    `${allTargets.length} targets for ${METHOD_NAMES.length} methods`,
);

it('fuzzes every method of the profile table from at least one real response', () => {
  expect(unfuzzed).toEqual([]);
});

beforeAll(() => loadZstd());

for (const target of [...responseTargets, ...profileTargets]) fuzzTarget(target);

// Deterministic bytes for the large inputs below.
function bytes(length: number, seed = 1): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const base64 = (data: Uint8Array) => Buffer.from(data).toString('base64');
const repeat = <T>(items: readonly T[], n: number): T[] =>
  Array.from({ length: n }, (_, i) => cloneJson(items[i % items.length] as T));
// biome-ignore lint/suspicious/noExplicitAny: test data edited by path
type Tree = Record<string, any>;
const result = (path: string) => seedOf(path).result as Tree;

const SMALL_BYTES = 150_000;

interface ScalingCase {
  name: string;
  definition: MethodDefinition<unknown>;
  params: unknown[];
  /** A valid result about `scale` times the size of the base input. */
  build(scale: number): unknown;
  /** A unit of scale; the small input is a multiple of it near SMALL_BYTES, the large one 10x that. */
  small: number;
}

function accountWithData(path: string, data: unknown, space: number) {
  const r = result(path);
  r.value.data = data;
  r.value.space = space;
  return r;
}

const scalingCases: ScalingCase[] = [
  {
    name: 'getAccountInfo base64 (data size)',
    definition: getAccountInfo,
    params: seedOf('conformance/getAccountInfo.base64.token-account.json').params,
    build: (n) =>
      accountWithData('conformance/getAccountInfo.base64.token-account.json', [base64(bytes(n)), 'base64'], n),
    small: 100_000,
  },
  {
    name: 'getAccountInfo base64+zstd (data size)',
    definition: getAccountInfo,
    params: seedOf('conformance/getAccountInfo.base64zstd.token-account.json').params,
    build: (n) => {
      const blocks = Array.from({ length: Math.ceil(n / 65_536) }, (_, i) => ({ raw: bytes(65_536, i + 1) }));
      const frame = zstdFrame(blocks);
      return accountWithData(
        'conformance/getAccountInfo.base64zstd.token-account.json',
        [base64(frame), 'base64+zstd'],
        blocks.length * 65_536,
      );
    },
    small: 65_536,
  },
  {
    name: 'getAccountInfo jsonParsed (extensions)',
    definition: getAccountInfo,
    params: seedOf('conformance/getAccountInfo.jsonParsed.token2022-account-extensions.json').params,
    build: (n) => {
      const r = result('conformance/getAccountInfo.jsonParsed.token2022-account-extensions.json');
      r.value.data.parsed.info.extensions = repeat(r.value.data.parsed.info.extensions, n);
      return r;
    },
    small: 2000,
  },
  {
    name: 'getBalance (unknown fields)',
    definition: getBalance,
    params: seedOf('conformance/getBalance.basic.json').params,
    build: (n) => {
      const r = result('conformance/getBalance.basic.json');
      r.context.serverAddition = repeat([{ slot: 2n ** 64n - 1n, note: 'x' }], n);
      return r;
    },
    small: 3000,
  },
  {
    name: 'getTokenAccountsByDelegate base64 (accounts)',
    definition: getTokenAccountsByDelegate,
    params: seedOf('conformance/getTokenAccountsByDelegate.base64.programId-filter.json').params,
    build: (n) => {
      const r = result('conformance/getTokenAccountsByDelegate.base64.programId-filter.json');
      r.value = repeat(r.value, n);
      return r;
    },
    small: 300,
  },
  {
    name: 'getTokenAccountsByDelegate jsonParsed (accounts)',
    definition: getTokenAccountsByDelegate,
    params: seedOf('conformance/getTokenAccountsByDelegate.jsonParsed.mint-filter.json').params,
    build: (n) => {
      const r = result('conformance/getTokenAccountsByDelegate.jsonParsed.mint-filter.json');
      r.value = repeat(r.value, n);
      return r;
    },
    small: 150,
  },
  {
    name: 'getClusterNodes (nodes)',
    definition: getClusterNodes,
    params: [],
    build: (n) => repeat(result('conformance/getClusterNodes.current-shape.json') as unknown as unknown[], n),
    small: 300,
  },
  {
    name: 'getVoteAccounts (accounts)',
    definition: getVoteAccounts,
    params: [],
    build: (n) => {
      const r = result('getVoteAccounts/current-and-delinquent.json');
      r.current = repeat(r.current, n);
      return r;
    },
    small: 300,
  },
  {
    name: 'getLeaderSchedule (identities)',
    definition: getLeaderSchedule,
    params: [],
    build: (n) =>
      objectOf(
        Array.from({ length: n }, (_, i) => [
          encodeBase58(bytes(32, i + 7)),
          Array.from({ length: 16 }, (_, j) => i * 16 + j),
        ]),
      ),
    small: 1000,
  },
  {
    name: 'getEpochInfo (unknown fields)',
    definition: getEpochInfo,
    params: [],
    build: (n) => ({ ...result('conformance/getEpochInfo.t0.json'), serverAddition: repeat(['x', 1, null], n) }),
    small: 20_000,
  },
];

describe('a 10x larger valid response takes at most ~20x as long to decode', () => {
  it.each(scalingCases)(
    '$name',
    async ({ definition, params, build, small }) => {
      const prepared = definition.prepare(params);
      // ~150 KB and ~1.5 MB: big enough that fixed costs and timer noise cannot hide a quadratic term.
      const scale = small * Math.max(1, Math.round(SMALL_BYTES / toJsonText(build(small)).length));
      const s = await measureScaling(
        definition,
        prepared,
        envelope(toJsonText(build(scale))),
        envelope(toJsonText(build(scale * 10))),
      );
      const report = `${s.smallBytes} B in ${s.smallMs.toFixed(2)} ms, ${s.largeBytes} B in ${s.largeMs.toFixed(2)} ms`;
      expect(s.ratio, report).toBeLessThanOrEqual(20);
      expect(s.largeMs, report).toBeLessThanOrEqual(timeBound(s.largeBytes));
    },
    60_000,
  );

  // Base58 decoding costs the square of the text length; agave never sends base58 account data over
  // 128 bytes (175 characters), so longer text is refused before decoding. Before that limit, 13,660
  // characters took ~250 ms and a megabyte would have taken minutes.
  it('getAccountInfo base58 (data size)', async () => {
    const path = 'conformance/getAccountInfo.base58.nonce-account.json';
    const prepared = getAccountInfo.prepare(seedOf(path).params);
    const build = (n: number) => accountWithData(path, [encodeBase58(bytes(n)), 'base58'], n);
    // Long text is refused unread: a quick typed error passes this check.
    const s = await measureScaling(
      getAccountInfo,
      prepared,
      envelope(toJsonText(build(1000))),
      envelope(toJsonText(build(10_000))),
      { repeats: 3, allowRefusal: true },
    );
    const report = `${s.smallBytes} B in ${s.smallMs.toFixed(2)} ms, ${s.largeBytes} B in ${s.largeMs.toFixed(2)} ms`;
    expect(s.ratio, report).toBeLessThanOrEqual(20);
    expect(s.largeMs, report).toBeLessThanOrEqual(timeBound(s.largeBytes));
  }, 60_000);
});

describe('known hostile values, pinned', () => {
  // An object with a non-function `toString` key (valid JSON: {"toString": ""}) where superstruct's
  // built-in structs expect a scalar made superstruct's failure-message printer (`${value}`) throw a raw
  // TypeError out of validateResult. Found by this fuzz; validateResult now reports a ValidationError.
  const toStringObject = () => objectOf([['toString', '']]);
  const affected: [string, MethodDefinition<unknown>, string][] = [
    ['getAccountInfo', getAccountInfo, 'conformance/getAccountInfo.jsonParsed.token2022-account-extensions.json'],
    ['getBalance', getBalance, 'conformance/getBalance.basic.json'],
    [
      'getTokenAccountsByDelegate',
      getTokenAccountsByDelegate,
      'conformance/getTokenAccountsByDelegate.base64.programId-filter.json',
    ],
    ['getClusterNodes', getClusterNodes, 'conformance/getClusterNodes.current-shape.json'],
    ['getVoteAccounts', getVoteAccounts, 'getVoteAccounts/current-and-delinquent.json'],
  ];
  it.each(affected)(
    '%s: {"toString": ""} in place of any scalar gives a typed error',
    async (_name, definition, path) => {
      expect(await untypedErrorPaths(definition, seedOf(path), toStringObject)).toEqual([]);
    },
  );
  it.each([
    ['getLeaderSchedule', getLeaderSchedule, 'conformance/getLeaderSchedule.current-epoch.json'],
    ['getEpochInfo', getEpochInfo, 'conformance/getEpochInfo.t0.json'],
  ] as [string, MethodDefinition<unknown>, string][])(
    '%s: {"toString": ""} in place of any scalar gives a typed error',
    async (_name, definition, path) => {
      expect(await untypedErrorPaths(definition, seedOf(path), toStringObject)).toEqual([]);
    },
  );

  // Refusing an array of N invalid elements once cost time and memory for every failure, not the first:
  // validateResult called superstruct's failure.failures() to report only the first (10,000 `{}` vote
  // accounts took ~300-600 ms, 100,000 ~5-9 s and 1.4 GB of heap). It now reports the error's own failure.
  it('an invalid 60 KB response is refused within 50 ms + 2 µs per byte', async () => {
    const text = envelope(toJsonText({ current: Array.from({ length: 20_000 }, () => ({})), delinquent: [] }));
    const prepared = getVoteAccounts.prepare([]);
    await decodeTimed(getVoteAccounts, prepared, text); // warm-up
    const outcome = await decodeTimed(getVoteAccounts, prepared, text);
    expect(isSolRpcError(outcome.error, 'ValidationError')).toBe(true);
    expect(outcome.ms, `${text.length} bytes`).toBeLessThanOrEqual(timeBound(text.length));
  }, 60_000);
});
