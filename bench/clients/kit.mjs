// @solana/kit. createSolanaRpc's default transport coalesces identical requests made in the same tick,
// so 32 identical calls in flight (getClusterNodes has no params) would be one request. To measure 32
// real calls, this is createSolanaRpc minus that one wrapper: kit's own HTTP transport for Solana RPC
// (the module createDefaultRpcTransport uses) with the same default headers, and kit's Solana API.
import {
  address,
  createSolanaRpcFromTransport,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  signature,
} from '@solana/kit';
import { createHttpTransportForSolanaRpc } from '@solana/rpc-transport-http';
import {
  ADDRESSES,
  BLOCK_CONFIG,
  BLOCK_SLOTS,
  multipleAddresses,
  SIGNATURES,
  STATUS_SIGNATURES,
  TOKEN_PROGRAM,
  TRANSACTIONS,
} from '../workloads.mjs';
import { wireViews } from './wire.mjs';

export const name = 'kit';
export const note =
  'createSolanaRpcFromTransport(createHttpTransportForSolanaRpc) = createSolanaRpc without same-tick coalescing';

export function create(url) {
  const transport = createHttpTransportForSolanaRpc({
    url,
    headers: { 'accept-encoding': 'br,gzip,deflate', 'solana-client': 'js/8.4.0' },
  });
  const rpc = createSolanaRpcFromTransport(transport);
  // An app holds its addresses as kit's branded strings already; brand them outside the timed calls.
  const addresses = Object.fromEntries(Object.entries(ADDRESSES).map(([k, list]) => [k, list.map((a) => address(a))]));
  const signatures = SIGNATURES.map((s) => signature(s));
  const tokenProgram = address(TOKEN_PROGRAM);
  const statusSignatures = STATUS_SIGNATURES.map((s) => signature(s));
  // A kit app holds a signed Transaction ({ messageBytes, signatures }) and encodes it for the wire in
  // the call, as solrpc and web3.js encode their bytes; decoding the wire bytes to one is setup.
  const transactions = TRANSACTIONS.map((tx) => getTransactionDecoder().decode(tx.bytes));
  // kit takes u64 inputs (slots, filter sizes) as bigints.
  const filters = [{ dataSize: 165n }];
  const blockSlots = BLOCK_SLOTS.map((slot) => BigInt(slot));
  const multiple = Array.from({ length: 64 }, (_, i) => multipleAddresses(i).map((a) => address(a)));
  return {
    epochInfo: () => rpc.getEpochInfo().send(),
    account165: (i) => rpc.getAccountInfo(addresses.account165[i % 64], { encoding: 'base64' }).send(),
    account1m: (i) => rpc.getAccountInfo(addresses.account1m[i % 64], { encoding: 'base64' }).send(),
    account10mZstd: (i) => rpc.getAccountInfo(addresses.account10mZstd[i % 64], { encoding: 'base64+zstd' }).send(),
    tokenAccounts5000: (i) =>
      rpc
        .getTokenAccountsByDelegate(
          addresses.tokenAccounts5000[i % 64],
          { programId: tokenProgram },
          { encoding: 'jsonParsed' },
        )
        .send(),
    tokenAccountsMainnet5000: (i) =>
      rpc
        .getTokenAccountsByOwner(
          addresses.tokenAccountsMainnet5000[i % 64],
          { programId: tokenProgram },
          { encoding: 'jsonParsed' },
        )
        .send(),
    transactionV0: (i) =>
      rpc.getTransaction(signatures[i % 64], { encoding: 'json', maxSupportedTransactionVersion: 0 }).send(),
    voteAccounts2100: () => rpc.getVoteAccounts().send(),
    leaderSchedule: () => rpc.getLeaderSchedule().send(),
    clusterNodes5000: () => rpc.getClusterNodes().send(),
    sendTransaction: (i) =>
      rpc
        .sendTransaction(getBase64EncodedWireTransaction(transactions[i % 64]), {
          encoding: 'base64',
          preflightCommitment: 'confirmed',
        })
        .send(),
    getSignatureStatuses256: () => rpc.getSignatureStatuses(statusSignatures).send(),
    programAccounts20000: () => rpc.getProgramAccounts(tokenProgram, { encoding: 'base64', filters }).send(),
    programAccounts20000Parsed: () => rpc.getProgramAccounts(tokenProgram, { encoding: 'jsonParsed', filters }).send(),
    multipleAccounts100: (i) => rpc.getMultipleAccounts(multiple[i % 64], { encoding: 'base64' }).send(),
    block1500: (i) => rpc.getBlock(blockSlots[i % 64], BLOCK_CONFIG).send(),
    signatures1000: (i) => rpc.getSignaturesForAddress(addresses.history1000[i % 64], { limit: 1000 }).send(),
  };
}

export const views = wireViews;
