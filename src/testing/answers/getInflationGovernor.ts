/** getInflationGovernor: full inflation without the foundation share, as on mainnet-beta. */
import { INFLATION } from '../simulatedInflation.js';
import { defineAnswer } from './answer.js';

export const getInflationGovernor = defineAnswer({
  method: 'getInflationGovernor',
  minimal: false,
  required: [],
  optional: [{ struct: 'CommitmentConfig' }],
  answer: () => ({ ...INFLATION }),
});
