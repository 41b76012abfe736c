/** getIdentity: the RPC node's own identity, which votes for nothing and leads no slot. */
import { RPC_NODE_IDENTITY } from '../simulationCast.js';
import { defineAnswer } from './answer.js';

export const getIdentity = defineAnswer({
  method: 'getIdentity',
  minimal: true,
  required: [],
  answer: () => ({ identity: RPC_NODE_IDENTITY }),
});
