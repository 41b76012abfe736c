/**
 * Every RPC method, by wire name: what `createRpc` binds. Adding a method adds its import and its entry.
 * @module
 */
import { getAccountInfo } from './getAccountInfo.js';
import { getBalance } from './getBalance.js';
import { getClusterNodes } from './getClusterNodes.js';
import { getEpochInfo } from './getEpochInfo.js';
import { getLeaderSchedule } from './getLeaderSchedule.js';
import { getTokenAccountsByDelegate } from './getTokenAccountsByDelegate.js';
import { getTransaction } from './getTransaction.js';
import { getVoteAccounts } from './getVoteAccounts.js';

// An object, not `import * as`: a module namespace used as a value makes bundlers emit a helper to build
// it, in a chunk of its own that the full client's apps then load up front (docs/tree-shaking.md).
export const allMethods = {
  getAccountInfo,
  getBalance,
  getClusterNodes,
  getEpochInfo,
  getLeaderSchedule,
  getTokenAccountsByDelegate,
  getTransaction,
  getVoteAccounts,
};
