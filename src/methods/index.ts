/**
 * Every RPC method, by wire name. Adding a method adds one line here.
 * @module
 */
export { getAccountInfo } from './getAccountInfo.js';
export { getBalance } from './getBalance.js';
export { getClusterNodes } from './getClusterNodes.js';
export { getEpochInfo } from './getEpochInfo.js';
export { getLeaderSchedule } from './getLeaderSchedule.js';
export { getTokenAccountsByDelegate } from './getTokenAccountsByDelegate.js';
export { getTransaction } from './getTransaction.js';
export { getVoteAccounts } from './getVoteAccounts.js';
