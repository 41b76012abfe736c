import { defineCommand } from '../command.js';
import { humanDuration, JsonF64, rustFixed } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import type { GetBlocksWithLimitConfig } from '../library.js';

/** The Solana CLI's fallback slot time (`clock::DEFAULT_MS_PER_SLOT`): 64 ticks at 160 ticks per second. */
const DEFAULT_MS_PER_SLOT = 400;

/**
 * `solrpc epoch-info`, as agave's `process_get_epoch_info` and `CliEpochInfo`: getEpochInfo at the configured
 * commitment; JSON is that with the completed percentage. The text also reads, each allowed to fail as the
 * Solana CLI allows it: the average slot time of the last 60 performance samples (400 ms without them), the
 * epoch's first block and its time, and the current slot's time. With both times the elapsed time is their
 * difference; without, it is estimated from the slot time and marked `*`.
 */
export const epochInfo = defineCommand({
  name: 'epoch-info',
  aliases: ['get-epoch-info'],
  synopsis: 'epoch-info',
  summary: 'The current epoch, slot and progress',
  help: `solrpc epoch-info — the current epoch

Usage: solrpc epoch-info [options]

Prints block height, slot, epoch, transaction count, the epoch's slot range, how far it has run
(with a progress bar on a terminal) and an estimate of the time left.

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {},
  async run(ctx) {
    const info = await ctx.rpc.getEpochInfo(ctx.call);
    const percent = (info.slotIndex / info.slotsInEpoch) * 100;
    if (ctx.json) {
      ctx.printJson({ ...info, epochCompletedPercent: new JsonF64(percent) });
      return EXIT.ok;
    }
    const { bold } = ctx.paint;
    const { rpc, call } = ctx;
    const { signal } = call;
    const start = info.absoluteSlot - info.slotIndex;
    const remaining = info.slotsInEpoch - info.slotIndex;
    const ok = <T>(promise: Promise<T>): Promise<T | undefined> => promise.catch(() => undefined);
    const [samples, firstBlocks, currentTime] = await Promise.all([
      ok(rpc.getRecentPerformanceSamples(60, signal ? { signal } : {})),
      // `processed` is refused here, by the node and by solrpc alike: the epoch's first slot stands in.
      ok(rpc.getBlocksWithLimit(start, 1, call as GetBlocksWithLimitConfig)),
      ok(rpc.getBlockTime(info.absoluteSlot, signal ? { signal } : {})),
    ]);
    if (signal?.aborted) return EXIT.interrupted;
    // Whole milliseconds, in integers, as the Solana CLI divides: seconds × 1000 / slots.
    let slotMs = DEFAULT_MS_PER_SLOT;
    if (samples) {
      const slots = samples.reduce((sum, sample) => sum + sample.numSlots, 0);
      const seconds = samples.reduce((sum, sample) => sum + sample.samplePeriodSecs, 0);
      if (slots > 0) slotMs = Math.floor((seconds * 1000) / slots);
    }
    const firstBlock = firstBlocks?.[0] ?? start;
    const firstTime = await ok(rpc.getBlockTime(firstBlock, signal ? { signal } : {}));
    // agave moves the first block's time forward by its distance from the epoch's first slot (sic: forward).
    const startTime =
      firstTime === undefined || firstTime === null
        ? undefined
        : firstTime + Math.floor(((firstBlock - start) * slotMs) / 1000);
    const timed = startTime !== undefined && currentTime !== undefined && currentTime !== null;
    // Whole seconds each, summed: the Solana CLI's `slot_to_duration` and its Duration arithmetic.
    const elapsed = timed ? Math.max(0, currentTime - startTime) : Math.floor((info.slotIndex * slotMs) / 1000);
    const left = Math.floor((remaining * slotMs) / 1000);
    const lines = [
      '',
      `${bold('Block height:')} ${info.blockHeight}`,
      `${bold('Slot:')} ${info.absoluteSlot}`,
      `${bold('Epoch:')} ${info.epoch}`,
    ];
    if (info.transactionCount !== undefined && info.transactionCount !== null) {
      lines.push(`${bold('Transaction Count:')} ${info.transactionCount}`);
    }
    lines.push(
      `${bold('Epoch Slot Range:')} [${start}..${start + info.slotsInEpoch})`,
      `${bold('Epoch Completed Percent:')} ${rustFixed(percent, 3)}%`,
      `${bold('Epoch Completed Slots:')} ${info.slotIndex}/${info.slotsInEpoch} (${remaining} remaining)`,
      `${bold('Epoch Completed Time:')} ${humanDuration(elapsed)}${timed ? '' : '*'}/${humanDuration(elapsed + left)} (${humanDuration(left)} remaining)`,
    );
    // solrpc's own, on a terminal only: scripts reading the text see the Solana CLI's lines alone.
    if (ctx.io.isTTY) lines.push(`${bold('Epoch Progress:')} ${progressBar(info.slotIndex / info.slotsInEpoch, 40)}`);
    if (!timed) lines.push('', '* estimated based on current slot durations');
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
});

export function progressBar(fraction: number, width: number): string {
  const filled = Math.max(0, Math.min(width, Math.round(fraction * width)));
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(1)}%`;
}
