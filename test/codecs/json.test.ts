import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  JsonSyntaxError,
  MAX_JSON_DEPTH,
  parseJson,
  parseJsonExact,
  parseJsonExactAt,
  parseSafeJson,
  stringifyJson,
} from '../../src/codecs/json.js';
import { createRpc, isSolRpcError, type Rpc } from '../../src/index.js';
import { startServer } from '../support/httpServer.js';

const ADDRESS = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

// Property runs are fixed in number and seeded from the environment when set, so a failure reproduces.
const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.FC_RUNS ?? 2000);
console.info(`fast-check seed ${seed}, ${runs} runs`);

/** JSON values whose integers may be bigints beyond 2^53; strings with any characters. */
const exactJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
    fc
      .bigInt({ min: -(2n ** 70n), max: 2n ** 70n })
      .filter((b) => b > BigInt(Number.MAX_SAFE_INTEGER) || b < -BigInt(Number.MAX_SAFE_INTEGER)),
    fc.string({ unit: 'binary' }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string({ unit: 'binary' }), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('parseJson', () => {
  it('keeps every integer exact: bigint beyond 2^53, number otherwise', () => {
    fc.assert(
      fc.property(exactJson, (value) => {
        expect(parseJson(stringifyJson(value))).toEqual(value);
      }),
      { seed, numRuns: runs },
    );
  });

  it('agrees with JSON.parse, except that unsafe integers come out as bigint', () => {
    const asNumbers = (value: unknown): unknown => {
      if (typeof value === 'bigint') {
        expect(Number.isSafeInteger(Number(value))).toBe(false);
        return Number(value);
      }
      if (Array.isArray(value)) return value.map(asNumbers);
      if (typeof value === 'object' && value !== null) {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asNumbers(v)]));
      }
      return value;
    };
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(asNumbers(parseJson(text))).toEqual(JSON.parse(text));
      }),
      { seed, numRuns: runs },
    );
  });

  it('rejects exactly what JSON.parse rejects, with a JsonSyntaxError', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.string({ unit: 'binary', maxLength: 3 }), (text, at, junk) => {
        const mutated = text.slice(0, at % (text.length + 1)) + junk + text.slice(at % (text.length + 1));
        let native = true;
        try {
          JSON.parse(mutated);
        } catch {
          native = false;
        }
        // Raw control characters inside strings are the one documented leniency.
        if (!native && /[\u0000-\u001f]/.test(junk)) return;
        if (native) expect(() => parseJson(mutated)).not.toThrow();
        else expect(() => parseJson(mutated)).toThrow(JsonSyntaxError);
      }),
      { seed, numRuns: runs },
    );
  });

  it('reads the u64 values agave sends', () => {
    const parsed = parseJson(
      '{"rentEpoch":18446744073709551615,"lamports":9007199254740993,"safe":9007199254740991,"neg":-9223372036854775808,"f":1e-6,"g":1523.0}',
    );
    expect(parsed).toEqual({
      rentEpoch: 18446744073709551615n,
      lamports: 9007199254740993n,
      safe: 9007199254740991,
      neg: -9223372036854775808n,
      f: 0.000001,
      g: 1523,
    });
  });

  it('keeps __proto__ and constructor keys as own data, changing no prototype', () => {
    const parsed = parseJson(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"a":[{"__proto__":null}]}',
    ) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect((parsed as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(parsed)).toEqual(['__proto__', 'constructor', 'a']);
  });

  it('refuses hostile nesting instead of overflowing the stack', () => {
    expect(() => parseJson('['.repeat(100_000))).toThrow(JsonSyntaxError);
    expect(() => parseJson(`${'{"a":'.repeat(300)}1${'}'.repeat(300)}`)).toThrow(/nesting too deep/);
  });

  it('returns strings that do not keep the body alive: one kept address per 1 MB body holds no body', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const address = '9jvSLPE7gwWiKMH77FG8Dk44cm3ipLTVERuTULcQsWq2';
    const entry = `{"pubkey":"${address}","owner":"${address}","lamports":2039280}`;
    const kept: string[] = [];
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 40; i++) {
      // A fresh 1.3 MB text each time, as each response is.
      const text = `[${Array.from({ length: 20_000 }, () => entry).join(',')},${i}]`;
      kept.push((parseJson(text) as { pubkey: string }[])[i]?.pubkey as string);
    }
    gc();
    const grownMiB = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    expect(kept.every((k) => k === address)).toBe(true);
    // Slices of the text would hold all 40 bodies: over 50 MiB (2 bytes per character for some).
    expect(grownMiB).toBeLessThan(10);
  });

  it('never quotes the text in its messages', () => {
    expect(() => parseJson('{"api-key":"secret" x}')).toThrow(/^unexpected character at offset 20$/);
  });

  it('decodes every escape', () => {
    expect(parseJson('"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00"')).toBe('a"b\\c/d\b\f\n\r\té😀');
    expect(() => parseJson('"\\u12"')).toThrow(JsonSyntaxError);
    expect(() => parseJson('"\\q"')).toThrow(JsonSyntaxError);
  });
});

/** `depth` arrays one in another, or objects (`{"a":…}`) with a value at the bottom. */
const nested = (depth: number, kind: 'array' | 'object' = 'array', leaf = '1') =>
  kind === 'array'
    ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

describe("the nesting limit (MAX_JSON_DEPTH, 128 as agave's serde_json), the same for every parser", () => {
  const parsers = {
    parseJson,
    parseSafeJson,
    parseJsonExact,
    parseJsonExactAt: (text: string) => parseJsonExactAt(text, ['lamports']),
  };

  it('is 128', () => {
    expect(MAX_JSON_DEPTH).toBe(128);
  });

  it.each(Object.entries(parsers))(
    '%s reads 128 levels and refuses 129 with a typed JsonSyntaxError (tooDeep)',
    (_name, parse) => {
      for (const kind of ['array', 'object'] as const) {
        expect(parse(nested(128, kind))).toEqual(JSON.parse(nested(128, kind)));
        const error = (() => {
          try {
            parse(nested(129, kind));
          } catch (thrown) {
            return thrown;
          }
        })();
        expect(error).toBeInstanceOf(JsonSyntaxError);
        expect(error).toMatchObject({
          tooDeep: true,
          message: expect.stringMatching(/^nesting too deep \(more than 128 levels\) at offset \d+$/),
        });
      }
    },
  );

  // Each of these was a RangeError (Maximum call stack size exceeded) once a deep value reached a
  // recursive reader (superstruct naming a failing field); the engine's JSON.parse reads them fine.
  it.each(Object.entries(parsers))(
    '%s refuses 5,000 and 100,000 levels, in a result, an error and a notification',
    (_name, parse) => {
      for (const depth of [5_000, 100_000]) {
        for (const text of [
          `{"jsonrpc":"2.0","result":${nested(depth)},"id":1}`,
          `{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":${nested(depth, 'object')}},"id":1}`,
          `{"jsonrpc":"2.0","error":{"code":-32602,"message":"x","data":${nested(depth)}},"id":1}`,
          `{"jsonrpc":"2.0","method":"slotNotification","params":{"result":${nested(depth)},"subscription":0}}`,
          `{"jsonrpc":"2.0","result":{"big":18446744073709551615,"deep":${nested(depth)}},"id":1}`,
        ]) {
          expect(() => parse(text)).toThrow(expect.objectContaining({ name: 'JsonSyntaxError', tooDeep: true }));
        }
      }
    },
  );

  it('a syntax error is not tooDeep', () => {
    expect(() => parseJson('{"a":')).toThrow(expect.objectContaining({ tooDeep: false }));
  });
});

describe('parseSafeJson (results that hold no unsafe integer)', () => {
  it('gives what parseJson gives wherever no integer is unsafe', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        const exact = parseJson(text);
        if (JSON.stringify(exact, (_k, v) => (typeof v === 'bigint' ? 'unsafe' : v)).includes('unsafe')) return;
        expect(parseSafeJson(text)).toEqual(exact);
      }),
      { seed, numRuns: runs },
    );
  });

  it('reads an error answer exactly, data included', () => {
    const text =
      '{"jsonrpc":"2.0","error":{"code":-32016,"message":"x","data":{"contextSlot":18446744073709551615}},"id":1}';
    expect(parseSafeJson(text)).toEqual(parseJson(text));
    expect((parseSafeJson(text) as { error: { data: { contextSlot: unknown } } }).error.data.contextSlot).toBe(
      18446744073709551615n,
    );
  });

  it('reports bad text as parseJson does, never quoting it', () => {
    expect(() => parseSafeJson('{"api-key":"secret" x}')).toThrow(/^unexpected character at offset 20$/);
    expect(() => parseSafeJson('')).toThrow(JsonSyntaxError);
  });
});

/** Integers a double cannot hold: u64::MAX, others up to 2^64, and i64s below -2^53. */
const big = fc.oneof(
  fc.constant(18446744073709551615n),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n }),
  fc.bigInt({ min: -(2n ** 63n), max: -(2n ** 53n) }),
);

describe('parseJsonExactAt (JSON.parse, then the u64 fields put back exactly)', () => {
  const KEYS = ['lamports', 'rentEpoch'];
  /** JSON where big integers sit under the listed keys, under other keys, in arrays, and next to keys that look like numbers. */
  const tree = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constant(null),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string(),
      big,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(
        fc.oneof(fc.constantFrom('lamports', 'rentEpoch', 'space', '0', '7', '__proto__', 'x"rentEpoch'), fc.string()),
        tie('value'),
        { maxKeys: 5 },
      ),
    ),
  })).value;

  it('always gives what parseJson gives', () => {
    fc.assert(
      fc.property(tree, (value) => {
        const text = stringifyJson({ jsonrpc: '2.0', id: 1, result: value });
        expect(parseJsonExactAt(text, KEYS)).toEqual(parseJson(text));
      }),
      { seed, numRuns: runs * 5 },
    );
  });

  it('puts back u64::MAX and a stake above 2^53 exactly, and gives the same answer for text with duplicate keys', () => {
    const text =
      '{"result":{"value":[{"lamports":2039280,"rentEpoch":18446744073709551615,"x":{"lamports":9007199254740993}}]}}';
    expect(parseJsonExactAt(text, KEYS)).toEqual({
      result: { value: [{ lamports: 2039280, rentEpoch: 18446744073709551615n, x: { lamports: 9007199254740993n } }] },
    });
    const duplicated = '{"result":{"lamports":18446744073709551615,"lamports":18446744073709551614}}';
    expect(parseJsonExactAt(duplicated, KEYS)).toEqual(parseJson(duplicated));
  });

  it('keeps each value with its key where keys that look like numbers change the order (V8 lists them first)', () => {
    // Both values round to the same double: only their order in the text tells them apart.
    const text = '{"result":{"1":{"lamports":18446744073709551615},"0":{"lamports":18446744073709551614}}}';
    expect(parseJsonExactAt(text, KEYS)).toEqual({
      result: { 1: { lamports: 18446744073709551615n }, 0: { lamports: 18446744073709551614n } },
    });
  });

  it('reads a u64 under any other key exactly too (a Token-2022 fee held as a number)', () => {
    const text = '{"result":{"maximumFee":18446744073709551615,"rentEpoch":18446744073709551615}}';
    expect(parseJsonExactAt(text, KEYS)).toEqual({
      result: { maximumFee: 18446744073709551615n, rentEpoch: 18446744073709551615n },
    });
  });

  it('refuses what parseJson refuses: nesting too deep, bad text', () => {
    expect(() => parseJsonExactAt(`${'{"a":'.repeat(300)}1${'}'.repeat(300)}`, KEYS)).toThrow(/nesting too deep/);
    expect(() => parseJsonExactAt('{"api-key":"secret" x}', KEYS)).toThrow(/^unexpected character at offset 20$/);
  });
});

describe('parseJsonExact (JSON.parse, then every big integer token put back exactly)', () => {
  /** JSON with big integers anywhere, strings holding digit runs that look like tokens, numeric keys. */
  const tree = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constant(null),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string(),
      big.map((n) => `log: [${n}, :${n}]`),
      big,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom('preBalances', 'fee', '0', '7', '__proto__'), fc.string()), tie('value'), {
        maxKeys: 5,
      }),
    ),
  })).value;

  it('always gives what parseJson gives', () => {
    fc.assert(
      fc.property(tree, (value) => {
        const text = stringifyJson({ jsonrpc: '2.0', id: 1, result: value });
        expect(parseJsonExact(text)).toEqual(parseJson(text));
      }),
      { seed, numRuns: runs * 5 },
    );
  });

  it('puts back balances above 2^53 in arrays and under any key; leaves token amounts in strings alone', () => {
    const text =
      '{"result":{"fee":5000,"preBalances":[9007199254740993, 18446744073709551615],"uiTokenAmount":{"amount":"12345678901234567890"},"rewards":[{"lamports":-9007199254740993}]}}';
    expect(parseJsonExact(text)).toEqual({
      result: {
        fee: 5000,
        preBalances: [9007199254740993n, 18446744073709551615n],
        uiTokenAmount: { amount: '12345678901234567890' },
        rewards: [{ lamports: -9007199254740993n }],
      },
    });
  });

  it('gives the right answer when a log line holds a number that looks like a token', () => {
    const text =
      '{"result":{"logMessages":["Program log: [18446744073709551615,1]"],"postBalances":[9007199254740993]}}';
    expect(parseJsonExact(text)).toEqual(parseJson(text));
  });

  it('refuses bad text as parseJson does, never quoting it, and deep nesting whether or not a token needs putting back', () => {
    expect(() => parseJsonExact('{"api-key":"secret" x}')).toThrow(/^unexpected character at offset 20$/);
    const deep = (leaf: string) => `{"result":${'{"a":'.repeat(300)}${leaf}${'}'.repeat(300)}}`;
    expect(() => parseJsonExact(deep('9007199254740993'))).toThrow(/nesting too deep/);
    expect(() => parseJsonExact(deep('1'))).toThrow(/nesting too deep/);
  });
});

describe('stringifyJson', () => {
  it('writes bigints as exact integers and skips undefined like JSON.stringify', () => {
    expect(stringifyJson([18446744073709551615n, { a: undefined, b: 1 }, undefined, 'x"'])).toBe(
      '[18446744073709551615,{"b":1},null,"x\\""]',
    );
  });

  it('refuses values JSON cannot carry', () => {
    expect(() => stringifyJson(Number.NaN)).toThrow(TypeError);
    expect(() => stringifyJson(() => 1)).toThrow(TypeError);
  });
});

describe('a deep body through createRpc, over loopback HTTP', () => {
  // Before MAX_JSON_DEPTH held on every parser, getBlocks (parseSafeJson), getTransaction (parseJsonExact)
  // and getBalance (parseJson after JSON.parse's tree failed its schema) rejected with a RangeError
  // (superstruct printing the failing value), not a typed error.
  it.each([
    ['getBlocks', (rpc: Rpc) => rpc.getBlocks(1n, 2n)],
    ['getTransaction', (rpc: Rpc) => rpc.getTransaction(SIGNATURE)],
    ['getBalance', (rpc: Rpc) => rpc.getBalance(ADDRESS)],
  ] as const)(
    '%s: a result 100,000 levels deep is an InvalidResponseError naming the nesting',
    {
      timeout: 10_000,
    },
    async (method, call) => {
      const server = await startServer();
      try {
        for (const depth of [5_000, 100_000]) {
          const bodies = [
            `{"jsonrpc":"2.0","result":${nested(depth)},"id":1}`,
            `{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":${nested(depth, 'object')}},"id":1}`,
            `{"jsonrpc":"2.0","error":{"code":-32602,"message":"bad","data":${nested(depth)}},"id":1}`,
          ];
          for (const body of bodies) {
            server.reply((request, response) => {
              const { id } = request.json as { id: number };
              response.setHeader('content-type', 'application/json');
              response.end(body.replace(/"id":1}$/, `"id":${id}}`));
            });
            const rpc = createRpc(server.url, { retry: false });
            const error = await call(rpc).catch((thrown: unknown) => thrown);
            expect(isSolRpcError(error, 'InvalidResponseError'), `${method}: ${String(error)}`).toBe(true);
            expect(error).toMatchObject({
              method,
              reason: 'json',
              message: expect.stringMatching(/nesting too deep \(more than 128 levels\)/),
            });
          }
        }
      } finally {
        await server.close();
      }
    },
  );
});
