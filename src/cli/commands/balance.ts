import type { Command } from '../command.js';
import { balanceMessage } from '../format.js';
import { EXIT } from '../io.js';

export const balance: Command = {
  positionals: { min: 0, max: 1 },
  options: ['lamports'],
  async run(ctx, args, options) {
    const address = args[0] === undefined ? ctx.defaultAddress('balance') : ctx.addressOrKeypair(args[0], 'account');
    const { value } = await ctx.rpc.getBalance(address, ctx.call);
    if (ctx.json) {
      // As the Solana CLI: {"lamports": N}, whatever the unit flag.
      ctx.printJson({ lamports: value });
      return EXIT.ok;
    }
    ctx.print(balanceMessage(value, options.lamports === true, ctx.settings.verbose));
    return EXIT.ok;
  },
};
