/**
 * `solrpc block [SLOT]`, as the Solana CLI's `solana block` (agave cli/src/cluster_query.rs
 * `process_get_block`, cli-output `CliBlock`): the block at SLOT (the finalized slot when none is given),
 * read at `confirmed` as base64 with versioned transactions allowed; its header, its rewards by address with
 * their total, then every transaction as `confirm -v` prints one. Reward amounts are as the newest Solana CLI
 * writes them (nine characters of the f64's text, see `rewardSol`); `--output json` keeps exact lamports.
 */

import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import { alignRight, pad, rewardSol, rustFixed } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import {
  type BlockRewards,
  type BytesBlock,
  decodeTransaction,
  encodeBase64,
  type Reward,
  type TransactionMeta,
} from '../library.js';
import { transactionLines } from '../transactionText.js';

/** Rust's `{:^width}`: centred, the odd space on the right. */
const centre = (text: string, width: number) => {
  const room = Math.max(0, width - text.length);
  const left = Math.floor(room / 2);
  return ' '.repeat(left) + text + ' '.repeat(room - left);
};

export const block = defineCommand({
  name: 'block',
  synopsis: 'block [SLOT]',
  summary: 'A confirmed block: header, rewards and every transaction',
  help: `solrpc block — a confirmed block: header, rewards and every transaction

Usage: solrpc block [SLOT] [options]

SLOT   The block's slot; the finalized slot when left out.

Prints the block's slots, hashes, time and height, its rewards by address with their total, then each
transaction as 'solrpc confirm -v' prints one, as the Solana CLI does; --output json gives the block.

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 1 },
  options: {},
  async run(ctx, args) {
    const text = args[0];
    if (text !== undefined && !(/^\d+$/.test(text) && Number.isSafeInteger(Number(text)))) {
      throw new CliError('SLOT must be a slot number');
    }
    const { signal } = ctx.call;
    const call = signal ? { signal } : {};
    const slot = text === undefined ? await ctx.rpc.getSlot({ ...call, commitment: 'finalized' }) : Number(text);
    const found = await ctx.rpc.getBlock(slot, {
      ...call,
      encoding: 'base64',
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    if (!found) throw new CliError(`Block ${slot} not found`, EXIT.failed);
    if (ctx.json) {
      ctx.printJson(encodedBlock(found));
      return EXIT.ok;
    }
    ctx.print(blockText(slot, found).join('\n'));
    return EXIT.ok;
  },
});

/** The block as the Solana CLI's JSON writes it (`EncodedConfirmedBlock`): wire bytes back in base64. */
function encodedBlock(found: BytesBlock & BlockRewards): Record<string, unknown> {
  return {
    previousBlockhash: found.previousBlockhash,
    blockhash: found.blockhash,
    parentSlot: found.parentSlot,
    transactions: found.transactions.map((tx) => ({
      transaction: [encodeBase64(tx.transaction), 'base64'],
      meta: wireMeta(tx.meta),
      version: tx.version,
    })),
    rewards: found.rewards,
    numPartitions: found.numRewardPartitions,
    blockTime: found.blockTime,
    blockHeight: found.blockHeight,
  };
}

/** A status meta as the Solana CLI's JSON writes it: return data back in base64, the rest as the node sent it. */
export function wireMeta(meta: TransactionMeta | null): Record<string, unknown> | null {
  if (meta === null) return null;
  if (!meta.returnData) return { ...meta };
  return {
    ...meta,
    returnData: { programId: meta.returnData.programId, data: [encodeBase64(meta.returnData.data), 'base64'] },
  };
}

function blockText(slot: number, found: BytesBlock & BlockRewards): string[] {
  const lines = [
    `Slot: ${slot}`,
    `Parent Slot: ${found.parentSlot}`,
    `Blockhash: ${found.blockhash}`,
    `Previous Blockhash: ${found.previousBlockhash}`,
  ];
  if (found.blockTime !== null) lines.push(`Block Time: ${localTime(found.blockTime)}`);
  if (found.blockHeight !== null) lines.push(`Block Height: ${found.blockHeight}`);
  if (found.rewards.length > 0) {
    const rewards = [...found.rewards].sort((a, b) => (a.pubkey < b.pubkey ? -1 : a.pubkey > b.pubkey ? 1 : 0));
    lines.push(
      'Rewards:',
      `  ${pad('Address', 44)}  ${centre('Type', 15)}  ${pad('Amount', 15)}  ${pad('New Balance', 20)}  ${alignRight('Percent Change', 14)}  ${alignRight('Commission', 10)}`,
    );
    let total = 0n;
    for (const reward of rewards) {
      total += reward.lamports;
      lines.push(rewardLine(reward));
    }
    lines.push(`Total Rewards: ${total < 0n ? '-' : ''}◎${pad(rewardSol(total < 0n ? -total : total), 12)}`);
  }
  found.transactions.forEach((tx, index) => {
    lines.push(`Transaction ${index}:`, ...transactionLines(decodeTransaction(tx.transaction), tx.meta, null, '  '));
  });
  return lines;
}

/** One reward row, column for column as the Solana CLI's `CliBlock` writes it. */
function rewardLine(reward: Reward): string {
  const negative = reward.lamports < 0n;
  const amount = `${negative ? '-' : ''}◎${pad(rewardSol(negative ? -reward.lamports : reward.lamports), 14)}`;
  const balance =
    reward.postBalance === 0n
      ? '          -                 -'
      : `◎${pad(rewardSol(reward.postBalance), 19)}  ${alignRight(
          // Rust's {:>13.9} of an f64: ties to even, `inf` where the balance before was 0.
          rustFixed(
            (Number(negative ? -reward.lamports : reward.lamports) /
              (Number(reward.postBalance) - Number(reward.lamports))) *
              100,
            9,
          ),
          13,
        )}%`;
  // The newest CLI prefers the commission in basis points (`{:>6}.{:02}%`), then the percent (`{:>9}%`).
  const bps = reward.commissionBps;
  const commission =
    bps !== undefined && bps !== null
      ? `${alignRight(String(Math.floor(bps / 100)), 6)}.${String(bps % 100).padStart(2, '0')}%`
      : reward.commission === null
        ? '    -'
        : `${alignRight(String(reward.commission), 9)}%`;
  return `  ${pad(reward.pubkey, 44)}  ${centre(reward.rewardType?.toLowerCase() ?? '-', 15)}  ${alignRight(amount, 15)}  ${balance}  ${commission}`;
}

/** chrono's `{:?}` of a local date-time: `2025-08-11T08:27:54+00:00`, in this machine's time zone. */
function localTime(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  const offset = -date.getTimezoneOffset();
  const local = new Date(date.getTime() + offset * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local.toISOString().slice(0, 19)}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
