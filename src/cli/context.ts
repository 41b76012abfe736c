import { CliError } from './cliError.js';
import { websocketUrlFor } from './config.js';
import { colors, toJson } from './format.js';
import type { CliIo } from './io.js';
import { readKeypairFile } from './keypair.js';
import { base58Problem, type Commitment, createRpc, displayOrigin, type Rpc } from './library.js';

export type OutputFormat = 'text' | 'json' | 'json-compact';

/** Where the keypair path came from: the flag, the config file's `keypair_path` (naming the file), or the default. */
export type KeypairSource = '--keypair' | `keypair_path in ${string}` | 'default';

/** Everything a command needs, resolved from the command line, the config file and the defaults. */
export class Context {
  private client: Rpc | undefined;
  private warnedPaths = new Set<string>();
  readonly paint: ReturnType<typeof colors>;

  constructor(
    readonly io: CliIo,
    readonly settings: {
      url: string;
      /** The WebSocket URL given with `--ws` or the config file's `websocket_url`; derived from `url` when absent. */
      websocketUrl?: string;
      /** Where `websocketUrl` came from, for its error messages. */
      websocketSource?: string;
      commitment: Commitment;
      keypairPath: string | undefined;
      /** Where `keypairPath` came from; `'default'` when not given. */
      keypairSource?: KeypairSource;
      output: OutputFormat;
      verbose: boolean;
      timeoutMs: number;
    },
  ) {
    // no-color.org: an empty NO_COLOR does not count.
    this.paint = colors(io.isTTY && !io.env.NO_COLOR && settings.output === 'text');
  }

  /** The client, created on first use (so `--help` never needs a valid URL). */
  get rpc(): Rpc {
    // A person or a cron job is waiting: fail fast, with one retry of a failure worth retrying.
    this.client ??= createRpc(this.settings.url, {
      timeoutMs: this.settings.timeoutMs,
      totalTimeoutMs: this.settings.timeoutMs * 2 + 1000,
      retry: { maxRetries: 1, maxDelayMs: 1000 },
      // The CLI shows what the node says: a slot that went back (a load-balanced URL) is for the operator
      // to see, and the checks read it as such; refusing it would hide the fault they report.
      freshReads: false,
    });
    return this.client;
  }

  /** The cluster's origin, the only part of the URL ever shown. */
  get origin(): string {
    return displayOrigin(this.settings.url);
  }

  /**
   * The WebSocket URL subscriptions use, chosen as the Solana CLI chooses it: `--ws`, else the config
   * file's `websocket_url`, else derived from the RPC URL (http -> ws, https -> wss, port + 1). Checked
   * here, so a bad one is a usage error before any connection; the URL itself is never in the message.
   */
  get websocketUrl(): string {
    const given = this.settings.websocketUrl;
    if (given === undefined) {
      const derived = websocketUrlFor(this.settings.url);
      if (derived === undefined) {
        throw new CliError(
          'cannot derive a WebSocket URL from the RPC URL (not http:// or https://); give one with --ws',
        );
      }
      return derived;
    }
    let parsed: URL | undefined;
    try {
      parsed = new URL(given);
    } catch {
      parsed = undefined;
    }
    if (parsed?.protocol !== 'ws:' && parsed?.protocol !== 'wss:') {
      throw new CliError(`${this.settings.websocketSource ?? '--ws'}: expected a ws:// or wss:// URL`);
    }
    return given;
  }

  /** Per-call options every request carries: the commitment and the interrupt signal. */
  get call(): { commitment: Commitment; signal?: AbortSignal } {
    return this.io.signal
      ? { commitment: this.settings.commitment, signal: this.io.signal }
      : { commitment: this.settings.commitment };
  }

  get json(): boolean {
    return this.settings.output !== 'text';
  }

  print(text: string): void {
    this.io.out(text.endsWith('\n') ? text : `${text}\n`);
  }

  printJson(value: unknown): void {
    this.print(toJson(value, this.settings.output === 'json'));
  }

  warn(text: string): void {
    this.io.err(`${this.paint.yellow('Warning:')} ${text}\n`);
  }

  /**
   * An address argument that may instead name a keypair file, as the Solana CLI takes them: a valid
   * base58 address is used as it is; anything else is read as a keypair file for its public key.
   */
  addressOrKeypair(value: string, what: string): string {
    const problem = base58Problem(value, 32);
    if (problem === undefined) return value;
    try {
      return this.keypairAddress(value);
    } catch (error) {
      if (error instanceof CliError && /: not found$/.test(error.message) && !/[/\\.]/.test(value)) {
        // An address is public, so the value may be shown; report() strips control characters from it.
        throw new CliError(`${what} ${value} is neither a keypair file nor a base58 address: ${problem}`);
      }
      throw error;
    }
  }

  /** The public key of a keypair file, warning once when the file is readable by others. */
  keypairAddress(path: string): string {
    const { address, looseMode } = readKeypairFile(path);
    if (looseMode !== undefined && !this.warnedPaths.has(path)) {
      this.warnedPaths.add(path);
      this.warn(
        `keypair file ${path} is accessible to group or others (mode ${looseMode.toString(8).padStart(4, '0')}); run: chmod 600 ${path}`,
      );
    }
    return address;
  }

  /**
   * The configured keypair's address, for commands whose address argument is optional. When there is
   * none, the message says an address or keypair file can be given, and where the keypair was looked for.
   */
  defaultAddress(command: string): string {
    const path = this.settings.keypairPath;
    const source = this.settings.keypairSource ?? 'default';
    const instead = `pass an address or a keypair file (solrpc ${command} ADDRESS_OR_KEYPAIR), or name a keypair with --keypair or keypair_path in the config file`;
    if (!path) {
      throw new CliError(
        `no address given, and no default keypair: neither HOME nor USERPROFILE is set, so there is no ~/.config/solana/id.json; ${instead}`,
      );
    }
    try {
      return this.keypairAddress(path);
    } catch (error) {
      // A keypair named with --keypair is reported as it is: the user chose that file.
      if (source === '--keypair' || !(error instanceof CliError) || !/: not found$/.test(error.message)) throw error;
      const where = source === 'default' ? `the default keypair ${path}` : `the keypair ${path} (${source})`;
      throw new CliError(`no address given, and ${where} was not found: ${instead}`);
    }
  }
}
