/**
 * Every RPC method, by wire name. Adding a method adds one line here.
 * @module
 */
export { getAccountInfo } from './getAccountInfo.js';
export { getBalance } from './getBalance.js';
export { getTokenAccountsByDelegate } from './getTokenAccountsByDelegate.js';
export { getTransaction } from './getTransaction.js';
