import {
  type CheckValidatorOptions,
  checkValidator,
  type Levels,
  type ValidatorReport,
  type Verdict,
} from '../../index.js';
import { DEFAULT_SKIP_RATE, DEFAULT_SNAPSHOT_AGE } from '../../operator/nodeChecks.js';
import { CliError } from '../cliError.js';
import type { Command, ParsedOptions } from '../command.js';
import type { Context } from '../context.js';
import { pad, safe } from '../format.js';
import { sleepFor } from '../io.js';

/** Nagios plugin exit codes. */
const EXIT_BY_VERDICT: Record<Verdict, number> = { ok: 0, warning: 1, critical: 2, unknown: 3 };

/** `--<name>-warning` and `--<name>-critical`: non-negative numbers, the warning level not above the critical one. */
function levels(options: ParsedOptions, name: 'skip-rate' | 'snapshot-age', fallback: Levels): Levels {
  const read = (level: 'warning' | 'critical') => {
    const option = `--${name}-${level}`;
    const text = options[`${name}-${level}`];
    if (text === undefined) return fallback[level];
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value < 0) {
      throw new CliError(`${option} must be a non-negative number`, 3);
    }
    return value;
  };
  const result = { warning: read('warning'), critical: read('critical') };
  if (result.warning > result.critical) {
    throw new CliError(
      `--${name}-warning (${result.warning}) must not be above --${name}-critical (${result.critical})`,
      3,
    );
  }
  return result;
}

function positiveNumber(text: string | undefined, option: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!(Number.isFinite(value) && value > 0)) throw new CliError(`${option} must be a positive number`, 3);
  return value;
}

export const check: Command = {
  positionals: { min: 1, max: 1 },
  options: [
    'vote-account',
    'watch',
    'samples',
    'interval',
    'skip-rate-warning',
    'skip-rate-critical',
    'snapshot-age-warning',
    'snapshot-age-critical',
  ],
  async run(ctx, args, options) {
    const identity = ctx.addressOrKeypair(args[0] as string, 'identity');
    const votePubkey =
      options['vote-account'] === undefined ? undefined : ctx.addressOrKeypair(options['vote-account'], 'vote account');
    const samples = positiveNumber(options.samples, '--samples', 2);
    if (!Number.isInteger(samples)) throw new CliError('--samples must be a whole number', 3);
    const checkOptions: CheckValidatorOptions = {
      identity,
      votePubkey,
      samples,
      interval: positiveNumber(options.interval, '--interval', 2) * 1000,
      commitment: ctx.settings.commitment,
      signal: ctx.io.signal,
      skipRate: levels(options, 'skip-rate', DEFAULT_SKIP_RATE),
      snapshotAge: levels(options, 'snapshot-age', DEFAULT_SNAPSHOT_AGE),
    };
    if (ctx.io.sleep) checkOptions.sleep = ctx.io.sleep;
    if (ctx.io.now) checkOptions.now = ctx.io.now;
    if (options.watch === undefined) {
      const report = await checkValidator(ctx.rpc, checkOptions);
      print(ctx, report);
      return EXIT_BY_VERDICT[report.verdict];
    }
    // --watch: repeat until interrupted; the exit code is the last check's.
    const every = positiveNumber(options.watch, '--watch', 60) * 1000;
    const sleep = ctx.io.sleep ?? sleepFor;
    const now = ctx.io.now ?? Date.now;
    let last = 3;
    for (;;) {
      const started = now();
      const report = await checkValidator(ctx.rpc, checkOptions).catch((error: unknown) => {
        if (ctx.io.signal?.aborted) return undefined;
        throw error;
      });
      if (!report) return last;
      print(ctx, report);
      last = EXIT_BY_VERDICT[report.verdict];
      try {
        // Every N seconds from start to start, not N seconds of rest after each check.
        await sleep(Math.max(0, every - (now() - started)), ctx.io.signal);
      } catch {
        return last;
      }
      if (ctx.io.signal?.aborted) return last;
    }
  },
};

function print(ctx: Context, report: ValidatorReport): void {
  if (ctx.json) {
    ctx.printJson(report);
    return;
  }
  const paint = ctx.paint;
  const color: Record<Verdict, (text: string) => string> = {
    ok: paint.green,
    warning: paint.yellow,
    critical: paint.red,
    unknown: paint.dim,
  };
  const when = ctx.io.now ? '' : ` at ${new Date().toISOString().slice(0, 19)}Z`;
  const lines = [`Validator ${report.identity}: ${color[report.verdict](report.verdict.toUpperCase())}${when}`];
  for (const finding of report.findings) {
    lines.push(
      `  ${color[finding.verdict](pad(finding.verdict, 9))} ${pad(finding.check, 17)} ${safe(finding.reason, 300)}`,
    );
  }
  ctx.print(lines.join('\n'));
}
