/**
 * The `filters` of getProgramAccounts, checked as agave's `RpcFilterType::verify` checks them, so that a
 * filter the node would refuse is refused here, naming it, before any request.
 * @module
 */
import { decodeBase58 } from '../codecs/base58Text.js';
import { decodeBase64, encodeBase64 } from '../codecs/base64.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import type { ReadonlyUint8Array } from '../types/index.js';
import { checkConfig, checkIndex, checkU64, describe } from './check.js';

/** Keep accounts whose data starts with `bytes` at `offset`. */
export interface MemcmpFilter {
  /** The comparison. */
  memcmp: {
    /** Where in the account's data the bytes must be. */
    offset: number;
    /**
     * The bytes, at most 128: a `Uint8Array` (kit's `ReadonlyUint8Array` too), or text in `encoding`
     * (base58 unless said otherwise).
     */
    bytes: string | ReadonlyUint8Array;
    /** How `bytes` is written when it is text. Default `'base58'`. */
    encoding?: 'base58' | 'base64';
  };
}

/** Keep accounts whose data is exactly this many bytes long (165 for a classic SPL Token account). */
export interface DataSizeFilter {
  /** The exact data length, in bytes. */
  dataSize: number | bigint;
}

/**
 * A getProgramAccounts filter: agave's `RpcFilterType`. `'tokenAccountState'` keeps initialized token
 * accounts (Token and Token-2022).
 */
export type ProgramAccountsFilter = MemcmpFilter | DataSizeFilter | 'tokenAccountState';

/** agave's MAX_GET_PROGRAM_ACCOUNT_FILTERS. */
const MAX_FILTERS = 4;
/** agave's limit on memcmp bytes (decoded), and on their text: 175 characters of base58, 172 of base64. */
const MAX_BYTES = 128;

/** Checks `filters` and returns their wire form (a `Uint8Array` is sent as base64). */
export function checkProgramFilters(method: string, param: string, value: unknown): unknown[] {
  const fail = (at: string, problem: string): never => {
    throw new InvalidInputError({ method, param: at, problem });
  };
  if (!Array.isArray(value)) fail(param, `expected an array of filters, got ${describe(value)}`);
  const filters = value as unknown[];
  if (filters.length > MAX_FILTERS) fail(param, `${filters.length} filters; the node takes at most ${MAX_FILTERS}`);
  return filters.map((item, i) => {
    const at = `${param}.${i}`;
    if (item === 'tokenAccountState') return item;
    const filter = checkConfig(method, at, item, ['memcmp', 'dataSize']);
    const keys = Object.keys(filter).filter((key) => filter[key] !== undefined);
    if (keys.length !== 1) fail(at, `expected { memcmp }, { dataSize } or 'tokenAccountState', got ${describe(item)}`);
    if (keys[0] === 'dataSize') return { dataSize: checkU64(method, `${at}.dataSize`, filter.dataSize) };
    const where = `${at}.memcmp`;
    const memcmp = checkConfig(method, where, filter.memcmp, ['offset', 'bytes', 'encoding']);
    const offset = checkIndex(method, `${where}.offset`, memcmp.offset);
    const { bytes, encoding } = memcmp;
    if (bytes instanceof Uint8Array) {
      if (encoding !== undefined) fail(`${where}.encoding`, 'only for bytes given as text');
      if (bytes.length > MAX_BYTES)
        fail(`${where}.bytes`, `${bytes.length} bytes; the node compares at most ${MAX_BYTES}`);
      return { memcmp: { offset, bytes: encodeBase64(bytes), encoding: 'base64' } };
    }
    if (encoding !== undefined && encoding !== 'base58' && encoding !== 'base64') {
      fail(`${where}.encoding`, `expected 'base58' or 'base64', got ${describe(encoding)}`);
    }
    const base64 = encoding === 'base64';
    const decoded =
      typeof bytes !== 'string' || bytes.length > (base64 ? 172 : 175)
        ? undefined
        : base64
          ? decodeBase64(bytes)
          : decodeBase58(bytes, MAX_BYTES);
    if (!decoded || decoded.length > MAX_BYTES) {
      fail(
        `${where}.bytes`,
        `expected a Uint8Array or ${base64 ? 'base64' : 'base58'} text of at most ${MAX_BYTES} bytes, got ${describe(bytes)}`,
      );
    }
    // agave reads a memcmp without `encoding` as base58: the key is sent only when the caller gave it.
    return { memcmp: encoding === undefined ? { offset, bytes } : { offset, bytes, encoding } };
  });
}
