/**
 * The transaction `ping` sends, compiled by hand: a legacy message holding a System Program transfer
 * from the payer to itself, and with a compute unit price the two Compute Budget instructions, in the
 * order and with the accounts the Solana CLI's `Message::new` gives them. Small enough to write here
 * rather than pull a transaction library into the CLI.
 */
import { COMPUTE_BUDGET_PROGRAM, decodeBase58, MAX_COMPUTE_UNIT_LIMIT } from './library.js';

const SYSTEM_PROGRAM = new Uint8Array(32); // 11111111111111111111111111111111

/** The Compute Budget program's largest limit, which a transaction simulated for its units asks for. */
export { MAX_COMPUTE_UNIT_LIMIT };

/** What the message carries besides the payer and the blockhash. */
export interface TransferMessageInput {
  /** The payer, also the recipient: 32 bytes. */
  payer: Uint8Array;
  /** The recent blockhash: 32 bytes. */
  blockhash: Uint8Array;
  lamports: bigint;
  /** Micro-lamports per compute unit; with it come SetComputeUnitPrice and SetComputeUnitLimit. */
  unitPrice?: bigint;
  /** The SetComputeUnitLimit value (only with `unitPrice`). */
  unitLimit?: number;
}

/** The message bytes a signature covers. */
export function transferMessage(input: TransferMessageInput): Uint8Array {
  const { payer, blockhash, lamports, unitPrice, unitLimit } = input;
  if (payer.length !== 32 || blockhash.length !== 32) throw new Error('transferMessage: keys are 32 bytes');
  const withBudget = unitPrice !== undefined;
  // Keys: the payer (writable signer), then the read-only programs in byte order, as Message::new sorts
  // them: the System Program (all zeros) before the Compute Budget program.
  const keys = [payer, SYSTEM_PROGRAM];
  if (withBudget) keys.push(decodeBase58(COMPUTE_BUDGET_PROGRAM, 32) as Uint8Array);
  // SystemInstruction::Transfer is variant 2 (u32), then the lamports (u64), little-endian; `from` and
  // `to` are both the payer, key 0.
  const instructions: { program: number; accounts: number[]; data: Uint8Array }[] = [
    { program: 1, accounts: [0, 0], data: concat([u32le(2), u64le(lamports)]) },
  ];
  if (withBudget) {
    // ComputeBudgetInstruction::SetComputeUnitPrice (tag 3, u64), then SetComputeUnitLimit (tag 2, u32),
    // after the transfer: the order the Solana CLI's with_compute_unit_config appends them in.
    instructions.push({ program: 2, accounts: [], data: concat([Uint8Array.of(3), u64le(unitPrice)]) });
    instructions.push({
      program: 2,
      accounts: [],
      data: concat([Uint8Array.of(2), u32le(unitLimit ?? MAX_COMPUTE_UNIT_LIMIT)]),
    });
  }
  const parts: Uint8Array[] = [
    // Header: one signature, no read-only signer, the programs read-only.
    Uint8Array.of(1, 0, keys.length - 1),
    shortVec(keys.length),
    ...keys,
    blockhash,
    shortVec(instructions.length),
  ];
  for (const instruction of instructions) {
    parts.push(
      Uint8Array.of(instruction.program),
      shortVec(instruction.accounts.length),
      Uint8Array.from(instruction.accounts),
      shortVec(instruction.data.length),
      instruction.data,
    );
  }
  return concat(parts);
}

/** The wire transaction: one signature, then the message. */
export function signedTransaction(signature: Uint8Array, message: Uint8Array): Uint8Array {
  if (signature.length !== 64) throw new Error('signedTransaction: a signature is 64 bytes');
  return concat([shortVec(1), signature, message]);
}

/** Solana's compact-u16 length prefix. */
function shortVec(value: number): Uint8Array {
  const out: number[] = [];
  let rest = value;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(low);
      return Uint8Array.from(out);
    }
    out.push(low | 0x80);
  }
}

function u32le(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
}

function u64le(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
