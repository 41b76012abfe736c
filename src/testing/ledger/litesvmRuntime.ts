/**
 * Transactions run in LiteSVM (the optional peer dependency `litesvm`), so real programs execute: SPL
 * Token, Memo, Associated Token Account (LiteSVM loads them by default) and the user's own. LiteSVM keeps
 * one state; the cluster keeps its accounts per slot. So before each run the accounts the transaction
 * names are copied from the bank it runs against into LiteSVM, and after a run that lands, the writable
 * ones are copied back. The cluster checks signatures and blockhashes itself (as for the built-in runtime);
 * LiteSVM's own blockhash check is off. Loaded with a dynamic import, only when asked for.
 */
import { InvalidInputError } from '../../errors/InvalidInputError.js';
import type { DecodedTransaction } from '../../index.js';
import type { AccountState } from './accountStore.js';
import type { Executed, Refused } from './execute.js';
import { isWritable } from './execute.js';
import { feeOf } from './fees.js';
import { INSTRUCTION_ERRORS, TRANSACTION_ERRORS } from './litesvmErrorNames.js';
import type { AccountReader, Runtime } from './runtime.js';
import type { InstructionFailure, TransactionErr } from './transactionError.js';

/** What of LiteSVM's API the runtime uses (the `LiteSVM` class of the `litesvm` package). */
export interface LiteSvmLike {
  withBlockhashCheck(check: boolean): LiteSvmLike;
  getAccount(address: string): {
    exists: boolean;
    lamports?: bigint;
    data?: Uint8Array;
    programAddress?: string;
    executable?: boolean;
  };
  setAccount(account: {
    address: string;
    lamports: bigint;
    data: Uint8Array;
    programAddress: string;
    executable: boolean;
    space: bigint;
  }): void;
  addProgram(programId: string, bytes: Uint8Array): void;
  sendTransaction(tx: unknown): unknown;
  simulateTransaction(tx: unknown): unknown;
  warpToSlot(slot: bigint): void;
}

interface LiteSvmModule {
  LiteSVM: new () => LiteSvmLike;
  FailedTransactionMetadata: new (...args: never[]) => { err(): unknown; meta(): Meta };
}
interface Meta {
  logs(): string[];
  computeUnitsConsumed(): bigint;
}
export interface InternalModule {
  TransactionErrorInstructionError: new (...args: never[]) => { index: number; err(): unknown };
  InstructionErrorCustom: new (...args: never[]) => { code: number };
  TransactionErrorDuplicateInstruction: new (...args: never[]) => { index: number };
  TransactionErrorInsufficientFundsForRent: new (...args: never[]) => { accountIndex: number };
}

// Names held in variables: a bundler of an app that never asks for LiteSVM must not try to include it.
const LITESVM: string = 'litesvm';
const LITESVM_INTERNAL: string = 'litesvm/dist/internal.js';
const SYSVAR_OWNER = 'Sysvar1111111111111111111111111111111111111';
const BPF_LOADERS = new Set([
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
]);
/** Errors before execution: the transaction is not included and pays nothing (as agave drops it). */
const NOT_INCLUDED = new Set([
  'SignatureFailure',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'InsufficientFundsForFee',
  'AccountNotFound',
  'InvalidAccountForFee',
  'SanitizeFailure',
]);

/**
 * The LiteSVM runtime: a new LiteSVM, or the one given (with the programs the test added to it). The
 * executable accounts preloaded with a BPF loader as owner are deployed into it as programs.
 */
export async function createLiteSvmRuntime(
  given: true | LiteSvmLike,
  preloaded: ReadonlyMap<string, AccountState>,
): Promise<Runtime> {
  let modules: [LiteSvmModule, InternalModule];
  try {
    modules = [(await import(LITESVM)) as LiteSvmModule, (await import(LITESVM_INTERNAL)) as InternalModule];
  } catch (cause) {
    throw notInstalled(cause);
  }
  return liteSvmRuntime(modules, given, preloaded);
}

const notInstalled = (cause: unknown) =>
  Object.assign(
    new InvalidInputError({
      method: 'startTestCluster',
      param: 'options.litesvm',
      problem: 'the optional peer dependency `litesvm` is not installed (npm install --save-dev litesvm)',
    }),
    { cause },
  );

function liteSvmRuntime(
  [litesvm, internal]: [LiteSvmModule, InternalModule],
  given: true | LiteSvmLike,
  preloaded: ReadonlyMap<string, AccountState>,
): Runtime {
  const svm = (given === true ? new litesvm.LiteSVM() : given).withBlockhashCheck(false);
  for (const [address, account] of preloaded) {
    if (account.executable && BPF_LOADERS.has(account.owner)) svm.addProgram(address, account.data);
  }
  return {
    run(transaction, bytes, read, slot, commit) {
      svm.warpToSlot(BigInt(slot));
      copyIn(svm, transaction, read);
      const keys = transaction.message.accountKeys;
      const balance = (key: string) => {
        const account = svm.getAccount(key);
        return account.exists ? BigInt(account.lamports ?? 0n) : 0n;
      };
      const preBalances = keys.map(balance);
      const tx = kitTransaction(transaction, bytes);
      const result = (commit ? svm.sendTransaction(tx) : svm.simulateTransaction(tx)) as {
        meta(): Meta;
        err?: () => unknown;
      };
      const failed = result instanceof litesvm.FailedTransactionMetadata;
      const err = failed ? errorJson(internal, (result as { err(): unknown }).err()) : null;
      if (typeof err === 'string' && NOT_INCLUDED.has(err)) return { refused: err } as Refused;
      // A landed success is its own metadata; a failure and a simulation carry theirs.
      const meta = failed || !commit ? result.meta() : (result as unknown as Meta);
      const writes = new Map<string, AccountState>();
      if (commit) {
        for (const [index, key] of keys.entries()) {
          if (!isWritable(transaction, index)) continue;
          const account = svm.getAccount(key);
          writes.set(
            key,
            account.exists
              ? {
                  lamports: BigInt(account.lamports ?? 0n),
                  owner: String(account.programAddress),
                  data: new Uint8Array(account.data ?? []),
                  executable: account.executable ?? false,
                }
              : { lamports: 0n, owner: '11111111111111111111111111111111', data: new Uint8Array(0), executable: false },
          );
        }
      }
      const executed: Executed = {
        err: err as TransactionErr | null,
        fee: feeOf(transaction),
        logs: meta.logs(),
        unitsConsumed: Number(meta.computeUnitsConsumed()),
        preBalances,
        postBalances: commit ? keys.map(balance) : preBalances,
        writes,
      };
      return executed;
    },
  };
}

/** The accounts the transaction names, as the bank holds them, into LiteSVM (emptied where the bank has none). */
function copyIn(svm: LiteSvmLike, transaction: DecodedTransaction, read: AccountReader): void {
  for (const key of transaction.message.accountKeys) {
    const ours = read(key);
    if (ours) {
      // A program LiteSVM already runs stays as it is: its account here would not load it.
      if (ours.executable && svm.getAccount(key).exists) continue;
      svm.setAccount({
        address: key,
        lamports: ours.lamports,
        data: ours.data,
        programAddress: ours.owner,
        executable: ours.executable,
        space: BigInt(ours.data.length),
      });
      continue;
    }
    const theirs = svm.getAccount(key);
    // LiteSVM's own programs and sysvars are not the cluster's to remove.
    if (!theirs.exists || theirs.executable || theirs.programAddress === SYSVAR_OWNER) continue;
    svm.setAccount({
      address: key,
      lamports: 0n,
      data: new Uint8Array(0),
      programAddress: '11111111111111111111111111111111',
      executable: false,
      space: 0n,
    });
  }
}

/** The wire transaction as @solana/kit's `Transaction`: the message bytes and each signer's signature. */
function kitTransaction(transaction: DecodedTransaction, bytes: Uint8Array) {
  const count = transaction.message.header.numRequiredSignatures;
  const signatures: Record<string, Uint8Array> = {};
  for (let i = 0; i < count; i++) {
    signatures[transaction.message.accountKeys[i] as string] = bytes.subarray(1 + 64 * i, 1 + 64 * (i + 1));
  }
  return { messageBytes: bytes.subarray(1 + 64 * count), signatures };
}

/** A LiteSVM transaction error as agave's JSON (serde's external tagging). */
export function errorJson(internal: InternalModule, err: unknown): unknown {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `Unknown${err}`;
  if (err instanceof internal.TransactionErrorInstructionError) {
    const inner = err.err();
    let failure: InstructionFailure;
    if (typeof inner === 'number') failure = INSTRUCTION_ERRORS[inner] ?? `Unknown${inner}`;
    else if (inner instanceof internal.InstructionErrorCustom) failure = { Custom: inner.code };
    else failure = 'BorshIoError';
    return { InstructionError: [err.index, failure] };
  }
  if (err instanceof internal.TransactionErrorDuplicateInstruction) return { DuplicateInstruction: err.index };
  if (err instanceof internal.TransactionErrorInsufficientFundsForRent) {
    return { InsufficientFundsForRent: { account_index: err.accountIndex } };
  }
  return 'UnknownError';
}
