/**
 * The Solana CLI's other names for the commands solrpc implements (clap `.alias` in agave's cli/src): each
 * runs its command with the same output, text and JSON, shows its command's help, and is hidden from the
 * main help as clap hides it. A word that names no command is still refused.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { COMMAND_HELP, MAIN_HELP } from '../../src/cli/help.js';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { runCli } from './helpers.js';

/** Every alias agave's cli/src gives these commands (cluster_query.rs, stake.rs, nonce.rs, vote.rs). */
const AGAVE_ALIASES: Record<string, readonly string[]> = {
  gossip: ['show-gossip'],
  'vote-account': ['show-vote-account'],
  'stake-account': ['show-stake-account'],
  'stake-history': ['show-stake-history'],
  'nonce-account': ['show-nonce-account'],
  nonce: ['get-nonce'],
  'epoch-info': ['get-epoch-info'],
  slot: ['get-slot'],
  'transaction-count': ['get-transaction-count'],
  validators: ['show-validators'],
  'block-production': ['show-block-production'],
};

const [alpha] = SIMULATION.validators as [(typeof SIMULATION.validators)[number]];

/** The arguments each aliased command takes against the simulated cluster. */
const ARGS: Record<string, string[]> = {
  'vote-account': [alpha.vote],
  'stake-account': [SIMULATION.stakes.active],
  'nonce-account': [SIMULATION.nonce],
  nonce: [SIMULATION.nonce],
};

const PAIRS = COMMANDS.flatMap((command) =>
  (command.aliases ?? []).map((alias) => [alias, command.name, command.json !== false] as const),
);

describe('the aliases declared', () => {
  it("are exactly agave's, each on the command agave gives it", () => {
    const declared = Object.fromEntries(
      COMMANDS.filter((command) => command.aliases !== undefined).map((command) => [command.name, command.aliases]),
    );
    expect(declared).toEqual(AGAVE_ALIASES);
    expect(PAIRS).toHaveLength(11);
  });
});

const sim = useSimulatedCluster();

describe('an alias against the simulated cluster (demo --serve)', () => {
  it.each(PAIRS)('%s prints what %s prints, as text and as JSON', async (alias, name, json) => {
    const args = ARGS[name] ?? [];
    const formats: string[][] = json ? [[], ['--output', 'json-compact']] : [[]];
    for (const format of formats) {
      const byName = await runCli([name, ...args, '-u', sim.cluster.url, ...format]);
      expect(byName.err).toBe('');
      expect(byName.code).toBe(0);
      expect(byName.out.length).toBeGreaterThan(1);
      expect(await runCli([alias, ...args, '-u', sim.cluster.url, ...format])).toEqual(byName);
    }
  });
});

describe('an alias on the command line', () => {
  it.each(PAIRS)("%s --help and 'help %s' show %s's own help", async (alias, name) => {
    const help = { code: 0, out: COMMAND_HELP[name], err: '' };
    expect(help.out?.startsWith(`solrpc ${name} — `)).toBe(true);
    expect(await runCli([alias, '--help'])).toEqual(help);
    expect(await runCli(['help', alias])).toEqual(help);
  });

  it('is not listed in the main help, which clap hides an .alias from', () => {
    for (const [alias, name] of PAIRS) {
      expect(MAIN_HELP).not.toMatch(new RegExp(`(?<![\\w-])${alias}(?![\\w-])`));
      expect(MAIN_HELP).toMatch(new RegExp(`\\n  ${name} `));
    }
  });

  it('is checked as its command, whose name the errors give', async () => {
    expect(await runCli(['get-slot', '7', '-u', 'http://127.0.0.1:9'])).toEqual({
      code: 2,
      out: '',
      err: "Error: 'slot' takes at most 0 argument(s)\n",
    });
    expect(await runCli(['get-slot', '--serve'])).toEqual({
      code: 2,
      out: '',
      err: "Error: option --serve does not apply to 'slot'\n",
    });
    expect(await runCli(['show-stake-account', '-u', 'http://127.0.0.1:9'])).toEqual({
      code: 2,
      out: '',
      err: "Error: 'stake-account' needs an argument (see 'solrpc stake-account --help')\n",
    });
  });

  it('a word naming no command is refused as before, even an alias of a command solrpc does not have', async () => {
    // get-block-time is agave's alias of block-time, pay of transfer: neither is a solrpc command.
    for (const word of ['get-block-time', 'pay', 'show-stakes', 'get-balance']) {
      expect(await runCli([word])).toEqual({
        code: 2,
        out: '',
        err: `Error: unknown command '${word}' (see 'solrpc --help')\n`,
      });
      expect(await runCli(['help', word])).toEqual({
        code: 2,
        out: '',
        err: `Error: no help for '${word}': unknown command\n`,
      });
    }
  });
});
