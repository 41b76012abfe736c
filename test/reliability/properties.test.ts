/**
 * Property tests of the codecs and parsers every response and input goes through (reliability.md §3 P):
 * base58 against a second implementation, address and signature validity, exact u64s through a full
 * response parse, base64 and zstd round trips, and keypair-file classification with a leak check.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseKeypairBytes } from '../../src/cli/keypair.js';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { base58Problem, decodeBase58 } from '../../src/codecs/base58Text.js';
import { decodeBase64 } from '../../src/codecs/base64.js';
import { decompressZstd, loadZstd, ZstdError } from '../../src/codecs/zstd.js';
import { createRpc, type FetchLike, isSolRpcError } from '../../src/index.js';
import { referenceDecode, referenceEncode } from '../support/base58Reference.js';
import { loadFixture } from '../support/decodeHarness.js';
import { type Block, zstdFrame } from '../support/zstdFrames.js';

// Fixed in number and seeded from the environment when set, so a failure reproduces with its seed.
const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.FC_PROPERTY_RUNS ?? process.env.FC_RUNS ?? 10_000);
const timeout = Math.max(30_000, runs * 5);
console.info(`properties.test.ts: fast-check seed ${seed}, ${runs} runs per property (FC_SEED, FC_PROPERTY_RUNS)`);
const options = { seed, numRuns: runs };

beforeAll(() => loadZstd());

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Byte arrays of 0-128 bytes, often starting with zero bytes (each one a leading '1' in base58). */
const bytesWithLeadingZeros = fc
  .tuple(fc.nat({ max: 8 }), fc.uint8Array({ maxLength: 128 }))
  .map(([zeros, rest]) => Uint8Array.from([...new Array<number>(zeros).fill(0), ...rest]).subarray(0, 128));

describe('base58', () => {
  it(
    'round-trips bytes and agrees with an independent implementation',
    () => {
      fc.assert(
        fc.property(bytesWithLeadingZeros, (bytes) => {
          const text = encodeBase58(bytes);
          expect(text).toBe(referenceEncode(bytes));
          expect(decodeBase58(text, bytes.length)).toEqual(bytes);
          expect(referenceDecode(text)).toEqual(bytes);
        }),
        options,
      );
    },
    timeout,
  );

  it(
    'an encoded byte array is a valid address exactly when it has 32 bytes, a signature exactly at 64',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            bytesWithLeadingZeros,
            fc.nat({ max: 2 }).chain((d) => fc.uint8Array({ minLength: 31 + d, maxLength: 31 + d })),
          ),
          (bytes) => {
            const text = encodeBase58(bytes);
            expect(base58Problem(text, 32) === undefined).toBe(bytes.length === 32);
            expect(base58Problem(text, 64) === undefined).toBe(bytes.length === 64);
          },
        ),
        options,
      );
    },
    timeout,
  );

  /** Strings near address length, mostly over the alphabet, biased to leading '1's and odd characters. */
  const addressLike = fc
    .tuple(
      fc.nat({ max: 6 }),
      fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 20, maxLength: 48 }),
      fc.option(fc.tuple(fc.nat(), fc.constantFrom('0', 'O', 'I', 'l', '+', '/', ' ', '\n', 'é', 'Ｏ', '\u0000')), {
        freq: 4,
      }),
    )
    .map(([ones, body, odd]) => {
      const text = '1'.repeat(ones) + body;
      if (!odd) return text;
      const at = odd[0] % (text.length + 1);
      return text.slice(0, at) + odd[1] + text.slice(at);
    });

  it(
    'any string is a valid address exactly when it decodes to 32 bytes, and the reason names the problem',
    () => {
      fc.assert(
        fc.property(addressLike, (text) => {
          const decoded = referenceDecode(text);
          const problem = base58Problem(text, 32);
          expect(problem === undefined).toBe(decoded?.length === 32);
          if (decoded === undefined && text.length >= 32 && text.length <= 44) expect(problem).toMatch(/alphabet/);
        }),
        options,
      );
    },
    timeout,
  );
});

// ---------------------------------------------------------------------------------------------------
// u64 through a full response parse: real fixtures, the value written as a raw JSON integer, then the
// whole client path (createRpc, the HTTP transport reading the body, the exact parser, the JSON-RPC
// envelope, the method's decode), with only `fetch` replaced.

const U64_MAX = 2n ** 64n - 1n;
const SAFE = 2n ** 53n;

/** u64 values biased to the edges: 2^53 ± a little, u64::MAX and below, digit-count boundaries. */
const u64 = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: 0n, max: U64_MAX }) },
  { weight: 3, arbitrary: fc.integer({ min: -16, max: 16 }).map((d) => SAFE + BigInt(d)) },
  { weight: 2, arbitrary: fc.nat({ max: 64 }).map((d) => U64_MAX - BigInt(d)) },
  { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: SAFE }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 14, max: 19 }), fc.integer({ min: -1, max: 1 }))
      .map(([exponent, d]) => 10n ** BigInt(exponent) + BigInt(d)),
  },
  { weight: 1, arbitrary: fc.constantFrom(0n, 1n, 2n ** 32n, 2n ** 63n - 1n, 2n ** 63n, U64_MAX) },
);

interface U64Site {
  /** The fixture and the call that asks for it. */
  fixture: string;
  call: string;
  /** Finds the token to replace in the response text. */
  token: RegExp;
  /** Reads the decoded value back. */
  // biome-ignore lint/suspicious/noExplicitAny: results are read by path
  read(result: any): unknown;
  /** The path a ValidationError names for this field. */
  path: string;
}

const sites: U64Site[] = [
  {
    fixture: 'conformance/getBalance.basic.json',
    call: 'getBalance',
    token: /(?<="value":)\d+/,
    read: (r) => r.value,
    path: 'result.value',
  },
  {
    fixture: 'conformance/getAccountInfo.base64.token-account.json',
    call: 'getAccountInfo',
    token: /(?<="lamports":)\d+/,
    read: (r) => r.value.lamports,
    path: 'result.value.lamports',
  },
  {
    fixture: 'conformance/getAccountInfo.base64.token-account.json',
    call: 'getAccountInfo',
    token: /(?<="rentEpoch":)\d+/,
    read: (r) => r.value.rentEpoch,
    path: 'result.value.rentEpoch',
  },
  {
    fixture: 'conformance/getAccountInfo.jsonParsed.token-account.json',
    call: 'getAccountInfo',
    token: /(?<="rentEpoch":)\d+/,
    read: (r) => r.value.rentEpoch,
    path: 'result.value.rentEpoch',
  },
  {
    fixture: 'conformance/getTokenAccountsByDelegate.jsonParsed.mint-filter.json',
    call: 'getTokenAccountsByDelegate',
    token: /(?<="lamports":)\d+/,
    read: (r) => r.value[0].account.lamports,
    path: 'result.value.0.account.lamports',
  },
  {
    fixture: 'getVoteAccounts/current-and-delinquent.json',
    call: 'getVoteAccounts',
    token: /(?<="activatedStake":)\d+/,
    read: (r) => r.current[0].activatedStake,
    path: 'result.current.0.activatedStake',
  },
  {
    fixture: 'conformance/getTransaction.json.v0-lookup-table.json',
    call: 'getTransaction',
    token: /(?<="preBalances":\[)\d+/,
    read: (r) => r.meta.preBalances[0],
    path: 'result.meta.preBalances.0',
  },
];

/** A client whose `fetch` answers every request with `body`, echoing the request's id. */
function clientAnswering(body: () => string) {
  const fetch: FetchLike = async (_url, init) => {
    const { id } = JSON.parse(String(init.body)) as { id: number };
    const text = body().replace(/"id":1}\s*$/, `"id":${id}}`);
    return new Response(text, { headers: { 'content-type': 'application/json' } });
  };
  return createRpc('http://127.0.0.1:8899', { fetch });
}

const fixtures = new Map<string, ReturnType<typeof loadFixture>>();
const fixture = (path: string) => {
  const loaded = fixtures.get(path) ?? loadFixture(path);
  fixtures.set(path, loaded);
  return loaded;
};

/** Calls a site's method with its fixture's params over a client that answers with `text`. */
async function callSite(site: U64Site, text: string): Promise<{ result?: unknown; error?: unknown }> {
  const { params } = fixture(site.fixture);
  const rpc = clientAnswering(() => text) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  try {
    return { result: await (rpc[site.call] as (...args: unknown[]) => Promise<unknown>)(...params) };
  } catch (error) {
    return { error };
  }
}

function withToken(site: U64Site, token: string): string {
  return fixture(site.fixture).responseText.replace(site.token, token);
}

describe('u64 through a full response parse', () => {
  it('finds each field in its fixture', () => {
    for (const site of sites) expect(fixture(site.fixture).responseText).toMatch(site.token);
  });

  it(
    'every u64 in [0, 2^64 - 1] comes back as exactly that bigint',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...sites), u64, async (site, value) => {
          const { result, error } = await callSite(site, withToken(site, value.toString()));
          expect(error).toBeUndefined();
          expect(site.read(result)).toBe(value);
        }),
        options,
      );
    },
    timeout,
  );

  it(
    'values above u64::MAX or below zero are refused with a ValidationError naming the field',
    async () => {
      const outOfRange = fc.oneof(
        fc.bigInt({ min: U64_MAX + 1n, max: 2n ** 80n }),
        fc.bigInt({ min: -(2n ** 64n), max: -1n }),
        fc.constantFrom(U64_MAX + 1n, -1n, -(2n ** 63n)),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...sites), outOfRange, async (site, value) => {
          const { error } = await callSite(site, withToken(site, value.toString()));
          expect(isSolRpcError(error, 'ValidationError'), String(error)).toBe(true);
          expect((error as Error).message).toContain(site.path);
        }),
        options,
      );
    },
    timeout,
  );

  it(
    'a u64 written in float syntax (1.0, 1e3) is read exactly or refused, never rounded',
    async () => {
      const floatForm = fc.tuple(u64, fc.nat({ max: 3 })).map(([value, form]) => {
        const digits = value.toString();
        const text = [
          `${digits}.0`,
          `${digits}e0`,
          value > 0n ? `${digits}0e-1` : '0e5',
          value % 1000n === 0n && value > 0n ? `${value / 1000n}E+3` : `${digits}.000`,
        ][form] as string;
        return { value, text };
      });
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...sites), floatForm, async (site, { value, text }) => {
          const { result, error } = await callSite(site, withToken(site, text));
          if (error === undefined) expect(site.read(result)).toBe(value);
          else expect(isSolRpcError(error, 'ValidationError'), String(error)).toBe(true);
        }),
        options,
      );
    },
    timeout,
  );
});

// ---------------------------------------------------------------------------------------------------

/** Runs `f` as a browser would: no `Buffer`, so decodeBase64 takes its `atob` path. */
function withoutBuffer<T>(f: () => T): T {
  const saved = globalThis.Buffer;
  // Deleted, not set to undefined: decodeBase64 looks the global up.
  delete (globalThis as { Buffer?: unknown }).Buffer;
  try {
    return f();
  } finally {
    globalThis.Buffer = saved;
  }
}

/** Strict padded base64 (RFC 4648 §4), decoded by hand. */
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

describe('base64', () => {
  it(
    'round-trips any bytes, on the Node path and on the browser (atob) path, into an unshared buffer',
    () => {
      fc.assert(
        fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 20_000 })), (bytes) => {
          const text = Buffer.from(bytes).toString('base64');
          const node = decodeBase64(text);
          expect(node).toEqual(bytes);
          // Small Buffers share a pool: the result must not expose other bytes through `.buffer`.
          expect(node?.byteOffset).toBe(0);
          expect(node?.buffer.byteLength).toBe(bytes.length);
          expect(withoutBuffer(() => decodeBase64(text))).toEqual(bytes);
        }),
        options,
      );
    },
    timeout,
  );

  it(
    'text over the base64 characters decodes as Buffer does when strictly padded, and is refused otherwise',
    () => {
      const text = fc.string({
        unit: fc.oneof(
          {
            weight: 20,
            arbitrary: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'),
          },
          { weight: 2, arbitrary: fc.constant('=') },
          { weight: 1, arbitrary: fc.constantFrom('.', '*', 'é', '\u0000', '!') },
        ),
        maxLength: 40,
      });
      fc.assert(
        fc.property(text, (s) => {
          const node = decodeBase64(s);
          const browser = withoutBuffer(() => decodeBase64(s));
          if (STRICT_BASE64.test(s)) {
            expect(node).toEqual(new Uint8Array(Buffer.from(s, 'base64')));
            expect(browser).toEqual(node);
          } else {
            expect(node).toBeUndefined();
            expect(browser).toBeUndefined();
          }
        }),
        options,
      );
    },
    timeout,
  );

  // The browser path (atob, and Uint8Array.fromBase64 where it exists) skips ASCII whitespace, so 'AA A'
  // once decoded to 2 bytes there while Node refused it; every path now checks the decoded length.
  it('refuses base64 with embedded whitespace on the browser path, as on Node', () => {
    expect(decodeBase64('AA A')).toBeUndefined();
    expect(withoutBuffer(() => decodeBase64('AA A'))).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------------

const MAX_BLOCK = 128 * 1024;

/** Frames of random raw and RLE blocks (all within the declared window), with their expected output. */
const frames = fc
  .record({
    windowLog: fc.integer({ min: 10, max: 20 }),
    blocks: fc.array(
      fc.oneof(
        fc.record({ raw: fc.uint8Array({ maxLength: 1500 }) }),
        fc.record({
          rle: fc.nat({ max: 255 }),
          size: fc.oneof(
            { weight: 4, arbitrary: fc.integer({ min: 1, max: 4096 }) },
            fc.integer({ min: 1, max: MAX_BLOCK }),
          ),
        }),
      ),
      { minLength: 1, maxLength: 6 },
    ),
    declareSize: fc.boolean(),
  })
  .map(({ windowLog, blocks, declareSize }) => {
    const limit = Math.min(2 ** windowLog, MAX_BLOCK);
    const fitted: Block[] = blocks.map((b) =>
      'raw' in b ? { raw: b.raw.subarray(0, limit) } : { rle: b.rle, size: Math.min(b.size, limit) },
    );
    const expected = Buffer.concat(fitted.map((b) => ('raw' in b ? Buffer.from(b.raw) : Buffer.alloc(b.size, b.rle))));
    const frame = zstdFrame(fitted, { windowLog, contentSize: declareSize ? expected.length : undefined });
    return { frame, expected: new Uint8Array(expected) };
  });

describe('zstd', () => {
  it(
    'decompresses raw and RLE frames to their content, within any limit that holds it, and refuses past it',
    () => {
      fc.assert(
        fc.property(frames, fc.integer({ min: 1, max: 1_000_000 }), ({ frame, expected }, limit) => {
          if (expected.length <= limit) {
            expect(Buffer.from(decompressZstd(frame, limit)).equals(Buffer.from(expected))).toBe(true);
          } else {
            let error: unknown;
            try {
              decompressZstd(frame, limit);
            } catch (e) {
              error = e;
            }
            expect(error).toBeInstanceOf(ZstdError);
            expect((error as ZstdError).limitExceeded).toBe(true);
          }
        }),
        options,
      );
    },
    timeout,
  );
});

// ---------------------------------------------------------------------------------------------------
// Keypair files: accepted exactly when they hold a JSON array of 64 integers 0-255; every refusal is the
// caller's error, and its message holds no run of three consecutive numbers of the file.

class KeypairProblem extends Error {}
const fail = (problem: string) => new KeypairProblem(problem);
const encoder = new TextEncoder();

/**
 * A run of three consecutive numbers of `numbers` that appears as three consecutive numbers of `message`.
 * The messages' own constants ("from 0 to 255", "64 elements") are not the file's: they are left out, or
 * a file holding 39, 0, 255 would "leak" into "element 39 is not an integer from 0 to 255".
 */
function leakedRun(message: string, numbers: readonly string[]): string | undefined {
  const runs = new Set<string>();
  for (let i = 0; i + 3 <= numbers.length; i++) runs.add(numbers.slice(i, i + 3).join(','));
  const own = message.replace(/from 0 to 255|64 elements|array of 64 numbers/g, '');
  const tokens = own.match(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi) ?? [];
  for (let j = 0; j + 3 <= tokens.length; j++) {
    const run = tokens.slice(j, j + 3).join(',');
    if (runs.has(run)) return run;
  }
  return undefined;
}

/** solana-keygen's layout, or any whitespace around the numbers (JSON allows it). */
const layout = fc.constantFrom(
  (items: string[]) => `[${items.join(',')}]`,
  (items: string[]) => `[ ${items.join(', ')} ]\n`,
  (items: string[]) => `\n[\n  ${items.join(',\n  ')}\n]`,
);

const validKeypair = fc.record({
  bytes: fc.uint8Array({ minLength: 64, maxLength: 64 }),
  layout,
});

/** Tokens that are not an integer 0-255 in an element's place. */
const badElement = fc.constantFrom(
  '256',
  '-1',
  '1000',
  '1.5',
  '"7"',
  '"0x1f"',
  'null',
  'true',
  '[]',
  '{}',
  '-0.5',
  '1e400',
);

type Corrupted = { text: Uint8Array; numbers: string[]; reason: RegExp };

const corruptedKeypair: fc.Arbitrary<Corrupted> = fc.oneof(
  // Wrong length: the element count is reported, nothing else.
  fc
    .record({ items: fc.array(fc.nat({ max: 255 }), { maxLength: 130 }), layout })
    .filter(({ items }) => items.length !== 64)
    .map(({ items, layout: write }) => {
      const numbers = items.map(String);
      return { text: encoder.encode(write(numbers)), numbers, reason: new RegExp(`found ${items.length}$`) };
    }),
  // One bad element among 64: its index is reported (the first bad one).
  fc
    .record({
      bytes: fc.uint8Array({ minLength: 64, maxLength: 64 }),
      at: fc.nat({ max: 63 }),
      bad: badElement,
      layout,
    })
    .map(({ bytes, at, bad, layout: write }) => {
      const numbers = [...bytes].map(String);
      numbers[at] = bad;
      return { text: encoder.encode(write(numbers)), numbers, reason: new RegExp(`element ${at} `) };
    }),
  // Not JSON, or JSON that is not an array: text cut short, junk inside or after, objects, strings, numbers.
  fc
    .record({
      bytes: fc.uint8Array({ minLength: 64, maxLength: 64 }),
      cut: fc.nat(),
      junk: fc.constantFrom(',', ']', 'x', ' 5', '}', ';', "'"),
    })
    .chain(({ bytes, cut, junk }) => {
      const numbers = [...bytes].map(String);
      const full = `[${numbers.join(',')}]`;
      // A stray token after an element: JSON.parse's own message would quote the text around it.
      const element = 1 + (cut % 62);
      const token = junk === ' 5' ? 'x' : junk; // ' 5' would make a valid 65-element array
      const stray = `[${numbers.slice(0, element).join(',')},${token},${numbers.slice(element).join(',')}]`;
      return fc
        .constantFrom(
          full.slice(0, cut % (full.length - 1)),
          full + junk,
          stray,
          `${full.slice(0, -1)},]`,
          `{"secretKey":${full}}`,
          JSON.stringify(full),
          JSON.stringify(encodeBase58(bytes)),
          numbers.join(' '),
        )
        .map((text) => ({ text: encoder.encode(text), numbers, reason: /is not a JSON array/ }));
    }),
  // Bytes that are not UTF-8 at all, with the file's numbers among them.
  fc
    .tuple(fc.uint8Array({ minLength: 64, maxLength: 64 }), fc.uint8Array({ minLength: 1, maxLength: 8 }))
    .map(([bytes, tail]) => {
      const numbers = [...bytes].map(String);
      const text = Uint8Array.from([...encoder.encode(`[${numbers.join(',')}`), 0xff, 0xfe, ...tail]);
      return { text, numbers, reason: /is not a JSON array/ };
    }),
);

describe('keypair files', () => {
  it(
    'accepts every array of 64 integers 0-255, whatever its whitespace, and returns exactly those bytes',
    () => {
      fc.assert(
        fc.property(validKeypair, ({ bytes, layout: write }) => {
          const text = encoder.encode(write([...bytes].map(String)));
          expect(parseKeypairBytes(text, fail)).toEqual(bytes);
        }),
        options,
      );
    },
    timeout,
  );

  it(
    'accepts a JSON array exactly when it holds 64 integers from 0 to 255',
    () => {
      const element = fc.oneof(
        { weight: 30, arbitrary: fc.nat({ max: 255 }) },
        { weight: 1, arbitrary: fc.integer({ min: -300, max: 600 }) },
        { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1, max: 300 }) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
      );
      fc.assert(
        fc.property(fc.array(element, { minLength: 60, maxLength: 68 }), (items) => {
          const valid =
            items.length === 64 &&
            items.every((x) => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 255);
          let accepted: Uint8Array | undefined;
          try {
            accepted = parseKeypairBytes(encoder.encode(JSON.stringify(items)), fail);
          } catch (e) {
            expect(e).toBeInstanceOf(KeypairProblem);
          }
          expect(accepted !== undefined).toBe(valid);
          // What the file holds: JSON writes -0 as 0, which the keypair then holds.
          if (accepted) expect([...accepted]).toEqual(JSON.parse(JSON.stringify(items)));
        }),
        options,
      );
    },
    timeout,
  );

  it(
    'refuses every corrupted file with the caller’s error, a reason, and no three consecutive numbers of the file',
    () => {
      fc.assert(
        fc.property(corruptedKeypair, ({ text, numbers, reason }) => {
          let error: unknown;
          try {
            parseKeypairBytes(text, fail);
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(KeypairProblem);
          const message = (error as Error).message;
          expect(message).toMatch(reason);
          expect(leakedRun(message, numbers)).toBeUndefined();
        }),
        options,
      );
    },
    timeout,
  );

  it('the leak check finds a run of three numbers, however separated, and nothing shorter', () => {
    expect(leakedRun('bytes 12, 34 and 56 follow', ['1', '12', '34', '56', '9'])).toBe('12,34,56');
    expect(leakedRun('Unexpected token x in "[12,34,56,x]"', ['12', '34', '56'])).toBe('12,34,56');
    expect(leakedRun('12,34 then 9', ['12', '34', '56'])).toBeUndefined();
    expect(leakedRun('112,34,56', ['12', '34', '56'])).toBeUndefined();
    expect(leakedRun('element 39 is not an integer from 0 to 255', ['39', '0', '255'])).toBeUndefined();
    expect(leakedRun('element 39 (0, 255) is bad', ['39', '0', '255'])).toBe('39,0,255');
  });
});
