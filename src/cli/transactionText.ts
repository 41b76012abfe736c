/**
 * A transaction and its outcome as the Solana CLI prints them (`solana confirm -v`): accounts with their
 * modes, instructions, status, fee, balances, compute units and logs. Amounts are exact, never floats.
 */

import { formatSol, rfc3339, safe } from './format.js';
import { type DecodedTransaction, decodeBase58, type TransactionError, type TransactionMeta } from './library.js';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]);

/** agave's texts for the instruction errors met most; any other shows its name, as its Debug form does. */
const INSTRUCTION_ERRORS: Readonly<Record<string, string>> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  ProgramFailedToComplete: 'Program failed to complete',
};

/** agave's texts for the transaction errors met most; any other shows its name. */
const TRANSACTION_ERRORS: Readonly<Record<string, string>> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
};

function instructionErrorText(error: unknown): string {
  if (typeof error === 'string') return INSTRUCTION_ERRORS[error] ?? safe(error);
  if (error && typeof error === 'object' && 'Custom' in error) {
    return `custom program error: 0x${Number((error as { Custom: number }).Custom).toString(16)}`;
  }
  return safe(JSON.stringify(error));
}

/** A transaction error as agave's Display writes it: `Error processing Instruction 0: custom program error: 0x1`. */
export function transactionErrorText(error: TransactionError | unknown): string {
  if (typeof error === 'string') return TRANSACTION_ERRORS[error] ?? safe(error);
  if (error && typeof error === 'object') {
    const record = error as Record<string, unknown>;
    if (Array.isArray(record.InstructionError)) {
      const [index, inner] = record.InstructionError as [number, unknown];
      return `Error processing Instruction ${index}: ${instructionErrorText(inner)}`;
    }
    if (typeof record.DuplicateInstruction === 'number') {
      return `Transaction contains a duplicate instruction (${record.DuplicateInstruction}) that is not allowed`;
    }
    const rent = record.InsufficientFundsForRent as { account_index?: number } | undefined;
    if (rent && typeof rent === 'object') {
      return `Transaction results in an account (${rent.account_index}) with insufficient funds for rent`;
    }
  }
  return safe(JSON.stringify(error), 500);
}

/** The System Program's instructions with their Debug form agave prints; only the transfer is spelled out. */
function systemInstructionText(data: Uint8Array): string | undefined {
  if (data.length === 12 && data[0] === 2 && data[1] === 0 && data[2] === 0 && data[3] === 0) {
    const lamports = new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(4, true);
    return `Transfer { lamports: ${lamports} }`;
  }
  return undefined;
}

/** A transaction, then its status meta, each line after `prefix`. */
export function transactionLines(
  transaction: DecodedTransaction,
  meta: TransactionMeta | null,
  blockTime: number | null,
  prefix: string,
): string[] {
  const lines: string[] = [];
  const out = (line: string) => lines.push(`${prefix}${line}`);
  if (blockTime !== null) out(`Block Time: ${rfc3339(blockTime)}`);
  const { message } = transaction;
  const { header } = message;
  out(`Version: ${transaction.version}`);
  out(`Recent Blockhash: ${message.recentBlockhash}`);
  transaction.signatures.forEach((signature, i) => {
    out(`Signature ${i}: ${signature}`);
  });

  const lookups = message.addressTableLookups ?? [];
  const keys: string[] = [...message.accountKeys];
  const loadedWritable: string[] = [];
  const loadedReadonly: string[] = [];
  lookups.forEach((lookup, l) => {
    for (const t of lookup.writableIndexes) loadedWritable.push(`Unknown Address (uses lookup ${l} and index ${t})`);
    for (const t of lookup.readonlyIndexes) loadedReadonly.push(`Unknown Address (uses lookup ${l} and index ${t})`);
  });
  keys.push(...loadedWritable, ...loadedReadonly);
  const invoked = new Set(message.instructions.map((ix) => ix.programIdIndex));
  const staticCount = message.accountKeys.length;
  const writable = (i: number): boolean => {
    if (invoked.has(i)) return false; // a program called is never written
    if (i < header.numRequiredSignatures) return i < header.numRequiredSignatures - header.numReadonlySignedAccounts;
    if (i < staticCount) return i < staticCount - header.numReadonlyUnsignedAccounts;
    return i < staticCount + loadedWritable.length;
  };
  const feePayer = keys.findIndex((_, i) => !invoked.has(i));
  keys.forEach((key, i) => {
    const mode = `${i < header.numRequiredSignatures ? 's' : '-'}r${writable(i) ? 'w' : '-'}${invoked.has(i) ? 'x' : '-'}`;
    out(`Account ${i}: ${mode} ${key}${i === feePayer ? ' (fee payer)' : ''}`);
  });

  message.instructions.forEach((ix, n) => {
    const program = keys[ix.programIdIndex] ?? '?';
    out(`Instruction ${n}`);
    out(`  Program:   ${program} (${ix.programIdIndex})`);
    ix.accounts.forEach((a, j) => {
      out(`  Account ${j}: ${keys[a] ?? '?'} (${a})`);
    });
    const data = decodeBase58(ix.data, 1232) ?? new Uint8Array(0);
    const system = program === SYSTEM_PROGRAM ? systemInstructionText(data) : undefined;
    if (system) out(`  ${system}`);
    else if (MEMO_PROGRAMS.has(program)) out(`  Data: ${JSON.stringify(safe(new TextDecoder().decode(data), 500))}`);
    else out(`  Data: [${[...data].join(', ')}]`);
  });

  lookups.forEach((lookup, l) => {
    out(`Address Table Lookup ${l}`);
    out(`  Table Account: ${lookup.accountKey}`);
    out(`  Writable Indexes: [${lookup.writableIndexes.join(', ')}]`);
    out(`  Readonly Indexes: [${lookup.readonlyIndexes.join(', ')}]`);
  });

  if (!meta) {
    out('Status: Unavailable');
    return lines;
  }
  out(`Status: ${meta.err === null ? 'Ok' : transactionErrorText(meta.err)}`);
  out(`  Fee: ◎${formatSol(meta.fee)}`);
  meta.preBalances.forEach((pre, i) => {
    const post = meta.postBalances[i] ?? pre;
    out(`  Account ${i} balance: ◎${formatSol(pre)}${pre === post ? '' : ` -> ◎${formatSol(post)}`}`);
  });
  if (meta.computeUnitsConsumed !== undefined) out(`Compute Units Consumed: ${meta.computeUnitsConsumed}`);
  if (meta.logMessages && meta.logMessages.length > 0) {
    out('Log Messages:');
    for (const log of meta.logMessages) out(`  ${safe(log, 2000)}`);
  }
  return lines;
}
