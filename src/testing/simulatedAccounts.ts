/**
 * The simulated cluster's accounts: lamport balances, the vote, feature, wallet and SPL token accounts it
 * holds, and how agave encodes them (getAccountInfo, getMultipleAccounts, getProgramAccounts and the token
 * methods). Kept together because a program scan and a single lookup must see the same accounts.
 */
import { encodeBase58 } from '../../codecs/base58.js';
// Not public API: the simulated cluster writes wire data, and the library exports no base58 encoder.
import { decodeBase58 } from '../../codecs/base58Text.js';
import { decodeAddress, RpcFailure } from './simulatedLedger.js';
import { epochCredits, lastVote } from './simulatedValidators.js';
import {
  FEATURE_PROGRAM,
  SIMULATION,
  type SimulatedValidator,
  SLOTS_PER_EPOCH,
  SYSTEM_PROGRAM,
  simulatedAddress,
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
  return 0n;
}

/** Every account the simulation holds lamports in, as agave's scan finds them (none with zero lamports). */
function accountBalances(): { address: string; lamports: bigint }[] {
  const all = [
    ...SIMULATION.nonCirculating,
    { address: SIMULATION.wallet.address, lamports: SIMULATION.wallet.lamports },
    { address: SIMULATION.tokenAccount, lamports: 2_039_280n },
    ...SIMULATION.validators.flatMap((v) =>
      [v.identity, v.vote].map((address) => ({ address, lamports: balanceOf(address) })),
    ),
  ];
  return all.filter((a) => a.lamports > 0n);
}

/** The largest first, equal balances by descending address bytes, at most 20: agave's order. */
export function largestLamportAccounts(config: { filter?: string }) {
  const reserves = new Set(SIMULATION.nonCirculating.map((r) => r.address));
  const keep = (address: string) =>
    config.filter === 'circulating'
      ? !reserves.has(address)
      : config.filter === 'nonCirculating'
        ? reserves.has(address)
        : true;
  const bytes = (address: string) => Buffer.from(decodeAddress(address));
  return accountBalances()
    .filter((a) => keep(a.address))
    .sort((a, b) =>
      a.lamports === b.lamports ? Buffer.compare(bytes(b.address), bytes(a.address)) : a.lamports > b.lamports ? -1 : 1,
    )
    .slice(0, 20);
}

/** The `encoding` and `dataSlice` of a getAccountInfo or getTokenAccountsByDelegate config. */
export interface AccountConfig {
  encoding?: string;
  dataSlice?: { offset?: number; length?: number };
}

/** An account the simulation holds: its bytes, and what jsonParsed shows for them when agave parses them. */
interface StoredAccount {
  bytes: Uint8Array;
  owner: string;
  lamports: bigint;
  parsed?: () => unknown;
}

/** Every account the simulation holds, served in every encoding agave offers. */
/** Every address `storedAccount` answers for, in its order: what a program scan walks. Keep the two together. */
function storedAddresses(): string[] {
  return [
    ...SIMULATION.validators.map((v) => v.vote),
    TIMELY_VOTE_CREDITS,
    SIMULATION.wallet.address,
    ...TOKEN_HOLDINGS.map((h) => h.address),
  ];
}

export function storedAccount(address: string, slot: number, nowMs: number): StoredAccount | undefined {
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
    const bytes = Buffer.alloc(9);
    bytes[0] = 1;
    bytes.writeBigUInt64LE(BigInt((Math.floor(slot / SLOTS_PER_EPOCH) - 200) * SLOTS_PER_EPOCH), 1);
    return { bytes, owner: FEATURE_PROGRAM, lamports: 1_454_640n };
  }
  if (address === SIMULATION.wallet.address) {
    return { bytes: new Uint8Array(0), owner: SYSTEM_PROGRAM, lamports: SIMULATION.wallet.lamports };
  }
  const holding = TOKEN_HOLDINGS.find((h) => h.address === address);
  if (holding) return storedHolding(holding);
  return undefined;
}

export interface ProgramAccountsConfig extends AccountConfig {
  filters?: (
    | { dataSize: number }
    | { memcmp: { offset: number; bytes: string; encoding?: string } }
    | 'tokenAccountState'
  )[];
  withContext?: boolean;
}

/** Every account the cluster holds that `program` owns and that passes the filters, as agave's scan. */
export function programAccounts(
  program: string,
  config: ProgramAccountsConfig,
  slot: number,
  nowMs: number,
): unknown[] {
  const passes = (bytes: Uint8Array) =>
    (config.filters ?? []).every((filter) => {
      if (filter === 'tokenAccountState') return bytes.length >= 165 && bytes[108] !== 0;
      if ('dataSize' in filter) return bytes.length === filter.dataSize;
      const { offset, bytes: text, encoding } = filter.memcmp;
      const wanted = encoding === 'base64' ? Buffer.from(text, 'base64') : decodeBase58(text, 128);
      return wanted !== undefined && Buffer.from(bytes.subarray(offset, offset + wanted.length)).equals(wanted);
    });
  const found: unknown[] = [];
  for (const address of storedAddresses()) {
    const stored = storedAccount(address, slot, nowMs);
    if (stored === undefined || stored.owner !== program || !passes(stored.bytes)) continue;
    found.push({ account: uiAccount(stored, config, 'placeholder'), pubkey: address });
  }
  return found;
}

export function account(address: string, config: AccountConfig, slot: number, nowMs: number): unknown {
  const stored = storedAccount(address, slot, nowMs);
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
    // Parsed data ignores dataSlice; what agave cannot parse goes out as base64 of the slice.
    data = stored.parsed ? stored.parsed() : [Buffer.from(slice).toString('base64'), 'base64'];
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
    data = [Buffer.from(slice).toString('base64'), 'base64'];
  } else if (encoding === 'base64+zstd') {
    data = [Buffer.from(zstdFrame(slice)).toString('base64'), 'base64+zstd'];
  } else {
    throw new RpcFailure({
      code: -32602,
      message: `Invalid params: unknown variant \`${encoding.slice(0, 40)}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\`.`,
    });
  }
  return {
    data,
    executable: false,
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

/** A token account of the simulated mint (6 decimals), as the simulation holds it. */
interface TokenHolding {
  address: string;
  owner: string;
  amount: bigint;
  delegate?: string;
}

/**
 * Every account of the simulated mint: the wallet's (with a delegate) and two validators'. Largest first,
 * as getTokenLargestAccounts lists them.
 */
export const TOKEN_HOLDINGS: readonly TokenHolding[] = [
  {
    address: simulatedAddress('token-account/alpha'),
    owner: (SIMULATION.validators[0] as SimulatedValidator).identity,
    amount: 1_250_500_000n, // 1,250.5
  },
  {
    address: SIMULATION.tokenAccount,
    owner: SIMULATION.wallet.address,
    amount: 48_200_000n,
    delegate: SIMULATION.delegate,
  },
  {
    address: simulatedAddress('token-account/beta'),
    owner: (SIMULATION.validators[1] as SimulatedValidator).identity,
    amount: 1n,
  },
];

/** An SPL token account's 165 bytes: mint, owner, amount, the delegate and its allowance when there is one. */
function tokenAccountBytes(holding: TokenHolding): Buffer {
  const bytes = Buffer.alloc(165);
  const key = (address: string, offset: number) => Buffer.from(decodeAddress(address)).copy(bytes, offset);
  key(SIMULATION.mint, 0);
  key(holding.owner, 32);
  bytes.writeBigUInt64LE(holding.amount, 64);
  if (holding.delegate) {
    bytes.writeUInt32LE(1, 72); // delegate: Some
    key(holding.delegate, 76);
    bytes.writeBigUInt64LE(holding.amount, 121); // delegated amount: all of it
  }
  bytes[108] = 1; // state: initialized
  return bytes;
}

/** A token amount at the simulated mint's 6 decimals, as agave writes it: uiAmountString exact and trimmed. */
export function tokenAmount(raw: bigint) {
  const whole = raw / 1_000_000n;
  const fraction = (raw % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  return { amount: String(raw), decimals: 6, uiAmount: Number(text), uiAmountString: text };
}

function parsedTokenAccount(holding: TokenHolding) {
  const delegated = holding.delegate
    ? { delegate: holding.delegate, delegatedAmount: tokenAmount(holding.amount) }
    : {};
  return {
    parsed: {
      info: {
        ...delegated,
        isNative: false,
        mint: SIMULATION.mint,
        owner: holding.owner,
        state: 'initialized',
        tokenAmount: tokenAmount(holding.amount),
      },
      type: 'account',
    },
    program: 'spl-token',
    space: 165,
  };
}

function storedHolding(holding: TokenHolding): StoredAccount {
  return {
    bytes: tokenAccountBytes(holding),
    owner: TOKEN_PROGRAM,
    lamports: 2_039_280n,
    parsed: () => parsedTokenAccount(holding),
  };
}

export function delegatedAccounts(delegate: string, config: AccountConfig) {
  return TOKEN_HOLDINGS.filter((holding) => holding.delegate !== undefined && holding.delegate === delegate).map(
    (holding) => ({ account: uiAccount(storedHolding(holding), config, 'placeholder'), pubkey: holding.address }),
  );
}

/**
 * getTokenAccountsByOwner: the owner's accounts of the simulated mint, filtered by `{ mint }` or by
 * `{ programId }`; Token-2022 holds none here, and any other program is refused as agave refuses it.
 */
export function ownedAccounts(params: unknown[]) {
  const filter = (params[1] ?? {}) as { mint?: string; programId?: string };
  const config = (params[2] ?? {}) as AccountConfig;
  if (filter.programId !== undefined && filter.programId !== TOKEN_PROGRAM && filter.programId !== TOKEN_2022_PROGRAM) {
    throw new RpcFailure({ code: -32602, message: 'Invalid param: unrecognized Token program id' });
  }
  if (filter.mint !== undefined && filter.mint !== SIMULATION.mint) {
    throw new RpcFailure({ code: -32602, message: 'Invalid param: could not find mint' });
  }
  if (filter.programId === TOKEN_2022_PROGRAM) return [];
  return TOKEN_HOLDINGS.filter((holding) => holding.owner === params[0]).map((holding) => ({
    account: uiAccount(storedHolding(holding), config, 'placeholder'),
    pubkey: holding.address,
  }));
}

/** getTokenLargestAccounts: the simulated mint's accounts, largest first, the amount beside the address. */
export function largestTokenAccounts(mint: string) {
  if (mint !== SIMULATION.mint) {
    // As agave: a missing account, then data that is not a mint (checked before the owner).
    const message = storedAccount(mint, 0, 0) ? 'Token mint could not be unpacked' : 'could not find mint';
    throw new RpcFailure({ code: -32602, message: `Invalid param: ${message}` });
  }
  return TOKEN_HOLDINGS.map((holding) => ({ address: holding.address, ...tokenAmount(holding.amount) }));
}
