import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import {
  base58Problem,
  decodeTransaction,
  isSolRpcError,
  type SignatureStatus,
  type TransactionBytesResult,
} from '../library.js';
import { transactionErrorText, transactionLines } from '../transactionText.js';

/** `Processed`, `Confirmed`, `Finalized`: the Solana CLI prints the status's Rust name. */
const STATUS_TEXT = { processed: 'Processed', confirmed: 'Confirmed', finalized: 'Finalized' } as const;

/**
 * `solrpc confirm <SIGNATURE>`: where a transaction stands, as `solana confirm` prints it. Like the
 * Solana CLI, it exits 0 whatever the answer (found, failed or not found): the exit code says the
 * question was answered; `--output json` carries the answer for scripts.
 */
export const confirm = defineCommand({
  name: 'confirm',
  synopsis: 'confirm <SIGNATURE>',
  summary: 'Where a transaction stands: Processed, Confirmed, Finalized, failed or Not found',
  help: `solrpc confirm — where a transaction stands

Usage: solrpc confirm <SIGNATURE> [-v] [options]

Prints Processed, Confirmed or Finalized; 'Transaction failed: <error>' for a transaction that landed
and failed; 'Not found' when the node does not know the signature (the ledger is searched too, on nodes
that keep transaction history). Exits 0 in each case, as the Solana CLI does: the answer is in the
text, or in --output json's "confirmationStatus" (null when not found) and "err".

Options:
  -v, --verbose      Also the transaction: accounts, instructions, status, fee, balances and logs

${GLOBAL_HELP}`,
  positionals: { min: 1, max: 1 },
  options: {},
  async run(ctx, args) {
    const signature = args[0] as string;
    const problem = base58Problem(signature, 64);
    if (problem !== undefined) throw new CliError(`invalid signature ${signature.slice(0, 100)}: ${problem}`);
    const signal = ctx.io.signal;
    const { value } = await ctx.rpc.getSignatureStatuses([signature], {
      searchTransactionHistory: true,
      ...(signal ? { signal } : {}),
    });
    const status = value[0] ?? null;
    let found: TransactionBytesResult | null = null;
    let fetchError: string | undefined;
    if (status && ctx.settings.verbose) {
      // As the Solana CLI: the details at `confirmed`, whatever --commitment says; a failure to fetch
      // them is reported in the text, not as an error.
      try {
        found = await ctx.rpc.getTransaction(signature, {
          encoding: 'base64',
          commitment: 'confirmed',
          maxSupportedTransactionVersion: 0,
          ...(signal ? { signal } : {}),
        });
        if (!found) fetchError = 'the node returned no transaction';
      } catch (error) {
        if (signal?.aborted || isSolRpcError(error, 'AbortError') || !isSolRpcError(error)) throw error;
        fetchError = error.message.split('\n')[0];
      }
    }
    const decoded = found ? decodeTransaction(found.transaction) : undefined;
    if (ctx.json) {
      ctx.printJson({
        confirmationStatus: status ? level(status) : null,
        ...(found && decoded
          ? {
              transaction: { signatures: decoded.signatures, message: decoded.message },
              meta: found.meta,
              blockTime: found.blockTime,
            }
          : {}),
        ...(status?.err ? { err: status.err } : {}),
      });
      return EXIT.ok;
    }
    const line = !status
      ? 'Not found'
      : status.err
        ? `Transaction failed: ${transactionErrorText(status.err)}`
        : STATUS_TEXT[level(status)];
    if (!ctx.settings.verbose) {
      ctx.print(line);
      return EXIT.ok;
    }
    const text: string[] = [];
    if (found && decoded) {
      text.push('', `Transaction executed in slot ${found.slot}:`);
      text.push(...transactionLines(decoded, found.meta, found.blockTime, '  '));
    } else if (status && level(status) !== 'finalized') {
      text.push('', 'Unable to get finalized transaction details: not yet finalized');
    } else if (status && fetchError !== undefined) {
      text.push('', `Unable to get finalized transaction details: ${fetchError}`);
    }
    text.push('', line);
    ctx.print(text.join('\n'));
    return EXIT.ok;
  },
});

/** The commitment reached. Old nodes send no `confirmationStatus`: read it from `confirmations`, as agave does. */
function level(status: SignatureStatus): 'processed' | 'confirmed' | 'finalized' {
  if (status.confirmationStatus) return status.confirmationStatus;
  return status.confirmations === null ? 'finalized' : status.confirmations > 0 ? 'confirmed' : 'processed';
}
