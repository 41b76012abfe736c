/**
 * The test cluster's JSON-RPC dispatch: finds a method's answer in the one list (answers/index.ts) and
 * refuses as an agave node would before any answer runs: -32601 for a method it does not serve (or one
 * outside the Minimal set when started without `--full-rpc-api`, or a provider's extension it was not
 * started with), -32602 for params its JSON-RPC layer
 * rejects, -32016 when the bank the call reads has not reached `minContextSlot`.
 */
import type { AnswerContext } from './answers/answer.js';
import { ANSWERS, PROVIDER_ANSWERS } from './answers/index.js';
import { checkParams } from './answers/params.js';
import { bankSlot, type Ledger, RpcFailure } from './simulatedLedger.js';
import { SLOT_MS } from './simulationCast.js';

const METHOD_NOT_FOUND = () => new RpcFailure({ code: -32601, message: 'Method not found' });

/**
 * Answers one call, or throws its RpcFailure. A provider's extension (PROVIDER_ANSWERS) is answered only
 * when `providerMethods` names it, as only the providers that add it serve it.
 */
export function dispatch(
  context: AnswerContext,
  method: string,
  params: unknown[],
  fullApi = true,
  providerMethods: readonly string[] = [],
): unknown {
  const answer = ANSWERS.get(method) ?? (providerMethods.includes(method) ? PROVIDER_ANSWERS.get(method) : undefined);
  if (!answer || (!fullApi && !answer.minimal)) throw METHOD_NOT_FOUND();
  checkParams(answer, params);
  if (answer.minContextSlot) {
    const { configAt, commitmentKey = 'commitment', onlyAt } = answer.minContextSlot;
    const found = configAt ? configAt(params) : params.at(-1);
    const config = (typeof found === 'object' && found !== null ? found : {}) as Record<string, unknown>;
    const minContextSlot = config.minContextSlot;
    const applies = onlyAt === undefined || config[commitmentKey] === onlyAt;
    if (applies && (typeof minContextSlot === 'number' || typeof minContextSlot === 'bigint')) {
      const bank = bankSlot(context.slot, config[commitmentKey] as string | undefined);
      if (bank < Number(minContextSlot)) {
        throw new RpcFailure({
          code: -32016,
          message: 'Minimum context slot has not been reached',
          data: { contextSlot: bank },
        });
      }
    }
  }
  return answer.answer(context, params);
}

/**
 * The answer's asynchronous step for one call, before `dispatch`: what its `prepare` resolves to, or
 * undefined (no such step, or params it refuses, which `dispatch` then refuses in agave's order).
 */
export async function prepare(context: AnswerContext, method: string, params: unknown[]): Promise<unknown> {
  const found = ANSWERS.get(method);
  if (!found?.prepare) return undefined;
  try {
    checkParams(found, params);
    return await found.prepare(context, params);
  } catch (error) {
    if (error instanceof RpcFailure) return undefined;
    throw error;
  }
}

/** `dispatch` with the context spelled out: the call as the cluster at `slot` answers it. */
export function answer(
  method: string,
  params: unknown[],
  slot: number,
  nowMs: number,
  ledger: Ledger,
  fullApi = true,
  slotMs = SLOT_MS,
): unknown {
  return dispatch({ ledger, slot, nowMs, slotMs }, method, params, fullApi);
}
