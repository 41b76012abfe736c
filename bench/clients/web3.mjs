// @solana/web3.js v1 `Connection`. It cannot ask for base64+zstd (getAccountInfo always sends base64),
// so the 10 MiB workload reads the same account as 13.3 MiB of base64; and it has no
// getTokenAccountsByDelegate, so that workload uses getParsedTokenAccountsByOwner: the same response
// shape, checked by web3.js's own schema.
import { Connection, PublicKey } from '@solana/web3.js';
import {
  ADDRESSES,
  BLOCK_SLOTS,
  multipleAddresses,
  SIGNATURES,
  STATUS_SIGNATURES,
  TOKEN_ACCOUNT_FILTERS,
  TOKEN_PROGRAM,
  TRANSACTIONS,
} from '../workloads.mjs';
import { wireViews } from './wire.mjs';

export const name = 'web3.js';
export const note = "new Connection(url, { commitment: 'finalized', disableRetryOnRateLimit: true })";

export function create(url) {
  const connection = new Connection(url, { commitment: 'finalized', disableRetryOnRateLimit: true });
  const keys = Object.fromEntries(Object.entries(ADDRESSES).map(([k, list]) => [k, list.map((a) => new PublicKey(a))]));
  const tokenProgram = new PublicKey(TOKEN_PROGRAM);
  // The same 64 lists of 100 as the other clients, as PublicKeys made outside the timed calls.
  const multiple = Array.from({ length: 64 }, (_, i) => multipleAddresses(i).map((a) => new PublicKey(a)));
  return {
    epochInfo: () => connection.getEpochInfo(),
    account165: (i) => connection.getAccountInfo(keys.account165[i % 64]),
    account1m: (i) => connection.getAccountInfo(keys.account1m[i % 64]),
    account10mZstd: (i) => connection.getAccountInfo(keys.account10mZstd[i % 64]),
    tokenAccounts5000: (i) =>
      connection.getParsedTokenAccountsByOwner(keys.tokenAccounts5000[i % 64], { programId: tokenProgram }),
    tokenAccountsMainnet5000: (i) =>
      connection.getParsedTokenAccountsByOwner(keys.tokenAccountsMainnet5000[i % 64], { programId: tokenProgram }),
    transactionV0: (i) => connection.getTransaction(SIGNATURES[i % 64], { maxSupportedTransactionVersion: 0 }),
    voteAccounts2100: () => connection.getVoteAccounts(),
    leaderSchedule: () => connection.getLeaderSchedule(),
    clusterNodes5000: () => connection.getClusterNodes(),
    // sendRawTransaction always sends a preflightCommitment (the connection's unless given): the same as the others'.
    sendTransaction: (i) =>
      connection.sendRawTransaction(TRANSACTIONS[i % 64].bytes, { preflightCommitment: 'confirmed' }),
    getSignatureStatuses256: () => connection.getSignatureStatuses(STATUS_SIGNATURES),
    // getProgramAccounts always asks for base64 and returns Buffers; the jsonParsed one is its own method.
    programAccounts20000: () =>
      connection.getProgramAccounts(tokenProgram, { encoding: 'base64', filters: TOKEN_ACCOUNT_FILTERS }),
    programAccounts20000Parsed: () =>
      connection.getParsedProgramAccounts(tokenProgram, { filters: TOKEN_ACCOUNT_FILTERS }),
    // getMultipleAccountsInfo asks for base64 and returns the accounts alone, without the context.
    multipleAccounts100: (i) => connection.getMultipleAccountsInfo(multiple[i % 64]),
    block1500: (i) =>
      connection.getBlock(BLOCK_SLOTS[i % 64], {
        maxSupportedTransactionVersion: 0,
        transactionDetails: 'full',
        rewards: true,
      }),
    signatures1000: (i) => connection.getSignaturesForAddress(keys.history1000[i % 64], { limit: 1000 }),
  };
}

const account = (r) => ({ lamports: r.lamports, rentEpoch: r.rentEpoch, data: r.data });
export const views = {
  ...wireViews,
  account165: account,
  account1m: account,
  account10mZstd: account,
  multipleAccounts100: (r, at) => ({
    count: r.length,
    missing: r.filter((a) => a === null).length,
    data: r[at.probe].data,
    rentEpoch: r[at.probe].rentEpoch,
  }),
  transactionV0: (r, at) => ({
    whaleBalance: r.meta.preBalances[at.whale],
    fee: r.meta.fee,
    slot: r.slot,
    staticKeys: r.transaction.message.staticAccountKeys.length,
  }),
};
