import { loadZstd } from '../codecs/zstd.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { AccountEncoding, CallOptions, Commitment, DataSlice } from '../types/index.js';
import {
  callOptionsOf,
  checkCommitment,
  checkConfig,
  checkIndex,
  checkOneOf,
  checkU64,
  compact,
  describe,
} from './check.js';

/** The config of every method that returns accounts (`getAccountInfo`, `getTokenAccountsByDelegate`). */
export interface AccountConfig extends CallOptions {
  /**
   * How the server encodes account data. Default `'base64'` (agave's own default, legacy base58, fails
   * for accounts over 128 bytes). Binary encodings all decode to `Uint8Array`; `'jsonParsed'` returns
   * parsed data where the server has a parser, and bytes where it falls back.
   */
  encoding?: AccountEncoding;
  /** Return only part of the data. Not applied to parsed data. */
  dataSlice?: DataSlice;
  /** The bank to read from. Default (server's) `finalized`. */
  commitment?: Commitment;
  /** Fail with -32016 unless the node has reached this slot. */
  minContextSlot?: number | bigint;
}

const ENCODINGS: readonly AccountEncoding[] = ['base58', 'base64', 'base64+zstd', 'jsonParsed'];
const KEYS = ['encoding', 'dataSlice', 'commitment', 'minContextSlot', 'signal', 'timeoutMs'] as const;

/** Checks an account config and builds its wire form (always with an explicit encoding). */
export function prepareAccountConfig(
  method: string,
  value: unknown,
): { wire: Record<string, unknown>; options: CallOptions; ready?: Promise<void>; encoding: AccountEncoding } {
  const config = checkConfig(method, 'config', value, KEYS);
  const encoding = checkOneOf(method, 'config.encoding', config.encoding, ENCODINGS) ?? 'base64';
  const wire = compact({
    encoding,
    dataSlice: config.dataSlice === undefined ? undefined : checkDataSlice(method, config.dataSlice),
    commitment: checkCommitment(method, config.commitment),
    minContextSlot: checkU64(method, 'config.minContextSlot', config.minContextSlot),
  }) as Record<string, unknown>;
  // The zstd decoder loads on first use, alongside the request that needs it.
  const ready = encoding === 'base64+zstd' ? loadZstd() : undefined;
  // Handled here so a failed load is not an unhandled rejection when the request fails first.
  ready?.catch(() => undefined);
  return { wire, options: callOptionsOf(method, config), ready, encoding };
}

function checkDataSlice(method: string, value: unknown): DataSlice {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidInputError({
      method,
      param: 'config.dataSlice',
      problem: `expected { offset, length }, got ${describe(value)}`,
    });
  }
  const slice = value as Record<string, unknown>;
  return {
    offset: checkIndex(method, 'config.dataSlice.offset', slice.offset),
    length: checkIndex(method, 'config.dataSlice.length', slice.length),
  };
}
