/**
 * The simulated cluster's accounts: lamport balances, the vote, feature, wallet and SPL token accounts it
 * holds, and how agave encodes them (getAccountInfo, getMultipleAccounts, getProgramAccounts and the token
 * methods). Kept together because a program scan and a single lookup must see the same accounts.
 */
import { encodeBase58 } from '../codecs/base58.js';
// Not public API: the simulated cluster writes wire data, and the library exports no base58 encoder.
import { decodeBase58 } from '../codecs/base58Text.js';
import { encodeBase64 } from '../codecs/base64.js';
import { compareBytes, equalBytes, looseBase64, putU64le, utf8Bytes } from './bytes.js';
import type { AccountState } from './ledger/accountStore.js';
import { FAUCET_ADDRESS, FAUCET_LAMPORTS } from './ledger/faucet.js';
import { type ParsedViewContext, parsedView } from './parsedView.js';
import { decodeAddress, type Ledger, RpcFailure } from './simulatedLedger.js';
import { castNativeAccount, NATIVE_CAST_ADDRESSES } from './simulatedNativeAccounts.js';
import { castStake, STAKE_ADDRESSES } from './simulatedStakes.js';
import { type BankView, bankTimestamp, castSysvar, SYSVAR_ADDRESSES } from './simulatedSysvars.js';
import { mintBytes, storedHolding, TOKEN_HOLDINGS } from './simulatedTokens.js';
import { epochCredits, lastVote } from './simulatedValidators.js';
import {
  FEATURE_PROGRAM,
  SIMULATION,
  type SimulatedValidator,
  SLOTS_PER_EPOCH,
  SYSTEM_PROGRAM,
  TIMELY_VOTE_CREDITS,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  VOTE_PROGRAM,
} from './simulationCast.js';
import { type SimulatedVoteState, VOTE_ACCOUNT_SPACE, voteStateBytes } from './voteStateBytes.js';
import { zstdFrame } from './zstdFrame.js';

export function balanceOf(address: string): bigint {
  if (address === SIMULATION.wallet.address) return SIMULATION.wallet.lamports;
  const reserve = SIMULATION.nonCirculating.find((r) => r.address === address);
  if (reserve) return reserve.lamports;
  const validator = SIMULATION.validators.find((v) => v.identity === address || v.vote === address);
  if (validator) return validator.vote === address ? 26_858_640n + 2_039_280n : 4_221_133_760n;
  // What the failed transfer the cluster holds left it: 0.25 SOL less its fee.
  if (address === SIMULATION.delegate) return 249_995_000n;
  return 0n;
}

/**
 * Every account the bank at `bankSlot` holds lamports in, as agave's scan finds them (none with zero
 * lamports): the cast's, what was preloaded and what transactions wrote. The faucet is left out, so the
 * cast's reserves and wallet stay the largest whatever the tests airdrop.
 */
function accountBalances(slot: number, nowMs: number, ledger: Ledger | undefined, bankSlot: number) {
  const addresses = new Set([
    ...SIMULATION.nonCirculating.map((r) => r.address),
    SIMULATION.wallet.address,
    SIMULATION.delegate,
    SIMULATION.mint,
    ...TOKEN_HOLDINGS.map((h) => h.address),
    ...SIMULATION.validators.flatMap((v) => [v.identity, v.vote]),
    ...STAKE_ADDRESSES,
    ...NATIVE_CAST_ADDRESSES,
    ...SYSVAR_ADDRESSES,
    ...(ledger?.preloaded.keys() ?? []),
    ...(ledger?.accounts.addresses() ?? []),
  ]);
  addresses.delete(FAUCET_ADDRESS);
  return [...addresses]
    .map((address) => ({ address, lamports: storedAccount(address, slot, nowMs, ledger, bankSlot)?.lamports ?? 0n }))
    .filter((a) => a.lamports > 0n);
}

/** The largest first, equal balances by descending address bytes, at most 20: agave's order. */
export function largestLamportAccounts(
  config: { filter?: string },
  slot: number,
  nowMs: number,
  ledger?: Ledger,
  bankSlot: number = slot,
) {
  const reserves = new Set(SIMULATION.nonCirculating.map((r) => r.address));
  const keep = (address: string) =>
    config.filter === 'circulating'
      ? !reserves.has(address)
      : config.filter === 'nonCirculating'
        ? reserves.has(address)
        : true;
  const bytes = (address: string) => decodeAddress(address);
  return accountBalances(slot, nowMs, ledger, bankSlot)
    .filter((a) => keep(a.address))
    .sort((a, b) =>
      a.lamports === b.lamports ? compareBytes(bytes(b.address), bytes(a.address)) : a.lamports > b.lamports ? -1 : 1,
    )
    .slice(0, 20);
}

/** The `encoding` and `dataSlice` of a getAccountInfo or getTokenAccountsByDelegate config. */
export interface AccountConfig {
  encoding?: string;
  dataSlice?: { offset?: number; length?: number };
}

/** An account the simulation holds: its bytes, and what jsonParsed shows for them when agave parses them. */
export interface StoredAccount {
  bytes: Uint8Array;
  owner: string;
  lamports: bigint;
  executable?: boolean;
  /** The jsonParsed view; `undefined` (or none) where agave falls back to base64. */
  parsed?: () => unknown;
}

/** Every address `storedAccount` answers for, in its order: what a program scan walks. Keep the two together. */
function castAddresses(): string[] {
  return [
    ...SIMULATION.validators.map((v) => v.vote),
    TIMELY_VOTE_CREDITS,
    SIMULATION.wallet.address,
    SIMULATION.mint,
    ...TOKEN_HOLDINGS.map((h) => h.address),
    ...STAKE_ADDRESSES,
    ...NATIVE_CAST_ADDRESSES,
    ...SYSVAR_ADDRESSES,
  ];
}

/** Every address a program scan walks: the cast's, then those preloaded or written since. */
export function scanAddresses(ledger: Ledger | undefined): string[] {
  const all = new Set(castAddresses());
  for (const address of ledger?.preloaded.keys() ?? []) all.add(address);
  for (const address of ledger?.accounts.addresses() ?? []) all.add(address);
  return [...all];
}

/**
 * The account at `address` in the bank at `bankSlot` (the current slot when left out): what transactions
 * wrote by then, else what the cluster was started with, else the fixed cast. `undefined` when none, or
 * emptied to zero lamports (the runtime drops such accounts).
 */
export function storedAccount(
  address: string,
  slot: number,
  nowMs: number,
  ledger?: Ledger,
  bankSlot: number = slot,
): StoredAccount | undefined {
  const written = ledger?.accounts.get(address, bankSlot) ?? ledger?.preloaded.get(address);
  if (written) return written.lamports === 0n ? undefined : fromState(address, written, slot, nowMs, ledger, bankSlot);
  // The cast as of the bank read: a vote account's tower is the one that bank holds.
  return castAccount(address, bankSlot, nowMs) ?? castProgramState(address, { slot, bankSlot, nowMs, ledger });
}

/**
 * An account the runtime holds (written by a transaction, or preloaded), served as the cast's are: its
 * jsonParsed view is whatever agave's account decoder makes of it, a token account's with its mint.
 */
function fromState(
  address: string,
  state: AccountState,
  slot: number,
  nowMs: number,
  ledger: Ledger | undefined,
  bankSlot: number,
): StoredAccount {
  return {
    bytes: state.data,
    owner: state.owner,
    lamports: state.lamports,
    executable: state.executable,
    parsed: () => parsedView(state.data, state.owner, address, tokenContext(state, { slot, bankSlot, nowMs, ledger })),
  };
}

const NATIVE_MINT = 'So11111111111111111111111111111111111111112';

/**
 * What a token account's view needs, as agave's get_parsed_token_account reads it from the bank: its
 * mint (the native mint's 9 decimals when the bank holds no account for it) and the bank's clock.
 * Nothing for other accounts; a token account whose mint the bank lacks then falls back to base64.
 */
function tokenContext(state: AccountState, view: BankView): ParsedViewContext {
  if ((state.owner !== TOKEN_PROGRAM && state.owner !== TOKEN_2022_PROGRAM) || state.data.length < 165) return {};
  const mintAddress = encodeBase58(state.data.subarray(0, 32));
  const mint = storedAccount(mintAddress, view.slot, view.nowMs, view.ledger, view.bankSlot);
  const unixTimestamp = bankTimestamp(view);
  if (mint) return { mint: mint.bytes, unixTimestamp };
  return mintAddress === NATIVE_MINT ? { decimals: 9, unixTimestamp } : {};
}

/** A runtime account as an account the cluster serves (raw bytes; no jsonParsed view). */
export function storedFromState(state: AccountState): StoredAccount {
  return { bytes: state.data, owner: state.owner, lamports: state.lamports, executable: state.executable };
}

/** The runtime's view of a stored account: what transactions read and write. */
export function accountState(stored: StoredAccount | undefined): AccountState | undefined {
  if (!stored) return undefined;
  return { lamports: stored.lamports, owner: stored.owner, data: stored.bytes, executable: stored.executable ?? false };
}

/** Wallets, validator identities and reserves: System accounts with no data. */
function castSystemAccount(address: string): StoredAccount | undefined {
  const isCast =
    address === SIMULATION.wallet.address ||
    address === SIMULATION.delegate ||
    SIMULATION.nonCirculating.some((r) => r.address === address) ||
    SIMULATION.validators.some((v) => v.identity === address);
  if (isCast) return { bytes: new Uint8Array(0), owner: SYSTEM_PROGRAM, lamports: balanceOf(address) };
  if (address === FAUCET_ADDRESS) return { bytes: new Uint8Array(0), owner: SYSTEM_PROGRAM, lamports: FAUCET_LAMPORTS };
  return undefined;
}

/** The native programs' accounts, as agave's builtins hold them: 1 lamport, the loader's, the program's name. */
const NATIVE_PROGRAMS: Record<string, string> = { [SYSTEM_PROGRAM]: 'system_program', [VOTE_PROGRAM]: 'vote_program' };
const NATIVE_LOADER = 'NativeLoader1111111111111111111111111111111';

function castAccount(address: string, slot: number, nowMs: number): StoredAccount | undefined {
  const native = NATIVE_PROGRAMS[address];
  if (native) return { bytes: utf8Bytes(native), owner: NATIVE_LOADER, lamports: 1n, executable: true };
  const validator = SIMULATION.validators.find((v) => v.vote === address);
  if (validator) {
    const state = voteState(validator, slot, nowMs);
    return {
      bytes: voteStateBytes(state),
      owner: VOTE_PROGRAM,
      lamports: 26_858_640n + 2_039_280n,
      parsed: () => ({
        parsed: { info: { ...state, priorVoters: [] }, type: 'vote' },
        program: 'vote',
        space: VOTE_ACCOUNT_SPACE,
      }),
    };
  }
  if (address === TIMELY_VOTE_CREDITS) {
    // Activated 200 epochs ago: Option<u64> = Some(slot), bincode. agave does not parse feature accounts.
    const bytes = new Uint8Array(9);
    bytes[0] = 1;
    putU64le(bytes, BigInt((Math.floor(slot / SLOTS_PER_EPOCH) - 200) * SLOTS_PER_EPOCH), 1);
    return { bytes, owner: FEATURE_PROGRAM, lamports: 1_454_640n };
  }
  const system = castSystemAccount(address);
  if (system) return system;
  if (address === SIMULATION.mint) {
    const bytes = mintBytes();
    return {
      bytes,
      owner: TOKEN_PROGRAM,
      lamports: 1_461_600n,
      parsed: () => parsedView(bytes, TOKEN_PROGRAM, address),
    };
  }
  const holding = TOKEN_HOLDINGS.find((h) => h.address === address);
  if (holding) {
    const stored = storedHolding(holding);
    return { ...stored, parsed: () => parsedView(stored.bytes, TOKEN_PROGRAM, address, { mint: mintBytes() }) };
  }
  return undefined;
}

/**
 * The cast's stake accounts, nonce, lookup table, validator info, program and sysvars, as the bank at
 * `view.bankSlot` holds them, served in jsonParsed as agave parses them.
 */
function castProgramState(address: string, view: BankView): StoredAccount | undefined {
  const found =
    castStake(address, view.bankSlot) ?? castNativeAccount(address, view.bankSlot) ?? castSysvar(address, view);
  if (!found) return undefined;
  // Assigned, not spread: a sysvar's bytes are a getter, made only when read.
  return Object.assign(found, { parsed: () => parsedView(found.bytes, found.owner, address) });
}

export interface ProgramAccountsConfig extends AccountConfig {
  filters?: (
    | { dataSize: number }
    | { memcmp: { offset: number; bytes: string; encoding?: string } }
    | 'tokenAccountState'
  )[];
  withContext?: boolean;
}

/** Whether an account's bytes pass getProgramAccounts' filters (agave's filter_allows); programSubscribe's too. */
export function passesFilters(bytes: Uint8Array, filters: ProgramAccountsConfig['filters']): boolean {
  return (filters ?? []).every((filter) => {
    if (filter === 'tokenAccountState') return bytes.length >= 165 && bytes[108] !== 0;
    if ('dataSize' in filter) return bytes.length === filter.dataSize;
    const { offset, bytes: text, encoding } = filter.memcmp;
    const wanted = encoding === 'base64' ? looseBase64(text) : decodeBase58(text, 128);
    return wanted !== undefined && equalBytes(bytes.subarray(offset, offset + wanted.length), wanted);
  });
}

/**
 * Every account the cluster holds that `program` owns and that passes the filters, not yet encoded: the
 * scan getProgramAccounts and the paged getProgramAccountsV2 share, so both see the same accounts.
 */
export function programScan(
  program: string,
  filters: ProgramAccountsConfig['filters'],
  slot: number,
  nowMs: number,
  ledger?: Ledger,
  bankSlot: number = slot,
): { address: string; stored: StoredAccount }[] {
  const found: { address: string; stored: StoredAccount }[] = [];
  for (const address of scanAddresses(ledger)) {
    const stored = storedAccount(address, slot, nowMs, ledger, bankSlot);
    if (stored === undefined || stored.owner !== program || !passesFilters(stored.bytes, filters)) continue;
    found.push({ address, stored });
  }
  return found;
}

/** One account of a program scan as agave lists it: `{ account, pubkey }`, base58 too large as a placeholder. */
export function programAccount(address: string, stored: StoredAccount, config: AccountConfig): unknown {
  return { account: uiAccount(stored, config, 'placeholder'), pubkey: address };
}

/** Every account the cluster holds that `program` owns and that passes the filters, as agave's scan. */
export function programAccounts(
  program: string,
  config: ProgramAccountsConfig,
  slot: number,
  nowMs: number,
  ledger?: Ledger,
  bankSlot: number = slot,
): unknown[] {
  return programScan(program, config.filters, slot, nowMs, ledger, bankSlot).map(({ address, stored }) =>
    programAccount(address, stored, config),
  );
}

export function account(
  address: string,
  config: AccountConfig,
  slot: number,
  nowMs: number,
  ledger?: Ledger,
  bankSlot: number = slot,
): unknown {
  const stored = storedAccount(address, slot, nowMs, ledger, bankSlot);
  return stored === undefined ? null : uiAccount(stored, config, 'refuse');
}

/**
 * An account as agave encodes it (account-decoder's encode_ui_account). Base58 data over 128 bytes is
 * refused by getAccountInfo (rpc.rs); in a list of accounts agave writes a placeholder text instead.
 */
export function uiAccount(
  stored: StoredAccount,
  config: AccountConfig,
  base58TooLarge: 'refuse' | 'placeholder',
): unknown {
  const encoding = config.encoding ?? 'binary';
  const slice = sliced(stored.bytes, config.dataSlice);
  let data: unknown;
  if (encoding === 'jsonParsed') {
    // Parsed data ignores dataSlice; what agave cannot parse (or refuses) goes out as base64 of the slice.
    data = stored.parsed?.() ?? [encodeBase64(slice), 'base64'];
  } else if (encoding === 'binary' || encoding === 'base58') {
    if (slice.length > MAX_BASE58_BYTES && base58TooLarge === 'placeholder') {
      const text = 'error: data too large for bs58 encoding';
      data = encoding === 'binary' ? text : [text, 'base58'];
    } else if (slice.length > MAX_BASE58_BYTES) {
      throw new RpcFailure({
        code: -32600,
        message: `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
      });
    } else data = encoding === 'binary' ? encodeBase58(slice) : [encodeBase58(slice), 'base58'];
  } else if (encoding === 'base64') {
    data = [encodeBase64(slice), 'base64'];
  } else if (encoding === 'base64+zstd') {
    data = [encodeBase64(zstdFrame(slice)), 'base64+zstd'];
  } else {
    throw new RpcFailure({
      code: -32602,
      message: `Invalid params: unknown variant \`${encoding.slice(0, 40)}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\`.`,
    });
  }
  return {
    data,
    executable: stored.executable ?? false,
    lamports: stored.lamports,
    owner: stored.owner,
    rentEpoch: 18446744073709551615n,
    space: stored.bytes.length,
  };
}

const MAX_BASE58_BYTES = 128;

/** agave's slice_data: from `offset`, at most `length` bytes; nothing past the end. */
function sliced(bytes: Uint8Array, slice: AccountConfig['dataSlice']): Uint8Array {
  if (slice === undefined) return bytes;
  const offset = slice.offset ?? 0;
  const length = slice.length ?? 0;
  return offset >= bytes.length ? new Uint8Array(0) : bytes.subarray(offset, offset + length);
}

/** A vote account's state, in jsonParsed's shape: the bytes are made from this same value. */
function voteState(v: SimulatedValidator, slot: number, nowMs: number): SimulatedVoteState {
  const last = lastVote(v, slot);
  const epoch = Math.floor(slot / SLOTS_PER_EPOCH);
  return {
    authorizedVoters: [{ authorizedVoter: v.identity, epoch }],
    authorizedWithdrawer: v.withdrawer,
    commission: v.commission,
    epochCredits: epochCredits(v, slot).map(([e, credits, previous]) => ({
      credits: String(credits),
      epoch: e,
      previousCredits: String(previous),
    })),
    lastTimestamp: { slot: last, timestamp: Math.floor(nowMs / 1000) },
    nodePubkey: v.identity,
    rootSlot: last - 31,
    votes: Array.from({ length: 31 }, (_, i) => ({
      confirmationCount: 31 - i,
      latency: i === 30 ? 1 : 2,
      slot: last - 30 + i,
    })),
  };
}
