import { parsedAddressLookupTableProgram } from './addressLookupTable.js';
import { parsedBpfUpgradeableLoaderProgram } from './bpfUpgradeableLoader.js';
import { parsedConfigProgram } from './config.js';
import { memo } from './memo.js';
import { parsedNonceProgram } from './nonce.js';
import { expected, safeInteger } from './numbers.js';
import { parsedStakeProgram } from './stake.js';
import { define, dynamic, enums, type Schema, string, tuple, type } from './struct.js';
import { parsedSysvarProgram } from './sysvar.js';
import { parsedTokenAccountData, parsedTokenProgramData } from './token.js';
import { parsedVoteProgram } from './vote.js';

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
 * Each program agave parses, by the `program` name of its parsed data, with the schema that checks it in
 * full. A program not listed (one a newer node parses) is checked for its envelope only.
 */
const PROGRAMS: Readonly<Record<string, () => Schema<unknown>>> = {
  'address-lookup-table': parsedAddressLookupTableProgram,
  'bpf-upgradeable-loader': parsedBpfUpgradeableLoaderProgram,
  config: parsedConfigProgram,
  nonce: parsedNonceProgram,
  'spl-token': parsedTokenProgramData,
  'spl-token-2022': parsedTokenProgramData,
  stake: parsedStakeProgram,
  sysvar: parsedSysvarProgram,
  vote: parsedVoteProgram,
};

/**
 * The schema for account data. `binary` accepts the encoded forms only; `parsed` also accepts any
 * program's parsed object (every program agave parses checked in full); `parsedTokenAccount` accepts
 * parsed token accounts only.
 */
export function accountDataSchema(mode: 'binary' | 'parsed' | 'parsedTokenAccount'): Schema<WireAccountData> {
  return dynamic((value): Schema<WireAccountData> => {
    if (typeof value === 'string') return string() as unknown as Schema<WireAccountData>;
    if (Array.isArray(value) || mode === 'binary') return encodedPair() as Schema<WireAccountData>;
    if (mode === 'parsedTokenAccount') return parsedTokenAccountData() as unknown as Schema<WireAccountData>;
    if (typeof value === 'object' && value !== null) {
      const program = (value as { program?: unknown }).program;
      const schema = typeof program === 'string' && Object.hasOwn(PROGRAMS, program) ? PROGRAMS[program] : undefined;
      return (schema ?? otherParsed)() as unknown as Schema<WireAccountData>;
    }
    return unknownData();
  });
}

const unknownData = /* @__PURE__ */ memo(() =>
  define<WireAccountData>('accountData', (value) => expected('encoded or parsed account data', value)),
);
