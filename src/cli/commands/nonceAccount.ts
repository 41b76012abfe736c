/**
 * `solrpc nonce-account`, as agave's `process_show_nonce_account` (cli/src/nonce.rs): the account's balance,
 * the rent-exempt minimum of a nonce account (getMinimumBalanceForRentExemption(80)), its durable nonce,
 * fee and authority, printed as `CliNonceAccount`.
 */
import { defineCommand } from '../command.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import { readNonce } from '../nonceState.js';
import { balanceText } from '../stakeState.js';

/** `nonce::state::State::size()`: a nonce account's data length. */
const NONCE_ACCOUNT_SIZE = 80;

export const nonceAccount = defineCommand({
  name: 'nonce-account',
  aliases: ['show-nonce-account'],
  synopsis: 'nonce-account <ADDRESS>',
  summary: "A nonce account's balance, durable nonce, fee and authority",
  help: `solrpc nonce-account — a nonce account in full

Usage: solrpc nonce-account <NONCE_ACCOUNT_ADDRESS> [options]

Prints the balance, the minimum balance a nonce account needs, the stored nonce (blockhash), its fee per
signature and the nonce authority ("uninitialized" for each of the last three on an uninitialized
account), as the Solana CLI's nonce-account does. 'solrpc nonce' prints the nonce alone. The address may
be a keypair file.

Options:
      --lamports     Print balances in lamports

${GLOBAL_HELP}`,
  positionals: { min: 1, max: 1 },
  options: {
    lamports: { type: 'boolean' },
  },
  async run(ctx, args, options) {
    const address = ctx.addressOrKeypair(args[0] as string, 'nonce account');
    const nonce = await readNonce(ctx, address);
    const minimum = await ctx.rpc.getMinimumBalanceForRentExemption(NONCE_ACCOUNT_SIZE, ctx.call);
    // `CliNonceAccount`: its Options are written as null.
    const report = {
      balance: nonce.lamports,
      minimumBalanceForRentExemption: BigInt(minimum),
      nonce: nonce.data?.blockhash ?? null,
      lamportsPerSignature: nonce.data?.lamportsPerSignature ?? null,
      authority: nonce.data?.authority ?? null,
    };
    if (ctx.json) {
      ctx.printJson(report);
      return EXIT.ok;
    }
    const inLamports = options.lamports === true;
    ctx.print(
      [
        `Balance: ${balanceText(report.balance, inLamports)}`,
        `Minimum Balance Required: ${balanceText(report.minimumBalanceForRentExemption, inLamports)}`,
        `Nonce blockhash: ${report.nonce ?? 'uninitialized'}`,
        report.lamportsPerSignature === null
          ? 'Fees: uninitialized'
          : `Fee: ${report.lamportsPerSignature} lamports per signature`,
        `Authority: ${report.authority ?? 'uninitialized'}`,
      ].join('\n'),
    );
    return EXIT.ok;
  },
});
