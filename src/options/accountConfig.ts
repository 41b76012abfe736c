import { loadZstd } from '../codecs/zstd.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { SolRpcError } from '../errors/SolRpcError.js';
import type { AccountEncoding, CallOptions, ContextConfig, DataSlice } from '../types/index.js';
import { checkConfig, checkOneOf } from './check.js';
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

/**
 * The option of the account reads that can parse on the client (`getAccountInfo`, `getMultipleAccounts`,
 * `getProgramAccounts`, `streamProgramAccounts`, `accountSubscribe`, `programSubscribe`).
 */
export interface ClientParsingConfig {
  /**
   * With `encoding: 'jsonParsed'`: ask the node for the bytes and parse here, with `parseAccountData`,
   * into exactly the objects the node's `jsonParsed` returns (bytes where the node would fall back). A
   * token account's mint (and the clock, for interest-bearing and scaled-UI-amount mints) is read with one
   * more request per 100 mints, at the slot of the accounts or later. Fewer bytes on the wire, and none
   * of the node's parsing, which some providers bill for `jsonParsed`. Not with `dataSlice`.
   *
   * `true` asks for `base64+zstd` where the accounts are named (getAccountInfo, getMultipleAccounts,
   * accountSubscribe) and for plain `base64` where a program's accounts are listed (getProgramAccounts,
   * streamProgramAccounts, programSubscribe): agave makes a zstd encoder for each account it compresses,
   * which costs it more per small account than writing `jsonParsed` (measured, docs/performance.md), so a
   * scan in `base64+zstd` would load the node more than the `jsonParsed` it replaces. `{ wire }` names the
   * encoding instead.
   */
  parseOnClient?: boolean | ClientParsingWire;
}

/** `parseOnClient`'s form that names the encoding asked of the node. */
export interface ClientParsingWire {
  /**
   * The encoding the node sends the bytes in: `'base64+zstd'` or `'base64'`. By default `'base64+zstd'`
   * for named accounts and `'base64'` for a program's accounts (see `parseOnClient`).
   */
  wire?: 'base64+zstd' | 'base64';
}

/** Whether an account read's config asks to parse on the client (its `run` then reads bytes and parses). */
export function parsesOnClient(config: unknown): boolean {
  // Anything but absent or false: a value `prepare` refuses still goes the client-parsing way, to be refused there.
  return !!(config as ClientParsingConfig | null | undefined)?.parseOnClient;
}

/** The encodings `parseOnClient` can ask the node for. */
const WIRES = ['base64+zstd', 'base64'] as const;
type Wire = (typeof WIRES)[number];

/** The options an account method takes, checked as `prepareConfig` checks any method's. */
const ACCOUNT_OPTIONS = { encoding: accountEncoding, dataSlice, commitment, minContextSlot };

/** Which result schema an account method's answer is checked against: it follows the encoding asked for. */
export type AccountShape = 'parsed' | 'binary';

/**
 * Checks an account config and builds its wire form (always with an explicit encoding), and the rest of
 * the prepared call: the call options, the zstd decoder's loading when it will be needed, and the shape.
 * `clientParsing`, for the methods that take `parseOnClient`, is the encoding `parseOnClient: true` asks for.
 */
export function prepareAccountConfig(
  method: string,
  value: unknown,
  clientParsing?: Wire,
): { wire: Record<string, unknown>; options: CallOptions; ready?: Promise<void>; shape: AccountShape } {
  const asked = clientParsing && parseOnClientOption(method, value, clientParsing);
  const rest = asked === undefined ? value : { ...(value as object), parseOnClient: undefined };
  const checked = prepareConfig(method, ACCOUNT_OPTIONS, rest);
  // agave's own default, legacy binary, fails for accounts over 128 bytes: always say which, first.
  const wire: Record<string, unknown> = { encoding: 'base64', ...checked.wire };
  const { options } = checked;
  if (asked) wire.encoding = asked;
  const encoding = wire.encoding as AccountEncoding;
  return { wire, options, ready: zstdReady(method, encoding), shape: encoding === 'jsonParsed' ? 'parsed' : 'binary' };
}

/**
 * Checks `parseOnClient`: `true`, `false` or `{ wire }`, only with `encoding: 'jsonParsed'` and without
 * `dataSlice`. Gives the encoding to ask the node for (`fallback` unless `wire` names one), `false` when it
 * is off, `undefined` when it is not given (the other options are then checked as they are).
 */
function parseOnClientOption(method: string, value: unknown, fallback: Wire): Wire | false | undefined {
  const config = typeof value === 'object' && value !== null ? (value as AccountConfig & ClientParsingConfig) : {};
  const asked: unknown = config.parseOnClient;
  if (asked === undefined || asked === false) return asked;
  const param = 'config.parseOnClient';
  let wire = fallback;
  // Not a flag: the object form, whose only option is `wire` (checkConfig refuses anything else, and a
  // value that is no object: "expected an object").
  if (asked !== true)
    wire = checkOneOf(method, `${param}.wire`, checkConfig(method, param, asked, ['wire']).wire, WIRES) ?? wire;
  if (config.encoding !== 'jsonParsed') {
    const problem = "it parses what encoding: 'jsonParsed' returns: set encoding to 'jsonParsed' with it";
    throw new InvalidInputError({ method, param, problem });
  }
  if (config.dataSlice !== undefined) {
    throw new InvalidInputError({
      method,
      param,
      problem: 'a slice of an account cannot be parsed: leave out dataSlice',
    });
  }
  return wire;
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
