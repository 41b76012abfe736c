/**
 * The options every command takes, and the two ways the help shows them: in full in the main help, and
 * as a block at the end of each command's help. A command's own options live in its file.
 */
import type { OptionSpecs } from './option.js';

/** The global options, for `node:util` `parseArgs`. */
export const GLOBAL_OPTIONS = {
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
} as const satisfies OptionSpecs;

/** The main help's description of the global options. */
export const GLOBAL_OPTIONS_MAIN_HELP = `Options (every command):
  -u, --url <URL_OR_MONIKER>     RPC URL, or mainnet-beta (m), devnet (d), testnet (t), localhost (l)
      --ws <URL>                 WebSocket URL, for 'logs' (default: the config file's websocket_url,
                                 else the RPC URL with ws/wss and its port + 1)
  -k, --keypair <PATH>           Keypair file (default: from the config file, else ~/.config/solana/id.json)
      --commitment <LEVEL>       processed, confirmed or finalized (default: config file, else confirmed)
  -C, --config <PATH>            Solana CLI config file (default: ~/.config/solana/cli/config.yml)
      --output <FORMAT>          json or json-compact instead of text
      --rpc-timeout <SECONDS>    Time allowed for each request (default: 30)
  -v, --verbose                  More detail; errors with their stack
  -h, --help                     This help, or a command's with 'solrpc <command> --help'
  -V, --version                  The version
`;

/** The global options as each command's help lists them, at its end. */
export const GLOBAL_HELP = `Global options (see 'solrpc --help'):
  -u, --url <URL_OR_MONIKER>    -k, --keypair <PATH>          -C, --config <PATH>
      --commitment <LEVEL>          --output <FORMAT>             --rpc-timeout <SECONDS>
      --ws <URL>                -v, --verbose                 -h, --help
`;
