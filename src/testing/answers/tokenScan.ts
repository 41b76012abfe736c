/**
 * The token accounts and mints a bank holds, read from their bytes (the cast's and any a transaction
 * wrote alike), and the refusals agave's token methods give: -32602 with its words for a missing mint,
 * data that is no mint, or a program that is not a token program.
 */
import { encodeBase58 } from '../../codecs/base58.js';
import { u32le, u64le } from '../bytes.js';
import type { StoredAccount } from '../simulatedAccounts.js';
import { scanAddresses, storedAccount } from '../simulatedAccounts.js';
import { RpcFailure } from '../simulatedLedger.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../simulationCast.js';
import type { AnswerContext } from './answer.js';

const TOKEN_PROGRAMS = new Set([TOKEN_PROGRAM, TOKEN_2022_PROGRAM]);
const refuse = (message: string) => new RpcFailure({ code: -32602, message: `Invalid param: ${message}` });

/** A token account the bank holds, with the fields its 165 bytes say. */
export interface HeldTokenAccount {
  address: string;
  stored: StoredAccount;
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | undefined;
}

/** Every token account in the bank at `slot`, by the program scan's walk. */
export function tokenAccounts(ctx: AnswerContext, slot: number): HeldTokenAccount[] {
  const found: HeldTokenAccount[] = [];
  const addresses = new Set<string>();
  const walk = (address: string) => {
    if (addresses.has(address)) return;
    addresses.add(address);
    const stored = storedAccount(address, ctx.slot, ctx.nowMs, ctx.ledger, slot);
    if (!stored || !TOKEN_PROGRAMS.has(stored.owner) || stored.bytes.length < 165) return;
    const bytes = stored.bytes;
    found.push({
      address,
      stored,
      mint: encodeBase58(bytes.subarray(0, 32)),
      owner: encodeBase58(bytes.subarray(32, 64)),
      amount: u64le(bytes, 64),
      delegate: u32le(bytes, 72) === 1 ? encodeBase58(bytes.subarray(76, 108)) : undefined,
    });
  };
  for (const address of scanAddresses(ctx.ledger)) walk(address);
  return found;
}

/** A mint's decimals and supply, or agave's refusal: no account, not unpackable as a mint, not a token program's. */
export function mintAt(
  ctx: AnswerContext,
  mint: string,
  slot: number,
): { decimals: number; supply: bigint; program: string } {
  const stored = storedAccount(mint, ctx.slot, ctx.nowMs, ctx.ledger, slot);
  if (!stored) throw refuse('could not find mint');
  if (stored.bytes.length < 82 || stored.bytes[45] !== 1) throw refuse('Token mint could not be unpacked');
  if (!TOKEN_PROGRAMS.has(stored.owner)) throw refuse('not a Token mint');
  const bytes = stored.bytes;
  return { decimals: bytes[44] as number, supply: u64le(bytes, 36), program: stored.owner };
}

/**
 * The filter of getTokenAccountsByOwner / ByDelegate: `{ mint }` (which must be a mint) or `{ programId }`
 * (which must be a token program). Returns the test an account must pass.
 */
export function tokenFilter(ctx: AnswerContext, filter: unknown, slot: number): (account: HeldTokenAccount) => boolean {
  const { mint, programId } = (filter ?? {}) as { mint?: string; programId?: string };
  if (mint !== undefined) {
    mintAt(ctx, mint, slot);
    return (account) => account.mint === mint;
  }
  if (programId !== undefined && TOKEN_PROGRAMS.has(programId)) return (account) => account.stored.owner === programId;
  if (programId !== undefined) throw refuse('unrecognized Token program id');
  throw new RpcFailure({
    code: -32602,
    message: 'Invalid params: unknown variant, expected `mint` or `programId`.',
  });
}
