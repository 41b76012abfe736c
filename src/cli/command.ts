/**
 * What a CLI command is. Each command's file describes it whole (name, help, arguments, options, body)
 * and commands/index.ts lists them: run.ts, the help and the option table all read that one list.
 */
import type { Context } from './context.js';
import { GLOBAL_OPTIONS } from './globalOptions.js';
import type { CliIo } from './io.js';
import type { OptionSpec, OptionSpecs, OptionValues } from './option.js';

export type { OptionSpec, OptionSpecs, OptionValues } from './option.js';

/** The values of the global options, which every command receives beside its own. */
export type GlobalValues = OptionValues<typeof GLOBAL_OPTIONS>;

/** A command: how it is named and described, its positional arguments, its own options and its body. */
export interface Command<O extends OptionSpecs = OptionSpecs> {
  /** The word typed after `solrpc`. */
  name: string;
  /**
   * The other words the Solana CLI accepts for this command (clap `.alias`, e.g. `get-slot` for `slot`),
   * so that scripts written for it run unchanged. Hidden there, so no help lists them here either.
   */
  aliases?: readonly string[];
  /** Its line in the main help: the name with its arguments (`balance [ADDRESS_OR_KEYPAIR]`), then `summary`. */
  synopsis: string;
  summary: string;
  /** `solrpc <name> --help`, written out in full so that what users read is exactly what is here. */
  help: string;
  positionals: { min: number; max: number };
  /** The options it takes besides the global ones; any other is refused as not applying to it. */
  options: O;
  /**
   * `false` for a command whose Solana CLI counterpart prints text only: `--output json` is refused,
   * rather than answered with text a program would fail to parse.
   */
  json?: false;
  run(ctx: Context, args: string[], options: OptionValues<O> & GlobalValues): Promise<number>;
}

/** A command, its option values typed from the options it declares. */
export function defineCommand<const O extends OptionSpecs>(command: Command<O>): Command<O> {
  return command;
}

/**
 * Every option of these commands and the global ones, for `parseArgs`, which must know them all before it
 * can tell which command a line names. A name or letter declared twice with different meanings would
 * change one command's options for another's sake: that throws, and test/cli/registry.test.ts runs it.
 */
export function optionTable(commands: readonly Command[]): Record<string, OptionSpec> {
  const table: Record<string, OptionSpec> = { ...GLOBAL_OPTIONS };
  const owner = new Map<string, string>(Object.keys(GLOBAL_OPTIONS).map((name) => [name, 'global']));
  const letters = new Map<string, string>();
  for (const [name, spec] of Object.entries(table)) if (spec.short) letters.set(spec.short, name);
  for (const command of commands) {
    for (const [name, spec] of Object.entries(command.options)) {
      const known = table[name];
      if (known) {
        if (known.type !== spec.type || known.short !== spec.short || !sameOptional(known, spec))
          throw new Error(`option --${name} of '${command.name}' differs from that of '${owner.get(name)}'`);
        continue;
      }
      if (spec.short !== undefined) {
        const taken = letters.get(spec.short);
        if (taken !== undefined) throw new Error(`-${spec.short} of '${command.name}' is already --${taken}`);
        letters.set(spec.short, name);
      }
      table[name] = spec;
      owner.set(name, command.name);
    }
  }
  return table;
}

/**
 * Every word that names a command, its name and its aliases, to the command. A word claimed twice (or an
 * alias that is `help`) would run a different command than the one a user meant: that throws, and
 * test/cli/registry.test.ts runs it.
 */
export function commandTable(commands: readonly Command[]): ReadonlyMap<string, Command> {
  const table = new Map<string, Command>();
  const claim = (word: string, command: Command) => {
    const taken = word === 'help' ? 'help' : table.get(word)?.name;
    if (taken !== undefined) throw new Error(`'${word}' of '${command.name}' already names '${taken}'`);
    table.set(word, command);
  };
  for (const command of commands) claim(command.name, command);
  for (const command of commands) for (const alias of command.aliases ?? []) claim(alias, command);
  return table;
}

function sameOptional(a: OptionSpec, b: OptionSpec): boolean {
  const [x, y] = [a.optionalValue, b.optionalValue];
  return x === y || (x?.fallback === y?.fallback && String(x?.value) === String(y?.value));
}

/** Runs the CLI on a command line and returns its exit code: the type of `run` (run.ts). */
export type RunCli = (argv: string[], io: CliIo) => Promise<number>;
