/**
 * The node's health as agave's RpcHealth judges it: a node more than `--health-check-slot-distance` (128 by
 * default) slots behind the cluster is behind. getHealth, a preflight sendTransaction and `GET /health` read it.
 */
import { RpcFailure } from './simulatedLedger.js';

/** Slots behind the cluster past which a node is unhealthy: agave's default `--health-check-slot-distance`. */
export const HEALTH_CHECK_SLOT_DISTANCE = 128;

/** -32005 as agave's NodeUnhealthy words it, for a node `behindSlots` behind the cluster; undefined when healthy. */
export function unhealthy(behindSlots: number): RpcFailure | undefined {
  if (behindSlots <= HEALTH_CHECK_SLOT_DISTANCE) return undefined;
  return new RpcFailure({
    code: -32005,
    message: `Node is behind by ${behindSlots} slots`,
    data: { numSlotsBehind: behindSlots },
  });
}
