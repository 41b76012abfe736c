/** getGenesisHash: mainnet-beta's, as the simulation mimics that cluster's numbers throughout. */
import { defineAnswer } from './answer.js';

export const getGenesisHash = defineAnswer({
  method: 'getGenesisHash',
  minimal: true,
  required: [],
  answer: () => '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
});
