/** getMinimumBalanceForRentExemption: (128 + data length) × 3,480 × 2 lamports, agave's Rent. */
import { rentExemptMinimum } from '../ledger/rent.js';
import { defineAnswer } from './answer.js';

export const getMinimumBalanceForRentExemption = defineAnswer({
  method: 'getMinimumBalanceForRentExemption',
  minimal: false,
  required: ['usize'],
  optional: [{ struct: 'CommitmentConfig' }],
  answer: (_ctx, params) => rentExemptMinimum(params[0] as number),
});
