/**
 * Types of the token programs' parsed data (SPL Token and Token-2022), shared by every method that can
 * return token accounts or mints with `encoding: 'jsonParsed'`.
 * @module
 */
import type { Address } from './types.js';

/** A token amount as the server reports it: the exact raw `amount` and its UI forms. */
export interface TokenAmount {
  /** The raw amount in base units, exact, as a decimal string. */
  amount: string;
  /** The mint's decimals. */
  decimals: number;
  /** `amount / 10^decimals` as a float; `null` when the server cannot compute it (decimals ≥ 20). */
  uiAmount: number | null;
  /** `amount / 10^decimals` as an exact decimal string. */
  uiAmountString: string;
}

/** The names of Token-2022 extensions agave's parser reports. */
export type TokenExtensionName =
  | 'uninitialized'
  | 'transferFeeConfig'
  | 'transferFeeAmount'
  | 'mintCloseAuthority'
  | 'confidentialTransferMint'
  | 'confidentialTransferAccount'
  | 'defaultAccountState'
  | 'immutableOwner'
  | 'memoTransfer'
  | 'nonTransferable'
  | 'interestBearingConfig'
  | 'cpiGuard'
  | 'permanentDelegate'
  | 'nonTransferableAccount'
  | 'confidentialTransferFeeConfig'
  | 'confidentialTransferFeeAmount'
  | 'transferHook'
  | 'transferHookAccount'
  | 'metadataPointer'
  | 'tokenMetadata'
  | 'groupPointer'
  | 'groupMemberPointer'
  | 'tokenGroup'
  | 'tokenGroupMember'
  | 'confidentialMintBurn'
  | 'unparseableExtension'
  | 'scaledUiAmountConfig'
  | 'pausableConfig'
  | 'pausableAccount'
  /** Reported by `decodeTokenAccount` / `decodeMint` for a type number they do not know (`state.extensionType`). */
  | 'unknownExtension';

/**
 * One Token-2022 extension. Unit extensions (`immutableOwner`) have no `state`. Integers inside `state`
 * keep their JSON type: `number` when safe, exact `bigint` when not. A name this version does not know
 * still comes through, as a plain string.
 */
export interface TokenExtension {
  extension: TokenExtensionName | (string & {});
  state?: Record<string, unknown>;
}

/** A token account's parsed `info`. Optional fields are absent, never null, when unset. */
export interface TokenAccountInfo {
  mint: Address;
  owner: Address;
  tokenAmount: TokenAmount;
  /** Present only when a delegate is set. */
  delegate?: Address;
  /** Present only when a delegate is set. */
  delegatedAmount?: TokenAmount;
  state: 'uninitialized' | 'initialized' | 'frozen';
  /** True for wrapped SOL accounts. */
  isNative: boolean;
  /** Present only on native (wrapped SOL) accounts. */
  rentExemptReserve?: TokenAmount;
  closeAuthority?: Address;
  /** Token-2022 only; absent when the account has none. */
  extensions?: TokenExtension[];
}

/** A mint's parsed `info`. */
export interface MintInfo {
  mintAuthority: Address | null;
  /** Total supply in base units, exact, as a decimal string. */
  supply: string;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: Address | null;
  extensions?: TokenExtension[];
}

/** A multisig's parsed `info`. */
export interface MultisigInfo {
  numRequiredSigners: number;
  numValidSigners: number;
  isInitialized: boolean;
  signers: Address[];
}

/** Parsed data of a token account: what `getTokenAccountsByDelegate` returns with `jsonParsed`. */
export interface ParsedTokenAccountData {
  program: 'spl-token' | 'spl-token-2022';
  parsed: { type: 'account'; info: TokenAccountInfo };
  /** The account's size in bytes. */
  space: number;
}

/** Parsed data of a mint. */
export interface ParsedMintData {
  program: 'spl-token' | 'spl-token-2022';
  parsed: { type: 'mint'; info: MintInfo };
  space: number;
}

/** Parsed data of a multisig. */
export interface ParsedMultisigData {
  program: 'spl-token' | 'spl-token-2022';
  parsed: { type: 'multisig'; info: MultisigInfo };
  space: number;
}

/** Any parsed data of the token programs; narrow on `parsed.type`. */
export type ParsedTokenProgramData = ParsedTokenAccountData | ParsedMintData | ParsedMultisigData;
