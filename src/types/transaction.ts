/**
 * Types of transactions and their status metadata, as `getTransaction` and `getBlock` return them (and
 * as `decodeTransaction` rebuilds them from wire bytes).
 * @module
 */
import type { Address, Signature } from './index.js';
import type { TokenAmount } from './token.js';

/** `'legacy'` or `0`: the transaction's format, reported when `maxSupportedTransactionVersion` was given. */
export type TransactionVersion = 'legacy' | 0;

/** The three counts at the head of every message. */
export interface MessageHeader {
  /** Signatures the transaction needs; the first this many account keys sign. */
  numRequiredSignatures: number;
  /** Of the signing keys, how many (the last ones) are read-only. */
  numReadonlySignedAccounts: number;
  /** Of the non-signing static keys, how many (the last ones) are read-only. */
  numReadonlyUnsignedAccounts: number;
}

/** An instruction as compiled into a message: indexes into the account keys, data in base58. */
export interface CompiledInstruction {
  /** Index of the program's key among the account keys (static keys, then loaded writable, then loaded readonly). */
  programIdIndex: number;
  /** Indexes of the instruction's accounts, into the same list. */
  accounts: number[];
  /** Instruction data, base58. */
  data: string;
  /** 1 for top-level instructions, 2 and up inside CPIs; `null` on nodes that did not record it. */
  stackHeight: number | null;
}

/** A v0 message's reference to keys held in an address lookup table. */
export interface AddressTableLookup {
  /** The lookup table account. */
  accountKey: Address;
  /** Indexes into the table of the keys loaded as writable. */
  writableIndexes: number[];
  /** Indexes into the table of the keys loaded as read-only. */
  readonlyIndexes: number[];
}

/** A message as the `json` encoding shows it, for a request without `maxSupportedTransactionVersion` (legacy only). */
export interface LegacyMessage {
  /** The counts of signing and read-only keys. */
  header: MessageHeader;
  /** The static account keys, signers first. */
  accountKeys: Address[];
  /** The blockhash the transaction was signed against, base58. */
  recentBlockhash: string;
  /** The top-level instructions. */
  instructions: CompiledInstruction[];
}

/** A message as the `json` encoding shows it when versioned transactions were allowed. */
export interface VersionedMessage extends LegacyMessage {
  /** Present for v0 messages only. */
  addressTableLookups?: AddressTableLookup[];
}

/** A transaction in the `json` encoding, without `maxSupportedTransactionVersion`. */
export interface LegacyTransactionJson {
  /** base58 signatures, the fee payer's first. */
  signatures: Signature[];
  /** The message that was signed. */
  message: LegacyMessage;
}

/** A transaction in the `json` encoding, with versioned transactions allowed. */
export interface TransactionJson {
  /** base58 signatures, the fee payer's first. */
  signatures: Signature[];
  /** The message that was signed. */
  message: VersionedMessage;
}

/** A transaction decoded from its wire bytes by `decodeTransaction`: the json shape plus `version`. */
export interface DecodedTransaction {
  /** base58 signatures, the fee payer's first. */
  signatures: Signature[];
  /** The message that was signed. */
  message: DecodedMessage;
  /** `'legacy'` or `0`, from the message's first byte. */
  version: TransactionVersion;
}

/** A message decoded from wire bytes. The wire carries no `stackHeight`, so instructions have none. */
export interface DecodedMessage {
  /** The counts of signing and read-only keys. */
  header: MessageHeader;
  /** The static account keys, signers first. */
  accountKeys: Address[];
  /** The blockhash the transaction was signed against, base58. */
  recentBlockhash: string;
  /** The top-level instructions. */
  instructions: DecodedInstruction[];
  /** Present for v0 messages only (possibly empty). */
  addressTableLookups?: AddressTableLookup[];
}

/** A compiled instruction decoded from wire bytes. */
export interface DecodedInstruction {
  /** Index of the program's key among the account keys (static keys, then loaded writable, then loaded readonly). */
  programIdIndex: number;
  /** Indexes of the instruction's accounts, into the same list. */
  accounts: number[];
  /** Instruction data, base58, as the json encoding shows it. */
  data: string;
}

// jsonParsed

/** An account key of a `jsonParsed` message, with its role spelled out. */
export interface ParsedAccountKey {
  /** The key. */
  pubkey: Address;
  /** Whether the transaction may write to the account. */
  writable: boolean;
  /** Whether the key signed the transaction. */
  signer: boolean;
  /** Where the key came from: the message itself or an address lookup table; `null` where the node did not say. */
  source: 'transaction' | 'lookupTable' | null;
}

/** What a program's instruction parser made of an instruction: usually `{ type, info }`; a bare string for spl-memo. */
export type ParsedInstructionData =
  | {
      /** The instruction's name as the parser reports it (`transfer`, `createAccount`…). */
      type: string;
      /** Its arguments and accounts, by name, as the node sent them. */
      info?: Record<string, unknown>;
    }
  | string;

/** An instruction the node could parse. */
export interface ParsedInstruction {
  /** The parser's program name, e.g. `system`, `spl-token`, `spl-memo`. */
  program: string;
  /** The program's address. */
  programId: Address;
  /** What the parser made of the instruction. */
  parsed: ParsedInstructionData;
  /** 1 for top-level instructions, 2 and up inside CPIs; `null` on nodes that did not record it. */
  stackHeight: number | null;
}

/** An instruction the node had no parser for: accounts resolved to addresses, data in base58. */
export interface PartiallyDecodedInstruction {
  /** The program's address. */
  programId: Address;
  /** The instruction's accounts, as addresses. */
  accounts: Address[];
  /** Instruction data, base58. */
  data: string;
  /** 1 for top-level instructions, 2 and up inside CPIs; `null` on nodes that did not record it. */
  stackHeight: number | null;
}

/** A `jsonParsed` message without `maxSupportedTransactionVersion`. */
export interface LegacyParsedMessage {
  /** Every key, loaded ones included (`source: 'lookupTable'`). */
  accountKeys: ParsedAccountKey[];
  /** The blockhash the transaction was signed against, base58. */
  recentBlockhash: string;
  /** The top-level instructions, parsed where the node has a parser. */
  instructions: (ParsedInstruction | PartiallyDecodedInstruction)[];
}

/** A `jsonParsed` message with versioned transactions allowed. */
export interface ParsedMessage extends LegacyParsedMessage {
  /** Present for v0 messages only. */
  addressTableLookups?: AddressTableLookup[];
}

/** A transaction in the `jsonParsed` encoding, without `maxSupportedTransactionVersion`. */
export interface LegacyParsedTransaction {
  /** base58 signatures, the fee payer's first. */
  signatures: Signature[];
  /** The message that was signed. */
  message: LegacyParsedMessage;
}

/** A transaction in the `jsonParsed` encoding, with versioned transactions allowed. */
export interface ParsedTransaction {
  /** base58 signatures, the fee payer's first. */
  signatures: Signature[];
  /** The message that was signed. */
  message: ParsedMessage;
}

// Errors

/** The unit variants of agave's `InstructionError`, sent as bare strings. */
export type InstructionErrorName =
  | 'GenericError'
  | 'InvalidArgument'
  | 'InvalidInstructionData'
  | 'InvalidAccountData'
  | 'AccountDataTooSmall'
  | 'InsufficientFunds'
  | 'IncorrectProgramId'
  | 'MissingRequiredSignature'
  | 'AccountAlreadyInitialized'
  | 'UninitializedAccount'
  | 'UnbalancedInstruction'
  | 'ModifiedProgramId'
  | 'ExternalAccountLamportSpend'
  | 'ExternalAccountDataModified'
  | 'ReadonlyLamportChange'
  | 'ReadonlyDataModified'
  | 'DuplicateAccountIndex'
  | 'ExecutableModified'
  | 'RentEpochModified'
  | 'NotEnoughAccountKeys'
  | 'AccountDataSizeChanged'
  | 'AccountNotExecutable'
  | 'AccountBorrowFailed'
  | 'AccountBorrowOutstanding'
  | 'DuplicateAccountOutOfSync'
  | 'InvalidError'
  | 'ExecutableDataModified'
  | 'ExecutableLamportChange'
  | 'ExecutableAccountNotRentExempt'
  | 'UnsupportedProgramId'
  | 'CallDepth'
  | 'MissingAccount'
  | 'ReentrancyNotAllowed'
  | 'MaxSeedLengthExceeded'
  | 'InvalidSeeds'
  | 'InvalidRealloc'
  | 'ComputationalBudgetExceeded'
  | 'PrivilegeEscalation'
  | 'ProgramEnvironmentSetupFailure'
  | 'ProgramFailedToComplete'
  | 'ProgramFailedToCompile'
  | 'Immutable'
  | 'IncorrectAuthority'
  | 'BorshIoError'
  | 'AccountNotRentExempt'
  | 'InvalidAccountOwner'
  | 'ArithmeticOverflow'
  | 'UnsupportedSysvar'
  | 'IllegalOwner'
  | 'MaxAccountsDataAllocationsExceeded'
  | 'MaxAccountsExceeded'
  | 'MaxInstructionTraceLengthExceeded'
  | 'BuiltinProgramsMustConsumeComputeUnits';

/**
 * Why an instruction failed: a unit variant's name, a program's own `{ Custom: code }` (a u32), or
 * `{ BorshIoError: text }` from older nodes. A unit variant newer than this list is still a string; a
 * newer variant with data still comes through at run time as sent, though its type is not listed here
 * (an open-ended object member would stop `'Custom' in error` from narrowing).
 */
export type InstructionError =
  | InstructionErrorName
  | {
      /** The program's own error code, a u32. */
      Custom: number;
    }
  | {
      /** The serialization error's text (older nodes). */
      BorshIoError: string;
    }
  | (string & {});

/** The unit variants of agave's `TransactionError`, sent as bare strings. */
export type TransactionErrorName =
  | 'AccountInUse'
  | 'AccountLoadedTwice'
  | 'AccountNotFound'
  | 'ProgramAccountNotFound'
  | 'InsufficientFundsForFee'
  | 'InvalidAccountForFee'
  | 'AlreadyProcessed'
  | 'BlockhashNotFound'
  | 'CallChainTooDeep'
  | 'MissingSignatureForFee'
  | 'InvalidAccountIndex'
  | 'SignatureFailure'
  | 'InvalidProgramForExecution'
  | 'SanitizeFailure'
  | 'ClusterMaintenance'
  | 'AccountBorrowOutstanding'
  | 'WouldExceedMaxBlockCostLimit'
  | 'UnsupportedVersion'
  | 'InvalidWritableAccount'
  | 'WouldExceedMaxAccountCostLimit'
  | 'WouldExceedAccountDataBlockLimit'
  | 'TooManyAccountLocks'
  | 'AddressLookupTableNotFound'
  | 'InvalidAddressLookupTableOwner'
  | 'InvalidAddressLookupTableData'
  | 'InvalidAddressLookupTableIndex'
  | 'InvalidRentPayingAccount'
  | 'WouldExceedMaxVoteCostLimit'
  | 'WouldExceedAccountDataTotalLimit'
  | 'MaxLoadedAccountsDataSizeExceeded'
  | 'InvalidLoadedAccountsDataSizeLimit'
  | 'ResanitizationNeeded'
  | 'UnbalancedTransaction'
  | 'ProgramCacheHitMaxLimit'
  | 'CommitCancelled';

/**
 * Why a transaction failed, as agave serialises it: unit variants as strings; tuple variants as
 * `{ Variant: value }` (`{ InstructionError: [index, error] }`, `{ DuplicateInstruction: index }`);
 * struct variants with snake_case fields (`{ InsufficientFundsForRent: { account_index } }`).
 * Narrow with `typeof error === 'string'` and `'InstructionError' in error`. A unit variant newer than
 * this list is still a string; a newer variant with data comes through at run time as sent, though its
 * type is not listed (an open-ended object member would defeat `in` narrowing).
 */
export type TransactionError =
  | TransactionErrorName
  | {
      /** The index of the failing instruction, and why it failed. */
      InstructionError: [number, InstructionError];
    }
  | {
      /** The index of the instruction that appears twice. */
      DuplicateInstruction: number;
    }
  | {
      /** An account would be left without enough lamports for rent. */
      InsufficientFundsForRent: {
        /** The account's index among the transaction's account keys. */
        account_index: number;
      };
    }
  | {
      /** A program may not run at the moment. */
      ProgramExecutionTemporarilyRestricted: {
        /** The program account's index among the transaction's account keys. */
        account_index: number;
      };
    }
  | (string & {});

/** The deprecated `status` field: `{ Ok: null }` on success, `{ Err: error }` on failure (the same value as `err`). */
export type TransactionStatus =
  | {
      /** Always `null`: the transaction succeeded. */
      Ok: null;
    }
  | {
      /** Why the transaction failed. */
      Err: TransactionError;
    };

// Meta

/** A token account's balance before or after the transaction. */
export interface TokenBalance {
  /** Index of the token account among the transaction's account keys. */
  accountIndex: number;
  /** The token's mint. */
  mint: Address;
  /** Absent on nodes that did not record it. */
  owner?: Address;
  /** Absent on nodes that did not record it. */
  programId?: Address;
  /** `uiAmount` is `null` for a zero balance here (the ledger stores it that way). */
  uiTokenAmount: TokenAmount;
}

/** A reward credited by the transaction's block (fees, rent, staking, voting). */
export interface Reward {
  /** The account credited. */
  pubkey: Address;
  /** Lamports credited (negative when debited), exact. */
  lamports: bigint;
  /** The account's balance after the reward, exact. */
  postBalance: bigint;
  /** The kind of reward; `null` where the node did not say. */
  rewardType: 'Fee' | 'Rent' | 'Staking' | 'Voting' | null;
  /** The vote account's commission in percent, for voting and staking rewards. */
  commission: number | null;
  /** The commission in basis points, on newer nodes. */
  commissionBps?: number;
}

/** Keys loaded from address lookup tables, in the order instruction indexes count them. */
export interface LoadedAddresses {
  /** Keys loaded as writable. */
  writable: Address[];
  /** Keys loaded as read-only. */
  readonly: Address[];
}

/** Data a program returned with `set_return_data`. */
export interface ReturnData {
  /** The program that returned the data. */
  programId: Address;
  /** The returned bytes, decoded. */
  data: Uint8Array;
}

/** Inner (CPI) instructions of one top-level instruction, compiled form. */
export interface InnerInstructions {
  /** Index of the top-level instruction that made these calls. */
  index: number;
  /** The instructions it invoked, in order. */
  instructions: CompiledInstruction[];
}

/** Inner instructions in the `jsonParsed` encoding. */
export interface ParsedInnerInstructions {
  /** Index of the top-level instruction that made these calls. */
  index: number;
  /** The instructions it invoked, in order, parsed where the node has a parser. */
  instructions: (ParsedInstruction | PartiallyDecodedInstruction)[];
}

/**
 * The status metadata `getBlock` sends with `transactionDetails: 'accounts'`, and the part of it every
 * other encoding shares. Lamport amounts are exact `bigint`s.
 */
export interface TransactionBalancesMeta {
  /** `null` on success. */
  err: TransactionError | null;
  /** Deprecated mirror of `err`. */
  status: TransactionStatus;
  /** The fee paid, in lamports. */
  fee: bigint;
  /** Balances of every account key (static, then loaded writable, then loaded readonly) before. */
  preBalances: bigint[];
  /** The same balances after. */
  postBalances: bigint[];
  /** `null` where the node did not record token balances (older transactions). */
  preTokenBalances: TokenBalance[] | null;
  /** The token balances after; `null` where the node did not record them. */
  postTokenBalances: TokenBalance[] | null;
  /** `null` where the node did not record rewards, or they were not asked for (`rewards: false`). */
  rewards: Reward[] | null;
}

/** Status metadata every full encoding shares. */
export interface TransactionMetaBase extends TransactionBalancesMeta {
  /** `null` where the node did not record logs. */
  logMessages: string[] | null;
  /** Present only when a program returned data. */
  returnData?: ReturnData;
  /** Compute units used; absent where unknown. */
  computeUnitsConsumed?: number;
  /** Cost-model units charged; absent on older nodes. */
  costUnits?: number;
}

/** Meta for the `json`, `base64` and `base58` encodings, without `maxSupportedTransactionVersion`. */
export interface LegacyTransactionMeta extends TransactionMetaBase {
  /** `null` where the node did not record inner instructions. */
  innerInstructions: InnerInstructions[] | null;
}

/** Meta for the `json`, `base64` and `base58` encodings with versioned transactions allowed. */
export interface TransactionMeta extends LegacyTransactionMeta {
  /** Keys loaded from lookup tables (both lists empty for legacy transactions). */
  loadedAddresses: LoadedAddresses;
}

/** Meta for the `jsonParsed` encoding (which never carries `loadedAddresses`). */
export interface ParsedTransactionMeta extends TransactionMetaBase {
  /** `null` where the node did not record inner instructions. */
  innerInstructions: ParsedInnerInstructions[] | null;
}

// A transaction with its metadata: what getTransaction returns (with its slot) and getBlock lists.

/** `json`, legacy transactions only. */
export interface LegacyTransactionWithMetaJson {
  /** The signatures and the message, with instruction data in base58. */
  transaction: LegacyTransactionJson;
  /** The status metadata: error, fee, balances, logs, inner instructions; `null` where the node kept none. */
  meta: LegacyTransactionMeta | null;
}
/** `json` with versioned transactions allowed. */
export interface TransactionWithMetaJson {
  /** The transaction's version: `'legacy'` or `0`. */
  version: TransactionVersion;
  /** The signatures and the message, with instruction data in base58. */
  transaction: TransactionJson;
  /** The status metadata: error, fee, balances, logs, inner instructions; `null` where the node kept none. */
  meta: TransactionMeta | null;
}
/** `jsonParsed`, legacy transactions only. */
export interface LegacyTransactionWithMetaParsed {
  /** The signatures and the message, with instructions parsed where the node has a parser. */
  transaction: LegacyParsedTransaction;
  /** The status metadata: error, fee, balances, logs, inner instructions; `null` where the node kept none. */
  meta: ParsedTransactionMeta | null;
}
/** `jsonParsed` with versioned transactions allowed. */
export interface TransactionWithMetaParsed {
  /** The transaction's version: `'legacy'` or `0`. */
  version: TransactionVersion;
  /** The signatures and the message, with instructions parsed where the node has a parser. */
  transaction: ParsedTransaction;
  /** The status metadata: error, fee, balances, logs, inner instructions; `null` where the node kept none. */
  meta: ParsedTransactionMeta | null;
}
/** Wire bytes (`decodeTransaction` reads them), legacy transactions only. */
export interface LegacyTransactionWithMetaBytes {
  /** The transaction's wire bytes; `decodeTransaction` reads them. */
  transaction: Uint8Array;
  /** The status metadata: error, fee, balances, logs, inner instructions; `null` where the node kept none. */
  meta: LegacyTransactionMeta | null;
}
/** Wire bytes with versioned transactions allowed. */
export interface TransactionWithMetaBytes {
  /** The transaction's version: `'legacy'` or `0`. */
  version: TransactionVersion;
  /** The transaction's wire bytes; `decodeTransaction` reads them. */
  transaction: Uint8Array;
  /** The status metadata: error, fee, balances, logs, inner instructions; `null` where the node kept none. */
  meta: TransactionMeta | null;
}

/** A transaction as `getBlock` lists it with `transactionDetails: 'accounts'`: its signatures and keys. */
export interface TransactionAccounts {
  /** The transaction's signatures, the fee payer's first. */
  signatures: Signature[];
  /** Every key it uses, lookup-table ones included, with how it uses them. */
  accountKeys: ParsedAccountKey[];
}
/** `transactionDetails: 'accounts'`, legacy transactions only. */
export interface LegacyTransactionWithAccounts {
  /** Signatures and account keys. */
  transaction: TransactionAccounts;
  /** Error, fee and balances; `null` where the node kept none. */
  meta: TransactionBalancesMeta | null;
}
/** `transactionDetails: 'accounts'` with versioned transactions allowed. */
export interface TransactionWithAccounts extends LegacyTransactionWithAccounts {
  /** The transaction's version: `'legacy'` or `0`. */
  version: TransactionVersion;
}
