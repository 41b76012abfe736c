/** getEpochSchedule: fixed epochs of 432,000 slots, no warmup, as on mainnet-beta. */
import { SLOTS_PER_EPOCH } from '../simulationCast.js';
import { defineAnswer } from './answer.js';

export const getEpochSchedule = defineAnswer({
  method: 'getEpochSchedule',
  minimal: false,
  required: [],
  answer: () => ({
    firstNormalEpoch: 0,
    firstNormalSlot: 0,
    leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
    slotsPerEpoch: SLOTS_PER_EPOCH,
    warmup: false,
  }),
});
