/**
 * Validator info as the Solana CLI reads it (agave cli/src/validator_info.rs), apart from the account
 * decoder's reading: which config accounts `validator-info get` lists (bincode `ConfigKeys` containing the
 * marker key, not a signer, anywhere), `parse_validator_info` for one account (owner, keys[1] as identity,
 * the bincode `String`, serde_json's `Map`), and `CliValidatorInfo` written as serde_json writes it.
 *
 * The fields are a serde_json `Map`, a BTreeMap in the Solana CLI: keys in UTF-8 byte order ("10" before
 * "9"), which neither a JavaScript object (integer-like keys first) nor a UTF-16 sort gives. So the info
 * is kept as a tree of ordered entries and the JSON is written here, not by `toJson`.
 */
import { CliError } from './cliError.js';
import { rustJsonF64 } from './format.js';
import { EXIT } from './io.js';
import { encodeBase58, parseSerdeJson, SerdeJsonRefusal, VALIDATOR_INFO_KEY } from './library.js';

/** A serde_json `Value` with the number kinds it keeps and its maps in BTreeMap order. */
export type InfoValue = null | boolean | string | InfoNumber | InfoValue[] | InfoMap;

/** An integer (its exact digits) or an f64 (written back as serde_json writes one). */
export class InfoNumber {
  constructor(
    readonly text: string,
    readonly float: number | undefined,
  ) {}
}

/** A serde_json `Map`: its entries sorted by the UTF-8 bytes of their keys. */
export class InfoMap {
  constructor(readonly entries: readonly (readonly [string, InfoValue])[]) {}
}

/** `CliValidatorInfo`. */
export interface ValidatorInfoReport {
  identityPubkey: string;
  infoPubkey: string;
  info: InfoMap;
}

/** A bincode refusal, worded as bincode's error displays (the Solana CLI prints it as `Error: …`). */
class BincodeRefusal extends Error {}

/** bincode's end-of-input error: an `io::Error` of kind UnexpectedEof with an empty message. */
const EOF = 'io error: ';

interface KeyList {
  keys: { key: string; signer: boolean }[];
  /** Where the config data starts: `get_config_data`'s offset (the list's serialized size). */
  end: number;
}

/** bincode `ConfigKeys`: a short_vec count (solana-short-vec's strict form), then (key, bool) pairs. */
function configKeys(bytes: Uint8Array): KeyList {
  let count = 0;
  let at = 0;
  for (let nth = 0; ; nth++) {
    const byte = bytes[at++];
    if (byte === undefined) throw new BincodeRefusal(EOF);
    if (byte === 0 && nth > 0) throw new BincodeRefusal('invalid value: alias encoding, expected strict form encoding');
    const done = (byte & 0x80) === 0;
    if (nth === 2 && !done) {
      throw new BincodeRefusal(
        'invalid value: continue signal on byte-three, expected a terminal signal on or before byte-three',
      );
    }
    const value = count | ((byte & 0x7f) << (7 * nth));
    if (value > 0xffff) {
      throw new BincodeRefusal(`invalid value: integer \`${value}\`, expected a value in the range [0, 65535]`);
    }
    count = value;
    if (done) break;
  }
  const keys: KeyList['keys'] = [];
  for (let i = 0; i < count; i++) {
    if (at + 33 > bytes.length) throw new BincodeRefusal(EOF);
    const key = encodeBase58(bytes.subarray(at, at + 32));
    const flag = bytes[at + 32] as number;
    if (flag > 1) throw new BincodeRefusal(`invalid u8 while decoding bool, expected 0 or 1, found ${flag}`);
    keys.push({ key, signer: flag === 1 });
    at += 33;
  }
  return { keys, end: at };
}

/** The listing's filter: `ConfigKeys` that deserialize and contain (validator info key, not a signer). */
export function listsValidatorInfo(bytes: Uint8Array): boolean {
  try {
    return configKeys(bytes).keys.some(({ key, signer }) => key === VALIDATOR_INFO_KEY && !signer);
  } catch (error) {
    if (error instanceof BincodeRefusal) return false;
    throw error;
  }
}

/**
 * `parse_validator_info`: the identity and fields of one config account, or the Solana CLI's error. The
 * marker key is not looked for: any config account with keys is read this way.
 */
export function parseValidatorInfo(address: string, owner: string, bytes: Uint8Array, configProgram: string) {
  if (owner !== configProgram) throw new CliError(`${address} is not a validator info account`, EXIT.failed);
  try {
    const { keys, end } = configKeys(bytes);
    if (keys.length === 0) {
      throw new CliError(`${address} could not be parsed as a validator info account`, EXIT.failed);
    }
    // `key_list.keys[1]` with one key: the Solana CLI panics on the index; this says what it says.
    const identity = keys[1];
    if (identity === undefined) throw new CliError('index out of bounds: the len is 1 but the index is 1', EXIT.failed);
    return { identity: identity.key, info: infoMap(bincodeString(bytes, end)) };
  } catch (error) {
    if (error instanceof BincodeRefusal) throw new CliError(error.message, EXIT.failed);
    throw error;
  }
}

/** bincode `String`: a u64 length, then that many bytes of UTF-8 (bytes after it are ignored). */
function bincodeString(bytes: Uint8Array, at: number): Uint8Array {
  if (at + 8 > bytes.length) throw new BincodeRefusal(EOF);
  const length = new DataView(bytes.buffer, bytes.byteOffset + at, 8).getBigUint64(0, true);
  if (length > BigInt(bytes.length - at - 8)) throw new BincodeRefusal(EOF);
  const text = bytes.subarray(at + 8, at + 8 + Number(length));
  const bad = utf8Error(text);
  if (bad !== undefined) throw new BincodeRefusal(`string is not valid utf8: ${bad}`);
  return text;
}

/** Rust's `Utf8Error` display for the first bad sequence, or `undefined` when the bytes are UTF-8. */
function utf8Error(bytes: Uint8Array): string | undefined {
  const cont = (b: number | undefined, low = 0x80, high = 0xbf) => b !== undefined && b >= low && b <= high;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    const width = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    const bad = (n: number) => `invalid utf-8 sequence of ${n} bytes from index ${i}`;
    if (width === 0) return bad(1);
    const [low, high] =
      b === 0xe0
        ? [0xa0, 0xbf]
        : b === 0xed
          ? [0x80, 0x9f]
          : b === 0xf0
            ? [0x90, 0xbf]
            : b === 0xf4
              ? [0x80, 0x8f]
              : [0x80, 0xbf];
    for (let k = 1; k < width; k++) {
      const next = bytes[i + k];
      if (next === undefined) return `incomplete utf-8 byte sequence from index ${i}`;
      if (!(k === 1 ? cont(next, low, high) : cont(next))) return bad(k);
    }
    i += width;
  }
  return undefined;
}

/**
 * `serde_json::from_str::<Map<String, Value>>`. The library's serde_json reader (the one the account
 * decoder reads validator info with) decides what is refused and what each float is; the text is
 * then walked here for what a JavaScript value loses: map order, and an f64 written `1.0` apart from 1.
 */
function infoMap(utf8: Uint8Array): InfoMap {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(utf8);
  const start = /^[ \t\n\r]*/.exec(text)?.[0].length ?? 0;
  const first = text[start];
  // serde_json's `deserialize_map` looks at the first value only: a list is refused unread, and a
  // scalar is refused once read, before anything after it is looked at.
  if (first === '[') throw notAMap('sequence', text, start);
  if (first !== undefined && first !== '{') {
    let value: unknown;
    try {
      value = serdeValue(utf8, text);
    } catch (error) {
      const end = error instanceof TrailingText ? error.offset : undefined;
      if (end === undefined) throw error;
      value = serdeValue(new TextEncoder().encode(text.slice(0, end)), text.slice(0, end));
    }
    const walker = new Walker(text);
    const scalar = walker.document(value);
    throw notAMap(unexpected(scalar), text, walker.offset);
  }
  try {
    return new Walker(text).document(serdeValue(utf8, text)) as InfoMap;
  } catch (error) {
    if (!(error instanceof TrailingText)) throw error;
    throw new CliError(`trailing characters at ${position(text, error.offset + 1)}`, EXIT.failed);
  }
}

/** serde_json's refusal of a value that is not a map, placed where its reader stood (`index`). */
function notAMap(what: string, text: string, index: number): CliError {
  return new CliError(`invalid type: ${what}, expected a map at ${position(text, index)}`, EXIT.failed);
}

/**
 * serde_json's position of its reader standing before the character at `index`: the line, and the
 * column in UTF-8 bytes from the line's start (its peek errors stand one character further on).
 */
function position(text: string, index: number): string {
  const bytes = new TextEncoder().encode(text.slice(0, index));
  const lineStart = bytes.lastIndexOf(10) + 1;
  const line = 1 + bytes.subarray(0, lineStart).filter((byte) => byte === 10).length;
  return `line ${line} column ${bytes.length - lineStart}`;
}

/** The library's reader refused text after a complete value (`offset`: where it starts). */
class TrailingText extends Error {
  constructor(readonly offset: number) {
    super('trailing characters');
  }
}

/** The value serde_json makes of the text: the library's serde_json reader, the account decoder's own. */
function serdeValue(_utf8: Uint8Array, text: string): unknown {
  try {
    return parseSerdeJson(text);
  } catch (error) {
    if (!(error instanceof SerdeJsonRefusal)) throw error;
    if (error.message.startsWith('trailing characters')) throw new TrailingText(error.offset);
    throw new CliError(serdeMessage(`serde_json refuses the info text: ${error.message}`, text), EXIT.failed);
  }
}

/** serde_json's words for the library's refusal, with the line and column it counts (UTF-8 bytes). */
function serdeMessage(message: string, text: string): string {
  const found = /serde_json refuses the info text: (.*) at character (\d+)$/.exec(message);
  if (!found) return message;
  const offset = Number(found[2]);
  let problem = found[1] as string;
  const atEnd = offset >= text.length;
  const words: Record<string, string> = {
    'unterminated string': 'EOF while parsing a string',
    'control character in string': 'control character (\\u0000-\\u001F) found while parsing a string',
    'bad \\u escape': 'invalid escape',
    'bad escape': 'invalid escape',
    'lone low surrogate': 'lone leading surrogate in hex escape',
    'lone high surrogate': 'lone leading surrogate in hex escape',
    'expected :': atEnd ? 'EOF while parsing an object' : 'expected `:`',
    'expected , or }': atEnd ? 'EOF while parsing an object' : 'expected `,` or `}`',
    'expected , or ]': atEnd ? 'EOF while parsing a list' : 'expected `,` or `]`',
    'key must be a string': atEnd ? 'EOF while parsing an object' : 'key must be a string',
  };
  problem = words[problem] ?? problem;
  return `${problem} at ${position(text, offset + 1)}`;
}

/** serde's `Unexpected` display of a value that is not a map. */
function unexpected(value: InfoValue): string {
  if (value === null) return 'unit value';
  if (typeof value === 'boolean') return `boolean \`${value}\``;
  if (typeof value === 'string') return `string ${rustDebug(value)}`;
  if (value instanceof InfoNumber) {
    if (value.float !== undefined) return `floating point \`${rustJsonF64(value.float)}\``;
    return `integer \`${value.text}\``;
  }
  return 'sequence';
}

/** Rust's `{:?}` of a str, for its common escapes: quotes, backslash, \t \r \n \0, other controls. */
function rustDebug(text: string): string {
  const short: Record<string, string> = {
    '"': '\\"',
    '\\': '\\\\',
    '\t': '\\t',
    '\r': '\\r',
    '\n': '\\n',
    '\0': '\\0',
  };
  const body = text.replace(
    /["\\\u0000-\u001f\u007f-\u009f]/g,
    (c) => short[c] ?? `\\u{${(c.codePointAt(0) as number).toString(16)}}`,
  );
  return `"${body}"`;
}

const U64_MAX = 18446744073709551615n;
const I64_MIN = -9223372036854775808n;

/**
 * Walks JSON text the library's reader has accepted, beside the value it made: structure and number
 * kinds from the text, strings and floats from the value. A key given twice keeps its last value.
 */
class Walker {
  private pos = 0;
  constructor(private readonly text: string) {}

  /** Where the walk stopped: just past the last value read. */
  get offset(): number {
    return this.pos;
  }

  document(value: unknown): InfoValue {
    return this.value(value);
  }

  private space(): string {
    while (/[ \t\n\r]/.test(this.text[this.pos] ?? '')) this.pos++;
    return this.text[this.pos] ?? '';
  }

  private value(value: unknown): InfoValue {
    const c = this.space();
    if (c === '{') return this.map(value as Record<string, unknown>);
    if (c === '[') return this.list(value as unknown[]);
    if (c === '"') {
      this.skipString();
      return value as string;
    }
    const token = /^(?:true|false|null|-?[0-9][0-9.eE+-]*)/.exec(this.text.slice(this.pos))?.[0] ?? '';
    this.pos += token.length;
    if (token === 'true' || token === 'false' || token === 'null') return value as boolean | null;
    if (/^-?[0-9]+$/.test(token) && token !== '-0') {
      const integer = BigInt(token);
      if (integer >= I64_MIN && integer <= U64_MAX) return new InfoNumber(token, undefined);
    }
    // A fraction, an exponent, `-0` or an integer past u64/i64: an f64, valued as serde_json values it.
    return new InfoNumber(token, Number(value));
  }

  private skipString(): void {
    this.pos++;
    while (this.text[this.pos] !== '"') this.pos += this.text[this.pos] === '\\' ? 2 : 1;
    this.pos++;
  }

  private list(value: unknown[]): InfoValue[] {
    this.pos++;
    const items: InfoValue[] = [];
    while (this.space() !== ']') {
      items.push(this.value(value[items.length]));
      if (this.space() === ',') this.pos++;
    }
    this.pos++;
    return items;
  }

  private map(value: Record<string, unknown>): InfoMap {
    this.pos++;
    const members = new Map<string, InfoValue>();
    while (this.space() !== '}') {
      const start = this.pos;
      this.skipString();
      const key = JSON.parse(this.text.slice(start, this.pos)) as string;
      this.space();
      this.pos++; // the colon
      // An earlier copy of a key is walked (to pass it) beside the last one's value, then replaced.
      members.set(key, this.value(Object.getOwnPropertyDescriptor(value, key)?.value));
      if (this.space() === ',') this.pos++;
    }
    this.pos++;
    return new InfoMap([...members].sort(([a], [b]) => compareUtf8(a, b)));
  }
}

/** Rust's `str` order: by UTF-8 bytes, which is code point order (UTF-16 units differ past the BMP). */
export function compareUtf8(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = (left[i] as string).codePointAt(0) as number;
    const y = (right[i] as string).codePointAt(0) as number;
    if (x !== y) return x - y;
  }
  return left.length - right.length;
}

/** serde_json's text of a value: compact, or pretty with 2 spaces. Strings escaped as `toJson` does. */
export function writeInfoJson(reports: readonly ValidatorInfoReport[], pretty: boolean): string {
  const list = reports.map(
    (report) =>
      new InfoMap([
        ['identityPubkey', report.identityPubkey],
        ['infoPubkey', report.infoPubkey],
        ['info', report.info],
      ]),
  );
  return write(list, pretty, 0);
}

function write(value: InfoValue, pretty: boolean, depth: number): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return jsonString(value);
  if (value instanceof InfoNumber) return value.float === undefined ? value.text : rustJsonF64(value.float);
  const pad = pretty ? `\n${'  '.repeat(depth + 1)}` : '';
  const end = pretty ? `\n${'  '.repeat(depth)}` : '';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${value.map((item) => pad + write(item, pretty, depth + 1)).join(',')}${end}]`;
  }
  if (value.entries.length === 0) return '{}';
  const sep = pretty ? ': ' : ':';
  const body = value.entries.map(([key, item]) => `${pad}${jsonString(key)}${sep}${write(item, pretty, depth + 1)}`);
  return `{${body.join(',')}${end}}`;
}

/**
 * serde_json's string escaping (`\"`, `\\`, the short escapes, `\u00XX` for other controls), which
 * JSON.stringify shares for the strings Rust can hold; DEL and the C1 controls escaped too, as `toJson`
 * does, so published text never acts on a terminal.
 */
function jsonString(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
