import type { MintInfo, MultisigInfo, ParsedTokenProgramData, TokenAccountInfo, TokenAmount } from '../types/token.js';
import { address } from './address.js';
import { memo } from './memo.js';
import { expected, i64, safeInteger, u8, u16, u64 } from './numbers.js';
import {
  array,
  boolean,
  define,
  dynamic,
  enums,
  literal,
  nullable,
  number,
  optional,
  type Schema,
  string,
  tuple,
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

const i16 = /* @__PURE__ */ memo(
  (): Schema<number> =>
    define('i16', (value) =>
      typeof value === 'number' && Number.isInteger(value) && value >= -32768 && value <= 32767
        ? true
        : expected('an integer from -32768 to 32767', value),
    ),
);

const transferFee = /* @__PURE__ */ memo(() =>
  type({ epoch: u64(), maximumFee: u64(), transferFeeBasisPoints: u16() }),
);

/** A pointer extension's state: its authority and the address it points at, either one unset (`null`). */
const pointer = (target: string) => type({ authority: nullable(address()), [target]: nullable(address()) });

/** The `state` of each extension agave shows with one, by name (account-decoder-client-types `UiExtension`). */
const extensionStates = /* @__PURE__ */ memo(
  (): Record<string, Schema<unknown>> =>
    ({
      transferFeeConfig: type({
        transferFeeConfigAuthority: nullable(address()),
        withdrawWithheldAuthority: nullable(address()),
        withheldAmount: u64(),
        olderTransferFee: transferFee(),
        newerTransferFee: transferFee(),
      }),
      transferFeeAmount: type({ withheldAmount: u64() }),
      mintCloseAuthority: type({ closeAuthority: nullable(address()) }),
      confidentialTransferMint: type({
        authority: nullable(address()),
        autoApproveNewAccounts: boolean(),
        auditorElgamalPubkey: nullable(string()),
      }),
      confidentialTransferAccount: type({
        approved: boolean(),
        elgamalPubkey: string(),
        pendingBalanceLo: string(),
        pendingBalanceHi: string(),
        availableBalance: string(),
        decryptableAvailableBalance: string(),
        allowConfidentialCredits: boolean(),
        allowNonConfidentialCredits: boolean(),
        pendingBalanceCreditCounter: u64(),
        maximumPendingBalanceCreditCounter: u64(),
        expectedPendingBalanceCreditCounter: u64(),
        actualPendingBalanceCreditCounter: u64(),
      }),
      defaultAccountState: type({ accountState: enums(['uninitialized', 'initialized', 'frozen']) }),
      memoTransfer: type({ requireIncomingTransferMemos: boolean() }),
      interestBearingConfig: type({
        rateAuthority: nullable(address()),
        initializationTimestamp: i64(),
        preUpdateAverageRate: i16(),
        lastUpdateTimestamp: i64(),
        currentRate: i16(),
      }),
      cpiGuard: type({ lockCpi: boolean() }),
      permanentDelegate: type({ delegate: nullable(address()) }),
      confidentialTransferFeeConfig: type({
        authority: nullable(address()),
        withdrawWithheldAuthorityElgamalPubkey: nullable(string()),
        harvestToMintEnabled: boolean(),
        withheldAmount: string(),
      }),
      confidentialTransferFeeAmount: type({ withheldAmount: string() }),
      transferHook: pointer('programId'),
      transferHookAccount: type({ transferring: boolean() }),
      metadataPointer: pointer('metadataAddress'),
      tokenMetadata: type({
        updateAuthority: nullable(address()),
        mint: address(),
        name: string(),
        symbol: string(),
        uri: string(),
        additionalMetadata: array(tuple([string(), string()])),
      }),
      groupPointer: pointer('groupAddress'),
      groupMemberPointer: pointer('memberAddress'),
      tokenGroup: type({ updateAuthority: nullable(address()), mint: address(), size: u64(), maxSize: u64() }),
      tokenGroupMember: type({ mint: address(), group: address(), memberNumber: u64() }),
      confidentialMintBurn: type({
        confidentialSupply: string(),
        decryptableSupply: string(),
        supplyElgamalPubkey: string(),
        pendingBurn: string(),
      }),
      scaledUiAmountConfig: type({
        authority: nullable(address()),
        multiplier: string(),
        newMultiplierEffectiveTimestamp: i64(),
        newMultiplier: string(),
      }),
      pausableConfig: type({ authority: nullable(address()), paused: boolean() }),
      permissionedBurnConfig: type({ authority: nullable(address()) }),
    }) as Record<string, Schema<unknown>>,
);

/**
 * One extension: a known name's `state` is checked field by field; a unit extension's (`immutableOwner`)
 * and a newer name's pass as they are, so an extension agave adds later is not refused.
 */
const extension = /* @__PURE__ */ memo(() => {
  const other = type({ extension: string(), state: optional(unknown()) });
  const known = new Map<string, Schema<unknown>>();
  return dynamic<unknown>((value): Schema<unknown> => {
    const name = typeof value === 'object' && value !== null ? (value as { extension?: unknown }).extension : undefined;
    const state =
      typeof name === 'string' && Object.hasOwn(extensionStates(), name) ? extensionStates()[name] : undefined;
    if (state === undefined) return other as Schema<unknown>;
    let schema = known.get(name as string);
    if (!schema) {
      schema = type({ extension: literal(name as string), state }) as Schema<unknown>;
      known.set(name as string, schema);
    }
    return schema;
  });
});

const extensions = /* @__PURE__ */ memo(() => optional(array(extension())));

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

/** Parsed data of the token programs: an account, a mint or a multisig, checked by its `type`; any other `type` is refused. */
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

/** `parsedTokenProgramData` under the name every parsed-program schema has (issue 33's contract). */
export const parsedTokenProgram = parsedTokenProgramData;
