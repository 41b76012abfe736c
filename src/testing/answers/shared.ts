/**
 * What many answers share: the bank a call's commitment reads, the `{ context, value }` wrapper agave puts
 * around a bank's answer, and an account as that bank holds it.
 */
import { type StoredAccount, storedAccount } from '../simulatedAccounts.js';
import { bankSlot, context } from '../simulatedLedger.js';
import type { AnswerContext } from './answer.js';

/** The slot of the bank a config's commitment reads (finalized when none). */
export function bankOf(ctx: AnswerContext, config: { commitment?: string } | undefined): number {
  return bankSlot(ctx.slot, config?.commitment);
}

/** agave's RpcResponse: the bank's slot beside the value. */
export function atBank(slot: number, value: unknown) {
  return { context: context(slot), value };
}

/** The account at `address` in the bank at `slot`. */
export function accountAt(ctx: AnswerContext, address: string, slot: number): StoredAccount | undefined {
  return storedAccount(address, ctx.slot, ctx.nowMs, ctx.ledger, slot);
}

/** The last param when it is a config object, else `{}`. */
export function lastConfig<T>(params: unknown[]): T {
  const value = params.at(-1);
  return (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as T;
}
