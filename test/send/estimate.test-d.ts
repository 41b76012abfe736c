/**
 * The clients and results of estimateComputeUnits, estimatePriorityFee and estimatePriorityFeeLevels,
 * proved by types: the full client and a `createRpcWith` client with only the method each calls serve
 * them; a client without it does not; the levels and a bad level are checked.
 */
import { expectTypeOf, test } from 'vitest';
import { createRpcWith } from '../../src/createRpc.js';
import type { Rpc } from '../../src/index.js';
import { getRecentPrioritizationFees } from '../../src/methods/getRecentPrioritizationFees.js';
import { simulateTransaction } from '../../src/methods/simulateTransaction.js';
import {
  type ComputeUnitEstimate,
  type EstimateComputeUnitsRpc,
  estimateComputeUnits,
} from '../../src/send/estimateComputeUnits.js';
import {
  type EstimatePriorityFeeRpc,
  estimatePriorityFee,
  estimatePriorityFeeLevels,
} from '../../src/send/estimatePriorityFee.js';
import type { PriorityFeeLevel, PriorityFeeLevels } from '../../src/send/priorityFeeLevels.js';

test('the full client serves both estimates', () => {
  expectTypeOf<Rpc>().toExtend<EstimateComputeUnitsRpc>();
  expectTypeOf<Rpc>().toExtend<EstimatePriorityFeeRpc>();
});

test('a client with only the method each calls serves it, and its results', () => {
  const simulate = createRpcWith('http://127.0.0.1:8899', { simulateTransaction });
  expectTypeOf(estimateComputeUnits(simulate, new Uint8Array(0), { margin: 0.2 })).toEqualTypeOf<
    Promise<ComputeUnitEstimate>
  >();
  expectTypeOf(estimateComputeUnits(simulate, 'AQ==')).toEqualTypeOf<Promise<ComputeUnitEstimate>>();
  const fees = createRpcWith('http://127.0.0.1:8899', { getRecentPrioritizationFees });
  expectTypeOf(estimatePriorityFee(fees, { transaction: new Uint8Array(0), level: 'high' })).toEqualTypeOf<
    Promise<bigint>
  >();
  expectTypeOf(estimatePriorityFeeLevels(fees, { maxUnitPrice: 5n })).toEqualTypeOf<Promise<PriorityFeeLevels>>();
  expectTypeOf<keyof PriorityFeeLevels>().toEqualTypeOf<PriorityFeeLevel>();
  // @ts-expect-error the fee client cannot simulate
  estimateComputeUnits(fees, new Uint8Array(0));
  // @ts-expect-error not a level
  estimatePriorityFee(fees, { level: 'max' });
  // @ts-expect-error levels take no level: they return all of them
  estimatePriorityFeeLevels(fees, { level: 'high' });
});
