/**
 * `parseOnClient`: an account read that asks the node for bytes (`base64+zstd` for named accounts,
 * `base64` for a program's, or the `wire` named) and parses them here into what the node's `jsonParsed`
 * would have returned. Loaded on first use (`import()` from the methods' `run`), so only apps that parse
 * on the client carry every program's parser.
 *
 * A token account's amounts need its mint, as they do on the node: the mints of a read are fetched with
 * `getMultipleAccounts` (100 per request), together with the Clock sysvar (an interest-bearing or
 * scaled-UI-amount mint's amounts depend on the time), at the accounts' slot or later.
 * @module
 */
import { encodeBase58Range } from '../../codecs/base58.js';
import { decodeBase58 } from '../../codecs/base58Text.js';
import { parseAccountDataUnchecked } from '../../decoders/parseAccountData.js';
import {
  amountsDependOnTime,
  isAccount,
  parseTokenAccountOf,
  type TokenAmounts,
  tokenAmountsOf,
} from '../../decoders/token.js';
import { callMethod, type MethodDefinition } from '../../defineMethod.js';
import { DecodeError } from '../../errors/DecodeError.js';
import { InvalidInputError } from '../../errors/InvalidInputError.js';
import { ValidationError } from '../../errors/ValidationError.js';
import type { Account, Address, DecodeContext, KeyedAccount, RpcResult, Transport } from '../../types/index.js';
import type { ParsedAccountData } from '../../types/parsedAccount.js';
import { getMultipleAccounts, type MultipleAccountsResult } from '../getMultipleAccounts.js';

const CLOCK = 'SysvarC1ock11111111111111111111111111111111';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
/** The Clock sysvar's `unix_timestamp`: after slot, epoch start timestamp, epoch and leader schedule epoch. */
const CLOCK_TIMESTAMP_OFFSET = 32;
/** Wrapped SOL's mint, and a mint of its 9 decimals as the node takes it without reading the account. */
const NATIVE_MINT = 'So11111111111111111111111111111111111111112';
const NATIVE_MINT_BYTES = /* @__PURE__ */ (() => {
  const bytes = new Uint8Array(82);
  bytes[44] = 9; // decimals
  bytes[45] = 1; // initialized
  return bytes;
})();
/** The native mint's bytes as a lookup key (see `tokenAccountMint`). */
const NATIVE_MINT_KEY = /* @__PURE__ */ String.fromCharCode(...(decodeBase58(NATIVE_MINT, 32) as Uint8Array));

/**
 * A mint as the token accounts of one read need it: its address in base58 (written once, not once per
 * account), its bytes (null: no such account) and the amounts built from them (undefined: the node would
 * not parse its accounts, so they stay bytes).
 */
interface MintEntry {
  address: Address;
  bytes: Uint8Array | null;
  amounts: TokenAmounts | undefined;
}

/** Reads accounts as bytes at `minContextSlot` or later: `getMultipleAccounts` over the caller's transport. */
export type ReadAccounts = (
  addresses: Address[],
  minContextSlot?: number | bigint,
) => Promise<(Account<Uint8Array> | null)[]>;

/**
 * The mint of a token account as a lookup key: its first 32 bytes as a Latin-1 string (one character a
 * byte), which costs a tenth of writing them in base58; `undefined` when the bytes are not a token account
 * the node would parse (the token parser's own test: initialized or frozen, framed as an account).
 */
function tokenAccountMint(owner: Address, bytes: Uint8Array): string | undefined {
  if ((owner !== TOKEN && owner !== TOKEN_2022) || !isAccount(bytes)) return undefined;
  for (let i = 0; i < 32; i++) keyCodes[i] = bytes[i] as number;
  return String.fromCharCode.apply(null, keyCodes);
}

/** The character codes of the key being made: reused, so that a key costs its string only. */
const keyCodes: number[] = Array.from({ length: 32 }, () => 0);

/**
 * Whether a mint's amounts depend on the time (interest-bearing or scaled UI amount), as the token parser
 * decides it. Such a mint is read again, with the clock, for every read that needs it; any other is read
 * once per call, stream or subscription (a mint's decimals never change).
 */
function dependsOnTime(mint: Uint8Array | null): boolean {
  return mint !== null && amountsDependOnTime(mint);
}

/**
 * One account's data as `jsonParsed` shows it: parsed where a parser applies, the bytes where the node
 * would fall back to them (no parser, bytes the parser refuses, a token account whose mint is missing).
 * A token account goes straight to the token parser with its mint's entry; any other account through
 * `parseAccountData` without its option checks (the owner and address came checked from the node's answer).
 */
function parsedOrBytes(
  bytes: Uint8Array,
  owner: Address,
  address: Address,
  mint: MintEntry | undefined,
  unixTimestamp: bigint | undefined,
): ParsedAccountData | Uint8Array {
  try {
    if (mint !== undefined) {
      if (mint.bytes === null || mint.amounts === undefined) return bytes;
      const parsed = parseTokenAccountOf(bytes, mint.amounts, mint.address, mint.bytes, unixTimestamp);
      const program = owner === TOKEN ? 'spl-token' : 'spl-token-2022';
      return { program, parsed, space: bytes.length } as ParsedAccountData;
    }
    return parseAccountDataUnchecked(bytes, owner, address, { owner, address, unixTimestamp }) ?? bytes;
  } catch (error) {
    // The node falls back to bytes wherever its parser fails; so does this, and only for those failures.
    if (error instanceof DecodeError || error instanceof InvalidInputError) return bytes;
    throw error;
  }
}

/** The amounts of a mint's token accounts, or `undefined` where the node would leave those accounts as bytes. */
function amountsOf(mint: Uint8Array | null, unixTimestamp: bigint | undefined): TokenAmounts | undefined {
  if (mint === null) return undefined;
  try {
    return tokenAmountsOf(mint, unixTimestamp);
  } catch (error) {
    if (error instanceof DecodeError || error instanceof InvalidInputError) return undefined;
    throw error;
  }
}

/**
 * Parses accounts on the client for one call, stream or subscription, reading the mints its token accounts
 * need (with the clock, in one request per 100) at the accounts' slot or later. Mints whose amounts do not
 * depend on the time are kept for the parser's life; the others are read again each time. Mints are keyed
 * by their bytes (as Latin-1 text), and each is written in base58 once.
 */
export class AccountParser {
  private readonly kept = new Map<string, { address: Address; bytes: Uint8Array | null }>();

  constructor(private readonly read: ReadAccounts) {
    // The node never reads the native mint: it knows its 9 decimals (get_mint_owner_and_additional_data).
    this.kept.set(NATIVE_MINT_KEY, { address: NATIVE_MINT, bytes: NATIVE_MINT_BYTES });
  }

  /** Replaces each account's bytes, in place, with what `jsonParsed` shows for them. */
  async parse(list: readonly KeyedAccount<unknown>[], slot?: number | bigint): Promise<void> {
    const keys: (string | undefined)[] = new Array(list.length);
    const wanted = new Map<string, Address>();
    list.forEach(({ account }, i) => {
      const bytes = account.data as Uint8Array;
      const key = tokenAccountMint(account.owner, bytes);
      keys[i] = key;
      if (key !== undefined && !this.kept.has(key) && !wanted.has(key)) {
        wanted.set(key, encodeBase58Range(bytes, 0, 32));
      }
    });
    const mints = new Map<string, { address: Address; bytes: Uint8Array | null }>(this.kept);
    let unixTimestamp: bigint | undefined;
    if (wanted.size > 0) {
      const addresses = [...wanted.values()];
      const accounts = await this.read([...addresses, CLOCK], slot);
      const clock = accounts[addresses.length];
      if (clock && clock.data.length >= CLOCK_TIMESTAMP_OFFSET + 8) {
        const view = new DataView(clock.data.buffer, clock.data.byteOffset, clock.data.byteLength);
        unixTimestamp = view.getBigInt64(CLOCK_TIMESTAMP_OFFSET, true);
      }
      // A node always has its clock: an answer without it cannot give a time-dependent mint's amounts.
      if (
        unixTimestamp === undefined &&
        accounts.some((account, j) => j < addresses.length && dependsOnTime(account?.data ?? null))
      ) {
        throw new ValidationError({
          method: 'getMultipleAccounts',
          path: `result.value.${addresses.length}`,
          expected: 'the Clock sysvar (an interest-bearing or scaled mint needs the time)',
          received: clock === null || clock === undefined ? 'null' : `${clock.data.length} bytes`,
        });
      }
      let i = 0;
      for (const [key, address] of wanted) {
        const mint = { address, bytes: accounts[i++]?.data ?? null };
        mints.set(key, mint);
        if (!dependsOnTime(mint.bytes)) this.kept.set(key, mint);
      }
    }
    // Each mint's amounts built once for this read (at this read's clock), for all of its accounts.
    const entries = new Map<string, MintEntry>();
    for (const [key, { address, bytes }] of mints) {
      entries.set(key, { address, bytes, amounts: amountsOf(bytes, unixTimestamp) });
    }
    list.forEach((item, i) => {
      const { account } = item;
      const key = keys[i];
      const mint = key === undefined ? undefined : entries.get(key);
      account.data = parsedOrBytes(account.data as Uint8Array, account.owner, item.pubkey, mint, unixTimestamp);
    });
  }
}

/** Whether a program is one of the token programs, whose scans the node answers with parsed accounts only. */
export function isTokenProgram(programId: unknown): boolean {
  return programId === TOKEN || programId === TOKEN_2022;
}

/**
 * The accounts of a token program's scan the node would list with `jsonParsed`: those it parses. Its
 * `get_parsed_token_accounts` leaves out the others (an uninitialized account, one whose mint is missing).
 */
export function parsedOnly(list: KeyedAccount<unknown>[]): KeyedAccount<unknown>[] {
  return list.filter(({ account }) => !(account.data instanceof Uint8Array));
}

/**
 * A call's config with the bytes asked for instead, no `parseOnClient`: checked again as it is now (a
 * caller may have changed the object while the parsers loaded: a `dataSlice` added then would be sent
 * unchecked, its slice shown as the account), the encoding taken from that check (the `wire` named, or the
 * method's default). Nothing is awaited between this and the request, so what is sent is what was checked.
 */
function bytesConfig(
  definition: MethodDefinition<unknown>,
  args: readonly unknown[],
  extra?: Record<string, unknown>,
): Record<string, unknown> {
  const { encoding } = definition.prepare(args).params[1] as { encoding: unknown };
  return { ...(args[1] as object), parseOnClient: undefined, encoding, ...extra };
}

/**
 * `getMultipleAccounts` over the same transport, at the call's commitment, within what is left of its
 * `timeoutMs` (so the whole call keeps its deadline) and under its `signal`.
 */
export function accountReader(
  transport: Transport,
  context: DecodeContext,
  config: { commitment?: unknown; timeoutMs?: number; signal?: AbortSignal },
): ReadAccounts {
  const started = Date.now();
  return async (addresses, minContextSlot) => {
    // What is left of the call's deadline; at least 1 ms, so that a spent one fails as a TimeoutError of the transport's.
    const timeoutMs =
      config.timeoutMs === undefined ? undefined : Math.max(1, config.timeoutMs - (Date.now() - started));
    const args = [
      addresses,
      { encoding: 'base64', commitment: config.commitment, minContextSlot, timeoutMs, signal: config.signal },
    ];
    const definition = getMultipleAccounts as MethodDefinition<unknown>;
    const result = (await (definition.run ?? callMethod)(
      definition,
      transport,
      args,
      context,
    )) as MultipleAccountsResult;
    // One state per address asked, at the slot asked or later: otherwise token accounts would be shown as
    // bytes (a mint missing) or with an older mint's amounts, which the node never does.
    if (result.value.length !== addresses.length) {
      throw new ValidationError({
        method: 'getMultipleAccounts',
        path: 'result.value',
        expected: `${addresses.length} accounts, one per address asked (the mints of parseOnClient)`,
        received: `${result.value.length}`,
      });
    }
    if (minContextSlot !== undefined && BigInt(result.context.slot) < BigInt(minContextSlot)) {
      throw new ValidationError({
        method: 'getMultipleAccounts',
        path: 'result.context.slot',
        expected: `at least ${minContextSlot} (the minContextSlot asked)`,
        received: String(result.context.slot),
      });
    }
    return result.value;
  };
}

type Run = typeof callMethod;
type Config = { commitment?: unknown; timeoutMs?: number; signal?: AbortSignal; withContext?: boolean };

/** `getAccountInfo` with `parseOnClient`. */
export const readAccountParsedOnClient: Run = async (definition, transport, args, context) => {
  const config = args[1] as Config;
  const result = (await callMethod(
    definition,
    transport,
    [args[0], bytesConfig(definition, args)],
    context,
  )) as RpcResult<Account<unknown>> | null;
  const account = result?.value;
  if (account) {
    const parser = new AccountParser(accountReader(transport, context, config));
    await parser.parse([{ pubkey: args[0] as Address, account }], result.context.slot);
  }
  return result;
};

/** `getMultipleAccounts` with `parseOnClient`: its own `run` splits the bytes read as it does any. */
export const readMultipleParsedOnClient: Run = async (definition, transport, args, context) => {
  const config = args[1] as Config;
  const run = definition.run ?? callMethod;
  const result = (await run(definition, transport, [args[0], bytesConfig(definition, args)], context)) as RpcResult<
    (Account<unknown> | null)[]
  >;
  const addresses = args[0] as Address[];
  const list = result.value.flatMap((account, i) => (account ? [{ pubkey: addresses[i] as Address, account }] : []));
  await new AccountParser(accountReader(transport, context, config)).parse(list, result.context.slot);
  return result;
};

/**
 * `getProgramAccounts` with `parseOnClient`: always asked `withContext`, so that the mints are read at the
 * accounts' slot or later, and answered in the shape the caller asked for. Plain `base64` unless `wire`
 * says otherwise: agave's zstd encoder per account costs it more than `jsonParsed` on a scan.
 */
export const readProgramParsedOnClient: Run = async (definition, transport, args, context) => {
  const config = args[1] as Config;
  const result = (await callMethod(
    definition,
    transport,
    [args[0], bytesConfig(definition, args, { withContext: true })],
    context,
  )) as RpcResult<KeyedAccount<unknown>[]>;
  await new AccountParser(accountReader(transport, context, config)).parse(result.value, result.context.slot);
  if (isTokenProgram(args[0])) result.value = parsedOnly(result.value);
  return config.withContext === true ? result : result.value;
};
