/**
 * What `solrpc ping` prints, as the Solana CLI's cli-output prints `CliPing` and `CliPingData`: one line
 * per transaction, and the report (source account, the lines again, the statistics) in text or JSON.
 */

import { showsEmoji } from './emoji.js';
import { JsonF64, rustFixed, safe } from './format.js';

/** One transaction's outcome, with `CliPingData`'s fields. */
export interface PingData {
  success: boolean;
  /** Absent when the send itself failed. */
  signature?: string;
  /** Milliseconds from the send's answer to the status at the commitment; on success only. */
  ms?: number;
  /** The send's error, or the transaction's; absent on success and on a confirmation timeout. */
  error?: string;
  /** `[seconds.micros] `, as gettimeofday gives them. */
  timestamp: string;
  /** From 0. */
  sequence: number;
  /** The lamports transferred; on success only. */
  lamports?: bigint;
}

/** The whole run, with `CliPing`'s fields. */
export interface PingReport {
  sourcePubkey: string;
  /** Set when `--blockhash` fixed one. */
  fixedBlockhash?: string;
  /** Whether the fixed blockhash was fetched (`--blockhash 1111…`) rather than given. */
  blockhashFromCluster: boolean;
  pings: PingData[];
  submitted: number;
  confirmed: number;
}

/** How a line starts: the check and cross marks, or nothing where the Solana CLI would print no emoji. */
export interface PingMarks {
  check: string;
  cross: string;
  printTimestamp: boolean;
}

/**
 * The marks as the `console` crate's `Emoji("✅ ", "")` prints them: the emoji on macOS, in Windows
 * Terminal, and elsewhere when LANG ends in UTF-8; nothing otherwise.
 */
export function pingMarks(env: Readonly<Record<string, string | undefined>>, printTimestamp: boolean): PingMarks {
  return showsEmoji(env) ? { check: '✅ ', cross: '❌ ', printTimestamp } : { check: '', cross: '', printTimestamp };
}

/** `[1700000000.123456] `: seconds and microseconds since the epoch, as the Solana CLI stamps a line. */
export function pingTimestamp(epochMicros: number): string {
  const micros = Math.max(0, Math.floor(epochMicros));
  return `[${Math.floor(micros / 1e6)}.${String(micros % 1e6).padStart(6, '0')}] `;
}

/** One transaction's line, with its newline: `CliPingData`'s Display. */
export function pingLine(ping: PingData, marks: PingMarks): string {
  const seq = String(ping.sequence).padEnd(3);
  let text: string;
  if (ping.signature !== undefined && ping.success) {
    text = `${marks.check}${ping.lamports} lamport(s) transferred: seq=${seq} time=${String(ping.ms).padStart(4)}ms signature=${ping.signature}`;
  } else if (ping.signature !== undefined && ping.error !== undefined) {
    text = `${marks.cross}Transaction failed:    seq=${seq} error=${rustDebugString(ping.error)} signature=${ping.signature}`;
  } else if (ping.signature !== undefined) {
    text = `${marks.cross}Confirmation timeout:  seq=${seq}             signature=${ping.signature}`;
  } else {
    text = `${marks.cross}Submit failed:         seq=${seq} error=${rustDebugString(ping.error ?? '')}`;
  }
  return `${marks.printTimestamp ? ping.timestamp : ''}${text}\n`;
}

/** The statistics of the confirmation times: min, mean, max and the sample standard deviation (n - 1). */
export function confirmationStats(ms: readonly number[]): { min: number; mean: number; max: number; stdDev: number } {
  const mean = ms.reduce((sum, value) => sum + value, 0) / ms.length;
  const squares = ms.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  // As criterion-stats: the sample variance, NaN for a single sample (0 / 0), printed as NaN.
  return { min: Math.min(...ms), mean, max: Math.max(...ms), stdDev: Math.sqrt(squares / (ms.length - 1)) };
}

/** The confirmation times of the confirmed transactions. */
function confirmedMs(report: PingReport): number[] {
  return report.pings.flatMap((ping) => (ping.success && ping.ms !== undefined ? [ping.ms] : []));
}

/** The report in text, as `CliPing`'s Display, followed by the empty line `println!` adds. */
export function pingText(report: PingReport, marks: PingMarks, bold: (text: string) => string): string {
  const lines: string[] = ['', `${bold('Source Account:')} ${report.sourcePubkey}`];
  if (report.fixedBlockhash !== undefined) {
    const origin = report.blockhashFromCluster ? 'fetched from cluster' : 'supplied from cli arguments';
    lines.push(`Fixed blockhash is used: ${report.fixedBlockhash} (${origin})`);
  }
  let text = `${lines.join('\n')}\n\n`;
  for (const ping of report.pings) text += pingLine(ping, marks);
  // 0 submitted (interrupted before the first) is 0 / 0: NaN, as the Solana CLI prints it.
  const loss = 100 - (report.confirmed / report.submitted) * 100;
  text += `\n--- transaction statistics ---\n${report.submitted} transactions submitted, ${report.confirmed} transactions confirmed, ${rustFixed(loss, 1)}% transaction loss\n`;
  const ms = confirmedMs(report);
  if (ms.length > 0) {
    const { min, mean, max, stdDev } = confirmationStats(ms);
    const f = (value: number) => rustFixed(value, 0);
    text += `confirmation min/mean/max/stddev = ${f(min)}/${f(mean)}/${f(max)}/${f(stdDev)} ms\n`;
  }
  return `${text}\n`;
}

/** The report as `--output json` gives it: `CliPing` as serde writes it (camelCase; absent options left out). */
export function pingJson(report: PingReport): unknown {
  const ms = confirmedMs(report);
  const stats = ms.length > 0 ? confirmationStats(ms) : undefined;
  return {
    sourcePubkey: report.sourcePubkey,
    fixedBlockhash: report.fixedBlockhash,
    pings: report.pings.map((ping) => ({
      success: ping.success,
      signature: ping.signature,
      ms: ping.ms,
      error: ping.error,
      timestamp: ping.timestamp,
      sequence: ping.sequence,
      lamports: ping.lamports,
    })),
    transactionStats: { numTransactions: report.submitted, numTransactionConfirmed: report.confirmed },
    confirmationStats: stats && {
      // f64s, written as serde_json writes them (`512.0`; NaN as null).
      min: new JsonF64(stats.min),
      mean: new JsonF64(stats.mean),
      max: new JsonF64(stats.max),
      stdDev: new JsonF64(stats.stdDev),
    },
  };
}

/**
 * A string as Rust's `{:?}` writes it: in double quotes, with `"` and `\` escaped and control
 * characters as escapes; server text is made terminal-safe first.
 */
export function rustDebugString(text: string): string {
  const clean = safe(text, 500);
  return `"${clean.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
