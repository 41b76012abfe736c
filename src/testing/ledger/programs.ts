/**
 * The programs the built-in runtime runs itself (without LiteSVM): the System Program's transfers and
 * account creation, the Memo programs and the Compute Budget program, each logging what agave's prints.
 * Any other program needs LiteSVM (`startTestCluster({ litesvm: true })`).
 */
import { encodeBase58 } from '../../codecs/base58.js';
import { decodeBase58 } from '../../codecs/base58Text.js';
import { u32le, u64le } from '../bytes.js';
import { MEMO_PROGRAM, SYSTEM_PROGRAM } from '../simulationCast.js';
import type { AccountState } from './accountStore.js';
import type { InstructionFailure } from './transactionError.js';

export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const MEMO_V1_PROGRAM = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo';
/** Programs the runtime runs natively (agave's builtins): no "consumed" log line, 150 units each. */
export const BUILTINS: ReadonlySet<string> = new Set([SYSTEM_PROGRAM, COMPUTE_BUDGET_PROGRAM]);
/** The programs this runtime can run. */
export const KNOWN_PROGRAMS: ReadonlySet<string> = new Set([...BUILTINS, MEMO_PROGRAM, MEMO_V1_PROGRAM]);

/** An instruction's accounts, resolved, with what the message says of each. */
export interface InstructionAccount {
  address: string;
  signer: boolean;
  writable: boolean;
}

/** What an instruction sees and changes: reads and writes go through the transaction's working set. */
export interface InstructionRun {
  programId: string;
  data: Uint8Array;
  accounts: InstructionAccount[];
  read(address: string): AccountState | undefined;
  write(address: string, state: AccountState): void;
  log(line: string): void;
}

/** An instruction's result: the units it used, or its error. */
export type InstructionOutcome = { units: number } | { units: number; error: InstructionFailure };

const emptyAccount = (): AccountState => ({
  lamports: 0n,
  owner: SYSTEM_PROGRAM,
  data: new Uint8Array(0),
  executable: false,
});

/** Instruction data as the message carries it (base58 text) to bytes. */
export function instructionBytes(text: string): Uint8Array {
  return decodeBase58(text, text.length) ?? new Uint8Array(0);
}

/** Runs one instruction of a program this runtime knows. */
export function runInstruction(run: InstructionRun): InstructionOutcome {
  if (run.programId === SYSTEM_PROGRAM) return systemProgram(run);
  if (run.programId === COMPUTE_BUDGET_PROGRAM) return { units: 150 };
  return memoProgram(run);
}

function systemProgram(run: InstructionRun): InstructionOutcome {
  const data = run.data;
  const kind = data.length >= 4 ? u32le(data, 0) : -1;
  if (kind === 2 && data.length === 12) return transfer(run, u64le(data, 4));
  if (kind === 0 && data.length === 52) {
    return createAccount(run, u64le(data, 4), u64le(data, 12), encodeBase58(data.subarray(20, 52)));
  }
  return { units: 150, error: 'InvalidInstructionData' };
}

/** SystemInstruction::Transfer: `from` must sign and carry no data; both must be writable. */
function transfer(run: InstructionRun, lamports: bigint): InstructionOutcome {
  const [from, to] = run.accounts;
  if (!from || !to) return { units: 150, error: 'NotEnoughAccountKeys' };
  if (!from.signer) {
    run.log(`Transfer: \`from\` account ${from.address} must sign`);
    return { units: 150, error: 'MissingRequiredSignature' };
  }
  const source = run.read(from.address) ?? emptyAccount();
  if (source.data.length > 0) {
    run.log('Transfer: `from` must not carry data');
    return { units: 150, error: 'InvalidArgument' };
  }
  if (lamports > source.lamports) {
    run.log(`Transfer: insufficient lamports ${source.lamports}, need ${lamports}`);
    return { units: 150, error: { Custom: 1 } };
  }
  if (!from.writable || !to.writable) return { units: 150, error: 'ReadonlyLamportChange' };
  run.write(from.address, { ...source, lamports: source.lamports - lamports });
  const target = run.read(to.address) ?? emptyAccount();
  run.write(to.address, { ...target, lamports: target.lamports + lamports });
  return { units: 150 };
}

/** SystemInstruction::CreateAccount: a new account of `space` zeroed bytes owned by `owner`. */
function createAccount(run: InstructionRun, lamports: bigint, space: bigint, owner: string): InstructionOutcome {
  const [from, to] = run.accounts;
  if (!from || !to) return { units: 150, error: 'NotEnoughAccountKeys' };
  const target = run.read(to.address);
  if (target && (target.lamports > 0n || target.data.length > 0 || target.owner !== SYSTEM_PROGRAM)) {
    run.log(`Create Account: account Address { address: ${to.address}, base: None } already in use`);
    return { units: 150, error: { Custom: 0 } };
  }
  if (space > 10n * 1024n * 1024n) {
    run.log(`Allocate: requested ${space}, max allowed 10485760`);
    return { units: 150, error: { Custom: 3 } };
  }
  if (!to.signer) {
    run.log(`Allocate: 'to' account Address { address: ${to.address}, base: None } must sign`);
    return { units: 150, error: 'MissingRequiredSignature' };
  }
  run.write(to.address, { lamports: 0n, owner, data: new Uint8Array(Number(space)), executable: false });
  const moved = transfer(run, lamports);
  if ('error' in moved) run.write(to.address, target ?? emptyAccount());
  return moved;
}

/**
 * The Memo programs, as the SPL Memo build LiteSVM ships runs (the program's bytes, observed): v2 logs
 * "Signed by:" and each signer when accounts are given (an account that does not sign fails the
 * instruction), then "Memo (len N)" and the memo itself on a line of its own; data that is not UTF-8
 * fails. v1 logs nothing. The units are an estimate near what that build consumes (about 500).
 */
function memoProgram(run: InstructionRun): InstructionOutcome {
  const v2 = run.programId === MEMO_PROGRAM;
  const units = 500 + Math.floor(run.data.length / 4);
  if (run.accounts.length > 0 && v2) run.log('Program log: Signed by:');
  for (const account of run.accounts) {
    if (!account.signer) return { units: 130, error: 'MissingRequiredSignature' };
    if (v2) run.log(`Program log: ${account.address}`);
  }
  if (v2) run.log(`Program log: Memo (len ${run.data.length})`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(run.data);
  } catch {
    return { units: 272, error: 'ProgramFailedToComplete' };
  }
  if (v2) run.log(`Program log: ${text}`);
  return { units };
}
