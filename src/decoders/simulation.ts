/**
 * From a validated simulation result to the public one, shared by `simulateTransaction` and the -32002
 * preflight failure of `sendTransaction`: return data as bytes, lamports as `bigint`, fields a node left
 * out set to the `null` the types promise, newer fields copied only when sent.
 * @module
 */
import { decodeBase64 } from '../codecs/base64.js';
import { ValidationError } from '../errors/ValidationError.js';
import { toBigInt } from '../schemas/numbers.js';
import { preflightFailure, type WireSimulation } from '../schemas/simulation.js';
import type { Blockhash } from '../types/index.js';
import type { PreflightFailure, SimulatedInnerInstructions, SimulationOutcome } from '../types/simulation.js';

/** Marks a -32002 `data` decoded by this copy of solrpc or another, for `isPreflightFailure`. */
export const PREFLIGHT_FAILURE = Symbol.for('solrpc.preflightFailure');

/** The outcome of a validated simulation, without its accounts. `path` locates it, for messages. */
export function decodeSimulationOutcome(method: string, wire: WireSimulation, path: string): SimulationOutcome {
  let returnData: SimulationOutcome['returnData'] = null;
  if (wire.returnData) {
    const data = decodeBase64(wire.returnData.data[0]);
    if (!data) {
      throw new ValidationError({
        method,
        path: `${path}.returnData.data.0`,
        expected: 'base64 text',
        received: 'text that is not base64 text',
      });
    }
    returnData = { programId: wire.returnData.programId, data };
  }
  const outcome: SimulationOutcome = {
    err: wire.err ?? null,
    logs: wire.logs ?? null,
    unitsConsumed: wire.unitsConsumed ?? null,
    loadedAccountsDataSize: wire.loadedAccountsDataSize ?? null,
    returnData,
    innerInstructions: (wire.innerInstructions ?? null) as SimulatedInnerInstructions[] | null,
  };
  const { replacementBlockhash: blockhash, fee, preBalances, postBalances } = wire;
  if (blockhash !== undefined) {
    outcome.replacementBlockhash = blockhash && {
      blockhash: blockhash.blockhash as Blockhash,
      lastValidBlockHeight: BigInt(blockhash.lastValidBlockHeight),
    };
  }
  if (fee !== undefined) outcome.fee = fee === null ? null : toBigInt(fee);
  if (preBalances !== undefined) outcome.preBalances = preBalances === null ? null : preBalances.map(toBigInt);
  if (postBalances !== undefined) outcome.postBalances = postBalances === null ? null : postBalances.map(toBigInt);
  if (wire.preTokenBalances !== undefined) outcome.preTokenBalances = wire.preTokenBalances;
  if (wire.postTokenBalances !== undefined) outcome.postTokenBalances = wire.postTokenBalances;
  if (wire.loadedAddresses !== undefined) {
    outcome.loadedAddresses = wire.loadedAddresses && {
      writable: wire.loadedAddresses.writable,
      readonly: wire.loadedAddresses.readonly,
    };
  }
  return outcome;
}

/**
 * Decodes the `data` of a -32002 error, or returns `undefined` when it is not a simulation result (a
 * proxy's own data, an older node's): the error then keeps its data as sent.
 */
export function decodePreflightFailure(data: unknown): PreflightFailure | undefined {
  // `err` is always there, `null` or not: without it the data is not a simulation result at all.
  if (typeof data !== 'object' || data === null || !('err' in data) || !preflightFailure().check(data))
    return undefined;
  try {
    const failure: PreflightFailure = {
      ...decodeSimulationOutcome('sendTransaction', data as WireSimulation, 'error.data'),
      accounts: null,
    };
    Object.defineProperty(failure, PREFLIGHT_FAILURE, { value: true });
    return failure;
  } catch {
    return undefined;
  }
}
