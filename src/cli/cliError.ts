import { EXIT } from './io.js';

/**
 * An error the CLI reports in its own words: a problem with the command line or local files (`usage`),
 * or a finding about the cluster (`failed`), each with its exit code. Messages never hold file
 * contents or secrets.
 */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
  }
}

/** An error the Solana CLI reports as `RPC request error: …` (not a vote account, no such account). */
export function rpcRequestError(message: string): CliError {
  return new CliError(`RPC request error: ${message}`, EXIT.failed);
}
