/**
 * `solrpc transaction-history <ADDRESS>`, as the Solana CLI's `solana transaction-history` (agave
 * cli/src/cluster_query.rs `process_transaction_history`): the address's signatures newest first at
 * `confirmed`, one per line; with `-v` each with its slot, block time, status and memo; with
 * `--show-transactions` each transaction decoded below it; then `N transactions found`. The Solana CLI
 * prints these lines whatever `--output` says, and so does solrpc.
 */
import { decodeTransaction, type SignatureInfo } from '../../index.js';
import { CliError } from '../cliError.js';
import type { Command } from '../command.js';
import type { Context } from '../context.js';
import { rfc3339, safe } from '../format.js';
import { EXIT } from '../io.js';
import { transactionLines } from '../transactionText.js';

const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

export const transactionHistory: Command = {
  positionals: { min: 1, max: 1 },
  options: ['before', 'until', 'limit', 'show-transactions'],
  async run(ctx, args, options) {
    const address = ctx.addressOrKeypair(args[0] as string, 'address');
    const limitText = options.limit ?? '1000';
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > 1000) {
      throw new CliError('--limit must be a whole number from 1 to 1000');
    }
    for (const name of ['before', 'until'] as const) {
      const value = options[name];
      if (value !== undefined && !SIGNATURE.test(value))
        throw new CliError(`--${name} must be a transaction signature`);
    }
    const { signal } = ctx.call;
    const results = await ctx.rpc.getSignaturesForAddress(address, {
      limit,
      commitment: 'confirmed',
      ...(options.before === undefined ? {} : { before: options.before }),
      ...(options.until === undefined ? {} : { until: options.until }),
      ...(signal ? { signal } : {}),
    });
    for (const result of results) {
      ctx.print(ctx.settings.verbose ? verboseLine(result) : result.signature);
      if (options['show-transactions']) {
        ctx.print(await transactionText(ctx, result.signature));
      }
    }
    ctx.print(`${results.length} transactions found`);
    return EXIT.ok;
  },
};

/** `<signature> [slot=<slot> timestamp=<time> status=<status>] <memo>`, as the Solana CLI's `-v` line. */
function verboseLine(result: SignatureInfo): string {
  const time = result.blockTime === null ? '' : `timestamp=${rfc3339(result.blockTime)} `;
  const status =
    result.err !== null
      ? `Failed: ${rustDebug(result.err)}`
      : result.confirmationStatus === null
        ? 'Finalized'
        : result.confirmationStatus[0]?.toUpperCase() + result.confirmationStatus.slice(1);
  return `${result.signature} [slot=${result.slot} ${time}status=${status}] ${safe(result.memo ?? '', 500)}`;
}

/** The transaction under its signature, as `println_transaction` prints it with a two-space prefix. */
async function transactionText(ctx: Context, signature: string): Promise<string> {
  const { signal } = ctx.call;
  try {
    const found = await ctx.rpc.getTransaction(signature, {
      encoding: 'base64',
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
      ...(signal ? { signal } : {}),
    });
    // Each entry ends with an empty line, as the Solana CLI's `println!()` after it.
    if (!found) return '  Unable to get confirmed transaction details: not found\n\n';
    return `${transactionLines(decodeTransaction(found.transaction), found.meta, null, '  ').join('\n')}\n\n`;
  } catch (error) {
    if (signal?.aborted) throw error;
    const why = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    return `  Unable to get confirmed transaction details: ${safe(why, 300)}\n\n`;
  }
}

/**
 * A TransactionError in Rust's Debug form, as the Solana CLI prints `{err:?}`: `BlockhashNotFound`,
 * `InstructionError(0, Custom(1))`, `InsufficientFundsForRent { account_index: 1 }`.
 */
export function rustDebug(value: unknown): string {
  if (typeof value === 'string') return safe(value, 100);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(rustDebug).join(', ');
  if (value && typeof value === 'object') {
    const [key, inner] = Object.entries(value)[0] ?? ['', null];
    const name = safe(key, 100);
    if (Array.isArray(inner)) return `${name}(${rustDebug(inner)})`;
    if (inner && typeof inner === 'object') {
      const fields = Object.entries(inner).map(([field, v]) => `${safe(field, 100)}: ${rustDebug(v)}`);
      return `${name} { ${fields.join(', ')} }`;
    }
    return `${name}(${rustDebug(inner)})`;
  }
  return 'None';
}
