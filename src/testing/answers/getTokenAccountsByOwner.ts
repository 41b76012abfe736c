/** getTokenAccountsByOwner: the token accounts whose owner is the address (tokenAccountsBy.ts). */
import { tokenAccountsBy } from './tokenAccountsBy.js';

export const getTokenAccountsByOwner = tokenAccountsBy('getTokenAccountsByOwner', 'owner');
