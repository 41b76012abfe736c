import { memo } from './memo.js';
import { expected, safeInteger } from './numbers.js';
import { define, dynamic, enums, type Schema, string, tuple, type } from './struct.js';
import { parsedTokenAccountData, parsedTokenProgramData } from './token.js';

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

/**
 * The schema for account data. `binary` accepts the encoded forms only; `parsed` also accepts any
 * program's parsed object (token programs' checked in full); `parsedTokenAccount` accepts parsed
 * token accounts only.
 */
export function accountDataSchema(mode: 'binary' | 'parsed' | 'parsedTokenAccount'): Schema<WireAccountData> {
  return dynamic((value): Schema<WireAccountData> => {
    if (typeof value === 'string') return string() as unknown as Schema<WireAccountData>;
    if (Array.isArray(value) || mode === 'binary') return encodedPair() as Schema<WireAccountData>;
    if (mode === 'parsedTokenAccount') return parsedTokenAccountData() as unknown as Schema<WireAccountData>;
    const program = typeof value === 'object' && value !== null ? (value as { program?: unknown }).program : undefined;
    if (program === 'spl-token' || program === 'spl-token-2022') {
      return parsedTokenProgramData() as unknown as Schema<WireAccountData>;
    }
    if (typeof value === 'object' && value !== null) return otherParsed() as Schema<WireAccountData>;
    return unknownData();
  });
}

const unknownData = /* @__PURE__ */ memo(() =>
  define<WireAccountData>('accountData', (value) => expected('encoded or parsed account data', value)),
);
