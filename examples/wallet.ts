/**
 * A wallet view: the token accounts a delegate may spend from, read twice. Once parsed by the node
 * (`encoding: 'jsonParsed'`), once as bytes decoded here with `decodeTokenAccount`, which gives the same
 * fields. Every amount is printed exactly: token amounts are decimal strings, lamports are bigints.
 *
 *   npm run example -- wallet                                   offline, against the simulated cluster
 *   npm run example -- wallet https://rpc.example.com DELEGATE [MINT]
 *
 * Environment: RPC_URL (instead of the first argument). Without MINT, the accounts of the SPL Token
 * program are listed; Token-2022 accounts need a second call with its program id.
 *
 * In your own project, import from 'solrpc' instead of '../src/index.js'. The simulated cluster belongs
 * to this repository (it is what `solrpc demo` runs), not to the package.
 */
import { SIMULATION, startSimulatedCluster } from '../src/cli/demo/simulatedCluster.js';
import {
  createRpc,
  decodeMint,
  decodeTokenAccount,
  type TokenAccountInfo,
  type TokenAccountsFilter,
} from '../src/index.js';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const LAMPORTS_PER_SOL = 1_000_000_000n;

const args = process.argv.slice(2);
const givenUrl = /^https?:\/\//.test(args[0] ?? '') ? args.shift() : process.env.RPC_URL || undefined;
if (givenUrl && !args[0]) {
  console.error('usage: wallet [RPC_URL] DELEGATE [MINT]');
  process.exit(64);
}

// No URL: start the simulated cluster on a loopback port, and look at its delegate.
const cluster = givenUrl ? undefined : await startSimulatedCluster();
const url = givenUrl ?? (cluster as { url: string }).url;
const delegate = args[0] ?? SIMULATION.delegate;
const filter: TokenAccountsFilter = args[1] ? { mint: args[1] } : { programId: TOKEN_PROGRAM };
if (cluster) console.log(`simulated cluster at ${cluster.url}`);

const rpc = createRpc(url, { timeoutMs: 10_000 });

try {
  // 1. The node parses every account: `data` is typed as parsed data or, where the node could not
  //    parse an account, bytes. getAccountInfo takes the same `encoding: 'jsonParsed'`.
  const { context, value } = await rpc.getTokenAccountsByDelegate(delegate, filter, { encoding: 'jsonParsed' });
  console.log(
    `${value.length} token account${value.length === 1 ? '' : 's'} delegated to ${delegate} at slot ${context.slot}`,
  );

  for (const { pubkey, account } of value) {
    console.log(`\ntoken account ${pubkey} (${sol(account.lamports)} SOL, ${account.space} bytes)`);
    const parsed = account.data instanceof Uint8Array ? undefined : account.data.parsed.info;
    if (parsed) print('jsonParsed', parsed);

    // 2. The same account as bytes (base64 on the wire, the default), decoded on this side. The
    //    account does not hold its mint's decimals: read them from the mint (once per mint in a real
    //    wallet), or take them from the parsed view when the node cannot serve the mint.
    const { value: raw } = await rpc.getAccountInfo(pubkey);
    if (!raw) {
      console.log('  (gone since it was listed)');
      continue;
    }
    const { mint } = decodeTokenAccount(raw.data); // without decimals: raw amounts, but the mint is there
    const { value: mintAccount } = await rpc.getAccountInfo(mint);
    const decimals = mintAccount ? decodeMint(mintAccount.data).decimals : parsed?.tokenAmount.decimals;
    if (decimals === undefined) {
      console.log(`  mint ${mint} not found, so no decimals: raw amounts only`);
      console.log(`  balance ${decodeTokenAccount(raw.data).tokenAmount.amount} base units`);
      continue;
    }
    const decoded = decodeTokenAccount(raw.data, { decimals });
    print(`decoded from ${raw.data.length} bytes`, decoded);
    if (parsed) {
      const same = decoded.tokenAmount.amount === parsed.tokenAmount.amount && decoded.state === parsed.state;
      console.log(`  the two views ${same ? 'agree' : 'DIFFER'}`);
    }

    // The owner's SOL, exactly: a bigint of lamports, here beyond 2^53 in the simulation.
    const { value: lamports } = await rpc.getBalance(decoded.owner);
    console.log(`  owner ${decoded.owner} holds ${sol(lamports)} SOL (${lamports} lamports)`);
  }
} finally {
  await cluster?.close();
}

function print(label: string, info: TokenAccountInfo): void {
  const { tokenAmount, delegatedAmount } = info;
  console.log(`  ${label}: mint ${info.mint}, owner ${info.owner}, ${info.state}`);
  // amount and uiAmountString are exact strings; uiAmount is a float, for display only.
  console.log(
    `    balance ${tokenAmount.uiAmountString} (${tokenAmount.amount} base units, ${tokenAmount.decimals} decimals)`,
  );
  if (info.delegate && delegatedAmount)
    console.log(`    ${delegatedAmount.uiAmountString} delegated to ${info.delegate}`);
}

/** Lamports as SOL, exactly: integer arithmetic on the bigint, never a float. */
function sol(lamports: bigint): string {
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '');
  return `${lamports / LAMPORTS_PER_SOL}${fraction ? `.${fraction}` : ''}`;
}
