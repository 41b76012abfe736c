import type { MintInfo, MultisigInfo, ParsedTokenProgramData, TokenAccountInfo, TokenAmount } from '../types/token.js';
import { address } from './address.js';
import { memo } from './memo.js';
import { safeInteger, u8 } from './numbers.js';
import {
  array,
  boolean,
  dynamic,
  enums,
  literal,
  nullable,
  number,
  optional,
  type Schema,
  string,
  type,
  unknown,
} from './struct.js';

export const tokenAmount = /* @__PURE__ */ memo(
  (): Schema<TokenAmount> =>
    type({
      amount: string(),
      decimals: u8(),
      uiAmount: nullable(number()),
      uiAmountString: string(),
    }) as Schema<TokenAmount>,
);

const extensions = /* @__PURE__ */ memo(() =>
  optional(array(type({ extension: string(), state: optional(unknown()) }))),
);

export const tokenAccountInfo = /* @__PURE__ */ memo(
  (): Schema<TokenAccountInfo> =>
    type({
      mint: address(),
      owner: address(),
      tokenAmount: tokenAmount(),
      delegate: optional(address()),
      delegatedAmount: optional(tokenAmount()),
      state: enums(['uninitialized', 'initialized', 'frozen']),
      isNative: boolean(),
      rentExemptReserve: optional(tokenAmount()),
      closeAuthority: optional(address()),
      extensions: extensions(),
    }) as unknown as Schema<TokenAccountInfo>,
);

export const mintInfo = /* @__PURE__ */ memo(
  (): Schema<MintInfo> =>
    type({
      mintAuthority: nullable(address()),
      supply: string(),
      decimals: u8(),
      isInitialized: boolean(),
      freezeAuthority: nullable(address()),
      extensions: extensions(),
    }) as unknown as Schema<MintInfo>,
);

export const multisigInfo = /* @__PURE__ */ memo(
  (): Schema<MultisigInfo> =>
    type({
      numRequiredSigners: u8(),
      numValidSigners: u8(),
      isInitialized: boolean(),
      signers: array(address()),
    }) as Schema<MultisigInfo>,
);

const tokenProgram = /* @__PURE__ */ memo(() => enums(['spl-token', 'spl-token-2022']));

/** `{ program, parsed: { type: 'account', info }, space }` for a token account, and nothing else. */
export const parsedTokenAccountData = /* @__PURE__ */ memo(() =>
  type({
    program: tokenProgram(),
    parsed: type({ type: literal('account'), info: tokenAccountInfo() }),
    space: safeInteger(),
  }),
);

const parsedMint = /* @__PURE__ */ memo(() => type({ type: literal('mint'), info: mintInfo() }));
const parsedMultisig = /* @__PURE__ */ memo(() => type({ type: literal('multisig'), info: multisigInfo() }));
const parsedAccount = /* @__PURE__ */ memo(() => type({ type: literal('account'), info: tokenAccountInfo() }));

/** Parsed data of the token programs: an account, a mint or a multisig, checked by its `type`. */
export const parsedTokenProgramData = /* @__PURE__ */ memo(
  (): Schema<ParsedTokenProgramData> =>
    type({
      program: tokenProgram(),
      parsed: dynamic<unknown>((parsed): Schema<unknown> => {
        const kind = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
        if (kind === 'mint') return parsedMint() as Schema<unknown>;
        if (kind === 'multisig') return parsedMultisig() as Schema<unknown>;
        return parsedAccount() as Schema<unknown>;
      }),
      space: safeInteger(),
    }) as unknown as Schema<ParsedTokenProgramData>,
);

/**
 * Sets `null` in validated parsed token-program data (passed through, not rebuilt) wherever a nullable
 * field was missing: `uiAmount` of each amount, a mint's `mintAuthority` and `freezeAuthority`. The
 * objects are the parser's, built for this call; only the few known paths are touched.
 */
export function nullMissingTokenFields(data: { program: string; parsed: unknown }): void {
  if (data.program !== 'spl-token' && data.program !== 'spl-token-2022') return;
  const { type: kind, info } = data.parsed as { type: string; info: Record<string, unknown> };
  if (kind === 'account') {
    for (const key of ['tokenAmount', 'delegatedAmount', 'rentExemptReserve']) {
      const amount = info[key] as { uiAmount?: number | null } | undefined;
      if (amount && amount.uiAmount === undefined) amount.uiAmount = null;
    }
  } else if (kind === 'mint') {
    info.mintAuthority ??= null;
    info.freezeAuthority ??= null;
  }
}
