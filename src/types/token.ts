/**
 * Types of the token programs' parsed data (SPL Token and Token-2022), shared by every method that can
 * return token accounts or mints with `encoding: 'jsonParsed'`.
 * @module
 */
import type { Address, RpcResult } from './index.js';

/** A token amount as the server reports it: the exact raw `amount` and its UI forms. */
export interface TokenAmount {
  /** The raw amount in base units, exact, as a decimal string. */
  amount: string;
  /** The mint's decimals. */
  decimals: number;
  /** `amount / 10^decimals` as a float; `null` when the server cannot compute it (decimals ≥ 20) or did not send it. */
  uiAmount: number | null;
  /** `amount / 10^decimals` as an exact decimal string. */
  uiAmountString: string;
}

/** A token amount read at a slot: what `getTokenAccountBalance` and `getTokenSupply` return. */
export interface TokenAmountResult extends RpcResult<TokenAmount> {}

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
  /** The extension's name, as agave's parser spells it (`transferFeeConfig`, `immutableOwner`…). */
  extension: TokenExtensionName | (string & {});
  /** The extension's fields; absent for extensions without data. */
  state?: Record<string, unknown>;
}

/** A token account's parsed `info`. Optional fields are absent, never null, when unset. */
export interface TokenAccountInfo {
  /** The mint whose tokens the account holds. */
  mint: Address;
  /** The wallet (or program) that owns the tokens. */
  owner: Address;
  /** The balance, exact in `amount` and `uiAmountString`. */
  tokenAmount: TokenAmount;
  /** Present only when a delegate is set. */
  delegate?: Address;
  /** Present only when a delegate is set. */
  delegatedAmount?: TokenAmount;
  /** Whether the account is usable (`initialized`) or frozen by the mint's freeze authority. */
  state: 'uninitialized' | 'initialized' | 'frozen';
  /** True for wrapped SOL accounts. */
  isNative: boolean;
  /** Present only on native (wrapped SOL) accounts. */
  rentExemptReserve?: TokenAmount;
  /** The address allowed to close the account, when one other than the owner is set. */
  closeAuthority?: Address;
  /** Token-2022 only; absent when the account has none. */
  extensions?: TokenExtension[];
}

/** A mint's parsed `info`. */
export interface MintInfo {
  /** The address allowed to mint more tokens; `null` when the supply is fixed. */
  mintAuthority: Address | null;
  /** Total supply in base units, exact, as a decimal string. */
  supply: string;
  /** How many decimal places a UI amount has: `amount / 10^decimals`. */
  decimals: number;
  /** Whether the mint has been initialized. */
  isInitialized: boolean;
  /** The address allowed to freeze token accounts of this mint; `null` when none. */
  freezeAuthority: Address | null;
  /** Token-2022 only; absent when the mint has none. */
  extensions?: TokenExtension[];
}

/** A multisig's parsed `info`. */
export interface MultisigInfo {
  /** How many of the signers must sign (M of M-of-N). */
  numRequiredSigners: number;
  /** How many signers are set (N of M-of-N). */
  numValidSigners: number;
  /** Whether the multisig has been initialized. */
  isInitialized: boolean;
  /** The signers' addresses. */
  signers: Address[];
}

/** Parsed data of a token account: what `getTokenAccountsByDelegate` returns with `jsonParsed`. */
export interface ParsedTokenAccountData {
  /** Which token program owns the account. */
  program: 'spl-token' | 'spl-token-2022';
  /** The parsed account. */
  parsed: {
    /** Always `'account'`: narrows the token programs' parsed data to a token account. */
    type: 'account';
    /** The token account's fields. */
    info: TokenAccountInfo;
  };
  /** The account's size in bytes. */
  space: number;
}

/** Parsed data of a mint. */
export interface ParsedMintData {
  /** Which token program owns the mint. */
  program: 'spl-token' | 'spl-token-2022';
  /** The parsed mint. */
  parsed: {
    /** Always `'mint'`: narrows the token programs' parsed data to a mint. */
    type: 'mint';
    /** The mint's fields. */
    info: MintInfo;
  };
  /** The account's size in bytes. */
  space: number;
}

/** Parsed data of a multisig. */
export interface ParsedMultisigData {
  /** Which token program owns the multisig. */
  program: 'spl-token' | 'spl-token-2022';
  /** The parsed multisig. */
  parsed: {
    /** Always `'multisig'`: narrows the token programs' parsed data to a multisig. */
    type: 'multisig';
    /** The multisig's fields. */
    info: MultisigInfo;
  };
  /** The account's size in bytes. */
  space: number;
}

/** Any parsed data of the token programs; narrow on `parsed.type`. */
export type ParsedTokenProgramData = ParsedTokenAccountData | ParsedMintData | ParsedMultisigData;
