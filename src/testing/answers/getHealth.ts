/**
 * getHealth: "ok" for a node that keeps up; one more than 128 slots behind the cluster (agave's default
 * `--health-check-slot-distance`, the `behind` fault) answers -32005 "Node is behind by N slots".
 */
import { unhealthy } from '../nodeHealth.js';
import { defineAnswer } from './answer.js';

export const getHealth = defineAnswer({
  method: 'getHealth',
  minimal: true,
  required: [],
  answer(ctx) {
    const health = unhealthy(ctx.behindSlots ?? 0);
    if (health) throw health;
    return 'ok';
  },
});
