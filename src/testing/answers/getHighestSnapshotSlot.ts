/** getHighestSnapshotSlot: a full snapshot every 25,000 rooted slots, an incremental one every 100. */
import { highestSnapshots } from '../simulatedNode.js';
import { defineAnswer } from './answer.js';

export const getHighestSnapshotSlot = defineAnswer({
  method: 'getHighestSnapshotSlot',
  minimal: true,
  required: [],
  answer: (ctx) => highestSnapshots(ctx.slot),
});
