import type { Command } from '../command.js';
import { humanDuration, JsonF64, rustFixed } from '../format.js';
import { EXIT } from '../io.js';

/** The target slot time: 64 ticks per slot at 160 ticks per second. */
const SLOT_MS = 400;

export const epochInfo: Command = {
  positionals: { min: 0, max: 0 },
  options: [],
  async run(ctx) {
    const info = await ctx.rpc.getEpochInfo(ctx.call);
    const percent = (info.slotIndex / info.slotsInEpoch) * 100;
    if (ctx.json) {
      ctx.printJson({ ...info, epochCompletedPercent: new JsonF64(percent) });
      return EXIT.ok;
    }
    const { bold } = ctx.paint;
    const start = info.absoluteSlot - info.slotIndex;
    const remaining = info.slotsInEpoch - info.slotIndex;
    // Whole seconds each, summed: the Solana CLI's arithmetic.
    const elapsed = Math.floor((info.slotIndex * SLOT_MS) / 1000);
    const left = Math.floor((remaining * SLOT_MS) / 1000);
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
      `${bold('Epoch Completed Time:')} ${humanDuration(elapsed)}*/${humanDuration(elapsed + left)} (${humanDuration(left)} remaining)`,
    );
    if (ctx.io.isTTY) lines.push(`${bold('Epoch Progress:')} ${progressBar(info.slotIndex / info.slotsInEpoch, 40)}`);
    lines.push('', `* estimated at ${SLOT_MS} ms per slot`);
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
};

export function progressBar(fraction: number, width: number): string {
  const filled = Math.max(0, Math.min(width, Math.round(fraction * width)));
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(1)}%`;
}
