// solrpc, from the built package (dist/). Coalescing is off, so 32 calls in flight are 32 requests like
// every other client's; everything else is createRpc's default (retries, timeouts). `solrpcCoalescing`
// is the untouched default, run only where 32 identical calls are in flight, to show what sharing one
// request (and structuredClone for the other 31 callers) costs instead.
import { createRpc } from '../../dist/index.js';
import {
  ADDRESSES,
  BLOCK_CONFIG,
  BLOCK_SLOTS,
  multipleAddresses,
  SIGNATURES,
  STATUS_SIGNATURES,
  TOKEN_ACCOUNT_FILTERS,
  TOKEN_PROGRAM,
  TRANSACTIONS,
  workloadById,
} from '../workloads.mjs';
import { wireViews } from './wire.mjs';

/** Each workload's call, leaving out those whose method this build of solrpc does not have yet. */
export function calls(rpc) {
  const all = {
    epochInfo: () => rpc.getEpochInfo(),
    account165: (i) => rpc.getAccountInfo(ADDRESSES.account165[i % 64], { encoding: 'base64' }),
    account1m: (i) => rpc.getAccountInfo(ADDRESSES.account1m[i % 64], { encoding: 'base64' }),
    account10mZstd: (i) => rpc.getAccountInfo(ADDRESSES.account10mZstd[i % 64], { encoding: 'base64+zstd' }),
    tokenAccounts5000: (i) =>
      rpc.getTokenAccountsByDelegate(
        ADDRESSES.tokenAccounts5000[i % 64],
        { programId: TOKEN_PROGRAM },
        { encoding: 'jsonParsed' },
      ),
    tokenAccountsMainnet5000: (i) =>
      rpc.getTokenAccountsByOwner(
        ADDRESSES.tokenAccountsMainnet5000[i % 64],
        { programId: TOKEN_PROGRAM },
        { encoding: 'jsonParsed' },
      ),
    transactionV0: (i) => rpc.getTransaction(SIGNATURES[i % 64], { maxSupportedTransactionVersion: 0 }),
    voteAccounts2100: () => rpc.getVoteAccounts(),
    leaderSchedule: () => rpc.getLeaderSchedule(),
    clusterNodes5000: () => rpc.getClusterNodes(),
    // base64 is solrpc's default encoding; preflight as the other clients send it.
    sendTransaction: (i) => rpc.sendTransaction(TRANSACTIONS[i % 64].bytes, { preflightCommitment: 'confirmed' }),
    getSignatureStatuses256: () => rpc.getSignatureStatuses(STATUS_SIGNATURES),
    programAccounts20000: () =>
      rpc.getProgramAccounts(TOKEN_PROGRAM, { encoding: 'base64', filters: TOKEN_ACCOUNT_FILTERS }),
    programAccounts20000Parsed: () =>
      rpc.getProgramAccounts(TOKEN_PROGRAM, { encoding: 'jsonParsed', filters: TOKEN_ACCOUNT_FILTERS }),
    multipleAccounts100: (i) => rpc.getMultipleAccounts(multipleAddresses(i), { encoding: 'base64' }),
    block1500: (i) => rpc.getBlock(BLOCK_SLOTS[i % 64], BLOCK_CONFIG),
    signatures1000: (i) => rpc.getSignaturesForAddress(ADDRESSES.history1000[i % 64], { limit: 1000 }),
  };
  return Object.fromEntries(
    Object.entries(all).filter(([workload]) => typeof rpc[workloadById[workload].method] === 'function'),
  );
}

export const solrpc = {
  name: 'solrpc',
  note: 'createRpc(url, { coalesce: false }) from dist/; other options default',
  create: (url) => calls(createRpc(url, { coalesce: false })),
  views: wireViews,
};

export const solrpcCoalescing = {
  name: 'solrpc (default: coalescing)',
  note: 'createRpc(url) from dist/, all defaults: identical calls in flight share one request',
  create: (url) => calls(createRpc(url)),
  views: wireViews,
};
