import type { LoadedAddresses, TokenBalance, TransactionError } from '../types/transaction.js';
import type { WireAccount } from './account.js';
import { address } from './address.js';
import { memo } from './memo.js';
import { safeInteger, u8, u64 } from './numbers.js';
import {
  type AnySchema,
  array,
  dynamic,
  literal,
  nullable,
  optional,
  type Schema,
  string,
  tuple,
  type,
} from './struct.js';
import {
  compiledInstruction,
  loadedAddresses,
  parsedOrPartialInstruction,
  tokenBalance,
  transactionError,
} from './transaction.js';

/** agave parses a simulation's inner instructions; a compiled one (with `programIdIndex`) passes too. */
const innerInstruction = /* @__PURE__ */ memo(() =>
  dynamic(
    (value): AnySchema =>
      typeof value === 'object' && value !== null && 'programIdIndex' in value
        ? compiledInstruction()
        : parsedOrPartialInstruction(),
  ),
);

/** agave's `RpcSimulateTransactionResult` with `accounts` checked by `accounts`. */
function simulationOf(accounts: AnySchema): Schema<WireSimulation> {
  return type({
    err: nullable(transactionError()),
    logs: nullable(array(string())),
    accounts,
    unitsConsumed: nullable(safeInteger()),
    loadedAccountsDataSize: nullable(safeInteger()),
    returnData: nullable(type({ programId: address(), data: tuple([string(), literal('base64')]) })),
    innerInstructions: nullable(array(type({ index: u8(), instructions: array(innerInstruction()) }))),
    replacementBlockhash: nullable(type({ blockhash: address(), lastValidBlockHeight: safeInteger() })),
    fee: nullable(u64()),
    preBalances: nullable(array(u64())),
    postBalances: nullable(array(u64())),
    preTokenBalances: nullable(array(tokenBalance())),
    postTokenBalances: nullable(array(tokenBalance())),
    loadedAddresses: nullable(loadedAddresses()),
  }) as unknown as Schema<WireSimulation>;
}

/** The `data` of a -32002 preflight failure: a simulation result whose `accounts` is always `null`. */
export const preflightFailure = /* @__PURE__ */ memo(() => simulationOf(optional(literal(null))));

/** A `simulateTransaction` value whose accounts are checked by `account` (binary or parsed). */
export function simulationValue(account: Schema<WireAccount>): Schema<WireSimulation> {
  return simulationOf(nullable(array(nullable(account))));
}

/** A validated simulation result, before decoding. */
export interface WireSimulation {
  err?: TransactionError | null;
  logs?: string[] | null;
  accounts?: (WireAccount | null | undefined)[] | null;
  unitsConsumed?: number | null;
  loadedAccountsDataSize?: number | null;
  returnData?: { programId: string; data: [string, 'base64'] } | null;
  innerInstructions?: { index: number; instructions: unknown[] }[] | null;
  replacementBlockhash?: { blockhash: string; lastValidBlockHeight: number } | null;
  fee?: number | bigint | null;
  preBalances?: (number | bigint)[] | null;
  postBalances?: (number | bigint)[] | null;
  preTokenBalances?: TokenBalance[] | null;
  postTokenBalances?: TokenBalance[] | null;
  loadedAddresses?: LoadedAddresses | null;
}
