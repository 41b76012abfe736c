/**
 * The one list of commands: each command's file describes it (name, help, options) and everything else
 * reads the list. The main help is made of the commands' own lines, each help documents exactly the
 * options its command declares, and two commands cannot give one option two meanings.
 */
import { describe, expect, it } from 'vitest';
import { type Command, commandTable, defineCommand, optionTable } from '../../src/cli/command.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { GLOBAL_OPTIONS } from '../../src/cli/globalOptions.js';
import { COMMAND_HELP, MAIN_HELP } from '../../src/cli/help.js';
import { runCli } from './helpers.js';

const globals = Object.keys(GLOBAL_OPTIONS);

describe('the list of commands', () => {
  it('names each command once, and the main help lists them in its order, each with its own line', () => {
    const names = COMMANDS.map((command) => command.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('demo');
    const listed = /Commands:\n([\s\S]*?)\n\n/.exec(MAIN_HELP)?.[1]?.split('\n') ?? [];
    expect(listed).toEqual(COMMANDS.map((command) => `  ${command.synopsis.padEnd(29)}  ${command.summary}`));
    expect(Object.keys(COMMAND_HELP)).toEqual(names);
  });

  it.each(COMMANDS.map((command) => [command.name, command] as const))(
    '%s: its help starts with its name and documents every option it declares, and no other',
    (name, command) => {
      expect(command.help.startsWith(`solrpc ${name} — `)).toBe(true);
      expect(command.synopsis.split(' ')[0]).toBe(name);
      for (const option of Object.keys(command.options)) expect(command.help).toMatch(new RegExp(`--${option}\\b`));
      // Other --words in a help are global options, or a node's flags it names (gossip's --full-rpc-api).
      const foreign = [...command.help.matchAll(/(?<![\w-])--([a-z][a-z-]*)/g)]
        .map((match) => match[1] as string)
        .filter((option) => !globals.includes(option) && !Object.hasOwn(command.options, option));
      expect(foreign.filter((option) => option !== 'full-rpc-api')).toEqual([]);
    },
  );

  it("the option table holds every command's options beside the global ones", () => {
    const table = optionTable(COMMANDS);
    for (const command of COMMANDS) {
      for (const [option, spec] of Object.entries(command.options)) expect(table[option]).toEqual(spec);
    }
    for (const option of globals) expect(table[option]).toBeDefined();
  });

  it('refuses one option name or letter given two meanings, naming both commands', () => {
    const command = (name: string, options: Command['options']): Command =>
      defineCommand({
        name,
        synopsis: name,
        summary: '',
        help: '',
        positionals: { min: 0, max: 0 },
        options,
        run: async () => 0,
      });
    const a = command('a', { depth: { type: 'string' } });
    expect(() => optionTable([a, command('b', { depth: { type: 'boolean' } })])).toThrow(
      "option --depth of 'b' differs from that of 'a'",
    );
    expect(() => optionTable([command('b', { verbose: { type: 'string' } })])).toThrow(
      "option --verbose of 'b' differs from that of 'global'",
    );
    expect(() => optionTable([command('b', { deep: { type: 'boolean', short: 'u' } })])).toThrow(
      "-u of 'b' is already --url",
    );
    // The same option declared alike by two commands is one option (validators' and balance's --lamports).
    expect(optionTable([a, command('c', { depth: { type: 'string' } })]).depth).toEqual({ type: 'string' });
  });

  it('gives every name and alias one command, and refuses a word given to two, naming both', () => {
    const table = commandTable(COMMANDS);
    const words = COMMANDS.flatMap((command) => [command.name, ...(command.aliases ?? [])]);
    expect(table.size).toBe(words.length);
    for (const command of COMMANDS) {
      for (const word of [command.name, ...(command.aliases ?? [])]) expect(table.get(word)).toBe(command);
    }
    const command = (name: string, aliases?: string[]): Command =>
      defineCommand({
        name,
        ...(aliases ? { aliases } : {}),
        synopsis: name,
        summary: '',
        help: '',
        positionals: { min: 0, max: 0 },
        options: {},
        run: async () => 0,
      });
    // An alias that is another command's name, whichever comes first in the list.
    expect(() => commandTable([command('a'), command('b', ['a'])])).toThrow("'a' of 'b' already names 'a'");
    expect(() => commandTable([command('b', ['a']), command('a')])).toThrow("'a' of 'b' already names 'a'");
    // One alias on two commands, an alias repeated on one, two commands of one name, and `help`.
    expect(() => commandTable([command('a', ['x']), command('b', ['x'])])).toThrow("'x' of 'b' already names 'a'");
    expect(() => commandTable([command('a', ['x', 'x'])])).toThrow("'x' of 'a' already names 'a'");
    expect(() => commandTable([command('a'), command('a')])).toThrow("'a' of 'a' already names 'a'");
    expect(() => commandTable([command('a', ['help'])])).toThrow("'help' of 'a' already names 'help'");
    expect(commandTable([command('a', ['x']), command('b')]).get('x')?.name).toBe('a');
  });

  it("an option declared by one command only is refused by another, the first one's help naming it", async () => {
    expect(await runCli(['slot', '--serve'])).toEqual({
      code: 2,
      out: '',
      err: "Error: option --serve does not apply to 'slot'\n",
    });
    expect(await runCli(['demo', '--help'])).toEqual({ code: 0, out: COMMAND_HELP.demo, err: '' });
    expect(COMMAND_HELP.demo).toContain('--port <N>');
  });
});
