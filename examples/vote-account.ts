/**
 * A vote account read as bytes and decoded here with `decodeVoteAccount`: what a node without the
 * vote parser (or any node, asked for `base64+zstd` to save bandwidth) sends.
 *
 *   npm run example -- vote-account                      offline: the simulated validator "alpha"
 *   npm run example -- vote-account https://api.mainnet-beta.solana.com <VOTE_ACCOUNT>
 *
 * Environment: RPC_URL (instead of the first argument).
 *
 * In your own project, import from 'solrpc' instead of '../src/index.js'.
 */

import { createRpc, decodeVoteAccount, isSolRpcError } from '../src/index.js';
import { SIMULATION, startSimulatedCluster } from '../src/testing/simulatedCluster.js';

const args = process.argv.slice(2);
const givenUrl = /^https?:\/\//.test(args[0] ?? '') ? args.shift() : process.env.RPC_URL || undefined;
// No URL: start the simulated cluster on a loopback port and read the vote account of its validator alpha.
const cluster = givenUrl ? undefined : await startSimulatedCluster();
const address = cluster ? SIMULATION.validators[0]?.vote : args[0];

try {
  if (!address) throw new Error('usage: vote-account [RPC_URL VOTE_ACCOUNT]');
  const rpc = createRpc(givenUrl ?? (cluster as { url: string }).url);
  // base64+zstd: a vote account is 3,762 bytes, mostly zeros; the client decompresses it.
  const { context, value } = await rpc.getAccountInfo(address, { encoding: 'base64+zstd' });
  if (!value) throw new Error(`${address} does not exist at slot ${context.slot}`);
  if (value.owner !== 'Vote111111111111111111111111111111111111111')
    throw new Error(`${address} is not a vote account`);
  const vote = decodeVoteAccount(value.data);
  const latest = vote.epochCredits.at(-1);
  console.log(`vote account ${address} at slot ${context.slot} (${value.data.length} bytes)`);
  console.log(`  validator identity: ${vote.nodePubkey}`);
  console.log(`  withdraw authority: ${vote.authorizedWithdrawer}`);
  console.log(`  commission: ${vote.commission}%`);
  console.log(`  root slot: ${vote.rootSlot ?? 'none'}`);
  console.log(`  last vote: slot ${vote.votes.at(-1)?.slot ?? 'none'}, ${vote.votes.length} votes in the tower`);
  if (latest) {
    // Credits are exact decimal strings: BigInt keeps them exact past 2^53.
    const earned = BigInt(latest.credits) - BigInt(latest.previousCredits);
    console.log(`  epoch ${latest.epoch}: ${earned} credits earned so far, ${latest.credits} in all`);
  }
} catch (error) {
  console.error(isSolRpcError(error) ? error.message.split('\n')[0] : String((error as Error).message ?? error));
  process.exitCode = 1;
} finally {
  await cluster?.close();
}
