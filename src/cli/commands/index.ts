/**
 * Every command, in the order the main help lists them. A command's file describes it whole (name, help,
 * arguments, options, body): adding one is its file and a line here.
 */
import type { Command } from '../command.js';
import { addressLookupTable } from './addressLookupTable.js';
import { balance } from './balance.js';
import { block } from './block.js';
import { blockHeight } from './blockHeight.js';
import { blockProduction } from './blockProduction.js';
import { catchup } from './catchup.js';
import { check } from './check.js';
import { clusterVersion } from './clusterVersion.js';
import { confirm } from './confirm.js';
import { demo } from './demo.js';
import { epoch } from './epoch.js';
import { epochInfo } from './epochInfo.js';
import { gossip } from './gossip.js';
import { inflation } from './inflation.js';
import { largestAccounts } from './largestAccounts.js';
import { leaderSchedule } from './leaderSchedule.js';
import { logs } from './logs.js';
import { nonce } from './nonce.js';
import { nonceAccount } from './nonceAccount.js';
import { ping } from './ping.js';
import { rent } from './rent.js';
import { slot } from './slot.js';
import { stakeAccount } from './stakeAccount.js';
import { stakeHistory } from './stakeHistory.js';
import { stakes } from './stakes.js';
import { supply } from './supply.js';
import { transactionCount } from './transactionCount.js';
import { transactionHistory } from './transactionHistory.js';
import { validatorInfo } from './validatorInfo.js';
import { validators } from './validators.js';
import { voteAccount } from './voteAccount.js';

export const COMMANDS: readonly Command[] = [
  gossip,
  balance,
  voteAccount,
  stakeAccount,
  stakes,
  stakeHistory,
  nonceAccount,
  nonce,
  addressLookupTable,
  validatorInfo,
  rent,
  epochInfo,
  leaderSchedule,
  slot,
  blockHeight,
  epoch,
  transactionCount,
  clusterVersion,
  supply,
  largestAccounts,
  inflation,
  validators,
  blockProduction,
  block,
  transactionHistory,
  catchup,
  logs,
  check,
  confirm,
  ping,
  demo,
];
