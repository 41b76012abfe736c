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
  | 'permissionedBurnConfig'
  /** Reported by `decodeTokenAccount` / `decodeMint` for a type number they do not know (`state.extensionType`). */
  | 'unknownExtension';

/** A transfer fee schedule entry: from `epoch` on, `transferFeeBasisPoints` of each transfer, at most `maximumFee`. */
export interface TransferFee {
  /** The first epoch the fee applies in. */
  epoch: number | bigint;
  /** The most one transfer pays, in base units. */
  maximumFee: number | bigint;
  /** The fee in basis points. */
  transferFeeBasisPoints: number;
}

/** `transferFeeConfig` (mint). */
export interface TransferFeeConfigState {
  /** May change the fee; `null` when none. */
  transferFeeConfigAuthority: Address | null;
  /** May withdraw withheld fees; `null` when none. */
  withdrawWithheldAuthority: Address | null;
  /** Fees withheld on the mint, in base units. */
  withheldAmount: number | bigint;
  /** The fee before `newerTransferFee.epoch`. */
  olderTransferFee: TransferFee;
  /** The fee from its epoch on. */
  newerTransferFee: TransferFee;
}

/** `interestBearingConfig` (mint): rates in basis points a year, compounded continuously. */
export interface InterestBearingConfigState {
  /** May change the rate; `null` when none. */
  rateAuthority: Address | null;
  /** Unix seconds of initialization. */
  initializationTimestamp: number | bigint;
  /** The average rate up to the last update. */
  preUpdateAverageRate: number;
  /** Unix seconds of the last rate change. */
  lastUpdateTimestamp: number | bigint;
  /** The rate since then. */
  currentRate: number;
}

/** `scaledUiAmountConfig` (mint): multipliers as Rust prints the f64 (`"1.5"`, `"inf"`). */
export interface ScaledUiAmountConfigState {
  /** May change the multiplier; `null` when none. */
  authority: Address | null;
  /** The multiplier in force before `newMultiplierEffectiveTimestamp`. */
  multiplier: string;
  /** Unix seconds from which `newMultiplier` applies. */
  newMultiplierEffectiveTimestamp: number | bigint;
  /** The multiplier from then on. */
  newMultiplier: string;
}

/** `confidentialTransferAccount` (account): ElGamal values in base64. */
export interface ConfidentialTransferAccountState {
  /** Whether the account may use confidential transfers. */
  approved: boolean;
  /** The account's ElGamal public key. */
  elgamalPubkey: string;
  /** Pending balance, low bits (ciphertext). */
  pendingBalanceLo: string;
  /** Pending balance, high bits (ciphertext). */
  pendingBalanceHi: string;
  /** Available balance (ciphertext). */
  availableBalance: string;
  /** Available balance, decryptable by the owner (authenticated ciphertext). */
  decryptableAvailableBalance: string;
  /** Whether confidential transfers in are allowed. */
  allowConfidentialCredits: boolean;
  /** Whether plain transfers in are allowed. */
  allowNonConfidentialCredits: boolean;
  /** Credits to the pending balance so far. */
  pendingBalanceCreditCounter: number | bigint;
  /** The most pending credits allowed. */
  maximumPendingBalanceCreditCounter: number | bigint;
  /** The counter the owner last applied up to. */
  expectedPendingBalanceCreditCounter: number | bigint;
  /** The counter at the last apply. */
  actualPendingBalanceCreditCounter: number | bigint;
}

/** `tokenMetadata` (mint): the metadata stored in the mint itself. */
export interface TokenMetadataState {
  /** May update the metadata; `null` when none. */
  updateAuthority: Address | null;
  /** The mint the metadata describes. */
  mint: Address;
  /** The token's name. */
  name: string;
  /** The token's symbol. */
  symbol: string;
  /** The metadata URI. */
  uri: string;
  /** Further key-value pairs, in order. */
  additionalMetadata: [string, string][];
}

/** Extension states by name: every extension agave's parser shows with a `state`. */
export interface TokenExtensionStates {
  /** Mint: the transfer fee, its authorities and the fees withheld in the mint. */
  transferFeeConfig: TransferFeeConfigState;
  /** Account: fees withheld in the account. */
  transferFeeAmount: {
    /** Withheld fees in base units. */
    withheldAmount: number | bigint;
  };
  /** Mint: who may close it. */
  mintCloseAuthority: {
    /** `null` when none. */
    closeAuthority: Address | null;
  };
  /** Mint: confidential transfers. */
  confidentialTransferMint: {
    /** Who may change the configuration; `null` when none. */
    authority: Address | null;
    /** Whether new accounts are approved without the authority. */
    autoApproveNewAccounts: boolean;
    /** The auditor's ElGamal key, base64; `null` when none. */
    auditorElgamalPubkey: string | null;
  };
  /** Account: its confidential balances. */
  confidentialTransferAccount: ConfidentialTransferAccountState;
  /** Mint: the state new accounts start in. */
  defaultAccountState: {
    /** The state. */
    accountState: 'uninitialized' | 'initialized' | 'frozen';
  };
  /** Account: incoming transfers need a memo. */
  memoTransfer: {
    /** Whether they do. */
    requireIncomingTransferMemos: boolean;
  };
  /** Mint: interest accrues on UI amounts. */
  interestBearingConfig: InterestBearingConfigState;
  /** Account: CPI guard. */
  cpiGuard: {
    /** Whether privileged operations through CPI are refused. */
    lockCpi: boolean;
  };
  /** Mint: a delegate over every account of the mint. */
  permanentDelegate: {
    /** `null` when none. */
    delegate: Address | null;
  };
  /** Mint: confidential transfer fees. */
  confidentialTransferFeeConfig: {
    /** Who may change the configuration; `null` when none. */
    authority: Address | null;
    /** The withdraw authority's ElGamal key, base64 (agave shows it even when all zero; `null` is accepted from any node that writes it). */
    withdrawWithheldAuthorityElgamalPubkey: string | null;
    /** Whether withheld fees may be harvested to the mint. */
    harvestToMintEnabled: boolean;
    /** The encrypted withheld fees, base64. */
    withheldAmount: string;
  };
  /** Account: encrypted withheld fees. */
  confidentialTransferFeeAmount: {
    /** Base64. */
    withheldAmount: string;
  };
  /** Mint: the program called on every transfer. */
  transferHook: {
    /** Who may change it; `null` when none. */
    authority: Address | null;
    /** The hook program; `null` when none. */
    programId: Address | null;
  };
  /** Account: set while a transfer hook runs. */
  transferHookAccount: {
    /** Whether a transfer is under way. */
    transferring: boolean;
  };
  /** Mint: where its metadata lives. */
  metadataPointer: {
    /** Who may change it; `null` when none. */
    authority: Address | null;
    /** The metadata account; `null` when none. */
    metadataAddress: Address | null;
  };
  /** Mint: token metadata held in the mint. */
  tokenMetadata: TokenMetadataState;
  /** Mint: where its group lives. */
  groupPointer: {
    /** Who may change it; `null` when none. */
    authority: Address | null;
    /** The group account; `null` when none. */
    groupAddress: Address | null;
  };
  /** Mint: where its group membership lives. */
  groupMemberPointer: {
    /** Who may change it; `null` when none. */
    authority: Address | null;
    /** The member account; `null` when none. */
    memberAddress: Address | null;
  };
  /** Mint: a token group. */
  tokenGroup: {
    /** Who may update the group; `null` when none. */
    updateAuthority: Address | null;
    /** The group's mint. */
    mint: Address;
    /** Members so far. */
    size: number | bigint;
    /** The most members it may have. */
    maxSize: number | bigint;
  };
  /** Mint: membership of a token group. */
  tokenGroupMember: {
    /** The member's mint. */
    mint: Address;
    /** The group. */
    group: Address;
    /** Its number in the group. */
    memberNumber: number | bigint;
  };
  /** Mint: confidential mint and burn. */
  confidentialMintBurn: {
    /** Encrypted supply, base64. */
    confidentialSupply: string;
    /** Supply decryptable by its owner, base64. */
    decryptableSupply: string;
    /** The supply's ElGamal key, base64. */
    supplyElgamalPubkey: string;
    /** Encrypted pending burn, base64. */
    pendingBurn: string;
  };
  /** Mint: UI amounts scaled by a multiplier. */
  scaledUiAmountConfig: ScaledUiAmountConfigState;
  /** Mint: transfers, mints and burns may be paused. */
  pausableConfig: {
    /** Who may pause; `null` when none. */
    authority: Address | null;
    /** Whether they are paused. */
    paused: boolean;
  };
  /** Mint: burns need this authority's signature too (agave 4.2). */
  permissionedBurnConfig: {
    /** The authority every burn needs; `null` when none (burns are then not permissioned). */
    authority: Address | null;
  };
  /** Only from `decodeTokenAccount` / `decodeMint`, for a type number they do not know; agave never shows it. */
  unknownExtension: {
    /** The TLV type number. */
    extensionType: number;
    /** Its value's bytes. */
    data: Uint8Array;
  };
}

/** Extensions agave shows by name alone: no `state`. */
export type UnitTokenExtensionName =
  | 'uninitialized'
  | 'immutableOwner'
  | 'nonTransferable'
  | 'nonTransferableAccount'
  | 'pausableAccount'
  | 'unparseableExtension';

/** One extension whose name this version knows, its `state` typed by that name. */
export type KnownTokenExtension =
  | {
      [Name in keyof TokenExtensionStates]: {
        /** The extension's name, as agave's parser spells it. */
        extension: Name;
        /** Its fields. */
        state: TokenExtensionStates[Name];
      };
    }[keyof TokenExtensionStates]
  | {
      [Name in UnitTokenExtensionName]: {
        /** The extension's name, as agave's parser spells it. */
        extension: Name;
        /** None: the extension is shown by name alone. */
        state?: undefined;
      };
    }[UnitTokenExtensionName];

/**
 * An extension newer than this version: a name agave added later, its `state` unchecked. The name's type
 * is branded so that comparing `extension` with a known name narrows to that name's state alone.
 */
export interface NewerTokenExtension {
  /** The name agave gave it. */
  extension: string & {
    /** A brand only: never set. */
    readonly newerTokenExtension: unique symbol;
  };
  /** Its fields, as sent. */
  state?: Record<string, unknown>;
}

/**
 * One Token-2022 extension, discriminated by `extension`: `if (e.extension === 'transferFeeConfig')
 * e.state.newerTransferFee`. Unit extensions (`immutableOwner`) have no `state`. Integers inside keep
 * their JSON type: `number` when safe, exact `bigint` when not. A name this version does not know still
 * comes through (`NewerTokenExtension`).
 */
export type TokenExtension = KnownTokenExtension | NewerTokenExtension;

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

/** The token programs' `parsed` value, as `parseToken` returns it: narrow on `type`. */
export type ParsedToken = ParsedTokenAccountData['parsed'] | ParsedMintData['parsed'] | ParsedMultisigData['parsed'];

/** Any parsed data of the token programs; narrow on `parsed.type`. */
export type ParsedTokenProgramData = ParsedTokenAccountData | ParsedMintData | ParsedMultisigData;
