import type { RpcSubscriptionsOptions } from './library.js';

/**
 * What a CLI run may touch: its output streams, environment and files. `run(argv, io)` takes it as a
 * parameter, so tests run commands in-process with captured output and a scripted environment.
 */
export interface CliIo {
  /** Writes to standard output. */
  out(text: string): void;
  /** Writes to standard error. */
  err(text: string): void;
  /** The environment (`HOME`, `NO_COLOR`, …). */
  env: Readonly<Record<string, string | undefined>>;
  /** Whether standard output is a terminal: colour and progress bars only then. */
  isTTY: boolean;
  /** Aborted when the user interrupts (Ctrl-C) or the output pipe closes. */
  signal?: AbortSignal;
  /** Waits between `check --watch` rounds; tests inject a fake. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The current time in milliseconds; tests inject a fixed clock. */
  now?: () => number;
  /**
   * Options of the WebSocket subscriptions client (`logs`) in place of the library's defaults; tests
   * inject short reconnect bounds so that giving up takes milliseconds, not a minute.
   */
  subscriptions?: RpcSubscriptionsOptions;
}

/** Exit codes, documented in docs/cli.md. `check` uses the Nagios codes instead (see commands/check.ts). */
export const EXIT = {
  ok: 0,
  /** The cluster answered, but with an error, or the answer was wrong. */
  failed: 1,
  /** Bad command line, address or keypair file. */
  usage: 2,
  /** The cluster could not be reached, or did not answer in time. */
  unavailable: 69,
  /** Interrupted (Ctrl-C). */
  interrupted: 130,
} as const;

/** The wait between `check --watch` rounds and `catchup` checks: the library's, interruptible. */
export { waitFor as sleepFor } from './library.js';
