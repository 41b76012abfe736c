/**
 * `getProgramAccountsV2`, the paged getProgramAccounts some providers serve (Helius, Alchemy; agave does
 * not): a page of at most 10,000 accounts as `{ accounts, paginationKey }`, under `value` beside a
 * `context` when asked `withContext`. The next page is asked for with the key of the last; a `null` key
 * ends the paging. A page shorter than asked for does not: filters drop accounts after the page is cut.
 * @module
 */
import { parseJsonExactAt } from '../codecs/json.js';
import { listReader } from '../codecs/listReader.js';

/** The most accounts a page holds (its `limit`), as providers document it. */
export const ACCOUNTS_PER_PAGE_MAX = 10_000;

/**
 * A page's reader: its accounts in runs, their u64 fields exact, as getProgramAccounts reads its list. A
 * bare list is read too: a server that answers every method as getProgramAccounts (a proxy, a test double)
 * gives all the accounts at once, and its answer ends the paging, since it holds no key.
 */
export const pageReader = /* @__PURE__ */ listReader(
  [['result', 'accounts'], ['result', 'value', 'accounts'], ['result']],
  (body) => parseJsonExactAt(body, ['lamports', 'rentEpoch']),
);
