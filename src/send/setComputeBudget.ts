/**
 * `setComputeBudget`: a compiled, unsigned message edited to carry one SetComputeUnitLimit and one
 * SetComputeUnitPrice, as agave's compute-budget processing takes them.
 * @module
 */
import { lengthBytes, type MessageLayout, readMessage, writeMessage } from '../codecs/messageLayout.js';
import { LayoutFault, readTransaction } from '../codecs/transactionLayout.js';
import { DecodeError } from '../errors/DecodeError.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { checkConfig, checkU64, describe } from '../options/check.js';
import type { ReadonlyUint8Array } from '../types/index.js';
import { MAX_COMPUTE_UNIT_LIMIT } from './computeBudgetOf.js';

/** Options of `setComputeBudget`; one left out keeps what the message has. */
export interface SetComputeBudgetOptions {
  /** Compute units the transaction may use (SetComputeUnitLimit), an integer from 0 to 1,400,000. */
  unitLimit?: number;
  /** Micro-lamports paid per compute unit (SetComputeUnitPrice): a `bigint` up to 2^64 - 1 or a safe integer. */
  unitPrice?: bigint | number;
}

const METHOD = 'setComputeBudget';
/** The most a transaction, signatures included, may take: an IPv6 packet's payload (PACKET_DATA_SIZE). */
const PACKET_BYTES = 1232;
/** COMPUTE_BUDGET_PROGRAM (computeBudgetOf.ts) as bytes: no base58 decoder for one constant. */
const COMPUTE_BUDGET_PROGRAM = [
  3, 6, 70, 111, 229, 33, 23, 50, 255, 236, 173, 186, 114, 195, 155, 231, 188, 140, 229, 187, 197, 247, 18, 107, 44, 67,
  155, 58, 64, 0, 0, 0,
];
/** ComputeBudgetInstruction tags: SetComputeUnitLimit(u32), SetComputeUnitPrice(u64). */
const SET_LIMIT = 2;
const SET_PRICE = 3;
/** SystemInstruction::AdvanceNonceAccount's u32 tag. */
const ADVANCE_NONCE = 4;

type Instruction = MessageLayout['instructions'][number];

/**
 * Edits a compiled, unsigned message so that it carries exactly one SetComputeUnitLimit and one
 * SetComputeUnitPrice, and returns new bytes (the input is never changed).
 *
 * - An instruction already there is rewritten in place; later copies are removed (agave refuses a
 *   transaction with two of either, `DuplicateInstruction`). An option left out keeps what the message
 *   has (or adds nothing); RequestHeapFrame and SetLoadedAccountsDataSizeLimit are kept as they are.
 * - New ones go first (the limit, then the price), after a leading AdvanceNonceAccount, which a durable
 *   nonce transaction must keep first.
 * - The ComputeBudget program, when missing, is added as the last static key, read-only and unsigned;
 *   in a v0 message every index into its lookup tables moves up by one with it.
 *
 * `message` is the message's bytes (legacy, or v0 with its 0x80 prefix), as kit's
 * `getCompiledTransactionMessageEncoder` or web3.js' `message.serialize()` give them. An unsigned wire
 * transaction (every signature all zeros, as kit's `getTransactionEncoder` writes one not yet signed)
 * is taken too, and comes back in the same form. Throws `InvalidInputError` naming the parameter for a
 * signed transaction (sign after this edit), bad options, or a result that no longer fits a transaction
 * (1,232 bytes with its signatures, 256 accounts); `DecodeError` naming the field and byte for bytes that
 * are not a message.
 * @example
 * const bytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message));
 * const edited = setComputeBudget(bytes, { unitLimit: 120_000, unitPrice: 25_000n });
 * // sign `edited`, then send it
 */
export function setComputeBudget(message: ReadonlyUint8Array, options: SetComputeBudgetOptions): Uint8Array {
  if (!(message instanceof Uint8Array)) {
    throw new InvalidInputError({
      method: METHOD,
      param: 'message',
      problem: `expected the compiled message's bytes as a Uint8Array, got ${describe(message)}`,
    });
  }
  const config = checkConfig(METHOD, 'options', options, ['unitLimit', 'unitPrice']);
  const { unitLimit } = config;
  if (
    unitLimit !== undefined &&
    !(
      typeof unitLimit === 'number' &&
      Number.isInteger(unitLimit) &&
      unitLimit >= 0 &&
      unitLimit <= MAX_COMPUTE_UNIT_LIMIT
    )
  ) {
    throw new InvalidInputError({
      method: METHOD,
      param: 'options.unitLimit',
      problem: `expected an integer from 0 to 1400000 (agave's MAX_COMPUTE_UNIT_LIMIT), got ${describe(unitLimit)}`,
    });
  }
  const price = checkU64(METHOD, 'options.unitPrice', config.unitPrice);
  if (message.length > PACKET_BYTES) {
    throw new InvalidInputError({
      method: METHOD,
      param: 'message',
      problem: `${message.length} bytes: more than a transaction may hold (${PACKET_BYTES} with its signatures)`,
    });
  }

  const { layout, signatures } = read(message);
  const values = new Map<number, bigint>();
  if (unitLimit !== undefined) values.set(SET_LIMIT, BigInt(unitLimit as number));
  if (price !== undefined) values.set(SET_PRICE, BigInt(price));
  const body = writeMessage(edit(layout, values));

  const signers = layout.header.numRequiredSignatures;
  const size = lengthBytes(signers).length + signers * 64 + body.length;
  if (size > PACKET_BYTES) {
    throw new InvalidInputError({
      method: METHOD,
      param: 'message',
      problem: `with its compute budget the transaction would take ${size} bytes with its signatures, more than the ${PACKET_BYTES} a packet holds`,
    });
  }
  if (!signatures) return body;
  const wire = new Uint8Array(signatures.length + body.length);
  wire.set(signatures);
  wire.set(body, signatures.length);
  return wire;
}

/**
 * The message's parts, and the signature section when `bytes` is an unsigned wire transaction. The two
 * forms cannot be mistaken: an all-zero signature read as a message header gives it no account keys, and
 * a v0 message's first byte would be a count of 128 signatures or more.
 */
function read(bytes: Uint8Array): { layout: MessageLayout; signatures?: Uint8Array } {
  let messageFault: LayoutFault;
  try {
    return { layout: readMessage(bytes) };
  } catch (error) {
    if (!(error instanceof LayoutFault)) throw error;
    messageFault = error;
  }
  let transaction: ReturnType<typeof readTransaction>;
  try {
    transaction = readTransaction(bytes);
  } catch (error) {
    if (!(error instanceof LayoutFault)) throw error;
    // Neither form: the message's fault, unless the bytes began as a transaction (its signatures read).
    const fault = !error.field.startsWith('signatures') && error.offset > messageFault.offset ? error : messageFault;
    throw new DecodeError({ decoder: METHOD, field: fault.field, offset: fault.offset, problem: fault.message });
  }
  const { signatures, ...layout } = transaction;
  const signed = signatures.findIndex((signature) => signature.some((byte) => byte !== 0));
  if (signed !== -1) {
    throw new InvalidInputError({
      method: METHOD,
      param: `message.signatures.${signed}`,
      problem: 'the transaction is signed, and a signature covers the message this would change',
      hint: 'set the compute budget on the unsigned message, then sign it.',
    });
  }
  const end = lengthBytes(signatures.length).length + signatures.length * 64;
  return { layout, signatures: bytes.subarray(0, end) };
}

/** The message with one instruction per tag in `values` set to its value, adding the program when missing. */
function edit(layout: MessageLayout, values: Map<number, bigint>): MessageLayout {
  let { accountKeys, header, instructions } = layout;
  const staticCount = accountKeys.length;
  // Programs are static keys only (agave refuses a program index into lookup tables).
  let program = accountKeys.findIndex((key) => key.every((byte, i) => byte === COMPUTE_BUDGET_PROGRAM[i]));
  const seen = new Set<number>();
  instructions = instructions.flatMap((instruction) => {
    const tag = instruction.data[0] ?? -1;
    if (instruction.programIdIndex !== program || (tag !== SET_LIMIT && tag !== SET_PRICE)) return [instruction];
    if (seen.has(tag)) return [];
    seen.add(tag);
    const value = values.get(tag);
    return [value === undefined ? instruction : budgetInstruction(program, tag, value)];
  });
  const missing = [SET_LIMIT, SET_PRICE].filter((tag) => values.has(tag) && !seen.has(tag));
  if (missing.length === 0) return { ...layout, instructions };

  if (program === -1) {
    const lookedUp = (layout.addressTableLookups ?? []).reduce(
      (sum, lookup) => sum + lookup.writableIndexes.length + lookup.readonlyIndexes.length,
      0,
    );
    if (staticCount + 1 + lookedUp > 256) {
      throw new InvalidInputError({
        method: METHOD,
        param: 'message',
        problem: `the ComputeBudget program would be account ${staticCount + lookedUp + 1}, but an instruction can address only 256 (one byte)`,
      });
    }
    program = staticCount;
    accountKeys = [...accountKeys, Uint8Array.from(COMPUTE_BUDGET_PROGRAM)];
    header = { ...header, numReadonlyUnsignedAccounts: header.numReadonlyUnsignedAccounts + 1 };
    // Indexes at or past the new key are lookup-table addresses (v0), which now start one later.
    const shift = (index: number) => (index >= staticCount ? index + 1 : index);
    instructions = instructions.map(({ programIdIndex, accounts, data }) => ({
      programIdIndex: shift(programIdIndex),
      accounts: accounts.map(shift),
      data,
    }));
  }
  const at = isAdvanceNonce(instructions[0], accountKeys) ? 1 : 0;
  const added = missing.map((tag) => budgetInstruction(program, tag, values.get(tag) as bigint));
  instructions = [...instructions.slice(0, at), ...added, ...instructions.slice(at)];
  return { ...layout, header, accountKeys, instructions };
}

/** SetComputeUnitLimit (u32 LE) or SetComputeUnitPrice (u64 LE); neither takes accounts. */
function budgetInstruction(programIdIndex: number, tag: number, value: bigint): Instruction {
  const size = tag === SET_LIMIT ? 4 : 8;
  const data = new Uint8Array(1 + size);
  data[0] = tag;
  for (let i = 0; i < size; i++) data[1 + i] = Number((value >> BigInt(8 * i)) & 0xffn);
  return { programIdIndex, accounts: [], data };
}

/** A System Program AdvanceNonceAccount: what makes a durable nonce transaction, and must stay first. */
function isAdvanceNonce(instruction: Instruction | undefined, accountKeys: Uint8Array[]): boolean {
  const program = instruction && accountKeys[instruction.programIdIndex];
  const data = instruction?.data;
  return (
    program?.every((byte) => byte === 0) === true &&
    data !== undefined &&
    data.length >= 4 &&
    data[0] === ADVANCE_NONCE &&
    data[1] === 0 &&
    data[2] === 0 &&
    data[3] === 0
  );
}
