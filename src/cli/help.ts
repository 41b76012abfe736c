/**
 * The main help, made of each command's line (commands/index.ts), and each command's own help, which
 * its file holds written out in full.
 */
import { COMMANDS } from './commands/index.js';
import { GLOBAL_OPTIONS_MAIN_HELP } from './globalOptions.js';

/**
 * `solrpc --help`. A command's aliases (`get-slot`) are not listed: the Solana CLI declares them with clap's
 * `.alias`, which its help hides, and they are there for scripts written for it, not for new readers.
 */
export const MAIN_HELP = `solrpc — query a Solana-style cluster over JSON-RPC: gossip, balances, vote accounts, validator health

Usage: solrpc <command> [arguments] [options]

Commands:
${COMMANDS.map((command) => `  ${command.synopsis.padEnd(29)}  ${command.summary}\n`).join('')}
${GLOBAL_OPTIONS_MAIN_HELP}
Exit codes: 0 success; 1 the cluster answered with an error; 2 bad arguments or files;
69 the cluster could not be reached (or 'logs' lost it for good); 130 interrupted. 'check' uses 0 ok, 1 warning, 2 critical, 3 unknown.
`;

/** `solrpc <command> --help`, by command name; run.ts looks an alias up as its command. */
export const COMMAND_HELP: Readonly<Record<string, string>> = Object.fromEntries(
  COMMANDS.map((command) => [command.name, command.help]),
);
