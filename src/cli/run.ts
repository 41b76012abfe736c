/**
 * The CLI: `run(argv, io)` parses the command line, runs one command and returns its exit code. It
 * never writes outside `io` and never throws; `main.ts` wires it to the process.
 */
import { parseArgs } from 'node:util';
import { CliError } from './cliError.js';
import { type Command, commandTable, type GlobalValues, optionTable } from './command.js';
import { COMMANDS } from './commands/index.js';
import {
  checkCommitmentText,
  DEFAULT_URL,
  defaultConfigPath,
  defaultKeypairPath,
  readConfig,
  rpcUrlFrom,
} from './config.js';
import { Context, type KeypairSource, type OutputFormat } from './context.js';
import { GLOBAL_OPTIONS } from './globalOptions.js';
import { COMMAND_HELP, MAIN_HELP } from './help.js';
import { type CliIo, EXIT } from './io.js';
import { isSolRpcError, sanitizeText } from './library.js';
import { VERSION } from './version.js';

/** Each command by its name and by each of its Solana CLI aliases (`get-slot` runs `slot`). */
const BY_NAME: ReadonlyMap<string, Command> = commandTable(COMMANDS);

/** Every option of every command, which parseArgs must know before the command is known. */
const OPTIONS = optionTable(COMMANDS);

/** The options every command takes: what run() lets past its per-command option check. */
export const GLOBAL: ReadonlySet<string> = new Set(Object.keys(GLOBAL_OPTIONS));

function parse(argv: string[]) {
  const options = Object.fromEntries(
    Object.entries(OPTIONS).map(([name, { type, short }]) => [name, short === undefined ? { type } : { type, short }]),
  );
  return parseArgs({ args: withOptionalValues(argv), options, allowPositionals: true, strict: true });
}

/** The first argument that is neither an option nor an option's value. */
function findCommand(argv: string[]): string | undefined {
  const takesValue = new Set<string>();
  for (const [name, spec] of Object.entries(OPTIONS)) {
    if (spec.type !== 'string') continue;
    takesValue.add(`--${name}`);
    if (spec.short !== undefined) takesValue.add(`-${spec.short}`);
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('-')) return arg;
    if (takesValue.has(arg)) i++;
  }
  return undefined;
}

/**
 * An option whose value may be left out (`check --watch`, `catchup --our-localhost`), given without one,
 * becomes `--name=<its fallback>`, which parseArgs reads as any other value.
 */
function withOptionalValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    const optional = arg.startsWith('--') ? OPTIONS[arg.slice(2)]?.optionalValue : undefined;
    if (optional && (next === undefined || !optional.value.test(next))) out.push(`${arg}=${optional.fallback}`);
    else out.push(arg);
  }
  return out;
}

/** Runs the CLI and returns the exit code. */
export async function run(argv: string[], io: CliIo): Promise<number> {
  let verbose = argv.includes('--verbose') || argv.includes('-v');
  // Known before parsing, so that even a bad option of `check` ends with Nagios' UNKNOWN (3).
  const word = findCommand(argv);
  let commandName: string | undefined = word === undefined ? undefined : (BY_NAME.get(word)?.name ?? word);
  try {
    let parsed: ReturnType<typeof parse>;
    try {
      parsed = parse(argv);
    } catch (error) {
      throw new CliError(usageMessage(error));
    }
    const { positionals } = parsed;
    // parseArgs typed each value from the table of every option; each command reads its own and the global ones.
    const values = parsed.values as GlobalValues & Record<string, string | boolean | undefined>;
    verbose = values.verbose === true;
    if (values.version) {
      io.out(`solrpc ${VERSION}\n`);
      return EXIT.ok;
    }
    const typed = positionals[0];
    commandName = typed;
    if (typed === undefined) {
      // Help asked for goes to stdout; help shown because the command is missing is a usage error.
      if (values.help) io.out(MAIN_HELP);
      else io.err(MAIN_HELP);
      return values.help ? EXIT.ok : EXIT.usage;
    }
    if (typed === 'help') {
      const topic = positionals[1];
      const about = topic === undefined ? undefined : BY_NAME.get(topic);
      if (topic !== undefined && !about) throw new CliError(`no help for '${topic}': unknown command`);
      io.out(about === undefined ? MAIN_HELP : (COMMAND_HELP[about.name] as string));
      return EXIT.ok;
    }
    const command = BY_NAME.get(typed);
    if (!command) throw new CliError(`unknown command '${typed}' (see 'solrpc --help')`);
    // From here on an alias is its command: messages name the command as its help does.
    commandName = command.name;
    if (values.help) {
      io.out(COMMAND_HELP[commandName] as string);
      return EXIT.ok;
    }
    for (const name of Object.keys(values)) {
      if (!GLOBAL.has(name) && !Object.hasOwn(command.options, name)) {
        throw new CliError(`option --${name} does not apply to '${commandName}'`);
      }
    }
    // Refused rather than ignored: a program reading the output would get text it cannot parse.
    if (command.json === false && (values.output === 'json' || values.output === 'json-compact')) {
      throw new CliError(
        `option --output ${values.output} does not apply to '${commandName}': it prints text only, as the Solana CLI's ${commandName} does`,
      );
    }
    const args = positionals.slice(1);
    if (args.length < command.positionals.min)
      throw new CliError(`'${commandName}' needs an argument (see 'solrpc ${commandName} --help')`);
    if (args.length > command.positionals.max)
      throw new CliError(`'${commandName}' takes at most ${command.positionals.max} argument(s)`);
    const ctx = new Context(io, resolveSettings(values, io));
    // Checked above: only the global options and the command's own are present.
    return await command.run(ctx, args, values as Parameters<Command['run']>[2]);
  } catch (error) {
    return report(error, io, verbose, commandName === 'check');
  }
}

function resolveSettings(values: GlobalValues, io: CliIo) {
  const home = io.env.HOME ?? io.env.USERPROFILE;
  const configPath = values.config ?? defaultConfigPath(home);
  const config = readConfig(configPath, values.config !== undefined);
  const output = values.output ?? 'text';
  if (!['text', 'json', 'json-compact'].includes(output))
    throw new CliError('--output must be text, json or json-compact');
  const timeoutText = values['rpc-timeout'];
  const timeoutSeconds = timeoutText === undefined ? 30 : parseTimeout(timeoutText);
  return {
    url:
      values.url !== undefined
        ? rpcUrlFrom(values.url, '--url')
        : config.jsonRpcUrl !== undefined
          ? rpcUrlFrom(config.jsonRpcUrl, `json_rpc_url in ${configPath}`)
          : DEFAULT_URL,
    // As the Solana CLI: --ws, else websocket_url, else derived from the RPC URL (Context.websocketUrl).
    websocketUrl: values.ws ?? config.websocketUrl,
    websocketSource: values.ws !== undefined ? '--ws' : `websocket_url in ${configPath}`,
    commitment: checkCommitmentText(
      values.commitment ?? config.commitment ?? 'confirmed',
      values.commitment !== undefined ? '--commitment' : 'config file',
    ),
    keypairPath: values.keypair ?? config.keypairPath ?? defaultKeypairPath(home),
    keypairSource: (values.keypair !== undefined
      ? '--keypair'
      : config.keypairPath !== undefined
        ? `keypair_path in ${configPath}`
        : 'default') as KeypairSource,
    output: output as OutputFormat,
    verbose: values.verbose === true,
    timeoutMs: Math.round(timeoutSeconds * 1000),
  };
}

const MAX_TIMEOUT_SECONDS = 86400;

/** `--rpc-timeout`: a decimal number of seconds, above 0 and at most a day. */
function parseTimeout(text: string): number {
  // Only plain decimals: Number() would also read '', '0x1f' and 'Infinity'.
  if (!/^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(text)) {
    throw new CliError('--rpc-timeout must be a number of seconds, such as 30 or 2.5');
  }
  const seconds = Number(text);
  // The value is a number by now, so echoing it shows nothing but digits.
  if (!(seconds > 0)) throw new CliError(`--rpc-timeout must be above 0 seconds, got ${seconds}`);
  // Under a millisecond would round to a timeout of 0 ms.
  if (seconds < 0.001) throw new CliError(`--rpc-timeout must be at least 0.001 seconds (1 ms), got ${text.trim()}`);
  if (seconds > MAX_TIMEOUT_SECONDS) {
    throw new CliError(`--rpc-timeout must be at most ${MAX_TIMEOUT_SECONDS} seconds (one day), got ${text.trim()}`);
  }
  return seconds;
}

/** parseArgs' own messages can repeat a whole `--opt=value`; keep only the option's name. */
function usageMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // "Option '-u, --url <value>' argument missing": take the long name.
  const option = /--[a-z][a-z-]*/.exec(message)?.[0] ?? /'(-[A-Za-z])/.exec(message)?.[1];
  const code = (error as { code?: string }).code;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option ?? ''} (see 'solrpc --help')`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    // "--rpc-timeout -1": parseArgs takes the -1 for an option. Say how to pass such a value.
    if (/ambiguous/.test(message) && option?.startsWith('--'))
      return `option ${option} needs a value; to give one that starts with '-', write ${option}=VALUE`;
    return `option ${option ?? ''} needs a value`;
  }
  return 'invalid command line (see solrpc --help)';
}

/** Prints one line for an error (its stack too with --verbose) and picks the exit code. */
function report(error: unknown, io: CliIo, verbose: boolean, nagios: boolean): number {
  let code: number = EXIT.failed;
  let line: string;
  let details: string[] = [];
  if (isSolRpcError(error, 'AbortError') || io.signal?.aborted) {
    return nagios ? 3 : EXIT.interrupted; // interrupted: end quietly
  }
  if (error instanceof CliError) {
    code = error.exitCode;
    line = error.message;
  } else if (isSolRpcError(error)) {
    // Line 1 says what failed; the lines after it (but the hint, shown on line 1) say why: an
    // InvalidResponseError's reason, an HttpError's body excerpt.
    const [summary, ...rest] = error.message.split('\n');
    details = rest.filter((detail) => !detail.startsWith('Hint: ') && detail.trim() !== '');
    // The library's hint names its own option; on the command line it is --rpc-timeout.
    const hint = isSolRpcError(error, 'TimeoutError')
      ? 'raise --rpc-timeout, or check that the node is reachable and not overloaded.'
      : isSolRpcError(error, 'ConnectionLostError') && error.closeCode === undefined
        ? // The library's hint names its reconnect option; on the command line the URL is what can change.
          'check that the node serves WebSocket subscriptions (its RPC port + 1 unless --ws says otherwise) and is reachable.'
        : error.hint;
    line = hint ? `${summary} — ${hint}` : (summary as string);
    if (isSolRpcError(error, 'InvalidInputError')) code = EXIT.usage;
    else if (
      isSolRpcError(error, 'NetworkError') ||
      isSolRpcError(error, 'TimeoutError') ||
      isSolRpcError(error, 'ConnectionLostError')
    )
      code = EXIT.unavailable;
  } else {
    line = error instanceof Error ? (error.message.split('\n')[0] ?? 'error') : String(error);
  }
  io.err(`Error: ${sanitizeText(line, 2000, true)}\n`);
  for (const detail of details) io.err(`  ${sanitizeText(detail, 500, true)}\n`);
  // A usage error's stack says nothing about the user's problem: only failures get one.
  if (verbose && !(error instanceof CliError) && error instanceof Error && error.stack)
    io.err(`${sanitizeText(error.stack, 20000)}\n`);
  // Nagios: a check that could not run is UNKNOWN.
  return nagios ? 3 : code;
}
