/**
 * A program's accounts as they download: every account `getProgramAccounts` would return, handed to the
 * loop run by run while the body is still arriving, in memory bounded by a run rather than by the
 * program. Pages through `getProgramAccountsV2` where the node serves it (providers do; agave does not).
 * @module
 */

import type { AccountParser } from '#client-parsers';
import { type ClientLink, clientLink } from '../clientLink.js';
import type { RpcWith } from '../createRpc.js';
import { decodeResult, type PreparedCall } from '../defineMethod.js';
import { AbortError } from '../errors/AbortError.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import { ValidationError } from '../errors/ValidationError.js';
import type { ParsedAccountData } from '../methods/getAccountInfo.js';
import { type GetProgramAccountsConfig, getProgramAccounts } from '../methods/getProgramAccounts.js';
import { parsesOnClient } from '../options/accountConfig.js';
import { checkConfig, checkOneOf, checkU64, describe } from '../options/check.js';
import { onAbort } from '../options/onAbort.js';
import type { Address, BinaryEncoding, KeyedAccount } from '../types/index.js';
import { ACCOUNTS_PER_PAGE_MAX, pageReader } from './programAccountsPage.js';
import { runsOf } from './runs.js';

/** The one method a client needs for `streamProgramAccounts`: a full `createRpc` client, or `createRpcWith` with it. */
export type StreamProgramAccountsRpc = RpcWith<{
  /** Its transport is what the stream reads through (a client of solrpc); any other object is called once. */
  getProgramAccounts: typeof getProgramAccounts;
}>;

/** How the accounts are asked for. */
export type ProgramAccountsPaging = 'auto' | 'v2' | 'none';

/** Options of `streamProgramAccounts`: those of `getProgramAccounts` but `withContext`, and paging. */
export interface StreamProgramAccountsConfig extends Omit<GetProgramAccountsConfig, 'withContext' | 'timeoutMs'> {
  /**
   * `'auto'` (default): pages of `getProgramAccountsV2` where the node serves it, else one
   * `getProgramAccounts` (an answer of -32601 to the first page falls back). `'v2'`: pages only.
   * `'none'`: one `getProgramAccounts`, read as it downloads.
   */
  paging?: ProgramAccountsPaging;
  /** Accounts per page of `getProgramAccountsV2` (its `limit`), 1 to 10,000. Default 10,000. */
  pageSize?: number;
  /** Only accounts written at or after this slot (`getProgramAccountsV2` only: refused with `paging: 'none'`). */
  changedSinceSlot?: number | bigint;
  /**
   * How long the server may keep the loop waiting, in ms: for the answer to start, and then for each
   * further piece of it. The time the loop itself spends between accounts is not counted, however long.
   * Default: the client's `timeoutMs` (30,000 unless set).
   */
  timeoutMs?: number;
}

const METHOD = 'streamProgramAccounts';
const OWN = ['paging', 'pageSize', 'changedSinceSlot'];
const PASSED = [
  'filters',
  'encoding',
  'dataSlice',
  'commitment',
  'minContextSlot',
  'signal',
  'timeoutMs',
  'parseOnClient',
];

/**
 * Yields every account `programId` owns that passes the filters, decoded exactly as `getProgramAccounts`
 * decodes them, while the answer downloads: the socket is read no faster than the loop takes accounts,
 * so memory stays bounded by one run of accounts (at most 256 KiB of the body), whatever the program's
 * size. Where the node serves `getProgramAccountsV2` (see `paging`), it pages through it.
 *
 * Everything is checked when it is called, before any request (`InvalidInputError`). A bad account ends
 * the loop with the `ValidationError` naming it, after the accounts before it; a transport failure before
 * the first account of a request is retried as the client retries, and after it ends the loop (the
 * accounts already yielded are not sent twice). Breaking out of the loop, or aborting `signal`, cancels
 * the request in flight.
 * @example
 * for await (const { pubkey, account } of streamProgramAccounts(rpc, TOKEN_PROGRAM, {
 *   filters: [{ dataSize: 165 }, { memcmp: { offset: 0, bytes: mint } }],
 * })) {
 *   console.log(pubkey, account.data.length);
 * }
 */
export function streamProgramAccounts(
  rpc: StreamProgramAccountsRpc,
  programId: Address,
  config: StreamProgramAccountsConfig & { encoding: 'jsonParsed' },
): AsyncGenerator<KeyedAccount<ParsedAccountData | Uint8Array>, void, undefined>;
export function streamProgramAccounts(
  rpc: StreamProgramAccountsRpc,
  programId: Address,
  config?: StreamProgramAccountsConfig & { encoding?: BinaryEncoding },
): AsyncGenerator<KeyedAccount<Uint8Array>, void, undefined>;
export function streamProgramAccounts(
  rpc: StreamProgramAccountsRpc,
  programId: Address,
  config?: StreamProgramAccountsConfig,
): AsyncGenerator<KeyedAccount<ParsedAccountData | Uint8Array>, void, undefined>;
export function streamProgramAccounts(
  rpc: StreamProgramAccountsRpc,
  programId: Address,
  config: StreamProgramAccountsConfig = {},
): AsyncGenerator<KeyedAccount<unknown>, void, undefined> {
  if (typeof rpc?.getProgramAccounts !== 'function') {
    throw new InvalidInputError({
      method: METHOD,
      param: 'rpc',
      problem: `expected a client with getProgramAccounts, got ${describe(rpc)}`,
    });
  }
  const given = checkConfig(METHOD, 'config', config, [...OWN, ...PASSED]) as StreamProgramAccountsConfig;
  const { paging = 'auto', pageSize = ACCOUNTS_PER_PAGE_MAX, changedSinceSlot, ...passed } = given;
  checkOneOf(METHOD, 'config.paging', paging, ['auto', 'v2', 'none']);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > ACCOUNTS_PER_PAGE_MAX) {
    throw new InvalidInputError({
      method: METHOD,
      param: 'config.pageSize',
      problem: `expected a whole number from 1 to ${ACCOUNTS_PER_PAGE_MAX}, got ${describe(pageSize)}`,
    });
  }
  checkU64(METHOD, 'config.changedSinceSlot', changedSinceSlot);
  // getProgramAccounts' own checks, naming the same params: programId, filters, encoding…
  const prepared = getProgramAccounts.prepare([programId, passed]);
  const link = clientLink(rpc);
  // What only getProgramAccountsV2 does is refused where it cannot be asked for, never dropped unsaid.
  const v2Only = (param: string, why: string) => {
    if (given[param as keyof StreamProgramAccountsConfig] !== undefined) {
      throw new InvalidInputError({ method: METHOD, param: `config.${param}`, problem: why });
    }
  };
  if (paging === 'none') {
    v2Only('changedSinceSlot', "only getProgramAccountsV2 takes it: leave paging 'auto' or set it to 'v2'");
    v2Only('pageSize', "only getProgramAccountsV2 pages: leave paging 'auto' or set it to 'v2'");
  }
  if (!link) {
    const why = 'this client is no solrpc client, so the stream makes one getProgramAccounts call through it';
    v2Only('changedSinceSlot', why);
    v2Only('pageSize', why);
    if (paging === 'v2') v2Only('paging', why);
    return whole(rpc, programId, passed);
  }
  // With changedSinceSlot, a node without V2 cannot answer the question asked: no fallback to all accounts.
  const mode = paging === 'auto' && changedSinceSlot !== undefined ? 'v2' : paging;
  return accounts(link, prepared, { paging: mode, pageSize, changedSinceSlot }, given);
}

/** A client that is no solrpc client (a wrapper, a mock): one call, its accounts yielded after. */
async function* whole(
  rpc: StreamProgramAccountsRpc,
  programId: Address,
  config: GetProgramAccountsConfig,
): AsyncGenerator<KeyedAccount<unknown>, void, undefined> {
  yield* (await rpc.getProgramAccounts(programId, { ...config, withContext: false })) as KeyedAccount<unknown>[];
}

interface Paging {
  paging: ProgramAccountsPaging;
  pageSize: number;
  changedSinceSlot: number | bigint | undefined;
}

async function* accounts(
  link: ClientLink,
  prepared: PreparedCall,
  { paging, pageSize, changedSinceSlot }: Paging,
  config: StreamProgramAccountsConfig,
): AsyncGenerator<KeyedAccount<unknown>, void, undefined> {
  const { signal, timeoutMs } = prepared.options ?? {};
  // The loop's own signal: breaking out of it, or the caller's abort, cancels the request in flight.
  const controller = new AbortController();
  const stopWaiting = onAbort(signal, () => controller.abort(signal?.reason));
  if (signal?.aborted) controller.abort(signal.reason);
  const [programId, wire] = prepared.params as [Address, Record<string, unknown>];
  // parseOnClient: the bytes of each run parsed before it is handed on, its mints read first.
  const clientParsing = parsesOnClient(config) ? import('#client-parsers') : undefined;
  let parser: AccountParser | undefined;
  // A token program's scan lists only the accounts the node parses, as its jsonParsed answer does.
  let keep: ((list: KeyedAccount<unknown>[]) => KeyedAccount<unknown>[]) | undefined;
  const decodeRun = async (items: unknown[], method: string, base: number, path: string) => {
    const context = { method, maxDecompressedBytes: link.maxDecompressedBytes };
    let list: KeyedAccount<unknown>[];
    try {
      list = (await decodeResult(getProgramAccounts, items, context, prepared)) as KeyedAccount<unknown>[];
    } catch (error) {
      throw renumbered(error, base, path);
    }
    if (parser) await parser.parse(list);
    if (keep) list = keep(list);
    return list;
  };
  try {
    await prepared.ready;
    if (clientParsing) {
      const { AccountParser, accountReader, isTokenProgram, parsedOnly } = await clientParsing;
      if (isTokenProgram(prepared.params[0])) keep = parsedOnly;
      const { commitment } = wire;
      const reader = accountReader(
        link.transport,
        { method: METHOD, maxDecompressedBytes: link.maxDecompressedBytes },
        {
          commitment,
          timeoutMs,
          signal: controller.signal,
        },
      );
      parser = new AccountParser(reader);
    }
    let v2 = paging !== 'none';
    let paginationKey: string | undefined;
    const seenKeys = new Set<string>();
    for (let page = 0; ; page++) {
      const method = v2 ? 'getProgramAccountsV2' : 'getProgramAccounts';
      const params = v2
        ? [
            programId,
            {
              ...wire,
              limit: pageSize,
              ...(paginationKey === undefined ? {} : { paginationKey }),
              ...(changedSinceSlot === undefined ? {} : { changedSinceSlot }),
            },
          ]
        : prepared.params;
      const runs = runsOf(link.transport, {
        method,
        params,
        signal: controller.signal,
        timeoutMs,
        read: v2 ? pageReader : getProgramAccounts.read,
        decode: (items, base) => decodeRun(items, method, base, v2 ? 'result.accounts.' : 'result.'),
      });
      let result: unknown;
      try {
        for (;;) {
          const next = await runs.next();
          if (next.done) {
            result = next.value;
            break;
          }
          for (const account of next.value) {
            // Accounts already read are not handed on once the caller has aborted.
            if (signal?.aborted) throw new AbortError({ method: METHOD, reason: signal.reason });
            yield account;
          }
        }
      } catch (error) {
        // The node has no getProgramAccountsV2 (agave): the same accounts in one request instead.
        if (paging === 'auto' && page === 0 && isSolRpcError(error, 'RpcError') && error.code === -32601) {
          v2 = false;
          page = -1;
          continue;
        }
        throw error;
      } finally {
        await runs.return(undefined);
      }
      // What the runs did not hand on: nothing when the list was read in runs, the whole list from a
      // transport that reads answers whole, or something else, which the decoder refuses by name.
      const rest = listIn(result, v2);
      if (rest === undefined) {
        await decodeRun(result as unknown[], method, 0, v2 ? 'result.accounts.' : 'result.');
        throw new ValidationError({
          method,
          path: v2 ? 'result.accounts' : 'result',
          expected: 'a list of accounts',
          received: describe(result),
        });
      }
      if (rest.length > 0) yield* await decodeRun(rest, method, 0, v2 ? 'result.accounts.' : 'result.');
      if (!v2) return;
      paginationKey = nextKey(result, method);
      if (paginationKey === undefined) return;
      if (seenKeys.has(paginationKey)) {
        throw new ValidationError({
          method,
          path: 'result.paginationKey',
          expected: 'a key no earlier page gave',
          received: 'the key of an earlier page (paging would not end)',
        });
      }
      seenKeys.add(paginationKey);
    }
  } finally {
    stopWaiting();
    controller.abort();
  }
}

/** The accounts list of a result, as `getProgramAccounts` (bare, or in `value`) or V2 (in `accounts`) gives it. */
function listIn(result: unknown, v2: boolean): unknown[] | undefined {
  const body = result as { accounts?: unknown; value?: unknown } | null;
  // A V2 request answered with getProgramAccounts' bare list (a server that ignores the method) is the
  // whole answer: it is taken as such, and ends the paging.
  const list = Array.isArray(result)
    ? result
    : v2
      ? (body?.accounts ?? (body?.value as { accounts?: unknown } | undefined)?.accounts)
      : body?.value;
  return Array.isArray(list) ? list : undefined;
}

/** The key of the next page, or `undefined` after the last: `paginationKey` of the result, or of its `value`. */
function nextKey(result: unknown, method: string): string | undefined {
  const body = result as { paginationKey?: unknown; value?: { paginationKey?: unknown } } | null;
  const key = body?.paginationKey !== undefined ? body.paginationKey : body?.value?.paginationKey;
  if (key === null || key === undefined) return undefined;
  if (typeof key === 'string' && key.length > 0) return key;
  throw new ValidationError({
    method,
    path: 'result.paginationKey',
    expected: 'a non-empty string, or null after the last page',
    received: describe(key),
  });
}

/** A run's ValidationError with the account's index in the whole answer, not in its run. */
function renumbered(error: unknown, base: number, path: string): unknown {
  if (!isSolRpcError(error, 'ValidationError')) return error;
  const match = /^result\.(\d+)(.*)$/s.exec(error.path);
  if (!match) return error;
  return new ValidationError({
    method: error.method ?? METHOD,
    path: `${path}${base + Number(match[1])}${match[2]}`,
    expected: error.expected,
    received: error.received,
  });
}
