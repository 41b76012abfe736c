import { memo } from './memo.js';
import { expected, safeInteger } from './numbers.js';
import { define, dynamic, enums, type Schema, string, tuple, type } from './struct.js';

/**
 * Account `data` as it arrives: a bare base58 string (agave's legacy `binary` default), an
 * `[text, encoding]` pair, or a parsed object. Which parsed objects are allowed depends on the method.
 */
export type WireAccountData = string | [string, 'base58' | 'base64' | 'base64+zstd'] | ParsedWire;
type ParsedWire = { program: string; parsed: unknown; space: number };

const encodedPair = /* @__PURE__ */ memo(() => tuple([string(), enums(['base58', 'base64', 'base64+zstd'])]));

const otherParsed = /* @__PURE__ */ memo(() =>
  type({ program: string(), parsed: type({ type: string() }), space: safeInteger() }),
);

/** The other programs' schemas, once loaded (`loadParsedSchemas`). */
let programs: Readonly<Record<string, () => Schema<unknown>>> | undefined;

/**
 * Loads the schemas of every program's parsed data: a file of their own (`#parsed-schemas`), which only
 * apps that ask for `jsonParsed` load. Every path that checks parsed account data
 * awaits it first (`decodeAccountResult`, simulateTransaction's decoder).
 */
export function loadParsedSchemas(): Promise<void> {
  if (programs) return Promise.resolve();
  return import('#parsed-schemas').then((loaded) => {
    programs = loaded.PARSED_PROGRAMS;
  });
}

/** The schema of one program's parsed data, from the loaded set. */
function programSchema(program: unknown): (() => Schema<unknown>) | undefined {
  if (typeof program !== 'string') return undefined;
  if (!programs) throw new Error('parsed account schemas used before loadParsedSchemas()');
  return Object.hasOwn(programs, program) ? programs[program] : undefined;
}

/**
 * The schema for account data. `binary` accepts the encoded forms only; `parsed` also accepts any
 * program's parsed object (every program agave parses checked in full, once `loadParsedSchemas` has
 * loaded their schemas); a schema of its own (the token-account methods pass their token account's)
 * accepts the encoded forms and the parsed objects it checks.
 */
export function accountDataSchema(mode: 'binary' | 'parsed' | (() => Schema<unknown>)): Schema<WireAccountData> {
  return dynamic((value): Schema<WireAccountData> => {
    if (typeof value === 'string') return string() as unknown as Schema<WireAccountData>;
    if (Array.isArray(value) || mode === 'binary') return encodedPair() as Schema<WireAccountData>;
    if (typeof mode === 'function') return mode() as unknown as Schema<WireAccountData>;
    if (typeof value === 'object' && value !== null) {
      const schema = programSchema((value as { program?: unknown }).program);
      return (schema ?? otherParsed)() as unknown as Schema<WireAccountData>;
    }
    return unknownData();
  });
}

const unknownData = /* @__PURE__ */ memo(() =>
  define<WireAccountData>('accountData', (value) => expected('encoded or parsed account data', value)),
);
