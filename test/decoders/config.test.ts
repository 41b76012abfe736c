import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { parseJson } from '../../src/codecs/json.js';
import { CONFIG_PROGRAM_ADDRESS, parseConfig, VALIDATOR_INFO_KEY } from '../../src/decoders/config.js';
import { parseSerdeJson, SerdeJsonRefusal } from '../../src/decoders/serdeJson.js';
import { parsedConfigProgram } from '../../src/schemas/config.js';
import { agaveJsonText } from './agaveJson.js';
import { concat, decodeErrorOf, keyBytes, le, propertyTimeout, resultOrDecodeError, runs, seed } from './helpers.js';

console.info(`fast-check seed ${seed}, ${runs} runs`);

const STAKE_CONFIG = 'StakeConfig11111111111111111111111111111111';
const VALIDATOR_INFO = keyBytes(VALIDATOR_INFO_KEY);
const identity = Uint8Array.from({ length: 32 }, (_, i) => (i * 13 + 5) & 0xff);

/** solana-short-vec's length encoding. */
function shortVec(length: number): number[] {
  const out: number[] = [];
  let rest = length;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(low);
      return out;
    }
    out.push(low | 0x80);
  }
}

function configKeys(keys: [Uint8Array, boolean][]): Uint8Array {
  return concat(shortVec(keys.length), ...keys.map(([key, signer]) => concat(key, [signer ? 1 : 0])));
}

/** bincode's String: a u64 byte length, then UTF-8 (copied with `set`: texts here reach 10 MiB). */
function bincodeString(text: string | Uint8Array): Uint8Array {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const out = new Uint8Array(8 + bytes.length);
  out.set(le.u64(bytes.length));
  out.set(bytes, 8);
  return out;
}

function validatorInfo(
  text: string | Uint8Array,
  keys: [Uint8Array, boolean][] = [
    [VALIDATOR_INFO, false],
    [identity, true],
  ],
) {
  const head = configKeys(keys);
  const tail = bincodeString(text);
  const out = new Uint8Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

const infoOf = (text: string) =>
  (parseConfig(validatorInfo(text)) as { info: { configData: unknown } }).info.configData;

describe('parseConfig: agave parse_config.rs cases', () => {
  it('reads validator info: the keys and the info text as JSON', () => {
    expect(parseConfig(validatorInfo('{"name":"Solana"}'))).toStrictEqual({
      type: 'validatorInfo',
      info: {
        keys: [
          { pubkey: VALIDATOR_INFO_KEY, signer: false },
          { pubkey: encodeBase58(identity), signer: true },
        ],
        configData: { name: 'Solana' },
      },
    });
  });

  it('leaves four zero bytes unparsed (no keys: not validator info)', () => {
    expect(parseConfig(new Uint8Array(4))).toBeNull();
  });

  it('reads an info text over 5 MiB, and refuses one over 10 MiB (agave caps what wincode preallocates)', () => {
    const big = JSON.stringify({ name: 'a'.repeat(5 * 1024 * 1024) });
    expect(infoOf(big)).toStrictEqual({ name: 'a'.repeat(5 * 1024 * 1024) });
    const tooBig = JSON.stringify({ name: 'a'.repeat(10 * 1024 * 1024) });
    expect(decodeErrorOf(() => parseConfig(validatorInfo(tooBig)))).toMatchObject({ field: 'configData', offset: 67 });
  });
});

describe('parseConfig: which accounts are validator info', () => {
  it('leaves the stake config account unparsed (current agave no longer shows stakeConfig)', () => {
    const stakeConfig = concat(configKeys([]), new Uint8Array(new Float64Array([0.25]).buffer), [50]);
    expect(parseConfig(stakeConfig, STAKE_CONFIG)).toBeNull();
  });

  it('leaves a config account whose first key is another key unparsed, whatever follows', () => {
    expect(
      parseConfig(
        validatorInfo('{"name":"x"}', [
          [identity, true],
          [VALIDATOR_INFO, false],
        ]),
      ),
    ).toBeNull();
    expect(parseConfig(concat(configKeys([[identity, false]]), [1, 2, 3]))).toBeNull();
  });

  it('reads validator info listing the marker key alone, and ignores bytes after the text', () => {
    const parsed = parseConfig(concat(validatorInfo('{}', [[VALIDATOR_INFO, true]]), new Uint8Array(300)));
    expect(parsed).toStrictEqual({
      type: 'validatorInfo',
      info: { keys: [{ pubkey: VALIDATOR_INFO_KEY, signer: true }], configData: {} },
    });
  });

  it('refuses keys it cannot read: no bytes, a long-form count, a bool byte of 2, a cut key', () => {
    expect(decodeErrorOf(() => parseConfig(new Uint8Array(0)))).toMatchObject({ field: 'keys', offset: 0 });
    expect(decodeErrorOf(() => parseConfig(Uint8Array.from([0x80, 0x00])))).toMatchObject({ field: 'keys', offset: 0 });
    expect(decodeErrorOf(() => parseConfig(Uint8Array.from([0xff, 0xff, 0x04])))).toMatchObject({ field: 'keys' });
    const badBool = validatorInfo('{}');
    badBool[33] = 2;
    expect(decodeErrorOf(() => parseConfig(badBool))).toMatchObject({ field: 'keys.0.signer', offset: 33 });
    expect(decodeErrorOf(() => parseConfig(concat([2], VALIDATOR_INFO, [0], new Uint8Array(10))))).toMatchObject({
      field: 'keys.1.pubkey',
      offset: 34,
    });
  });

  it('refuses validator info whose text is cut, not UTF-8, starts with a BOM, or is not JSON', () => {
    const cut = validatorInfo('{"name":"Solana"}');
    expect(decodeErrorOf(() => parseConfig(cut.subarray(0, cut.length - 1)))).toMatchObject({
      field: 'configData',
      offset: 67,
    });
    expect(decodeErrorOf(() => parseConfig(validatorInfo(Uint8Array.from([0x22, 0xc3, 0x28, 0x22]))))).toMatchObject({
      field: 'configData',
      offset: 75,
    });
    expect(decodeErrorOf(() => parseConfig(validatorInfo('\ufeff{}')))).toMatchObject({ field: 'configData' });
    expect(decodeErrorOf(() => parseConfig(validatorInfo('{"name":')))).toMatchObject({ field: 'configData' });
    expect(decodeErrorOf(() => parseConfig(validatorInfo('')))).toMatchObject({ field: 'configData' });
  });

  it('exports the program and marker keys', () => {
    expect(CONFIG_PROGRAM_ADDRESS).toBe('Config1111111111111111111111111111111111111');
    expect(encodeBase58(keyBytes(VALIDATOR_INFO_KEY))).toBe('Va1idator1nfo111111111111111111111111111111');
  });
});

describe('parseConfig: the info text, read as serde_json reads it', () => {
  it('shows any JSON value, not only objects', () => {
    expect(infoOf('"just text"')).toBe('just text');
    expect(infoOf('42')).toBe(42);
    expect(infoOf('null')).toBeNull();
    expect(infoOf(' [1, "a", true, {"b": null}] \n')).toStrictEqual([1, 'a', true, { b: null }]);
  });

  it('keeps the last value of a key given twice, and "__proto__" as a plain key', () => {
    expect(infoOf('{"name":"a","website":"w","name":"b"}')).toStrictEqual({ name: 'b', website: 'w' });
    const proto = infoOf('{"__proto__":{"x":1}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toStrictEqual(['__proto__']);
    expect(proto).toStrictEqual(parseJson('{"__proto__":{"x":1}}'));
  });

  it('reads integers as u64 or i64 (bigint beyond 2^53), and beyond them as floats', () => {
    expect(infoOf('9007199254740991')).toBe(9007199254740991);
    expect(infoOf('9007199254740993')).toBe(9007199254740993n);
    expect(infoOf('18446744073709551615')).toBe(18446744073709551615n);
    expect(infoOf('18446744073709551616')).toBe(2 ** 64);
    expect(infoOf('-9223372036854775808')).toBe(-9223372036854775808n);
    expect(infoOf('-9223372036854775809')).toBe(-(2 ** 63));
    expect(infoOf('123456789012345678901234567890')).toBe(1.2345678901234568e29);
  });

  it('reads -0 as a float, and floats as serde_json computes them by default', () => {
    expect(Object.is(infoOf('-0'), -0)).toBe(true);
    expect(Object.is(infoOf('0'), 0)).toBe(true);
    expect(infoOf('0.25')).toBe(0.25);
    expect(infoOf('1.5E+1')).toBe(15);
    expect(infoOf('1e-400')).toBe(0);
    expect(Object.is(infoOf('-1e-400'), -0)).toBe(true);
    expect(infoOf('0e99999999999')).toBe(0);
    // One multiply or divide after rounding the digits: not always the nearest double.
    expect(infoOf('9007199254740993.0')).toBe(9007199254740994);
    expect(Number('9007199254740993.0')).toBe(9007199254740992);
  });

  it('refuses what serde_json refuses', () => {
    const refused = [
      '1e400',
      '-1e309',
      '1e99999999999',
      '01',
      '1.',
      '.5',
      '-',
      '+1',
      '1e',
      'NaN',
      'Infinity',
      '"\\ud800"',
      '"\\udc00x"',
      '"\\ud800\\u0041"',
      '"a\tb"',
      '"\\x"',
      '[1,]',
      '{"a":1,}',
      '{"a" 1}',
      '{1:2}',
      '{"a":1} x',
      '   ',
      'nul',
      "{'a':1}",
    ];
    for (const text of refused) {
      expect(() => parseSerdeJson(text), text).toThrow();
      expect(decodeErrorOf(() => parseConfig(validatorInfo(text))).field, text).toBe('configData');
    }
  });

  it('reads escapes, surrogate pairs included', () => {
    expect(infoOf('"\\ud83d\\ude00 \\u00e9\\n\\/\\"\\\\"')).toBe('😀 é\n/"\\');
    expect(infoOf('"\\u0000"')).toBe('\u0000');
  });

  it('reads 127 levels of nesting and refuses 128 (serde_json recursion limit)', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(() => infoOf(nested(127))).not.toThrow();
    expect(decodeErrorOf(() => parseConfig(validatorInfo(nested(128)))).field).toBe('configData');
    const objects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
    expect(() => infoOf(objects(127))).not.toThrow();
    expect(() => parseSerdeJson(objects(128))).toThrow();
  });
});

describe('parseConfig: properties', () => {
  // JSON without floats (whose serde_json reading may differ from the nearest double by design) and
  // without integers beyond u64/i64 (floats to serde_json, bigints to the client's parser).
  const { value: jsonValue } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      fc
        .bigInt({ min: -(2n ** 63n), max: 2n ** 64n - 1n })
        .map((n) => (n >= -(2n ** 53n) && n < 2n ** 53n ? Number(n) : n)),
      fc.string({ unit: 'grapheme' }),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.constant('__proto__')), tie('value'), {
        maxKeys: 4,
      }),
    ),
  }));

  it(
    'validator info round-trips, validates, and equals what the client reads from agave-style JSON',
    () => {
      fc.assert(
        fc.property(jsonValue, fc.boolean(), (value, signer) => {
          const text = agaveJsonText(value);
          const bytes = validatorInfo(text, [
            [VALIDATOR_INFO, false],
            [identity, signer],
          ]);
          const parsed = parseConfig(bytes);
          expect(parsed?.info.configData).toStrictEqual(parseJson(text));
          const data = { program: 'config', parsed, space: bytes.length };
          expect(parsedConfigProgram().check(data)).toBe(true);
          expect(parseJson(agaveJsonText(data))).toStrictEqual(data);
        }),
        { seed, numRuns: Math.min(runs, 2000) },
      );
    },
    propertyTimeout,
  );

  it(
    'accepts the texts JSON.parse accepts (but lone surrogates and infinities) and reads them alike',
    () => {
      const token = fc.constantFrom(
        ...'{}[]":,0123456789-.eE+ aturnlfs\\\t'.split(''),
        '"a"',
        'true',
        'null',
        '\\u',
        'd83d',
      );
      let accepted = 0;
      fc.assert(
        fc.property(fc.array(token, { maxLength: 24 }), (tokens) => {
          const text = tokens.join('');
          let engine: unknown;
          try {
            engine = JSON.parse(text);
          } catch {
            expect(() => parseSerdeJson(text), text).toThrow();
            return;
          }
          if (text.includes('\\u') || JSON.stringify(engine).includes('null')) {
            // Escapes may be lone surrogates; an infinity stringifies as null. Both are serde_json refusals.
            try {
              expect(approximately(parseSerdeJson(text), engine), text).toBe(true);
            } catch (error) {
              if (!(error instanceof SerdeJsonRefusal)) throw error;
            }
            return;
          }
          accepted++;
          expect(approximately(parseSerdeJson(text), engine), text).toBe(true);
        }),
        { seed, numRuns: runs },
      );
      expect(accepted).toBeGreaterThan(runs / 100);
    },
    propertyTimeout,
  );

  it(
    'any bytes give validator info, null or a DecodeError',
    () => {
      const bytes = fc.oneof(
        fc.uint8Array({ maxLength: 120 }),
        fc
          .tuple(fc.integer({ min: 0, max: 3 }), fc.boolean(), fc.uint8Array({ maxLength: 40 }))
          .map(([count, signer, rest]) => concat([count], VALIDATOR_INFO, [signer ? 1 : 0], rest)),
      );
      fc.assert(
        fc.property(bytes, (input) => {
          const result = resultOrDecodeError(parseConfig, input);
          if (result !== null && !(result instanceof Error)) {
            expect(parsedConfigProgram().check({ program: 'config', parsed: result, space: input.length })).toBe(true);
          }
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it('the schema refuses what agave never writes', () => {
    const parsed = parseConfig(validatorInfo('{"name":"x"}')) as { type: string; info: Record<string, unknown> };
    const check = (value: unknown) => parsedConfigProgram().check({ program: 'config', parsed: value, space: 99 });
    expect(check(parsed)).toBe(true);
    expect(check({ type: 'stakeConfig', info: { warmupCooldownRate: 0.25, slashPenalty: 50 } })).toBe(true);
    expect(check({ type: 'other', info: {} })).toBe(false);
    expect(check({ ...parsed, info: { ...parsed.info, keys: [{ pubkey: VALIDATOR_INFO_KEY, signer: 'no' }] } })).toBe(
      false,
    );
    expect(check({ ...parsed, info: { ...parsed.info, configData: undefined } })).toBe(false);
  });
});

/** Deep equality where numbers may differ in their last bits (serde_json's float reading) and bigints are compared as numbers. */
function approximately(a: unknown, b: unknown): boolean {
  if (typeof a === 'bigint') return Number(a) === b;
  if (typeof a === 'number' && typeof b === 'number') {
    return Object.is(a, b) || a === b || Math.abs(a - b) <= Math.abs(b) * 1e-15;
  }
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => approximately(item, b[i]));
  if (typeof a === 'object' && a !== null) {
    if (typeof b !== 'object' || b === null || Array.isArray(b)) return false;
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => approximately((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
    );
  }
  return Object.is(a, b);
}
