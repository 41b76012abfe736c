/**
 * What runs a transaction: the built-in runtime (System transfers, memos, compute budget) or LiteSVM.
 * `run` executes against the accounts `read` gives for the bank at `slot`; with `commit` false it only
 * simulates (a preflight). Either way nothing is written: the caller applies `writes`.
 */
import type { DecodedTransaction } from '../../index.js';
import type { AccountState } from './accountStore.js';
import { type Executed, execute, type Refused } from './execute.js';

export type AccountReader = (address: string) => AccountState | undefined;

export interface Runtime {
  run(
    transaction: DecodedTransaction,
    bytes: Uint8Array,
    read: AccountReader,
    slot: number,
    commit: boolean,
  ): Executed | Refused;
}

/** The built-in runtime: programs.ts's programs, nothing else. */
export const BUILTIN_RUNTIME: Runtime = {
  run: (transaction, _bytes, read) => execute(transaction, read),
};
