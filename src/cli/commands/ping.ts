/**
 * `solrpc ping`, as the Solana CLI's `solana ping` (agave cli/src/cluster_query.rs `process_ping`,
 * cli-output `CliPing`): self-transfers from the configured keypair, one at a time, each timed from the
 * node's answer to the send until its status reaches `--commitment`. Each transaction's line goes to
 * standard error as it ends; the report (the lines again, then the statistics) to standard output, in
 * text or JSON. The lamports go 1, 2, 3… on each blockhash, so that every transaction is a new one.
 */
import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import type { Context } from '../context.js';
import { formatSol, safe } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT, sleepFor } from '../io.js';
import { base58Problem, confirmTransaction, decodeBase58, firstLine, isSolRpcError } from '../library.js';
import {
  type PingData,
  type PingReport,
  pingJson,
  pingLine,
  pingMarks,
  pingText,
  pingTimestamp,
} from '../pingReport.js';
import { configuredSigner, type KeypairSigner } from '../signer.js';
import { transactionErrorText } from '../transactionText.js';
import { MAX_COMPUTE_UNIT_LIMIT, signedTransaction, transferMessage } from '../transferMessage.js';

/** agave polls the status every half slot (DEFAULT_MS_PER_SLOT / 2). */
const POLL_MS = 200;
/** A blockhash is used this long, then a new one is fetched and the lamports start again at 1. */
const BLOCKHASH_REUSE_MS = 60_000;
/** How long to wait for the node to move past the blockhash in use, as agave's get_new_latest_blockhash. */
const NEW_BLOCKHASH_WAIT_MS = 5_000;
/** `Hash::default()`, which `--blockhash` takes to mean "fetch one, then keep it". */
const DEFAULT_HASH = '11111111111111111111111111111111';
const U64_MAX = 2n ** 64n - 1n;

export const ping = defineCommand({
  name: 'ping',
  synopsis: 'ping',
  summary: 'Sends self-transfers one by one and times their confirmation',
  help: `solrpc ping — send transactions one by one and time their confirmation

Usage: solrpc ping [-c COUNT] [-i SECONDS] [-t SECONDS] [-D] [--with-compute-unit-price MICRO_LAMPORTS]
                   [--blockhash BLOCKHASH] [options]

Sends a transfer of 1 lamport, then 2, 3… (new lamports on each blockhash keep every transaction new)
from the configured keypair to itself, signed on this machine, and waits until its status reaches
--commitment. Each transaction's line goes to stderr as it ends; then stdout gets the report: the lines
again, and "N transactions submitted, N transactions confirmed, X% transaction loss" with the
confirmation times' min/mean/max/stddev. Without --count it runs until Ctrl-C, which prints the report
and exits 130. Each transaction costs its fee (5,000 lamports, more with a compute unit price).

Options:
  -c, --count <NUMBER>                  Stop after this many transactions (default: until Ctrl-C)
  -i, --interval <SECONDS>              Wait between transactions (default 2; fractions allowed)
  -t, --timeout <SECONDS>               Wait this long for each confirmation (default 15)
  -D, --print-timestamp                 Start each line with [unix time.microseconds]
      --with-compute-unit-price <MICRO_LAMPORTS>
                                        Add SetComputeUnitPrice, and SetComputeUnitLimit set to the
                                        units a simulation consumed
      --blockhash <BLOCKHASH>           Sign every transaction on this blockhash; the default hash
                                        (11111111111111111111111111111111) means the cluster's latest,
                                        kept for the whole run

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {
    count: { type: 'string', short: 'c' },
    interval: { type: 'string', short: 'i' },
    timeout: { type: 'string', short: 't' },
    'print-timestamp': { type: 'boolean', short: 'D' },
    'with-compute-unit-price': { type: 'string' },
    blockhash: { type: 'string' },
  },
  async run(ctx, _args, options) {
    // Every flag is checked before the keypair is read or a request is made.
    const count = options.count === undefined ? undefined : wholeNumber(options.count, '--count');
    const intervalMs = seconds(options.interval ?? '2', '--interval', true);
    const timeoutMs = seconds(options.timeout ?? '15', '--timeout', false);
    const unitPrice = microLamports(options['with-compute-unit-price']);
    const fixedText = options.blockhash;
    if (fixedText !== undefined) {
      const problem = base58Problem(fixedText, 32);
      if (problem !== undefined) throw new CliError(`--blockhash ${safe(fixedText, 100)}: ${problem}`);
    }
    const signer = configuredSigner(ctx, 'ping');
    return await pingLoop(ctx, signer, {
      count,
      intervalMs,
      timeoutMs,
      unitPrice,
      fixed: fixedText,
      printTimestamp: options['print-timestamp'] === true,
    });
  },
});

interface PingSettings {
  count: number | undefined;
  intervalMs: number;
  timeoutMs: number;
  unitPrice: bigint | undefined;
  fixed: string | undefined;
  printTimestamp: boolean;
}

async function pingLoop(ctx: Context, signer: KeypairSigner, settings: PingSettings): Promise<number> {
  const signal = ctx.io.signal;
  const now = ctx.io.now ?? (() => performance.timeOrigin + performance.now());
  const sleep = ctx.io.sleep ?? sleepFor;
  const commitment = ctx.settings.commitment;
  const payer = decodeBase58(signer.address, 32) as Uint8Array;
  const marks = pingMarks(ctx.io.env, settings.printTimestamp);
  const report: PingReport = {
    sourcePubkey: signer.address,
    blockhashFromCluster: false,
    pings: [],
    submitted: 0,
    confirmed: 0,
  };
  let interrupted = false;
  try {
    const latest = (await ctx.rpc.getLatestBlockhash(ctx.call)).value;
    let blockhash: string = latest.blockhash;
    let lastValidBlockHeight: bigint | undefined = latest.lastValidBlockHeight;
    if (settings.fixed !== undefined) {
      if (settings.fixed === DEFAULT_HASH) report.blockhashFromCluster = true;
      else {
        blockhash = settings.fixed;
        lastValidBlockHeight = undefined; // unknown for a given blockhash: the node's word on it decides
      }
      report.fixedBlockhash = blockhash;
    }
    let acquiredAt = now();
    const unitLimit =
      settings.unitPrice === undefined ? undefined : await simulatedUnits(ctx, payer, blockhash, settings.unitPrice);

    let lamports = 0n;
    for (let seq = 0; settings.count === undefined || seq < settings.count; seq++) {
      if (settings.fixed === undefined && now() - acquiredAt > BLOCKHASH_REUSE_MS) {
        const next = await newBlockhash(ctx, blockhash, now, sleep);
        blockhash = next.blockhash;
        lastValidBlockHeight = next.lastValidBlockHeight;
        lamports = 0n;
        acquiredAt = now();
      }
      lamports += 1n;
      const message = transferMessage({
        payer,
        blockhash: decodeBase58(blockhash, 32) as Uint8Array,
        lamports,
        ...(settings.unitPrice === undefined ? {} : { unitPrice: settings.unitPrice, unitLimit }),
      });
      await checkBalance(ctx, signer.address, message, lamports);
      const transaction = signedTransaction(signer.sign(message), message);
      const stamp = () => pingTimestamp(now() * 1000);
      const record = (ping: PingData) => {
        report.pings.push(ping);
        ctx.io.err(pingLine(ping, marks));
      };

      let signature: string;
      let sentAt: number;
      try {
        signature = await ctx.rpc.sendTransaction(transaction, {
          preflightCommitment: commitment,
          ...(signal ? { signal } : {}),
        });
        sentAt = now();
      } catch (error) {
        if (signal?.aborted) throw error;
        record({ success: false, error: firstLine(error), timestamp: stamp(), sequence: seq });
        report.submitted++;
        if (!(await pause(settings, seq, sleep, signal))) break;
        continue;
      }
      try {
        // The blockhash, not the bytes: nothing is left to parse (or load) inside the timed wait.
        await confirmTransaction(ctx.rpc, signature, {
          blockhash,
          ...(lastValidBlockHeight === undefined ? {} : { lastValidBlockHeight }),
          commitment,
          pollIntervalMs: POLL_MS,
          timeoutMs: settings.timeoutMs,
          ...(signal ? { signal } : {}),
        });
        const ms = Math.floor(now() - sentAt);
        record({ success: true, signature, ms, timestamp: stamp(), sequence: seq, lamports });
        report.confirmed++;
      } catch (error) {
        // Interrupted while waiting: as the Solana CLI, this transaction is neither counted nor listed.
        if (signal?.aborted) throw error;
        if (isSolRpcError(error, 'TransactionFailedError')) {
          record({
            success: false,
            signature,
            error: transactionErrorText(error.err),
            timestamp: stamp(),
            sequence: seq,
          });
        } else if (isSolRpcError(error, 'TimeoutError') || isSolRpcError(error, 'TransactionExpiredError')) {
          // Not confirmed within --timeout, or its blockhash has expired and it never will be.
          record({ success: false, signature, timestamp: stamp(), sequence: seq });
        } else throw error;
      }
      report.submitted++;
      if (!(await pause(settings, seq, sleep, signal))) break;
    }
  } catch (error) {
    if (!signal?.aborted) throw error;
    interrupted = true;
  }
  if (signal?.aborted) interrupted = true;
  if (ctx.json) ctx.printJson(pingJson(report));
  else ctx.io.out(pingText(report, marks, ctx.paint.bold));
  return interrupted ? EXIT.interrupted : EXIT.ok;
}

/**
 * Waits `--interval` after a transaction, except after the last one: false when interrupted. (The Solana
 * CLI waits after the last one too; the report is the same, only later.)
 */
async function pause(
  settings: PingSettings,
  seq: number,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (settings.count !== undefined && seq + 1 >= settings.count) return true;
  if (signal?.aborted) return false;
  try {
    await sleep(settings.intervalMs, signal);
  } catch (error) {
    if (signal?.aborted) return false;
    throw error;
  }
  return !signal?.aborted;
}

/**
 * As the Solana CLI checks before each transfer: the payer's balance must cover the lamports and the
 * message's fee, or the run ends with its error.
 */
async function checkBalance(ctx: Context, address: string, message: Uint8Array, lamports: bigint): Promise<void> {
  const { value: balance } = await ctx.rpc.getBalance(address, ctx.call);
  const { value: fee } = await ctx.rpc.getFeeForMessage(message, ctx.call);
  if (fee === null) {
    throw new CliError(
      'RPC request error: the node has no fee for the transfer: it does not know its blockhash (expired, or not from this cluster)',
      EXIT.failed,
    );
  }
  if (balance === 0n || balance < lamports + BigInt(fee)) {
    throw new CliError(
      `Account ${address} has insufficient funds for spend (${formatSol(lamports)} SOL) + fee (${formatSol(BigInt(fee))} SOL)`,
      EXIT.failed,
    );
  }
}

/**
 * The compute unit limit, as the Solana CLI finds it: the transfer (of 0 lamports) with the price and the
 * largest limit, simulated unsigned on the node's latest blockhash; the limit is the units it consumed.
 */
async function simulatedUnits(ctx: Context, payer: Uint8Array, blockhash: string, unitPrice: bigint): Promise<number> {
  const message = transferMessage({
    payer,
    blockhash: decodeBase58(blockhash, 32) as Uint8Array,
    lamports: 0n,
    unitPrice,
    unitLimit: MAX_COMPUTE_UNIT_LIMIT,
  });
  const { value } = await ctx.rpc.simulateTransaction(signedTransaction(new Uint8Array(64), message), {
    replaceRecentBlockhash: true,
    ...ctx.call,
  });
  if (value.err) {
    throw new CliError(
      `simulating the transfer for its compute units failed: ${transactionErrorText(value.err)}`,
      EXIT.failed,
    );
  }
  const units = value.unitsConsumed;
  if (units === null || units === undefined || !Number.isSafeInteger(units) || units > 0xffffffff) {
    throw new CliError('RPC request error: the simulation gave no compute units consumed', EXIT.failed);
  }
  return units;
}

/** A blockhash other than `current`, asked for every half slot for up to 5 s, as agave's get_new_latest_blockhash. */
async function newBlockhash(
  ctx: Context,
  current: string,
  now: () => number,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
): Promise<{ blockhash: string; lastValidBlockHeight: bigint }> {
  const start = now();
  let retries = 0;
  while (now() - start < NEW_BLOCKHASH_WAIT_MS) {
    const { value } = await ctx.rpc.getLatestBlockhash(ctx.call);
    if (value.blockhash !== current) return value;
    await sleep(POLL_MS, ctx.io.signal);
    retries++;
  }
  throw new CliError(
    `RPC request error: Unable to get new blockhash after ${Math.floor(now() - start)}ms (retried ${retries} times), stuck at ${current}`,
    EXIT.failed,
  );
}

/** `--count`: a whole number, 1 or more. */
function wholeNumber(text: string, option: string): number {
  if (!/^\d{1,15}$/.test(text.trim()) || Number(text) < 1) {
    throw new CliError(`${option} must be a whole number of transactions, 1 or more`);
  }
  return Number(text);
}

/** `--interval` and `--timeout`: decimal seconds, at most a day; `--interval` may be 0. */
function seconds(text: string, option: string, zeroAllowed: boolean): number {
  if (!/^\s*(\d+\.?\d*|\.\d+)\s*$/.test(text)) {
    throw new CliError(`${option} must be a number of seconds, such as 2 or 0.5`);
  }
  const value = Number(text);
  if (!zeroAllowed && !(value > 0)) throw new CliError(`${option} must be above 0 seconds`);
  if (value > 86_400) throw new CliError(`${option} must be at most 86400 seconds (one day)`);
  const ms = Math.round(value * 1000);
  if (!zeroAllowed && ms < 1) throw new CliError(`${option} must be at least 0.001 seconds (1 ms)`);
  return ms;
}

/** `--with-compute-unit-price`: micro-lamports per compute unit, a u64. */
function microLamports(text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  const value = /^\d{1,20}$/.test(text.trim()) ? BigInt(text.trim()) : undefined;
  if (value === undefined || value > U64_MAX) {
    throw new CliError(
      '--with-compute-unit-price must be a whole number of micro-lamports per compute unit, from 0 to 18446744073709551615',
    );
  }
  return value;
}
