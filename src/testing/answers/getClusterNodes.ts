/** getClusterNodes: the validators as gossip shows them; alpha advertises the cluster's own node as its RPC. */

import { clusterNode } from '../simulatedValidators.js';
import { SIMULATION } from '../simulationCast.js';
import { defineAnswer } from './answer.js';

export const getClusterNodes = defineAnswer({
  method: 'getClusterNodes',
  minimal: false,
  required: [],
  answer: (ctx) => SIMULATION.validators.map((v, i) => clusterNode(v, i, ctx.ledger.self)),
});
