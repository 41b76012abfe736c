/**
 * JSON text read as serde_json's `from_str::<Value>` reads it (no `arbitrary_precision`, no
 * `float_roundtrip`), for the validator info text that agave parses before showing it: which texts it
 * refuses, and the value it makes of the rest, as the exact JSON parser then reads agave's output.
 *
 * - Strict JSON: no trailing commas, leading zeros, bare `.5`, raw control characters in strings, or
 *   anything after the value but spaces, tabs, CR and LF. A BOM is not whitespace.
 * - `\u` escapes must pair surrogates: a lone one is refused.
 * - At most 127 nested arrays and objects (serde_json's recursion limit of 128 counts the refusal).
 * - An integer is a u64, or (negative) an i64; `-0` and integers beyond those ranges are f64. Integers
 *   come out as `jsonInteger` does (`bigint` beyond 2^53), floats as `number`.
 * - Floats are computed as serde_json computes them by default: the first 19-20 significant digits as a
 *   u64, converted to f64, then multiplied or divided once by a power of ten. That can differ from the
 *   correctly rounded value in the last bit; a result too large is refused.
 * - A key given twice keeps its last value.
 * @module
 */
import type { JsonValue } from '../types/config.js';
import { jsonInteger } from './jsonValues.js';

/** Why serde_json refuses a text: the problem and the character offset. */
export class SerdeJsonRefusal extends Error {
  constructor(
    readonly offset: number,
    problem: string,
  ) {
    super(`${problem} at character ${offset}`);
  }
}

const MAX_DEPTH = 127;
const U64_MAX = 18446744073709551615n;
const I64_MIN_MAGNITUDE = 9223372036854775808n;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Parses `text`; throws `SerdeJsonRefusal` where serde_json returns an error. */
export function parseSerdeJson(text: string): JsonValue {
  let pos = 0;
  const fail = (problem: string): never => {
    throw new SerdeJsonRefusal(pos, problem);
  };
  const skipSpace = (): string => {
    while (pos < text.length) {
      const c = text[pos];
      if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return c as string;
      pos++;
    }
    return '';
  };
  const digitAt = (at: number): boolean => at < text.length && text[at]! >= '0' && text[at]! <= '9';

  const hex4 = (): number => {
    const digits = text.slice(pos, pos + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(digits)) fail('bad \\u escape');
    pos += 4;
    return Number.parseInt(digits, 16);
  };

  const parseString = (): string => {
    pos++; // the opening quote
    let out = '';
    let runStart = pos;
    for (;;) {
      if (pos >= text.length) fail('unterminated string');
      const code = text.charCodeAt(pos);
      if (code === 34) {
        out += text.slice(runStart, pos);
        pos++;
        return out;
      }
      if (code < 0x20) fail('control character in string');
      if (code !== 92) {
        pos++;
        continue;
      }
      out += text.slice(runStart, pos);
      pos++;
      const escaped = text[pos];
      if (escaped === undefined) fail('unterminated string');
      pos++;
      if (escaped !== 'u') {
        const replacement = ESCAPES[escaped as string];
        if (replacement === undefined) fail('bad escape');
        out += replacement;
      } else {
        const unit = hex4();
        if (unit >= 0xdc00 && unit <= 0xdfff) fail('lone low surrogate');
        if (unit >= 0xd800 && unit <= 0xdbff) {
          if (text[pos] !== '\\' || text[pos + 1] !== 'u') fail('lone high surrogate');
          pos += 2;
          const low = hex4();
          if (low < 0xdc00 || low > 0xdfff) fail('lone high surrogate');
          out += String.fromCharCode(unit, low);
        } else out += String.fromCharCode(unit);
      }
      runStart = pos;
    }
  };

  /** serde_json's `f64_from_parts`: one multiply or divide by a correctly rounded power of ten. */
  const fromParts = (negative: boolean, significand: bigint, exponent: number): number => {
    let f = Number(significand);
    for (;;) {
      const magnitude = Math.abs(exponent);
      if (magnitude <= 308) {
        const pow = Number(`1e${magnitude}`);
        if (exponent >= 0) {
          f *= pow;
          if (!Number.isFinite(f)) fail('number out of range');
        } else f /= pow;
        break;
      }
      if (f === 0) break;
      if (exponent >= 0) fail('number out of range');
      f /= 1e308;
      exponent += 308;
    }
    return negative ? -f : f;
  };

  const parseNumber = (): JsonValue => {
    const negative = text[pos] === '-';
    if (negative) pos++;
    if (!digitAt(pos)) fail('invalid number');
    let significand = 0n;
    let exponent = 0;
    let isFloat = false;
    // Past u64, serde_json drops digits: integer digits still scale the value, fraction digits do not.
    // It checks again at the point, so a fraction digit that still fits is taken.
    let integerOverflowed = false;
    let fractionOverflowed = false;
    const takeDigit = (afterPoint: boolean): void => {
      const digit = BigInt(text.charCodeAt(pos) - 48);
      pos++;
      if (afterPoint ? fractionOverflowed : integerOverflowed) {
        if (!afterPoint) exponent++;
        return;
      }
      const next = significand * 10n + digit;
      if (next > U64_MAX) {
        isFloat = true;
        if (afterPoint) fractionOverflowed = true;
        else {
          integerOverflowed = true;
          exponent++;
        }
        return;
      }
      significand = next;
      if (afterPoint) exponent--;
    };
    if (text[pos] === '0') {
      pos++;
      if (digitAt(pos)) fail('invalid number');
    } else while (digitAt(pos)) takeDigit(false);
    if (text[pos] === '.') {
      pos++;
      isFloat = true;
      if (!digitAt(pos)) fail('invalid number');
      while (digitAt(pos)) takeDigit(true);
    }
    if (text[pos] === 'e' || text[pos] === 'E') {
      pos++;
      isFloat = true;
      let positiveExponent = true;
      if (text[pos] === '+' || text[pos] === '-') positiveExponent = text[pos++] === '+';
      if (!digitAt(pos)) fail('invalid number');
      let value = 0;
      let tooBig = false;
      while (digitAt(pos)) {
        const digit = text.charCodeAt(pos++) - 48;
        if (tooBig) continue;
        // serde_json keeps the exponent in an i32; past it, the value is 0 or out of range.
        if (value * 10 + digit > 2147483647) tooBig = true;
        else value = value * 10 + digit;
      }
      if (tooBig) {
        if (significand !== 0n && positiveExponent) fail('number out of range');
        return negative ? -0 : 0;
      }
      // i32 saturating arithmetic, as serde_json adds the written exponent to the digits' own.
      exponent = Math.max(-2147483648, Math.min(2147483647, positiveExponent ? exponent + value : exponent - value));
    }
    if (!isFloat) {
      if (!negative) return jsonInteger(significand);
      // `-0` and magnitudes beyond i64 become floats.
      if (significand === 0n || significand > I64_MIN_MAGNITUDE) return -Number(significand);
      return jsonInteger(-significand);
    }
    return fromParts(negative, significand, exponent);
  };

  const parseValue = (depth: number): JsonValue => {
    const c = skipSpace();
    if (c === '"') return parseString();
    if (c === '-' || (c >= '0' && c <= '9' && c !== '')) return parseNumber();
    if (c === '[' || c === '{') {
      if (depth + 1 > MAX_DEPTH) fail('recursion limit exceeded');
      return c === '[' ? parseArray(depth + 1) : parseObject(depth + 1);
    }
    for (const [word, value] of [
      ['null', null],
      ['true', true],
      ['false', false],
    ] as const) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return value;
      }
    }
    return fail(c === '' ? 'EOF while parsing a value' : 'expected value');
  };

  const parseArray = (depth: number): JsonValue[] => {
    pos++;
    const items: JsonValue[] = [];
    if (skipSpace() === ']') {
      pos++;
      return items;
    }
    for (;;) {
      items.push(parseValue(depth));
      const c = skipSpace();
      pos++;
      if (c === ']') return items;
      if (c !== ',') fail('expected , or ]');
      if (skipSpace() === ']') fail('trailing comma');
    }
  };

  const parseObject = (depth: number): { [key: string]: JsonValue } => {
    pos++;
    const members: { [key: string]: JsonValue } = {};
    if (skipSpace() === '}') {
      pos++;
      return members;
    }
    for (;;) {
      if (skipSpace() !== '"') fail('key must be a string');
      const key = parseString();
      if (skipSpace() !== ':') fail('expected :');
      pos++;
      // defineProperty for every key: assigning "__proto__" would replace the prototype instead.
      Object.defineProperty(members, key, {
        value: parseValue(depth),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      const c = skipSpace();
      pos++;
      if (c === '}') return members;
      if (c !== ',') fail('expected , or }');
      if (skipSpace() === '}') fail('trailing comma');
    }
  };

  const value = parseValue(0);
  if (skipSpace() !== '') fail('trailing characters');
  return value;
}
