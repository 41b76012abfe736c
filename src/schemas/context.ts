import type { RpcContext } from '../types/index.js';
import { memo } from './memo.js';
import { safeInteger } from './numbers.js';
import { optional, type Schema, string, type } from './struct.js';

/** The `context` of a context-wrapped result. */
export const rpcContext = /* @__PURE__ */ memo(
  (): Schema<RpcContext> => type({ slot: safeInteger(), apiVersion: optional(string()) }) as Schema<RpcContext>,
);

/** Copies the known context fields into a fresh object: server additions are not passed through. */
export function decodeContext(wire: RpcContext): RpcContext {
  return wire.apiVersion === undefined ? { slot: wire.slot } : { slot: wire.slot, apiVersion: wire.apiVersion };
}
