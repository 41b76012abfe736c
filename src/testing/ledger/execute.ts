/**
 * The built-in runtime: runs a decoded transaction against the accounts as they are, as agave's bank
 * does for the programs it knows (programs.ts). The fee payer is checked first (a payer that cannot pay
 * means the transaction is never included); then the fee is charged, the instructions run in order, and
 * the rent rule is applied to every writable account. A failed transaction keeps only its fee.
 */
import type { DecodedTransaction } from '../../index.js';
import { SYSTEM_PROGRAM } from '../simulationCast.js';
import type { AccountState } from './accountStore.js';
import { feeOf } from './fees.js';
import { BUILTINS, type InstructionAccount, instructionBytes, KNOWN_PROGRAMS, runInstruction } from './programs.js';
import { rentExemptMinimum, rentTransitionAllowed } from './rent.js';
import type { TransactionErr } from './transactionError.js';

/** What a transaction did: its error or none, its fee, logs and balances, and the accounts to write. */
export interface Executed {
  err: TransactionErr | null;
  fee: bigint;
  logs: string[];
  unitsConsumed: number;
  preBalances: bigint[];
  postBalances: bigint[];
  /** Every account the transaction changed (the fee payer at least), as it is afterwards. */
  writes: Map<string, AccountState>;
}

/** A transaction the bank does not include: its fee payer cannot pay, or its accounts cannot load. */
export interface Refused {
  refused: TransactionErr;
}

/** SPL Token, Token-2022 and Associated Token Account: deployed on every cluster, run by LiteSVM alone. */
const SPL_PROGRAMS: ReadonlySet<string> = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
]);

/** Whether the key at `index` is writable, by the message header (legacy and v0 static keys). */
export function isWritable(transaction: DecodedTransaction, index: number): boolean {
  const { header, accountKeys } = transaction.message;
  return index < header.numRequiredSignatures
    ? index < header.numRequiredSignatures - header.numReadonlySignedAccounts
    : index < accountKeys.length - header.numReadonlyUnsignedAccounts;
}

/** Runs `transaction` against `read` (the accounts as they are). Nothing is written: apply `writes`. */
export function execute(
  transaction: DecodedTransaction,
  read: (address: string) => AccountState | undefined,
): Executed | Refused {
  const { message } = transaction;
  if ((message.addressTableLookups ?? []).length > 0) return { refused: 'AddressLookupTableNotFound' };
  const keys = message.accountKeys;
  const payer = keys[0] as string;
  const fee = feeOf(transaction);
  const payerAccount = read(payer);
  if (!payerAccount || payerAccount.lamports === 0n) return { refused: 'AccountNotFound' };
  if (payerAccount.owner !== SYSTEM_PROGRAM || payerAccount.data.length > 0) return { refused: 'InvalidAccountForFee' };
  if (payerAccount.lamports < fee) return { refused: 'InsufficientFundsForFee' };
  const charged = { ...payerAccount, lamports: payerAccount.lamports - fee };
  if (!rentTransitionAllowed(payerAccount, charged))
    return { refused: { InsufficientFundsForRent: { account_index: 0 } } };

  const preBalances = keys.map((key) => read(key)?.lamports ?? 0n);
  const feeOnly = new Map([[payer, charged]]);
  const failed = (err: TransactionErr, logs: string[], units: number): Executed => ({
    err,
    fee,
    logs,
    unitsConsumed: units,
    preBalances,
    postBalances: keys.map((_key, i) => (i === 0 ? charged.lamports : (preBalances[i] as bigint))),
    writes: feeOnly,
  });

  // A program the transaction calls must exist before anything runs (agave loads them with the accounts).
  // The SPL programs every cluster deploys exist here too, though only LiteSVM runs them.
  for (const instruction of message.instructions) {
    const program = keys[instruction.programIdIndex] as string;
    if (KNOWN_PROGRAMS.has(program) || SPL_PROGRAMS.has(program)) continue;
    const account = read(program);
    if (!account) return failed('ProgramAccountNotFound', [], 0);
    if (!account.executable) return failed('InvalidProgramForExecution', [], 0);
  }

  const working = new Map<string, AccountState>(feeOnly);
  const current = (address: string) => working.get(address) ?? read(address);
  const logs: string[] = [];
  let units = 0;
  for (const [index, instruction] of message.instructions.entries()) {
    const programId = keys[instruction.programIdIndex] as string;
    logs.push(`Program ${programId} invoke [1]`);
    if (!KNOWN_PROGRAMS.has(programId)) {
      // A program of the user's own: only LiteSVM can run it.
      logs.push(`Program ${programId} failed: Unsupported program id`);
      return failed({ InstructionError: [index, 'UnsupportedProgramId'] }, logs, units);
    }
    const accounts: InstructionAccount[] = instruction.accounts.map((i) => ({
      address: keys[i] as string,
      signer: i < message.header.numRequiredSignatures,
      writable: isWritable(transaction, i),
    }));
    const outcome = runInstruction({
      programId,
      data: instructionBytes(instruction.data),
      accounts,
      read: current,
      write: (address, state) => working.set(address, state),
      log: (line) => logs.push(line),
    });
    units += outcome.units;
    const builtin = BUILTINS.has(programId);
    if (!builtin)
      logs.push(`Program ${programId} consumed ${outcome.units} of ${200_000 - (units - outcome.units)} compute units`);
    if ('error' in outcome) {
      const text =
        typeof outcome.error === 'string'
          ? outcome.error
          : `custom program error: 0x${outcome.error.Custom.toString(16)}`;
      logs.push(`Program ${programId} failed: ${failureText(text)}`);
      return failed({ InstructionError: [index, outcome.error] }, logs, units);
    }
    logs.push(`Program ${programId} success`);
  }

  for (const [index, key] of keys.entries()) {
    if (!isWritable(transaction, index) || !working.has(key)) continue;
    if (!rentTransitionAllowed(read(key), working.get(key))) {
      return failed({ InsufficientFundsForRent: { account_index: index } }, logs, units);
    }
  }
  return {
    err: null,
    fee,
    logs,
    unitsConsumed: units,
    preBalances,
    postBalances: keys.map((key) => current(key)?.lamports ?? 0n),
    writes: working,
  };
}

/** The words agave's log line uses for an instruction error ("failed: <text>"). */
function failureText(name: string): string {
  const words: Record<string, string> = {
    MissingRequiredSignature: 'missing required signature for instruction',
    InvalidInstructionData: 'invalid instruction data',
    InvalidArgument: 'invalid program argument',
    ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
    NotEnoughAccountKeys: 'insufficient account keys for instruction',
    ProgramFailedToComplete: 'Program failed to complete',
  };
  return words[name] ?? name;
}

export { rentExemptMinimum };
