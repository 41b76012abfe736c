import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactValues, parseJson, parseJsonExact, parseJsonExactAt } from '../../src/codecs/json.js';

// Property runs are fixed in number and seeded from the environment when set, so a failure reproduces.
const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.FC_RUNS ?? 2000);
console.info(`fast-check seed ${seed}, ${runs} runs`);

const U64_MAX = '18446744073709551615';

/**
 * Number tokens as text, written the ways a server (or a hostile one) can: integers beyond 2^53 and the
 * floats that round to the same doubles (serde_json's `1.8446744073709552e19`, `9007199254740993.0`,
 * upper-case and signed exponents), values 1 apart that share a double, infinities, and small numbers.
 */
const numberToken = fc.oneof(
  fc.constantFrom(
    U64_MAX,
    '18446744073709551614',
    '18446744073709551616',
    '1.8446744073709552e19',
    '1.8446744073709552E+19',
    '18446744073709551615.0',
    '0.18446744073709552e20',
    '9007199254740993',
    '9007199254740993.0',
    '9007199254740992.9',
    '-9007199254740993',
    '-9.007199254740993e15',
    '100000000000000000000',
    '100000000000000000001',
    '1e20',
    '1E20',
    '1e400',
    '-1e400',
    '1e-6',
    '0.5',
    '2039280',
    '-0',
    '123456789012345.6',
  ),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n }).map(String),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n }).map((n) => Number(n).toExponential().replace('+', '')),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
);

/** String contents that look like number tokens in a value's place, as a log line or a memo can hold. */
const stringText = fc.oneof(
  fc.string(),
  numberToken.map((token) => `:${token}`),
  fc.tuple(numberToken, numberToken).map(([a, b]) => `log: [${a}, ${b}] {"rentEpoch":${a}}`),
);

/** Keys as text: duplicates (picked from a few), ones V8 lists first, `__proto__`, an escaped one. */
const keyText = fc.oneof(
  fc.constantFrom('"a"', '"b"', '"rentEpoch"', '"lamports"', '"uiAmount"', '"0"', '"7"', '"__proto__"'),
  fc.constant('"rent\\u0045poch"'),
  fc.string().map((key) => JSON.stringify(key)),
);

const space = fc.constantFrom('', '', ' ', '\n', '\t ');

/** JSON text written piece by piece, so that it can hold what `JSON.stringify` never writes. */
const jsonText: fc.Arbitrary<string> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    numberToken,
    numberToken,
    stringText.map((text) => JSON.stringify(text)),
    fc.constantFrom('null', 'true', 'false'),
    fc
      .tuple(fc.array(fc.tuple(space, tie('value'), space), { maxLength: 5 }))
      .map(([items]) => `[${items.map((item) => item.join('')).join(',')}]`),
    fc
      .array(fc.tuple(space, keyText, space, tie('value')), { maxLength: 6 })
      .map((members) => `{${members.map(([s, key, t, value]) => `${s}${key}${t}:${s}${value}`).join(',')}}`),
  ),
})).value as fc.Arbitrary<string>;

describe('parseJsonExact and parseJsonExactAt on text no serialiser would write', () => {
  it('always give what parseJson gives: floats and integers of one double in either order, duplicate keys, strings that look like numbers', () => {
    fc.assert(
      fc.property(jsonText, space, (result, pad) => {
        const text = `{"jsonrpc":"2.0",${pad}"result":${result},"id":1}`;
        const expected = parseJson(text);
        expect(parseJsonExact(text)).toEqual(expected);
        expect(parseJsonExactAt(text, ['lamports', 'rentEpoch'])).toEqual(expected);
      }),
      { seed, numRuns: runs * 5 },
    );
  });

  it('keep a repeated key with the value it ends with, where two integers round to one double', () => {
    for (const text of [
      '{"result":{"a":1,"b":100000000000000000001,"a":100000000000000000000}}',
      '{"result":{"lamports":1,"rentEpoch":18446744073709551615,"lamports":18446744073709551614}}',
      '{"result":{"a":1,"b":100000000000000000000,"a":1e20}}',
      '{"result":{"7":1e20,"1":100000000000000000000}}',
    ]) {
      expect(parseJsonExact(text)).toEqual(parseJson(text));
      expect(parseJsonExactAt(text, ['lamports', 'rentEpoch'])).toEqual(parseJson(text));
    }
    expect(parseJsonExact('{"result":{"a":1,"b":100000000000000000001,"a":100000000000000000000}}')).toEqual({
      result: { a: 100000000000000000000n, b: 100000000000000000001n },
    });
  });

  it('leave a float beyond 2^53 a number and make an integer token a bigint, wherever each sits', () => {
    const text =
      '{"result":{"value":[{"account":{"data":{"parsed":{"info":{"tokenAmount":{"amount":"123456789012345678","decimals":0,"uiAmount":1.2345678901234568e17,"uiAmountString":"123456789012345678"},"extensions":[{"extension":"transferFeeAmount","state":{"withheldAmount":12345678901234567890}}]}}},"lamports":2039280,"rentEpoch":18446744073709551615}}]}}';
    const info = {
      tokenAmount: {
        amount: '123456789012345678',
        decimals: 0,
        uiAmount: 1.2345678901234568e17,
        uiAmountString: '123456789012345678',
      },
      extensions: [{ extension: 'transferFeeAmount', state: { withheldAmount: 12345678901234567890n } }],
    };
    const expected = {
      result: {
        value: [{ account: { data: { parsed: { info } }, lamports: 2039280, rentEpoch: 18446744073709551615n } }],
      },
    };
    expect(parseJsonExact(text)).toEqual(expected);
    expect(parseJsonExactAt(text, ['lamports', 'rentEpoch'])).toEqual(expected);
  });
});

describe("parseJsonExactAt's first reading, of the tokens under its keys alone", () => {
  const KEYS = ['lamports', 'rentEpoch'];
  it('is not fooled by a key spelled with an escape, nor by a key that ends in one of its names', () => {
    for (const text of [
      '{"result":{"rentEpoch":18446744073709551615,"rent\\u0045poch":1.8446744073709552e19}}',
      '{"result":[{"rentEpoch":18446744073709551615},{"rent\\u0045poch":1.8446744073709552e19}]}',
      '{"result":{"a\\"rentEpoch":1e20,"b":100000000000000000000}}',
      '{"result":{"log":"{\\"rentEpoch\\":1e20}","rentEpoch":100000000000000000000}}',
    ]) {
      expect(parseJsonExactAt(text, KEYS)).toEqual(parseJson(text));
    }
    expect(
      parseJsonExactAt('{"result":{"rentEpoch":18446744073709551615,"rent\\u0045poch":1.8446744073709552e19}}', KEYS),
    ).toEqual({ result: { rentEpoch: 1.8446744073709552e19 } });
  });

  it('hands a value beyond 2^53 under another key or in an array on to the scan of every number', () => {
    const text = '{"result":{"rentEpoch":18446744073709551615,"fees":[9007199254740993],"uiAmount":1e20}}';
    expect(parseJsonExactAt(text, KEYS)).toEqual({
      result: { rentEpoch: 18446744073709551615n, fees: [9007199254740993n], uiAmount: 1e20 },
    });
  });
});

describe('exactValues (what the fast path puts back, keyed by the rounded double)', () => {
  it('holds each integer token as a bigint and each float token as its double, from any value place', () => {
    const values = exactValues(
      '{"a":[1.2345678901234568e17, 9007199254740993],"b":18446744073709551615,"c":1e-6,"d":"x:99999999999999999999"}',
    );
    expect(values).toEqual(
      new Map<number, number | bigint>([
        [1.2345678901234568e17, 1.2345678901234568e17],
        [2 ** 53, 9007199254740993n],
        [2 ** 64, 18446744073709551615n],
        [1e20, 99999999999999999999n], // from the string: found, never used by a value
      ]),
    );
  });

  it('has no answer where two tokens of one double read differently: their places alone could tell them apart', () => {
    expect(exactValues('{"rentEpoch":18446744073709551615,"uiAmount":1.8446744073709552e19}')).toBeUndefined();
    expect(exactValues('[100000000000000000000,100000000000000000001]')).toBeUndefined();
    expect(exactValues('[1e20,100000000000000000000.0,1E+20]')).toEqual(new Map([[1e20, 1e20]]));
    expect(exactValues('[18446744073709551615,18446744073709551615]')).toEqual(
      new Map([[2 ** 64, 18446744073709551615n]]),
    );
  });
});
