/**
 * The Solana CLI's configuration: `~/.config/solana/cli/config.yml` (or `--config`), URL monikers and
 * defaults, resolved with the Solana CLI's precedence: flag, then config file, then default.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from './cliError.js';
import type { Commitment } from './library.js';

export interface CliConfig {
  jsonRpcUrl?: string;
  /** The WebSocket URL subscriptions use; derived from the RPC URL when not set (an empty value is not set). */
  websocketUrl?: string;
  keypairPath?: string;
  commitment?: string;
}

const MONIKERS: Readonly<Record<string, string>> = {
  m: 'https://api.mainnet-beta.solana.com',
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
  t: 'https://api.testnet.solana.com',
  testnet: 'https://api.testnet.solana.com',
  d: 'https://api.devnet.solana.com',
  devnet: 'https://api.devnet.solana.com',
  l: 'http://localhost:8899',
  localhost: 'http://localhost:8899',
};

export const DEFAULT_URL = 'https://api.mainnet-beta.solana.com';

/** A moniker's URL, or the text as given. */
export function urlFromMoniker(text: string): string {
  return MONIKERS[text] ?? text;
}

/** Words people write for a cluster that are not the Solana CLI's monikers, with the moniker they meant. */
const NEAR_MONIKERS: Readonly<Record<string, string>> = {
  mainnet: 'mainnet-beta',
  main: 'mainnet-beta',
  mainnet_beta: 'mainnet-beta',
  mainnetbeta: 'mainnet-beta',
  beta: 'mainnet-beta',
  test: 'testnet',
  dev: 'devnet',
  local: 'localhost',
  'local-host': 'localhost',
};

const MONIKER_LIST = 'mainnet-beta (m), devnet (d), testnet (t) or localhost (l)';

/**
 * The RPC URL from `--url` or the config file's `json_rpc_url` (`source` says which): a moniker's URL, or
 * the text. A word that is no moniker, and a host written without its scheme (`localhost:8899`, which a
 * URL parser reads as the scheme `localhost:`), are refused with what to write instead. The text is
 * repeated only as a host and port: a URL without a scheme may still carry a key in its path or query.
 */
export function rpcUrlFrom(text: string, source: string): string {
  const url = MONIKERS[text];
  if (url !== undefined) return url;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text; // a scheme: the library checks the rest
  const lower = text.toLowerCase();
  // `Devnet`: a moniker in other case; `mainnet`: a word people write for one.
  const near = NEAR_MONIKERS[lower] ?? (lower.length > 1 && MONIKERS[lower] !== undefined ? lower : undefined);
  if (near !== undefined) {
    throw new CliError(`${source}: '${text}' is not a cluster moniker; did you mean ${near} (${near[0]})?`);
  }
  const host = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?([/?#].*)?$/i.exec(text);
  if (
    host &&
    (host[1]?.includes('.') ||
      host[1]?.startsWith('[') ||
      host[2] !== undefined ||
      /^localhost$/i.test(host[1] as string))
  ) {
    const [, name = '', port = '', rest] = host;
    // A node's own RPC port (8899) and a bare address or localhost are plain HTTP; a named provider is TLS.
    const plain = /^(localhost|\d{1,3}(\.\d{1,3}){3}|\[.*\])$/i.test(name) || port === ':8899';
    const shown = `${name}${port}${rest ? '/…' : ''}`;
    throw new CliError(`${source}: '${shown}' has no scheme; write ${plain ? 'http' : 'https'}://${shown}`);
  }
  if (/^[a-z][a-z0-9-]*$/i.test(text)) {
    throw new CliError(`${source}: '${text}' is neither a URL nor a cluster moniker: ${MONIKER_LIST}`);
  }
  return text; // the library names what is wrong with it, without repeating it
}

/**
 * The WebSocket URL of an RPC URL, as the Solana CLI derives it when neither `--ws` nor the config file's
 * `websocket_url` gives one (agave `Config::compute_websocket_url`): `ws` for `http`, `wss` for `https`,
 * and the port plus one when the URL names a port (8899 -> 8900); path and query are kept. `undefined`
 * when the URL is not http(s) or its port is the last one.
 */
export function websocketUrlFor(rpcUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(rpcUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // Read before the scheme changes: the URL drops a port that is the new scheme's default.
  const port = url.port;
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (port !== '') {
    // agave panics ("port out of range") where solrpc reports that it cannot derive one.
    if (Number(port) >= 65535) return undefined;
    url.port = String(Number(port) + 1);
  }
  return url.toString();
}

export function defaultConfigPath(home: string | undefined): string | undefined {
  return home ? join(home, '.config', 'solana', 'cli', 'config.yml') : undefined;
}

export function defaultKeypairPath(home: string | undefined): string | undefined {
  return home ? join(home, '.config', 'solana', 'id.json') : undefined;
}

/**
 * Reads the config file. A missing default file is no error (the defaults apply); a missing file named
 * with `--config` is. Only the keys the CLI uses are read.
 */
export function readConfig(path: string | undefined, explicit: boolean): CliConfig {
  if (!path) return {};
  let text: string;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new CliError(`config file ${path} is not a regular file`);
    if (stats.size > 1024 * 1024) throw new CliError(`config file ${path} is larger than 1 MiB`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    if (!explicit && (error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError(`cannot read config file ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const values = parseTopLevelYaml(text);
  return {
    jsonRpcUrl: values.json_rpc_url,
    websocketUrl: values.websocket_url,
    keypairPath: values.keypair_path,
    commitment: values.commitment,
  };
}

/**
 * The top-level `key: scalar` pairs of the YAML the Solana CLI writes. Nested maps (address_labels)
 * and comments are skipped; quoted values are unquoted.
 */
export function parseTopLevelYaml(text: string): Record<string, string> {
  const values: Record<string, string> = Object.create(null);
  for (const line of text.split(/\r?\n/)) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*):[ \t]*(.*?)[ \t]*$/.exec(line);
    if (!match) continue;
    const raw = match[2] as string;
    // A quoted value ends at its closing quote ('#' inside it is text); elsewhere ' #' starts a comment.
    const quoted = /^"((?:[^"\\]|\\.)*)"/.exec(raw) ?? /^'((?:[^']|'')*)'/.exec(raw);
    let value: string;
    if (quoted) {
      value = raw.startsWith('"')
        ? (quoted[1] as string).replace(/\\(.)/g, '$1')
        : (quoted[1] as string).replace(/''/g, "'");
    } else {
      value = raw.replace(/[ \t]+#.*$/, '');
      if (value === '' || value === '~' || value === 'null') continue;
    }
    values[match[1] as string] = value;
  }
  return values;
}

const COMMITMENTS: readonly Commitment[] = ['processed', 'confirmed', 'finalized'];

export function checkCommitmentText(value: string, source: string): Commitment {
  // Older configs say `recent`, `single`, `max`…; the Solana CLI maps them like this.
  const legacy: Record<string, Commitment> = {
    recent: 'processed',
    single: 'confirmed',
    singleGossip: 'confirmed',
    root: 'finalized',
    max: 'finalized',
  };
  const commitment = (COMMITMENTS as readonly string[]).includes(value) ? (value as Commitment) : legacy[value];
  if (!commitment) throw new CliError(`${source}: commitment must be processed, confirmed or finalized`);
  return commitment;
}
