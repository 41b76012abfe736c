/**
 * Every subscription method solrpc knows, keyed by wire name: what `createRpcSubscriptions` binds. A new
 * one is its own file here and one line below.
 */
import { accountSubscribe } from './accountSubscribe.js';
import { blockSubscribe } from './blockSubscribe.js';
import { logsSubscribe } from './logsSubscribe.js';
import { programSubscribe } from './programSubscribe.js';
import { rootSubscribe } from './rootSubscribe.js';
import { signatureSubscribe } from './signatureSubscribe.js';
import { slotSubscribe } from './slotSubscribe.js';
import { slotsUpdatesSubscribe } from './slotsUpdatesSubscribe.js';
import { voteSubscribe } from './voteSubscribe.js';

export const allSubscriptions = {
  accountSubscribe,
  blockSubscribe,
  logsSubscribe,
  programSubscribe,
  rootSubscribe,
  signatureSubscribe,
  slotSubscribe,
  slotsUpdatesSubscribe,
  voteSubscribe,
};
