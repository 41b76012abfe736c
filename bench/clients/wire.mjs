// What every adapter shares: the params solrpc sends for each workload (the floors send the same
// bodies), and probes that read a wire-shaped result (solrpc, kit and the floors keep the wire's shape).
import {
  ADDRESSES,
  BLOCK_CONFIG,
  BLOCK_SLOTS,
  multipleAddresses,
  SEND_CONFIG,
  SIGNATURES,
  STATUS_SIGNATURES,
  TOKEN_ACCOUNT_FILTERS,
  TOKEN_PROGRAM,
  TRANSACTIONS,
} from '../workloads.mjs';

/** Positional params exactly as solrpc puts them on the wire for call number `i`. */
export function wireParams(workload, i) {
  switch (workload) {
    case 'epochInfo':
    case 'voteAccounts2100':
    case 'leaderSchedule':
    case 'clusterNodes5000':
      return [];
    case 'account165':
    case 'account1m':
      return [ADDRESSES[workload][i % 64], { encoding: 'base64' }];
    case 'account10mZstd':
      return [ADDRESSES[workload][i % 64], { encoding: 'base64+zstd' }];
    case 'tokenAccounts5000':
      return [ADDRESSES.tokenAccounts5000[i % 64], { programId: TOKEN_PROGRAM }, { encoding: 'jsonParsed' }];
    case 'tokenAccountsMainnet5000':
      return [ADDRESSES.tokenAccountsMainnet5000[i % 64], { programId: TOKEN_PROGRAM }, { encoding: 'jsonParsed' }];
    case 'transactionV0':
      return [SIGNATURES[i % 64], { encoding: 'json', maxSupportedTransactionVersion: 0 }];
    case 'sendTransaction':
      return [Buffer.from(TRANSACTIONS[i % 64].bytes).toString('base64'), SEND_CONFIG];
    case 'getSignatureStatuses256':
      return [STATUS_SIGNATURES];
    case 'programAccounts20000':
      return [TOKEN_PROGRAM, { encoding: 'base64', filters: TOKEN_ACCOUNT_FILTERS }];
    case 'programAccounts20000Parsed':
      return [TOKEN_PROGRAM, { encoding: 'jsonParsed', filters: TOKEN_ACCOUNT_FILTERS }];
    case 'multipleAccounts100':
      return [multipleAddresses(i), { encoding: 'base64' }];
    case 'block1500':
      return [BLOCK_SLOTS[i % 64], BLOCK_CONFIG];
    case 'signatures1000':
      return [ADDRESSES.history1000[i % 64], { limit: 1000 }];
    default:
      throw new Error(`unknown workload ${workload}`);
  }
}

/** Probes on a wire-shaped result; `at` holds the indexes the expectations name. */
export const wireViews = {
  epochInfo: (r) => ({ transactionCount: r.transactionCount, absoluteSlot: r.absoluteSlot }),
  account165: (r) => ({ lamports: r.value.lamports, rentEpoch: r.value.rentEpoch, data: r.value.data }),
  account1m: (r) => ({ lamports: r.value.lamports, rentEpoch: r.value.rentEpoch, data: r.value.data }),
  account10mZstd: (r) => ({ lamports: r.value.lamports, rentEpoch: r.value.rentEpoch, data: r.value.data }),
  tokenAccounts5000: (r, at) => ({
    count: r.value.length,
    rentEpoch: r.value[at.last].account.rentEpoch,
    lamports: r.value[at.last].account.lamports,
    amount: r.value[at.big].account.data.parsed.info.tokenAmount.amount,
  }),
  tokenAccountsMainnet5000: (r, at) => ({
    ...wireViews.tokenAccounts5000(r, at),
    withheldAmount: r.value[at.withheld].account.data.parsed.info.extensions[1].state.withheldAmount,
  }),
  transactionV0: (r, at) => ({
    whaleBalance: r.meta.preBalances[at.whale],
    fee: r.meta.fee,
    slot: r.slot,
    staticKeys: r.transaction.message.accountKeys.length,
  }),
  voteAccounts2100: (r) => ({ total: r.current.length + r.delinquent.length, topStake: r.current[0].activatedStake }),
  leaderSchedule: (r) => ({
    identities: Object.keys(r).length,
    slots: Object.values(r).reduce((sum, slots) => sum + slots.length, 0),
  }),
  clusterNodes5000: (r) => ({ count: r.length, featureSet: r[0].featureSet }),
  sendTransaction: (r) => ({ signature: r }),
  programAccounts20000: (r, at) => ({
    count: r.length,
    data: r[at.probe].account.data,
    rentEpoch: r[at.last].account.rentEpoch,
    pubkey: r[at.last].pubkey,
  }),
  programAccounts20000Parsed: (r, at) => ({
    count: r.length,
    amount: r[at.big].account.data.parsed.info.tokenAmount.amount,
    rentEpoch: r[at.last].account.rentEpoch,
    lamports: r[at.last].account.lamports,
  }),
  multipleAccounts100: (r, at) => ({
    count: r.value.length,
    missing: r.value.filter((a) => a === null).length,
    data: r.value[at.probe].data,
    rentEpoch: r.value[at.probe].rentEpoch,
  }),
  block1500: (r, at) => ({
    count: r.transactions.length,
    whaleBalance: r.transactions[at.whaleTx].meta.preBalances[at.whale],
    fee: r.transactions[at.whaleTx].meta.fee,
    blockHeight: r.blockHeight,
    leaderPostBalance: r.rewards[0].postBalance,
  }),
  signatures1000: (r, at) => ({
    count: r.length,
    slot: r[at.last].slot,
    failedCustom: r[at.failed].err.InstructionError[1].Custom,
    memo: r[at.memo].memo,
  }),
  getSignatureStatuses256: (r, at) => ({
    count: r.value.length,
    nulls: r.value.filter((s) => s === null).length,
    rootedConfirmations: String(r.value[at.rooted].confirmations),
    failedCustom: r.value[at.failed].err.InstructionError[1].Custom,
    contextSlot: r.context.slot,
  }),
};
