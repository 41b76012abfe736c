import { defineCommand } from '../command.js';
import { pad } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

export const leaderSchedule = defineCommand({
  name: 'leader-schedule',
  synopsis: 'leader-schedule',
  summary: "The current epoch's leader slots",
  help: `solrpc leader-schedule — who leads which slot this epoch

Usage: solrpc leader-schedule [--identity ADDRESS] [options]

Prints every slot of the current epoch with its leader, or only the slots of --identity.

Options:
      --identity <ADDRESS>   Only this validator's slots

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {
    identity: { type: 'string' },
  },
  async run(ctx, _args, options) {
    const identity = options.identity === undefined ? undefined : ctx.addressOrKeypair(options.identity, 'identity');
    const [info, schedule] = await Promise.all([
      ctx.rpc.getEpochInfo(ctx.call),
      ctx.rpc.getLeaderSchedule(identity === undefined ? ctx.call : { ...ctx.call, identity }),
    ]);
    const firstSlot = info.absoluteSlot - info.slotIndex;
    // One entry per slot, in slot order, as the Solana CLI lists them.
    const entries: { slot: number; leader: string }[] = [];
    for (const leader of Object.keys(schedule)) {
      for (const index of schedule[leader] ?? []) entries.push({ slot: firstSlot + index, leader });
    }
    entries.sort((a, b) => a.slot - b.slot);
    if (ctx.json) {
      ctx.printJson({ epoch: info.epoch, leaderScheduleEntries: entries });
      return EXIT.ok;
    }
    // `  {:<15} {:<44}` as the Solana CLI prints each entry, padding included.
    if (entries.length > 0) {
      ctx.print(entries.map((e) => `  ${pad(String(e.slot), 15)} ${pad(e.leader, 44)}`).join('\n'));
    }
    return EXIT.ok;
  },
});
