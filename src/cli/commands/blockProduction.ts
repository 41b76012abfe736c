/**
 * `solrpc block-production [--epoch N] [--slot-limit N]`, as the Solana CLI's `solana block-production`
 * (agave cli/src/cluster_query.rs `process_show_block_production`, cli-output `CliBlockProduction`): for the
 * epoch's slots up to the finalized one (the last `--slot-limit` of them), each leader's slots, the blocks
 * it produced and the slots it skipped, from the confirmed blocks (getBlocks) and the leader schedule;
 * with `--verbose` every slot. The Solana CLI reads the SlotHistory sysvar where it covers the range and
 * getBlocks otherwise; solrpc always takes that second path, which gives the same counts.
 */
import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import { alignRight, pad, rustFixed } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

interface Leader {
  identityPubkey: string;
  leaderSlots: number;
  blocksProduced: number;
  skippedSlots: number;
}

/** Rust's `{:>22.2}%` of `part as f64 / whole as f64 * 100.`: ties to even, `NaN` for 0 / 0. */
const share = (part: number, whole: number) => alignRight(rustFixed((part / whole) * 100, 2), 22);

function wholeNumber(text: string | undefined, option: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)))
    throw new CliError(`${option} must be a whole number`);
  return Number(text);
}

export const blockProduction = defineCommand({
  name: 'block-production',
  aliases: ['show-block-production'],
  synopsis: 'block-production',
  summary: "Each leader's slots, blocks produced and skipped slots this epoch",
  help: `solrpc block-production — each leader's produced and skipped slots in an epoch

Usage: solrpc block-production [--epoch N] [--slot-limit N] [options]

Options:
      --epoch <N>        An earlier epoch (default: the current one, up to its finalized slot)
      --slot-limit <N>   Only the last N slots of it
  -v, --verbose          Also list every slot with its leader, SKIPPED where no block holds it

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {
    epoch: { type: 'string' },
    'slot-limit': { type: 'string' },
  },
  async run(ctx, _args, options) {
    const wanted = wholeNumber(options.epoch, '--epoch');
    const slotLimit = wholeNumber(options['slot-limit'], '--slot-limit');
    const { signal } = ctx.call;
    const call = signal ? { signal } : {};
    const [schedule, info] = await Promise.all([
      ctx.rpc.getEpochSchedule(call),
      ctx.rpc.getEpochInfo({ ...call, commitment: 'finalized' }),
    ]);
    const epoch = wanted ?? info.epoch;
    if (epoch > info.epoch) throw new CliError(`Epoch ${epoch} is in the future`, EXIT.failed);
    const { firstSlot, lastSlot } = epochSlots(schedule, epoch);
    const endSlot = Math.min(info.absoluteSlot, lastSlot);
    let startSlot = slotLimit === undefined ? firstSlot : Math.max(endSlot - slotLimit, firstSlot);
    const minimumLedgerSlot = await ctx.rpc.minimumLedgerSlot(call);
    if (minimumLedgerSlot > endSlot) {
      throw new CliError(
        `Ledger data not available for slots ${startSlot} to ${endSlot} (minimum ledger slot is ${minimumLedgerSlot})`,
        EXIT.failed,
      );
    }
    if (minimumLedgerSlot > startSlot) {
      ctx.io.err(`Note: Requested start slot was ${startSlot} but minimum ledger slot is ${minimumLedgerSlot}\n`);
      startSlot = minimumLedgerSlot;
    }
    // The range ends at the finalized slot: its blocks are read at that commitment too.
    const [blocks, leaders] = await Promise.all([
      ctx.rpc.getBlocks(startSlot, endSlot, { ...call, commitment: 'finalized' }),
      ctx.rpc.getLeaderSchedule(startSlot, { ...call, commitment: 'finalized' }),
    ]);
    if (!leaders) throw new CliError(`No leader schedule for epoch ${epoch}`, EXIT.failed);
    // Slot index in the epoch → its leader.
    const leaderAt: string[] = [];
    for (const identity of Object.keys(leaders)) {
      for (const index of leaders[identity] ?? []) leaderAt[index] = identity;
    }
    const produced = new Set(blocks);
    const byLeader = new Map<string, Leader>();
    const slots: { slot: number; leader: string; skipped: boolean }[] = [];
    for (let slot = startSlot; slot <= endSlot; slot++) {
      // A slot the schedule gives nobody is `?`, as the Solana CLI fills its list.
      const leader = leaderAt[slot - firstSlot] ?? '?';
      const entry = byLeader.get(leader) ?? {
        identityPubkey: leader,
        leaderSlots: 0,
        blocksProduced: 0,
        skippedSlots: 0,
      };
      entry.leaderSlots++;
      const skipped = !produced.has(slot);
      if (skipped) entry.skippedSlots++;
      else entry.blocksProduced++;
      byLeader.set(leader, entry);
      slots.push({ slot, leader, skipped });
    }
    const list = [...byLeader.values()].sort((a, b) =>
      a.identityPubkey < b.identityPubkey ? -1 : a.identityPubkey > b.identityPubkey ? 1 : 0,
    );
    const totalSlots = endSlot - startSlot + 1;
    const totalSkipped = slots.filter((s) => s.skipped).length;
    if (ctx.json) {
      // CliBlockProduction has no serde rename: its own keys are snake_case, its entries camelCase.
      ctx.printJson({
        epoch,
        start_slot: startSlot,
        end_slot: endSlot,
        total_slots: totalSlots,
        total_blocks_produced: totalSlots - totalSkipped,
        total_slots_skipped: totalSkipped,
        leaders: list,
        individual_slot_status: slots,
      });
      return EXIT.ok;
    }
    const { bold, red } = ctx.paint;
    const row = (first: string, a: number, b: number, c: number, rate: string) =>
      `  ${pad(first, 44)}  ${alignRight(String(a), 15)}  ${alignRight(String(b), 15)}  ${alignRight(String(c), 15)}  ${rate}%`;
    const lines = [
      '',
      bold(
        `  ${pad('Identity', 44)}  ${alignRight('Leader Slots', 15)}  ${alignRight('Blocks Produced', 15)}  ${alignRight('Skipped Slots', 15)}  ${alignRight('Skip Rate', 15)}`,
      ),
      ...list.map((l) =>
        row(l.identityPubkey, l.leaderSlots, l.blocksProduced, l.skippedSlots, share(l.skippedSlots, l.leaderSlots)),
      ),
      '',
      row(
        `Epoch ${epoch} total:`,
        totalSlots,
        totalSlots - totalSkipped,
        totalSkipped,
        share(totalSkipped, totalSlots),
      ),
      `  (using data from ${totalSlots} slots: ${startSlot} to ${endSlot})`,
    ];
    if (ctx.settings.verbose) {
      lines.push('', '', bold(`  ${pad('Slot', 15)} ${pad('Identity Pubkey', 44)}`));
      for (const s of slots) {
        const text = `  ${pad(String(s.slot), 15)} ${pad(s.leader, 44)}`;
        lines.push(s.skipped ? red(`${text} SKIPPED`) : text);
      }
    }
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
});

/** The first and last slot of an epoch, warmup epochs included (agave's EpochSchedule). */
function epochSlots(
  schedule: { slotsPerEpoch: number; firstNormalEpoch: number; firstNormalSlot: number },
  epoch: number,
): { firstSlot: number; lastSlot: number } {
  if (epoch < schedule.firstNormalEpoch) {
    // Warmup: epoch e has 32 × 2^e slots, starting after all the earlier ones.
    const length = 32 * 2 ** epoch;
    const firstSlot = 32 * (2 ** epoch - 1);
    return { firstSlot, lastSlot: firstSlot + length - 1 };
  }
  const firstSlot = schedule.firstNormalSlot + (epoch - schedule.firstNormalEpoch) * schedule.slotsPerEpoch;
  return { firstSlot, lastSlot: firstSlot + schedule.slotsPerEpoch - 1 };
}
