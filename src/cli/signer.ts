/**
 * The configured keypair as a signer, for commands that sign (`ping`): the path from `--keypair`, the
 * config file's `keypair_path` or the default, read once. Messages name the file and where its path came
 * from, never its content.
 */
import { CliError } from './cliError.js';
import type { Context } from './context.js';
import { type KeypairSigner, readKeypairSigner } from './keypair.js';

export type { KeypairSigner } from './keypair.js';

/** Reads the configured keypair for signing; `CliError` (exit 2) when there is none or it is unreadable. */
export function configuredSigner(ctx: Context, command: string): KeypairSigner {
  const path = ctx.settings.keypairPath;
  const source = ctx.settings.keypairSource ?? 'default';
  const instead = `create one with solana-keygen new, or name one with --keypair or keypair_path in the config file (solrpc ${command} signs with it)`;
  if (!path) {
    throw new CliError(
      `no keypair: neither HOME nor USERPROFILE is set, so there is no ~/.config/solana/id.json; ${instead}`,
    );
  }
  let signer: KeypairSigner;
  try {
    signer = readKeypairSigner(path);
  } catch (error) {
    // A keypair named with --keypair is reported as it is: the user chose that file.
    if (source === '--keypair' || !(error instanceof CliError) || !/: not found$/.test(error.message)) throw error;
    const where = source === 'default' ? `the default keypair ${path}` : `the keypair ${path} (${source})`;
    throw new CliError(`no keypair: ${where} was not found; ${instead}`);
  }
  if (signer.looseMode !== undefined) {
    ctx.warn(
      `keypair file ${path} is accessible to group or others (mode ${signer.looseMode.toString(8).padStart(4, '0')}); run: chmod 600 ${path}`,
    );
  }
  return signer;
}
