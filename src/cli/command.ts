/**
 * What a CLI command is: the options a command line may carry, and the shape of a command. Apart from
 * `run.ts`, so that the commands need not import the runner that imports them.
 */
import type { parseArgs } from 'node:util';
import type { Context } from './context.js';
import type { CliIo } from './io.js';

/** Every option of the command line, for `node:util` `parseArgs`; each command names the ones it takes. */
export const OPTIONS = {
  url: { type: 'string', short: 'u' },
  ws: { type: 'string' },
  keypair: { type: 'string', short: 'k' },
  commitment: { type: 'string' },
  config: { type: 'string', short: 'C' },
  output: { type: 'string' },
  'rpc-timeout': { type: 'string' },
  verbose: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
  lamports: { type: 'boolean' },
  identity: { type: 'string' },
  'vote-account': { type: 'string' },
  watch: { type: 'string' },
  samples: { type: 'string' },
  interval: { type: 'string' },
  serve: { type: 'boolean' },
  'skip-rate-warning': { type: 'string' },
  'skip-rate-critical': { type: 'string' },
  'snapshot-age-warning': { type: 'string' },
  'snapshot-age-critical': { type: 'string' },
  'print-accounts': { type: 'boolean' },
  circulating: { type: 'boolean' },
  'non-circulating': { type: 'boolean' },
  sort: { type: 'string' },
  reverse: { type: 'boolean', short: 'r' },
  number: { type: 'boolean', short: 'n' },
  'keep-unstaked-delinquents': { type: 'boolean' },
  'delinquent-slot-distance': { type: 'string' },
  epoch: { type: 'string' },
  'rewards-epoch': { type: 'string' },
  'slot-limit': { type: 'string' },
  before: { type: 'string' },
  until: { type: 'string' },
  limit: { type: 'string' },
  'show-transactions': { type: 'boolean' },
  'our-localhost': { type: 'string' },
  follow: { type: 'boolean' },
  log: { type: 'boolean' },
  'include-votes': { type: 'boolean' },
} as const;

/** The option values `run.ts` parsed from the command line. */
export type ParsedOptions = ReturnType<
  typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true; strict: true }>
>['values'];

/** A command: its positional arguments, which command-specific options it takes, and its body. */
export interface Command {
  positionals: { min: number; max: number };
  options: readonly (keyof typeof OPTIONS)[];
  run(ctx: Context, args: string[], options: ParsedOptions): Promise<number>;
}

/** Runs the CLI on a command line and returns its exit code: the type of `run` (run.ts). */
export type RunCli = (argv: string[], io: CliIo) => Promise<number>;
