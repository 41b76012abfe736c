/**
 * A wallet view: an owner's SOL, its token accounts with exact balances (each read twice: parsed by the
 * node with `encoding: 'jsonParsed'`, and as bytes decoded here with `decodeTokenAccount`), where each
 * stands among its mint's largest accounts, and its recent history. Every amount is printed exactly:
 * token amounts are decimal strings, lamports are bigints.
 *
 *   npm run example -- wallet                                   offline, against the simulated cluster
 *   npm run example -- wallet https://rpc.example.com OWNER
 *
 * Environment: RPC_URL (instead of the first argument); RECENT (transactions listed, default 5);
 * SCAN_LIMIT (the most signatures counted when reading the whole history, default 5,000).
 *
 * In your own project, import from 'solrpc' instead of '../src/index.js'. The simulated cluster belongs
 * to this repository (it is what `solrpc demo` runs), not to the package.
 */

import { createRpc, decodeTokenAccount, isSolRpcError, signaturesOf, type TokenAccountInfo } from '../src/index.js';
import { SIMULATION, startSimulatedCluster } from '../src/testing/simulatedCluster.js';

const TOKEN_PROGRAMS = {
  'SPL Token': 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'Token-2022': 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
};
const LAMPORTS_PER_SOL = 1_000_000_000n;
const RECENT = Number(process.env.RECENT ?? 5);
const SCAN_LIMIT = Number(process.env.SCAN_LIMIT ?? 5_000);

const args = process.argv.slice(2);
const givenUrl = /^https?:\/\//.test(args[0] ?? '') ? args.shift() : process.env.RPC_URL || undefined;
if (givenUrl && !args[0]) {
  console.error('usage: wallet [RPC_URL] OWNER');
  process.exit(64);
}

// No URL: start the simulated cluster on a loopback port, and look at its wallet.
const cluster = givenUrl ? undefined : await startSimulatedCluster();
const url = givenUrl ?? (cluster as { url: string }).url;
const owner = args[0] ?? SIMULATION.wallet.address;
if (cluster) console.log(`simulated cluster at ${cluster.url}`);

const rpc = createRpc(url, { timeoutMs: 10_000 });

try {
  const { context, value: lamports } = await rpc.getBalance(owner);
  console.log(`wallet ${owner} at slot ${context.slot}: ${sol(lamports)} SOL (${lamports} lamports)`);

  // 1. Its token accounts, one call per token program. The node parses each account: `data` is typed
  //    as parsed data or, where the node could not parse an account, bytes.
  for (const [program, programId] of Object.entries(TOKEN_PROGRAMS)) {
    const { value } = await rpc.getTokenAccountsByOwner(owner, { programId }, { encoding: 'jsonParsed' });
    console.log(`\n${value.length} ${program} account${value.length === 1 ? '' : 's'}`);
    for (const { pubkey, account } of value) {
      const parsed = account.data instanceof Uint8Array ? undefined : account.data.parsed.info;
      console.log(`token account ${pubkey} (${sol(account.lamports)} SOL, ${account.space} bytes)`);
      if (!parsed) {
        console.log('  (the node could not parse it)');
        continue;
      }
      print('jsonParsed', parsed);

      // 2. The same account as bytes (base64 on the wire, the default), decoded on this side with the
      //    decimals the parsed view gives (a token account does not hold them; its mint does).
      const { value: raw } = await rpc.getAccountInfo(pubkey);
      if (raw) {
        const decoded = decodeTokenAccount(raw.data, { decimals: parsed.tokenAmount.decimals });
        const same = decoded.tokenAmount.amount === parsed.tokenAmount.amount && decoded.state === parsed.state;
        console.log(`  decoded from ${raw.data.length} bytes: the two views ${same ? 'agree' : 'DIFFER'}`);
      }

      // 3. Where it stands among the mint's largest accounts (agave lists the 20 largest). Public
      //    endpoints often refuse this scan for big mints: say so and carry on.
      try {
        const { value: largest } = await rpc.getTokenLargestAccounts(parsed.mint);
        const rank = largest.findIndex((entry) => entry.address === pubkey);
        const top = largest[0];
        console.log(
          rank >= 0
            ? `  number ${rank + 1} of the mint's ${largest.length} largest accounts${top && rank > 0 ? ` (the largest holds ${top.uiAmountString})` : ''}`
            : `  not among the mint's ${largest.length} largest accounts`,
        );
      } catch (error) {
        if (!isSolRpcError(error)) throw error;
        console.log(`  largest accounts not available: ${error.message.split('\n')[0]}`);
      }
    }
  }

  // 4. Recent history: one page of getSignaturesForAddress, newest first.
  const recent = await rpc.getSignaturesForAddress(owner, { limit: RECENT, commitment: 'confirmed' });
  console.log(`\nlast ${recent.length} transaction${recent.length === 1 ? '' : 's'}`);
  for (const { signature, slot, blockTime, err, memo, confirmationStatus } of recent) {
    const when = blockTime === null ? 'time unknown' : new Date(blockTime * 1000).toISOString();
    const outcome = err ? `failed ${JSON.stringify(err)}` : 'ok';
    console.log(
      `  ${slot} ${when} ${signature.slice(0, 16)}… ${outcome}, ${confirmationStatus}${memo ? `, memo ${memo}` : ''}`,
    );
  }

  // 5. The whole history, page after page (signaturesOf asks for 1,000 at a time), up to SCAN_LIMIT.
  let count = 0;
  let failed = 0;
  let oldest: number | undefined;
  for await (const info of signaturesOf(rpc, owner, { limit: SCAN_LIMIT, commitment: 'confirmed' })) {
    count += 1;
    if (info.err) failed += 1;
    oldest = info.slot;
  }
  const more = count === SCAN_LIMIT ? ` (stopped at ${SCAN_LIMIT}; there may be more)` : '';
  console.log(
    `${count} transactions in all, ${failed} failed${oldest === undefined ? '' : `, the oldest at slot ${oldest}`}${more}`,
  );
} finally {
  await cluster?.close();
}

function print(label: string, info: TokenAccountInfo): void {
  const { tokenAmount, delegatedAmount } = info;
  console.log(`  ${label}: mint ${info.mint}, ${info.state}`);
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
