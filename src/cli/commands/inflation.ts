/**
 * `solrpc inflation`, as the Solana CLI's `solana inflation` (agave cli/src/inflation.rs, cli-output
 * `CliInflation`): the governor's rates and this epoch's. Its percentages are the Solana CLI's own
 * `{:>5.2}%` of the rates; the foundation percentage is printed as the fraction it is, without the × 100 of
 * the other lines, as the Solana CLI prints it.
 */
import { CliError } from '../cliError.js';
import type { Command } from '../command.js';
import { EXIT } from '../io.js';

const percent = (fraction: number) => {
  const text = (fraction * 100).toFixed(2);
  return text.length >= 5 ? text : ' '.repeat(5 - text.length) + text;
};

export const inflation: Command = {
  positionals: { min: 0, max: 1 },
  options: [],
  async run(ctx, args) {
    // `solana inflation rewards <ADDRESSES>` is not here yet: refuse it rather than print something else.
    if (args[0] !== undefined) throw new CliError(`unknown inflation subcommand: ${args[0]}`);
    const { signal } = ctx.call;
    const [governor, rate] = await Promise.all([
      ctx.rpc.getInflationGovernor(ctx.call),
      ctx.rpc.getInflationRate(signal ? { signal } : {}),
    ]);
    if (ctx.json) {
      ctx.printJson({ governor, currentRate: rate });
      return EXIT.ok;
    }
    const { bold } = ctx.paint;
    const lines = [bold('Inflation Governor:')];
    if (Math.abs(governor.initial - governor.terminal) < Number.EPSILON) {
      lines.push(`Fixed rate:              ${percent(governor.terminal)}%`);
    } else {
      lines.push(
        `Initial rate:            ${percent(governor.initial)}%`,
        `Terminal rate:           ${percent(governor.terminal)}%`,
        `Rate reduction per year: ${percent(governor.taper)}%`,
        '* Rate reduction is derived using the target slot time in genesis config',
      );
    }
    if (governor.foundationTerm > 0) {
      lines.push(
        `Foundation percentage:   ${percent(governor.foundation / 100)}%`,
        `Foundation term:         ${governor.foundationTerm.toFixed(1)} years`,
      );
    }
    lines.push(
      '',
      bold(`Inflation for Epoch ${rate.epoch}:`),
      `Total rate:              ${percent(rate.total)}%`,
      `Staking rate:            ${percent(rate.validator)}%`,
    );
    if (rate.foundation > 0) lines.push(`Foundation rate:         ${percent(rate.foundation)}%`);
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
};
