/**
 * `solrpc transaction-history <ADDRESS>`, as the newest Solana CLI's `solana transaction-history` (agave
 * cli/src/cluster_query.rs `process_transaction_history`, cli-output `CliHistorySignatureVec` and
 * `CliHistoryTransactionVec`): the address's signatures newest first at `confirmed`, one per line; with `-v`
 * each with its slot, block time, status and memo; with `--show-transactions` each transaction read at
 * `confirmed` and printed with its status instead; then `N transactions found`. `--output json` gives the
 * same structs' JSON.
 */

import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import type { Context } from '../context.js';
import { rfc3339, safe } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import {
  type DecodedTransaction,
  decodeTransaction,
  firstLine,
  type SignatureInfo,
  type TransactionMeta,
} from '../library.js';
import { transactionErrorText, transactionLines } from '../transactionText.js';
import { wireMeta } from './block.js';

const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

/** What `getTransaction` gave for one signature: the transaction, or why there is none. */
interface Fetched {
  info: SignatureInfo;
  found?: { slot: number; blockTime: number | null; transaction: DecodedTransaction; meta: TransactionMeta | null };
  error?: string;
}

export const transactionHistory = defineCommand({
  name: 'transaction-history',
  synopsis: 'transaction-history <ADDRESS>',
  summary: "An address's transactions, newest first",
  help: `solrpc transaction-history — an address's transactions, newest first

Usage: solrpc transaction-history <ADDRESS> [--limit N] [--before SIGNATURE] [--until SIGNATURE]
                                  [--show-transactions] [options]

Options:
      --limit <N>              At most N signatures, 1 to 1000 (default 1000)
      --before <SIGNATURE>     Start after this transaction (older ones only)
      --until <SIGNATURE>      Stop at this transaction
      --show-transactions      Print each transaction (read at confirmed) with its status
  -v, --verbose                Each signature with its slot, time, status and memo

Reads at confirmed, as the Solana CLI does; --output json gives its CliHistory JSON.

${GLOBAL_HELP}`,
  positionals: { min: 1, max: 1 },
  options: {
    before: { type: 'string' },
    until: { type: 'string' },
    limit: { type: 'string' },
    'show-transactions': { type: 'boolean' },
  },
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
    if (!options['show-transactions']) {
      if (ctx.json) {
        // CliHistorySignature: the verbose fields, flattened in, only with -v.
        ctx.printJson(
          results.map((r) =>
            ctx.settings.verbose
              ? {
                  signature: r.signature,
                  slot: r.slot,
                  blockTime: r.blockTime,
                  err: r.err,
                  confirmationStatus: r.confirmationStatus,
                  memo: r.memo,
                }
              : { signature: r.signature },
          ),
        );
        return EXIT.ok;
      }
      const lines = results.map((r) => (ctx.settings.verbose ? verboseLine(r) : r.signature));
      ctx.print([...lines, `${results.length} transactions found`].join('\n'));
      return EXIT.ok;
    }
    const fetched: Fetched[] = [];
    for (const info of results) fetched.push(await fetchTransaction(ctx, info));
    if (ctx.json) {
      ctx.printJson(fetched.map(confirmationJson));
      return EXIT.ok;
    }
    ctx.print([...fetched.flatMap(confirmationLines), `${fetched.length} transactions found`].join('\n'));
    return EXIT.ok;
  },
});

/** `<signature> [slot=<slot> timestamp=<time> status=<status>] <memo>`, as the Solana CLI's `-v` line. */
function verboseLine(result: SignatureInfo): string {
  const time = result.blockTime === null ? '' : `timestamp=${rfc3339(result.blockTime)} `;
  // `{err:?}` of the newest CLI's UiTransactionError, a newtype whose derived Debug names itself.
  const status =
    result.err !== null
      ? `Failed: UiTransactionError(${rustDebug(result.err)})`
      : result.confirmationStatus === null
        ? 'Finalized'
        : statusName(result.confirmationStatus);
  return `${result.signature} [slot=${result.slot} ${time}status=${status}] ${safe(result.memo ?? '', 500)}`;
}

/** TransactionConfirmationStatus's Debug form: `Processed`, `Confirmed`, `Finalized`. */
function statusName(status: 'processed' | 'confirmed' | 'finalized'): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** The transaction at `confirmed`, base64, v0 allowed, as the Solana CLI reads it; a failure is kept as text. */
async function fetchTransaction(ctx: Context, info: SignatureInfo): Promise<Fetched> {
  const { signal } = ctx.call;
  try {
    const found = await ctx.rpc.getTransaction(info.signature, {
      encoding: 'base64',
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
      ...(signal ? { signal } : {}),
    });
    if (!found) return { info, error: 'not found' };
    return {
      info,
      found: {
        slot: found.slot,
        blockTime: found.blockTime,
        transaction: decodeTransaction(found.transaction),
        meta: found.meta,
      },
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { info, error: firstLine(error) };
  }
}

/** CliTransactionConfirmation's VerboseDisplay, then the empty line CliHistoryTransactionVec adds. */
function confirmationLines({ info, found, error }: Fetched): string[] {
  const lines: string[] = [];
  if (found) {
    lines.push('', `Transaction executed in slot ${found.slot}:`);
    lines.push(...transactionLines(found.transaction, found.meta, found.blockTime, '  '));
  } else if (info.confirmationStatus !== null) {
    // As the Solana CLI words it, though it reads at confirmed: a confirmed one is "not yet finalized".
    if (info.confirmationStatus !== 'finalized')
      lines.push('', 'Unable to get finalized transaction details: not yet finalized');
    else if (error !== undefined) lines.push('', `Unable to get finalized transaction details: ${safe(error, 300)}`);
  }
  lines.push('');
  if (info.confirmationStatus === null) lines.push('Not found');
  else if (info.err !== null) lines.push(`Transaction failed: ${transactionErrorText(info.err)}`);
  else lines.push(statusName(info.confirmationStatus));
  return lines;
}

/** CliTransactionConfirmation's JSON: the transaction flattened in (json-encoded) when it was read. */
function confirmationJson({ info, found }: Fetched): Record<string, unknown> {
  const json: Record<string, unknown> = { confirmationStatus: info.confirmationStatus };
  if (found) {
    const { message } = found.transaction;
    json.transaction = {
      signatures: found.transaction.signatures,
      message: {
        header: message.header,
        accountKeys: message.accountKeys,
        recentBlockhash: message.recentBlockhash,
        // UiCompiledInstruction: a top-level instruction has no stack height, written as null.
        instructions: message.instructions.map((ix) => ({ ...ix, stackHeight: null })),
        ...(message.addressTableLookups ? { addressTableLookups: message.addressTableLookups } : {}),
      },
    };
    json.meta = wireMeta(found.meta);
    json.blockTime = found.blockTime;
    json.slot = found.slot;
  }
  if (info.err !== null) json.err = info.err;
  return json;
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
