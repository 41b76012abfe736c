import { defineCommand } from '../command.js';
import { balanceMessage } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

export const balance = defineCommand({
  name: 'balance',
  synopsis: 'balance [ADDRESS_OR_KEYPAIR]',
  summary: "An account's balance in SOL (exact), or lamports with --lamports",
  help: `solrpc balance — an account's balance

Usage: solrpc balance [ADDRESS_OR_KEYPAIR] [options]

ADDRESS_OR_KEYPAIR   A base58 address or a keypair file; the configured keypair's address by default.

Options:
      --lamports     Print lamports instead of SOL
  -v, --verbose      Print all nine decimals of SOL

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 1 },
  options: {
    lamports: { type: 'boolean' },
  },
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
});
