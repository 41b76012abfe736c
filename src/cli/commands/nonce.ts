/**
 * `solrpc nonce`, as agave's `process_get_nonce` (cli/src/nonce.rs): the durable nonce (blockhash) a nonce
 * account stores, alone on one line, or "Nonce account is uninitialized". The Solana CLI returns that text
 * without going through its output formats, so `--output json` prints the same line.
 */
import { defineCommand } from '../command.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import { readNonce } from '../nonceState.js';

export const nonce = defineCommand({
  name: 'nonce',
  aliases: ['get-nonce'],
  synopsis: 'nonce <ADDRESS>',
  summary: 'The durable nonce a nonce account stores',
  help: `solrpc nonce — the durable nonce a nonce account stores

Usage: solrpc nonce <NONCE_ACCOUNT_ADDRESS> [options]

Prints the stored nonce (a blockhash) alone on one line, or "Nonce account is uninitialized", as the
Solana CLI's nonce does (with --output json too: the same line). 'solrpc nonce-account' prints the whole
account. The address may be a keypair file.

${GLOBAL_HELP}`,
  positionals: { min: 1, max: 1 },
  options: {},
  async run(ctx, args) {
    const address = ctx.addressOrKeypair(args[0] as string, 'nonce account');
    const { data } = await readNonce(ctx, address);
    ctx.print(data === null ? 'Nonce account is uninitialized' : data.blockhash);
    return EXIT.ok;
  },
});
