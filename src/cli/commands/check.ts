import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import type { Context } from '../context.js';
import { pad, safe } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { sleepFor } from '../io.js';
import {
  type CheckValidatorOptions,
  checkValidator,
  DEFAULT_SKIP_RATE,
  DEFAULT_SNAPSHOT_AGE,
  type Levels,
  type ValidatorReport,
  type Verdict,
} from '../library.js';

/** Nagios plugin exit codes. */
const EXIT_BY_VERDICT: Record<Verdict, number> = { ok: 0, warning: 1, critical: 2, unknown: 3 };

/** `--<name>-warning` and `--<name>-critical`: non-negative numbers, the warning level not above the critical one. */
function levels(
  options: Partial<Record<`${'skip-rate' | 'snapshot-age'}-${'warning' | 'critical'}`, string | undefined>>,
  name: 'skip-rate' | 'snapshot-age',
  fallback: Levels,
): Levels {
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

export const check = defineCommand({
  name: 'check',
  synopsis: 'check <IDENTITY>',
  summary: 'Is the validator visible, voting, staked and progressing? (Nagios exit codes)',
  help: `solrpc check — is a validator visible in gossip, voting, staked and progressing?

Usage: solrpc check <IDENTITY> [--vote-account ADDRESS] [--watch [SECONDS]] [options]

Samples the cluster twice and prints each finding with its reason. Exit codes follow the Nagios
convention: 0 ok, 1 warning, 2 critical, 3 unknown (including a check that could not run).

Options:
      --vote-account <ADDRESS>   The validator's vote account (found by identity otherwise)
      --samples <N>              Samples of slot and vote (default 2)
  -i, --interval <SECONDS>       Time between samples (default 2)
      --watch [SECONDS]          Repeat every SECONDS (default 60) until interrupted
      --skip-rate-warning <PERCENT>, --skip-rate-critical <PERCENT>
                                 This epoch's skip rate that is a warning, and critical (default 10, 25)
      --snapshot-age-warning <SLOTS>, --snapshot-age-critical <SLOTS>
                                 How many slots the newest snapshot may trail by (default 30000, 100000)

${GLOBAL_HELP}`,
  positionals: { min: 1, max: 1 },
  options: {
    'vote-account': { type: 'string' },
    // A bare `--watch` means every 60 seconds; a number of seconds, not an all-digit address such as the
    // System Program's 111…1, is its value.
    watch: { type: 'string', optionalValue: { fallback: '60', value: /^\d{1,7}(\.\d+)?$/ } },
    samples: { type: 'string' },
    // -i: the letter `ping` gives --interval, as the Solana CLI does; one option keeps one letter.
    interval: { type: 'string', short: 'i' },
    'skip-rate-warning': { type: 'string' },
    'skip-rate-critical': { type: 'string' },
    'snapshot-age-warning': { type: 'string' },
    'snapshot-age-critical': { type: 'string' },
  },
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
});

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
