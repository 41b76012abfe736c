/**
 * What a simulation returns: `simulateTransaction`'s value, and the `data` of a -32002 preflight failure
 * of `sendTransaction`, which is the same simulation result (agave's `RpcSimulateTransactionResult`).
 * @module
 */
import type { Account, BlockhashLifetime } from './index.js';
import type {
  CompiledInstruction,
  LoadedAddresses,
  ParsedInstruction,
  PartiallyDecodedInstruction,
  ReturnData,
  TokenBalance,
  TransactionError,
} from './transaction.js';

/** Inner (CPI) instructions of one top-level instruction, as a simulation records them. */
export interface SimulatedInnerInstructions {
  /** Index of the top-level instruction that made these calls. */
  index: number;
  /** The instructions it invoked, in order: parsed where the node has a parser (agave parses them). */
  instructions: (ParsedInstruction | PartiallyDecodedInstruction | CompiledInstruction)[];
}

/**
 * The blockhash a simulation used in place of the transaction's own (`replaceRecentBlockhash`), and its
 * last valid block height: a lifetime kit's `setTransactionMessageLifetimeUsingBlockhash` takes as it is.
 */
export interface ReplacementBlockhash extends BlockhashLifetime {}

/**
 * The outcome of a simulation, without the accounts. Fields a node sends as `null` are `null` here when it
 * leaves them out too; fields newer nodes add are optional and present only when sent.
 */
export interface SimulationOutcome {
  /** Why the transaction failed, decoded as `getTransaction`'s `meta.err`; `null` when it succeeded. */
  err: TransactionError | null;
  /** The program logs, in order; `null` where the node recorded none (the simulation did not run). */
  logs: string[] | null;
  /** Compute units consumed; `null` where the node did not say. */
  unitsConsumed: number | null;
  /** Bytes of account data the transaction loaded; `null` where the node did not say (older nodes). */
  loadedAccountsDataSize: number | null;
  /** Data the last program returned with `set_return_data`, as bytes; `null` when none. */
  returnData: ReturnData | null;
  /** Inner instructions, when asked for with `innerInstructions: true`; `null` otherwise. */
  innerInstructions: SimulatedInnerInstructions[] | null;
  /** The blockhash used instead of the transaction's, with `replaceRecentBlockhash: true`. */
  replacementBlockhash?: ReplacementBlockhash | null;
  /** The fee the transaction would pay, in lamports (newer nodes). */
  fee?: bigint | null;
  /** Balances of every account key before, in lamports (newer nodes). */
  preBalances?: bigint[] | null;
  /** The same balances after (newer nodes). */
  postBalances?: bigint[] | null;
  /** Token balances before (newer nodes). */
  preTokenBalances?: TokenBalance[] | null;
  /** Token balances after (newer nodes). */
  postTokenBalances?: TokenBalance[] | null;
  /** Keys loaded from address lookup tables (newer nodes). */
  loadedAddresses?: LoadedAddresses | null;
}

/**
 * The `data` of a -32002 error of `sendTransaction`: the failed preflight simulation, decoded. Read it
 * through `isPreflightFailure(error)`, which narrows `error.data` to this type.
 */
export interface PreflightFailure extends SimulationOutcome {
  /** Always `null`: a preflight simulation returns no accounts. */
  accounts: null;
}

/** A simulation's value: the outcome and the accounts asked for in `config.accounts`. */
export interface SimulationValue<TData> extends SimulationOutcome {
  /**
   * The accounts asked for, in the order of `config.accounts.addresses`, as they would be after the
   * transaction; `null` where one does not exist. Every entry is `null` when the simulation failed, even
   * for accounts that exist; the whole list is `null` when no accounts were asked for.
   */
  accounts: (Account<TData> | null)[] | null;
}
