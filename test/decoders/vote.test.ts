import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { parseJson, stringifyJson } from '../../src/codecs/json.js';
import { parseVote } from '../../src/decoders/vote.js';
import { DecodeError } from '../../src/errors/DecodeError.js';
import { InvalidInputError } from '../../src/errors/InvalidInputError.js';
import { parsedVoteProgram } from '../../src/schemas/vote.js';
import type { ParsedVote } from '../../src/types/vote.js';
import {
  applyEdits,
  concat,
  decodeErrorOf,
  type Edit,
  encodeVoteState,
  le,
  propertyTimeout,
  resultOrDecodeError,
  runs,
  seed,
  type VoteStateInput,
} from './helpers.js';

console.info(`fast-check seed ${seed}, ${runs} runs`);

const VOTE_ACCOUNT_BYTES = 3762;
const DEFAULT_KEY = '11111111111111111111111111111111';
const ZERO = new Uint8Array(32);
const VOTE_ADDRESS = encodeBase58(new Uint8Array(32).fill(7));

function defaultState(version: VoteStateInput['version']): VoteStateInput {
  return {
    version,
    nodePubkey: ZERO,
    authorizedWithdrawer: ZERO,
    commission: 0,
    votes: [],
    rootSlot: null,
    authorizedVoters: [],
    priorVoters: Array.from({ length: 32 }, () => ({ key: ZERO, epoch: 0n, targetEpoch: 0n, slot: 0n })),
    priorVotersIdx: 31n,
    priorVotersIsEmpty: true,
    epochCredits: [],
    lastTimestamp: { slot: 0n, timestamp: 0n },
    v4: {
      inflationRewardsCollector: ZERO,
      blockRevenueCollector: ZERO,
      inflationRewardsCommissionBps: 0,
      blockRevenueCommissionBps: 0,
      pendingDelegatorRewards: 0n,
      bls: null,
    },
  };
}

const padded = (bytes: Uint8Array) => concat(bytes, new Uint8Array(Math.max(0, VOTE_ACCOUNT_BYTES - bytes.length)));
const int = (value: bigint) => (value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value);

/** What agave's newest parse_vote shows for a state, worked out from its rules (V4 conversion), not the parser. */
function expected(s: VoteStateInput, address: string): ParsedVote {
  const b58 = encodeBase58;
  const byEpoch = new Map(s.authorizedVoters.map((a) => [a.epoch, a.voter]));
  const bps = s.version === 3 ? s.v4.inflationRewardsCommissionBps : s.commission * 100;
  return {
    type: 'vote',
    info: {
      nodePubkey: b58(s.nodePubkey),
      authorizedWithdrawer: b58(s.authorizedWithdrawer),
      commission: Math.min(Math.ceil(bps / 100), 255),
      votes: s.votes.map((v) => ({
        latency: s.version === 1 ? 0 : v.latency,
        slot: int(v.slot),
        confirmationCount: v.confirmationCount,
      })),
      rootSlot: s.rootSlot === null ? null : int(s.rootSlot),
      authorizedVoters: [...byEpoch.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([epoch, voter]) => ({ epoch: int(epoch), authorizedVoter: b58(voter) })),
      priorVoters: [],
      epochCredits: s.epochCredits.map((c) => ({
        epoch: int(c.epoch),
        credits: String(c.credits),
        previousCredits: String(c.previousCredits),
      })),
      lastTimestamp: {
        slot: int(s.lastTimestamp.slot),
        timestamp:
          s.lastTimestamp.timestamp >= BigInt(Number.MIN_SAFE_INTEGER) &&
          s.lastTimestamp.timestamp <= BigInt(Number.MAX_SAFE_INTEGER)
            ? Number(s.lastTimestamp.timestamp)
            : s.lastTimestamp.timestamp,
      },
      inflationRewardsCommissionBps: bps,
      inflationRewardsCollector: s.version === 3 ? b58(s.v4.inflationRewardsCollector) : address,
      blockRevenueCollector: s.version === 3 ? b58(s.v4.blockRevenueCollector) : b58(s.nodePubkey),
      blockRevenueCommissionBps: s.version === 3 ? s.v4.blockRevenueCommissionBps : 10_000,
      pendingDelegatorRewards: s.version === 3 ? String(s.v4.pendingDelegatorRewards) : '0',
      blsPubkeyCompressed: s.version === 3 && s.v4.bls ? b58(s.v4.bls) : null,
    },
  };
}

describe('parseVote: agave parse_vote.rs test_parse_vote', () => {
  it('a default V4 state, serialized into an account of VoteStateV4::size_of bytes', () => {
    const bytes = padded(encodeVoteState(defaultState(3)));
    expect(parseVote(bytes, { address: VOTE_ADDRESS })).toStrictEqual({
      type: 'vote',
      info: {
        nodePubkey: DEFAULT_KEY,
        authorizedWithdrawer: DEFAULT_KEY,
        commission: 0,
        votes: [],
        rootSlot: null,
        authorizedVoters: [],
        priorVoters: [],
        epochCredits: [],
        lastTimestamp: { slot: 0, timestamp: 0 },
        inflationRewardsCommissionBps: 0,
        inflationRewardsCollector: DEFAULT_KEY,
        blockRevenueCollector: DEFAULT_KEY,
        blockRevenueCommissionBps: 0,
        pendingDelegatorRewards: '0',
        blsPubkeyCompressed: null,
      },
    });
    // V4 holds its collectors, so the address is not needed.
    expect(parseVote(bytes)).toStrictEqual(parseVote(bytes, { address: VOTE_ADDRESS }));
  });

  it('four zero bytes are refused (version 0 is not a state agave parses)', () => {
    const error = decodeErrorOf(() => parseVote(new Uint8Array(4), { address: VOTE_ADDRESS }));
    expect({ field: error.field, offset: error.offset }).toEqual({ field: 'version', offset: 0 });
    expect(error.message).toMatch(/^vote: /);
  });

  it('a default V3 state shows the V4 defaults: its address and node as collectors, all block revenue', () => {
    const state = { ...defaultState(2), nodePubkey: new Uint8Array(32).fill(3), commission: 7 };
    const { info } = parseVote(padded(encodeVoteState(state)), { address: VOTE_ADDRESS });
    expect(info).toStrictEqual(expected(state, VOTE_ADDRESS).info);
    expect(info.commission).toBe(7);
    expect(info.inflationRewardsCommissionBps).toBe(700);
    expect(info.inflationRewardsCollector).toBe(VOTE_ADDRESS);
    expect(info.blockRevenueCollector).toBe(encodeBase58(new Uint8Array(32).fill(3)));
    expect(info.blockRevenueCommissionBps).toBe(10_000);
  });

  it('a V1_14_11 or V3 account needs its address; V0_23_5 and unknown versions are refused', () => {
    for (const version of [1, 2] as const) {
      const bytes = padded(encodeVoteState(defaultState(version)));
      expect(() => parseVote(bytes)).toThrow(InvalidInputError);
    }
    expect(decodeErrorOf(() => parseVote(padded(encodeVoteState(defaultState(0))))).field).toBe('version');
    expect(decodeErrorOf(() => parseVote(padded(Uint8Array.from(le.u32(4))))).field).toBe('version');
  });

  it('commission is the inflation commission in bps / 100 rounded up, at most 255', () => {
    for (const [bps, commission] of [
      [0, 0],
      [1, 1],
      [99, 1],
      [100, 1],
      [101, 2],
      [10_000, 100],
      [25_500, 255],
      [25_501, 255],
      [65_535, 255],
    ]) {
      const state = defaultState(3);
      state.v4.inflationRewardsCommissionBps = bps!;
      expect(parseVote(encodeVoteState(state)).info.commission).toBe(commission);
    }
  });

  it('integers beyond 2^53 come out as bigint, never refused', () => {
    const state = defaultState(2);
    state.votes = [{ slot: 2n ** 64n - 1n, confirmationCount: 1, latency: 3 }];
    state.rootSlot = 2n ** 60n;
    state.lastTimestamp = { slot: 2n ** 63n, timestamp: -(2n ** 63n) };
    const { info } = parseVote(encodeVoteState(state), { address: VOTE_ADDRESS });
    expect(info.votes).toStrictEqual([{ latency: 3, slot: 2n ** 64n - 1n, confirmationCount: 1 }]);
    expect(info.rootSlot).toBe(2n ** 60n);
    expect(info.lastTimestamp).toStrictEqual({ slot: 2n ** 63n, timestamp: -(2n ** 63n) });
  });

  it('refuses a prior-voters "is empty" bool other than 0 or 1, as agave skipping them does', () => {
    const bytes = encodeVoteState(defaultState(2));
    const at = 4 + 32 + 32 + 1 + 8 + 1 + 8 + 32 * 48 + 8;
    bytes[at] = 2;
    const error = decodeErrorOf(() => parseVote(bytes, { address: VOTE_ADDRESS }));
    expect({ field: error.field, offset: error.offset }).toEqual({ field: 'priorVoters.isEmpty', offset: at });
  });
});

const key = fc.uint8Array({ minLength: 32, maxLength: 32 });
const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const voteState: fc.Arbitrary<VoteStateInput> = fc.record({
  version: fc.constantFrom(1, 2, 3),
  nodePubkey: key,
  authorizedWithdrawer: key,
  commission: fc.integer({ min: 0, max: 255 }),
  votes: fc.array(
    fc.record({
      slot: u64,
      confirmationCount: fc.nat({ max: 2 ** 32 - 1 }),
      latency: fc.integer({ min: 0, max: 255 }),
    }),
    { maxLength: 31 },
  ),
  rootSlot: fc.option(u64, { nil: null }),
  authorizedVoters: fc.array(fc.record({ epoch: fc.constantFrom(0n, 1n, 2n, 2n ** 63n, 2n ** 64n - 1n), voter: key }), {
    maxLength: 4,
  }),
  priorVoters: fc.array(fc.record({ key, epoch: u64, targetEpoch: u64, slot: u64 }), { minLength: 32, maxLength: 32 }),
  priorVotersIdx: u64,
  priorVotersIsEmpty: fc.boolean(),
  epochCredits: fc.array(fc.record({ epoch: u64, credits: u64, previousCredits: u64 }), { maxLength: 64 }),
  lastTimestamp: fc.record({ slot: u64, timestamp: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }) }),
  v4: fc.record({
    inflationRewardsCollector: key,
    blockRevenueCollector: key,
    inflationRewardsCommissionBps: fc.integer({ min: 0, max: 65535 }),
    blockRevenueCommissionBps: fc.integer({ min: 0, max: 65535 }),
    pendingDelegatorRewards: u64,
    bls: fc.option(fc.uint8Array({ minLength: 48, maxLength: 48 }), { nil: null }),
  }),
});

describe('parseVote: properties', () => {
  it(
    "every state parses to agave's view of it, validates against the schema, and survives serde-style JSON",
    () => {
      fc.assert(
        fc.property(voteState, fc.boolean(), (state, pad) => {
          const bytes = encodeVoteState(state);
          const parsed = parseVote(pad ? padded(bytes) : bytes, { address: VOTE_ADDRESS });
          expect(parsed).toStrictEqual(expected(state, VOTE_ADDRESS));
          const data = { program: 'vote', parsed, space: bytes.length };
          expect(parsedVoteProgram().check(data)).toBe(true);
          expect(parseJson(stringifyJson(data))).toStrictEqual(data);
        }),
        { seed, numRuns: Math.ceil(runs / 5) },
      );
    },
    propertyTimeout,
  );

  const edits: fc.Arbitrary<Edit[]> = fc.array(
    fc.record({
      kind: fc.constantFrom<Edit['kind']>('set', 'set', 'set', 'delete', 'insert', 'truncate'),
      at: fc.nat({ max: 4000 }),
      value: fc.integer({ min: 0, max: 255 }),
    }),
    { maxLength: 6 },
  );

  it(
    'any bytes give a value or a DecodeError, never another exception',
    () => {
      fc.assert(
        fc.property(voteState, edits, (state, changes) => {
          const result = resultOrDecodeError(
            (b) => parseVote(b, { address: VOTE_ADDRESS }),
            applyEdits(encodeVoteState(state), changes),
          );
          if (!(result instanceof DecodeError))
            expect(parsedVoteProgram().check({ program: 'vote', parsed: result, space: 0 })).toBe(true);
        }),
        { seed, numRuns: runs },
      );
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 4 }), fc.uint8Array({ maxLength: 4000 }), (version, rest) => {
          resultOrDecodeError((b) => parseVote(b, { address: VOTE_ADDRESS }), concat(le.u32(version), rest));
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it("the test cluster's vote accounts (V3, from older-node output) validate against the schema", () => {
    const info = parseVote(
      padded(encodeVoteState({ ...defaultState(2), votes: [{ slot: 5n, confirmationCount: 1, latency: 1 }] })),
      {
        address: VOTE_ADDRESS,
      },
    ).info;
    const {
      inflationRewardsCommissionBps,
      inflationRewardsCollector,
      blockRevenueCollector,
      blockRevenueCommissionBps,
      pendingDelegatorRewards,
      blsPubkeyCompressed,
      ...older
    } = info;
    expect(parsedVoteProgram().check({ program: 'vote', parsed: { type: 'vote', info: older }, space: 3762 })).toBe(
      true,
    );
    expect(parsedVoteProgram().check({ program: 'vote', parsed: { type: 'stake', info }, space: 3762 })).toBe(false);
  });
});
