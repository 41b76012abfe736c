/** getTokenAccountsByDelegate: the token accounts whose delegate is the address (tokenAccountsBy.ts). */
import { tokenAccountsBy } from './tokenAccountsBy.js';

export const getTokenAccountsByDelegate = tokenAccountsBy('getTokenAccountsByDelegate', 'delegate');
