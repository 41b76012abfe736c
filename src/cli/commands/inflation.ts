/**
 * `solrpc inflation` and `solrpc inflation rewards ADDRESS... [--rewards-epoch N]`, as agave's
 * `process_inflation_subcommand` (cli/src/inflation.rs) prints them through cli-output's `CliInflation` and
 * `CliKeyedEpochRewards`. Percentages are Rust's `{:>5.2}` / `{:>13.9}` of the f64s (ties to even), JSON
 * floats are written as serde_json writes them (`7.0`), lamports exact.
 */

import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import type { Context } from '../context.js';
import { JsonF64, pad, rewardSol, rfc3339, rustFixed } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import { isSolRpcError } from '../library.js';

const U64_MAX = 18_446_744_073_709_551_615n;

const right = (text: string, width: number) => text.padStart(width);
/** `{:>5.2}%` of a number. */
const rate = (value: number) => `${right(rustFixed(value, 2), 5)}%`;

export const inflation = defineCommand({
  name: 'inflation',
  synopsis: 'inflation [rewards ADDRESS]',
  summary: "The inflation governor's rates and this epoch's, or accounts' rewards",
  help: `solrpc inflation — the inflation governor's rates and this epoch's, or accounts' rewards

Usage: solrpc inflation [options]
       solrpc inflation rewards <ADDRESS>... [--rewards-epoch N] [-v] [options]

Prints the governor (initial and terminal rate, yearly reduction, or a fixed rate) and this epoch's total
and staking rates, as the Solana CLI does. 'rewards' prints the inflation reward each ADDRESS (an address
or a keypair file) received in an epoch: amount, new balance, percent change and commission; -v adds the
reward slot and its time. --output json gives the Solana CLI's JSON with exact lamports.

Options:
      --rewards-epoch <N>   The epoch whose rewards to show (default: the last one paid)

${GLOBAL_HELP}`,
  positionals: { min: 0, max: Number.MAX_SAFE_INTEGER },
  options: {
    'rewards-epoch': { type: 'string' },
  },
  async run(ctx, args, options) {
    const [subcommand, ...addresses] = args;
    if (subcommand === undefined) {
      if (options['rewards-epoch'] !== undefined) throw new CliError("--rewards-epoch applies to 'inflation rewards'");
      return show(ctx);
    }
    if (subcommand !== 'rewards')
      throw new CliError(`unknown inflation subcommand '${subcommand}' (see 'solrpc inflation --help')`);
    if (addresses.length === 0) throw new CliError("'inflation rewards' needs at least one ADDRESS");
    const epochText = options['rewards-epoch'];
    const epoch = epochText === undefined ? undefined : parseEpoch(epochText);
    const resolved = addresses.map((address) => ctx.addressOrKeypair(address, 'address'));
    return rewards(ctx, resolved, epoch);
  },
});

/** `--rewards-epoch`: a u64. The Solana CLI silently reads a bad value as "the latest epoch"; solrpc refuses it. */
function parseEpoch(text: string): bigint {
  if (!/^\d{1,20}$/.test(text) || BigInt(text) > U64_MAX) {
    throw new CliError('--rewards-epoch must be an epoch number (a whole number from 0)');
  }
  return BigInt(text);
}

async function show(ctx: Context): Promise<number> {
  const { signal } = ctx.call;
  // getInflationRate takes no commitment; the governor is read at the configured one.
  const [governor, current] = await Promise.all([
    ctx.rpc.getInflationGovernor(ctx.call),
    ctx.rpc.getInflationRate(signal ? { signal } : {}),
  ]);
  if (ctx.json) {
    ctx.printJson({
      governor: {
        initial: new JsonF64(governor.initial),
        terminal: new JsonF64(governor.terminal),
        taper: new JsonF64(governor.taper),
        foundation: new JsonF64(governor.foundation),
        foundationTerm: new JsonF64(governor.foundationTerm),
      },
      currentRate: {
        total: new JsonF64(current.total),
        validator: new JsonF64(current.validator),
        foundation: new JsonF64(current.foundation),
        epoch: current.epoch,
      },
    });
    return EXIT.ok;
  }
  const { bold } = ctx.paint;
  const lines = [bold('Inflation Governor:')];
  if (Math.abs(governor.initial - governor.terminal) < Number.EPSILON) {
    lines.push(`Fixed rate:              ${rate(governor.terminal * 100)}`);
  } else {
    lines.push(
      `Initial rate:            ${rate(governor.initial * 100)}`,
      `Terminal rate:           ${rate(governor.terminal * 100)}`,
      `Rate reduction per year: ${rate(governor.taper * 100)}`,
      '* Rate reduction is derived using the target slot time in genesis config',
    );
  }
  if (governor.foundationTerm > 0) {
    // The Solana CLI prints the foundation share as it is, without the × 100 of the other lines.
    lines.push(
      `Foundation percentage:   ${rate(governor.foundation)}`,
      `Foundation term:         ${rustFixed(governor.foundationTerm, 1)} years`,
    );
  }
  lines.push(
    '',
    bold(`Inflation for Epoch ${current.epoch}:`),
    `Total rate:              ${rate(current.total * 100)}`,
    `Staking rate:            ${rate(current.validator * 100)}`,
  );
  if (current.foundation > 0) lines.push(`Foundation rate:         ${rate(current.foundation * 100)}`);
  ctx.print(lines.join('\n'));
  return EXIT.ok;
}

/** The Solana CLI's `CliEpochReward`; `apr` is no longer computed by the newest CLI, so always null. */
interface EpochReward {
  epoch: number;
  effectiveSlot: number;
  amount: bigint;
  postBalance: bigint;
  percentChange: number;
  commission: number | null;
  blockTime: number;
}

async function rewards(ctx: Context, addresses: string[], epoch: bigint | undefined): Promise<number> {
  const { commitment, signal } = ctx.call;
  // Nodes refuse getInflationReward below confirmed (-32602); the Solana CLI would send it and fail there.
  if (commitment === 'processed') {
    throw new CliError("'inflation rewards' reads at confirmed or finalized: getInflationReward refuses processed");
  }
  const config = { commitment, ...(signal ? { signal } : {}), ...(epoch === undefined ? {} : { epoch }) };
  let answer: Awaited<ReturnType<Context['rpc']['getInflationReward']>>;
  try {
    answer = await ctx.rpc.getInflationReward(addresses, config);
  } catch (error) {
    // The Solana CLI words any failure of this request so; solrpc keeps its own for bad input, an
    // unreachable node and an interrupt, which have their own exit codes.
    if (!isSolRpcError(error, 'RpcError')) throw error;
    const summary = error.message.split('\n')[0];
    throw new CliError(
      epoch === undefined ? `Rewards not available ${summary}` : `Rewards not available for epoch ${epoch}`,
      EXIT.failed,
    );
  }
  const first = answer.find((reward) => reward !== null);
  const keyed: { address: string; reward: EpochReward | null }[] = [];
  if (first) {
    // One getBlockTime per distinct reward slot, in order, as the Solana CLI asks them.
    const blockTimes = new Map<number, number>();
    // Rust's zip: as many entries as both lists have.
    for (const [i, reward] of answer.slice(0, addresses.length).entries()) {
      let entry: EpochReward | null = null;
      if (reward) {
        let blockTime = blockTimes.get(reward.effectiveSlot);
        if (blockTime === undefined) {
          const time = await ctx.rpc.getBlockTime(reward.effectiveSlot, signal ? { signal } : {});
          if (time === null) throw new CliError(`Block Not Found: slot=${reward.effectiveSlot}`, EXIT.failed);
          blockTime = time;
          blockTimes.set(reward.effectiveSlot, time);
        }
        // make_cli_reward: no reward row unless the balance before the reward was above 0.
        if (reward.postBalance > reward.amount) {
          entry = {
            epoch: reward.epoch,
            effectiveSlot: reward.effectiveSlot,
            amount: reward.amount,
            postBalance: reward.postBalance,
            percentChange: (Number(reward.amount) / Number(reward.postBalance - reward.amount)) * 100,
            commission: reward.commission,
            blockTime,
          };
        }
      }
      keyed.push({ address: addresses[i] as string, reward: entry });
    }
  }
  if (ctx.json) {
    ctx.printJson({
      // CliEpochRewardsMetadata, flattened: only its epoch is set; the deprecated slot and time stay 0.
      ...(first ? { epoch: first.epoch, effectiveSlot: 0, blockTime: 0 } : {}),
      rewards: keyed.map(({ address, reward }) => ({
        address,
        reward: reward && {
          epoch: reward.epoch,
          effectiveSlot: reward.effectiveSlot,
          amount: reward.amount,
          postBalance: reward.postBalance,
          percentChange: new JsonF64(reward.percentChange),
          apr: null,
          commission: reward.commission,
          blockTime: reward.blockTime,
        },
      })),
    });
    return EXIT.ok;
  }
  ctx.print(rewardsText(keyed, first?.epoch, ctx.settings.verbose));
  return EXIT.ok;
}

/** CliKeyedEpochRewards' Display, or with `-v` its VerboseDisplay (the reward slot and time added). */
function rewardsText(
  keyed: { address: string; reward: EpochReward | null }[],
  epoch: number | undefined,
  verbose: boolean,
): string {
  if (keyed.length === 0) return 'No rewards found in epoch';
  const lines: string[] = [];
  if (epoch !== undefined) lines.push(`Epoch: ${epoch}`);
  lines.push('Epoch Rewards:');
  // `◎{:<17.9}` of build_balance_message's text: Rust's precision on a string keeps its first 9 characters.
  const sol = (lamports: bigint, width: number) => `◎${pad(rewardSol(lamports), width)}`;
  const tail = ['Percent Change', 'APR', 'Commission'];
  lines.push(
    verbose
      ? `  ${pad('Address', 44)}  ${pad('Reward Slot', 11)}  ${pad('Time', 23)}  ${pad('Amount', 18)}  ${pad('New Balance', 20)}  ${right(tail[0] as string, 14)}  ${right('APR', 7)}  ${right('Commission', 10)}`
      : `  ${pad('Address', 44)}  ${pad('Amount', 18)}  ${pad('New Balance', 18)}  ${right(tail[0] as string, 14)}  ${right('APR', 7)}  ${right('Commission', 10)}`,
  );
  for (const { address, reward } of keyed) {
    if (!reward) {
      lines.push(`  ${pad(address, 44)}  No rewards in epoch`);
      continue;
    }
    const change = `${right(rustFixed(reward.percentChange, 9), 13)}%`;
    // The APR column stays empty: no APR is computed any more (`apr.map(..).unwrap_or_default()`).
    const rest = `${change}  ${right('', 7)}  ${right(reward.commission === null ? '-' : `${reward.commission}%`, 10)}`;
    lines.push(
      verbose
        ? `  ${pad(address, 44)}  ${pad(String(reward.effectiveSlot), 11)}  ${pad(chronoUtc(reward.blockTime), 23)}  ${sol(reward.amount, 17)}  ${sol(reward.postBalance, 19)}  ${rest}`
        : `  ${pad(address, 44)}  ${sol(reward.amount, 17)}  ${sol(reward.postBalance, 17)}  ${rest}`,
    );
  }
  return lines.join('\n');
}

/** chrono's Display of a `DateTime<Utc>`: `2025-08-11 08:25:54 UTC`. */
function chronoUtc(unixSeconds: number): string {
  const text = rfc3339(unixSeconds);
  return text.endsWith('Z') ? `${text.slice(0, -1).replace('T', ' ')} UTC` : text;
}
