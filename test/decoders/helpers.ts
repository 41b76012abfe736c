/**
 * Shared by the decoder tests: fixture loading, byte builders for the token programs' TLV framing and for
 * bincode vote states (written here from the layouts, independently of the decoders), and the fuzz settings.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { decodeBase58 } from '../../src/codecs/base58Text.js';
import { parseJson } from '../../src/codecs/json.js';
import { DecodeError } from '../../src/errors/DecodeError.js';

// Property runs are fixed in number and seeded from the environment when set, so a failure reproduces.
export const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
export const runs = Number(process.env.FC_RUNS ?? 5000);
/** Generous per-test deadline for property runs, in proportion to their number. */
export const propertyTimeout = Math.max(20_000, runs * 8);

interface Fixture {
  responseText: string;
  expect: Record<string, string>;
}

/** A real-format case from test/fixtures (`conformance/…` or `getAccountInfo/…`). */
export function fixture(path: string): Fixture {
  return JSON.parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8'));
}

interface ParsedAccount {
  data: { parsed: { info: unknown } };
}

/**
 * The jsonParsed `info` of a fixture's account, parsed as the client parses it (integers beyond 2^53 as
 * bigint): `getAccountInfo`'s, or with `index` the one of that item of a `getTokenAccountsByDelegate` list.
 */
export function parsedInfoOf(path: string, index?: number): unknown {
  const { result } = parseJson(fixture(path).responseText) as { result: { value: unknown } };
  if (index === undefined) return (result.value as ParsedAccount).data.parsed.info;
  return (result.value as { account: ParsedAccount }[])[index]!.account.data.parsed.info;
}

export function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

export function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) out.push(...part);
  return Uint8Array.from(out);
}

export function keyBytes(address: string): Uint8Array {
  const bytes = decodeBase58(address, 32);
  if (bytes?.length !== 32) throw new Error(`not a key: ${address}`);
  return bytes;
}

export const le = {
  u16: (v: number) => [v & 0xff, (v >> 8) & 0xff],
  u32: (v: number) => {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, v, true);
    return [...b];
  },
  u64: (v: bigint | number) => {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(v), true);
    return [...b];
  },
  i64: (v: bigint | number) => {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigInt64(0, BigInt(v), true);
    return [...b];
  },
};

/** One TLV entry: type u16 | length u16 | value. */
export function tlv(type: number, value: Uint8Array | number[]): Uint8Array {
  return concat(le.u16(type), le.u16(value.length), value);
}

/** A Token-2022 account: the 165-byte base, account type 2, then the entries. */
export function token2022Account(base: Uint8Array, ...entries: Uint8Array[]): Uint8Array {
  if (base.length !== 165) throw new Error('an account base is 165 bytes');
  return concat(base, [2], ...entries);
}

/** A Token-2022 mint: the 82-byte base, zero padding to 165, account type 1, then the entries. */
export function token2022Mint(base: Uint8Array, ...entries: Uint8Array[]): Uint8Array {
  if (base.length !== 82) throw new Error('a mint base is 82 bytes');
  return concat(base, new Uint8Array(83), [1], ...entries);
}

export function borshString(text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  return concat(le.u32(bytes.length), bytes);
}

/** The token-metadata extension's value (borsh), from its jsonParsed form. */
export function tokenMetadataValue(state: {
  updateAuthority: string | null;
  mint: string;
  name: string;
  symbol: string;
  uri: string;
  additionalMetadata: [string, string][];
}): Uint8Array {
  return concat(
    state.updateAuthority ? keyBytes(state.updateAuthority) : new Uint8Array(32),
    keyBytes(state.mint),
    borshString(state.name),
    borshString(state.symbol),
    borshString(state.uri),
    le.u32(state.additionalMetadata.length),
    ...state.additionalMetadata.flatMap(([k, v]) => [borshString(k), borshString(v)]),
  );
}

/** The DecodeError `run` throws; fails the test on a result or any other error. */
export function decodeErrorOf(run: () => unknown): DecodeError {
  try {
    run();
  } catch (error) {
    if (error instanceof DecodeError) return error;
    throw error;
  }
  throw new Error('expected a DecodeError, got a result');
}

/**
 * Runs a decoder on bytes it may not accept: a result, or a DecodeError that names a field and an
 * offset inside the bytes (or at their end). Anything else (a RangeError from an unchecked read, a
 * TypeError) fails the test.
 */
export function resultOrDecodeError<T>(decode: (bytes: Uint8Array) => T, bytes: Uint8Array): T | DecodeError {
  try {
    return decode(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeError);
    const { field, offset } = error as DecodeError;
    expect(field).toMatch(/^[A-Za-z][\w.]*$/);
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThanOrEqual(bytes.length);
    return error as DecodeError;
  }
}

/** Byte edits of a real input: overwrite at a position, delete one, insert one, or cut the tail. */
export interface Edit {
  kind: 'set' | 'delete' | 'insert' | 'truncate';
  at: number;
  value: number;
}

export function applyEdits(bytes: Uint8Array, edits: Edit[]): Uint8Array {
  let out = [...bytes];
  for (const { kind, at, value } of edits) {
    const i = at % (out.length + 1);
    if (kind === 'insert') out.splice(i, 0, value);
    else if (kind === 'truncate') out = out.slice(0, i);
    else if (i < out.length) {
      if (kind === 'delete') out.splice(i, 1);
      else out[i] = value;
    }
  }
  return Uint8Array.from(out);
}

// Vote states, bincode-encoded field by field from solana-vote-interface's layouts.

export interface VoteStateInput {
  version: 0 | 1 | 2 | 3;
  nodePubkey: Uint8Array;
  authorizedWithdrawer: Uint8Array;
  commission: number;
  votes: { slot: bigint; confirmationCount: number; latency: number }[];
  rootSlot: bigint | null;
  /** V0_23_5 keeps only the first. */
  authorizedVoters: { epoch: bigint; voter: Uint8Array }[];
  /** 32 entries (V0_23_5 adds a slot to each). */
  priorVoters: { key: Uint8Array; epoch: bigint; targetEpoch: bigint; slot: bigint }[];
  priorVotersIdx: bigint;
  priorVotersIsEmpty: boolean;
  epochCredits: { epoch: bigint; credits: bigint; previousCredits: bigint }[];
  lastTimestamp: { slot: bigint; timestamp: bigint };
  v4: {
    inflationRewardsCollector: Uint8Array;
    blockRevenueCollector: Uint8Array;
    inflationRewardsCommissionBps: number;
    blockRevenueCommissionBps: number;
    pendingDelegatorRewards: bigint;
    bls: Uint8Array | null;
  };
}

export function encodeVoteState(s: VoteStateInput): Uint8Array {
  const parts: (Uint8Array | number[])[] = [le.u32(s.version)];
  const votes = (latency: boolean) => {
    parts.push(le.u64(s.votes.length));
    for (const v of s.votes) {
      if (latency) parts.push([v.latency]);
      parts.push(le.u64(v.slot), le.u32(v.confirmationCount));
    }
  };
  const root = () => parts.push(s.rootSlot === null ? [0] : [1, ...le.u64(s.rootSlot)]);
  const voters = () => {
    parts.push(le.u64(s.authorizedVoters.length));
    for (const a of s.authorizedVoters) parts.push(le.u64(a.epoch), a.voter);
  };
  const prior = (withSlot: boolean) => {
    for (const p of s.priorVoters) {
      parts.push(p.key, le.u64(p.epoch), le.u64(p.targetEpoch));
      if (withSlot) parts.push(le.u64(p.slot));
    }
    parts.push(le.u64(s.priorVotersIdx));
    if (!withSlot) parts.push([s.priorVotersIsEmpty ? 1 : 0]);
  };
  const tail = () => {
    parts.push(le.u64(s.epochCredits.length));
    for (const c of s.epochCredits) parts.push(le.u64(c.epoch), le.u64(c.credits), le.u64(c.previousCredits));
    parts.push(le.u64(s.lastTimestamp.slot), le.i64(s.lastTimestamp.timestamp));
  };
  if (s.version === 0) {
    const first = s.authorizedVoters[0] ?? { epoch: 0n, voter: new Uint8Array(32) };
    parts.push(s.nodePubkey, first.voter, le.u64(first.epoch));
    prior(true);
    parts.push(s.authorizedWithdrawer, [s.commission]);
    votes(false);
    root();
  } else if (s.version === 3) {
    const v = s.v4;
    parts.push(s.nodePubkey, s.authorizedWithdrawer, v.inflationRewardsCollector, v.blockRevenueCollector);
    parts.push(le.u16(v.inflationRewardsCommissionBps), le.u16(v.blockRevenueCommissionBps));
    parts.push(le.u64(v.pendingDelegatorRewards), v.bls ? [1, ...v.bls] : [0]);
    votes(true);
    root();
    voters();
  } else {
    parts.push(s.nodePubkey, s.authorizedWithdrawer, [s.commission]);
    votes(s.version === 2);
    root();
    voters();
    prior(false);
  }
  tail();
  return concat(...parts);
}
