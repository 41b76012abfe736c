/**
 * Transaction errors as agave writes them: the wire value (`err` in statuses and meta) and the text its
 * `Display` gives, which a failed preflight puts after "Transaction simulation failed: ".
 */

/** An instruction's error: a fieldless name (`"MissingRequiredSignature"`) or `{ Custom: n }`. */
export type InstructionFailure = string | { Custom: number };

export type TransactionErr =
  | 'AccountNotFound'
  | 'InsufficientFundsForFee'
  | 'InvalidAccountForFee'
  | 'BlockhashNotFound'
  | 'ProgramAccountNotFound'
  | 'InvalidProgramForExecution'
  | 'AddressLookupTableNotFound'
  | 'AlreadyProcessed'
  | { InsufficientFundsForRent: { account_index: number } }
  | { InstructionError: [number, InstructionFailure] };

const FIELDLESS: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  BlockhashNotFound: 'Blockhash not found',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  AlreadyProcessed: 'This transaction has already been processed',
};

const INSTRUCTION_TEXT: Record<string, string> = {
  MissingRequiredSignature: 'missing required signature for instruction',
  InvalidInstructionData: 'invalid instruction data',
  InvalidArgument: 'invalid program argument',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  InvalidAccountData: 'invalid account data for instruction',
  UnsupportedProgramId: 'Unsupported program id',
  ProgramFailedToComplete: 'Program failed to complete',
};

/** agave's text for a transaction error (its Display). */
export function describeTransactionError(err: TransactionErr): string {
  if (typeof err === 'string') return FIELDLESS[err] ?? err;
  if ('InsufficientFundsForRent' in err) {
    return `Transaction results in an account (${err.InsufficientFundsForRent.account_index}) with insufficient funds for rent`;
  }
  const [index, failure] = err.InstructionError;
  const text =
    typeof failure === 'string'
      ? (INSTRUCTION_TEXT[failure] ?? failure)
      : `custom program error: 0x${failure.Custom.toString(16)}`;
  return `Error processing Instruction ${index}: ${text}`;
}
