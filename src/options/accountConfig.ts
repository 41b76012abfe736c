import { loadZstd } from '../codecs/zstd.js';
import { SolRpcError } from '../errors/SolRpcError.js';
import type { AccountEncoding, CallOptions, ContextConfig, DataSlice } from '../types/index.js';
import { accountEncoding, commitment, dataSlice, minContextSlot, prepareConfig } from './config.js';

/** The config of every method that returns accounts (`getAccountInfo`, `getTokenAccountsByDelegate`). */
export interface AccountConfig extends ContextConfig {
  /**
   * How the server encodes account data. Default `'base64'` (agave's own default, legacy base58, fails
   * for accounts over 128 bytes). Binary encodings all decode to `Uint8Array`; `'jsonParsed'` returns
   * parsed data where the server has a parser, and bytes where it falls back.
   */
  encoding?: AccountEncoding;
  /** Return only part of the data. Not applied to parsed data. */
  dataSlice?: DataSlice;
}

/** The options an account method takes, checked as `prepareConfig` checks any method's. */
const ACCOUNT_OPTIONS = { encoding: accountEncoding, dataSlice, commitment, minContextSlot };

/** Which result schema an account method's answer is checked against: it follows the encoding asked for. */
export type AccountShape = 'parsed' | 'binary';

/**
 * Checks an account config and builds its wire form (always with an explicit encoding), and the rest of
 * the prepared call: the call options, the zstd decoder's loading when it will be needed, and the shape.
 */
export function prepareAccountConfig(
  method: string,
  value: unknown,
): { wire: Record<string, unknown>; options: CallOptions; ready?: Promise<void>; shape: AccountShape } {
  const checked = prepareConfig(method, ACCOUNT_OPTIONS, value);
  // agave's own default, legacy binary, fails for accounts over 128 bytes: always say which, first.
  const wire: Record<string, unknown> = { encoding: 'base64', ...checked.wire };
  const { options } = checked;
  const encoding = wire.encoding as AccountEncoding;
  return { wire, options, ready: zstdReady(method, encoding), shape: encoding === 'jsonParsed' ? 'parsed' : 'binary' };
}

/**
 * The zstd decoder's loading when `encoding` asks for base64+zstd, started alongside the request that
 * needs it (it loads on first use). If it cannot be loaded (an offline browser, a chunk renamed by a
 * deploy), the call fails with a retryable `SolRpcError` that says so.
 */
export function zstdReady(method: string, encoding: unknown): Promise<void> | undefined {
  if (encoding !== 'base64+zstd') return undefined;
  const ready = loadZstd().catch((cause: unknown) => {
    throw new SolRpcError('could not load a decoder this response needs', { method, cause, retryable: true });
  });
  // Handled here so a failed load is not an unhandled rejection when the request fails first.
  ready.catch(() => undefined);
  return ready;
}
