import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeVoteAccount, type VoteAccountState } from '../../src/decoders/voteAccount.js';
import { InvalidInputError } from '../../src/errors/InvalidInputError.js';
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

/** Vote accounts are allocated at this size (VoteStateV3::size_of); the state is shorter, the rest zeros. */
const VOTE_ACCOUNT_BYTES = 3762;
const DEFAULT_KEY = '11111111111111111111111111111111';
const ZERO = new Uint8Array(32);

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

/** What agave's parse_vote shows for a state, worked out from its rules, not from the decoder. */
function expected(s: VoteStateInput): VoteAccountState {
  const b58 = encodeBase58;
  const votes = s.votes.map((v) => ({
    slot: Number(v.slot),
    confirmationCount: v.confirmationCount,
    latency: s.version >= 2 ? v.latency : 0,
  }));
  const byEpoch = new Map(s.authorizedVoters.map((a) => [a.epoch, a.voter]));
  const authorizedVoters =
    s.version === 0
      ? [
          {
            epoch: Number(s.authorizedVoters[0]?.epoch ?? 0n),
            authorizedVoter: b58(s.authorizedVoters[0]?.voter ?? ZERO),
          },
        ]
      : [...byEpoch.keys()]
          .sort((a, b) => (a < b ? -1 : 1))
          .map((epoch) => ({ epoch: Number(epoch), authorizedVoter: b58(byEpoch.get(epoch)!) }));
  const priorVoters =
    s.version === 3
      ? []
      : s.priorVoters
          .filter((p) => p.key.some((byte) => byte !== 0))
          .map((p) => ({
            authorizedPubkey: b58(p.key),
            epochOfLastAuthorizedSwitch: Number(p.epoch),
            targetEpoch: Number(p.targetEpoch),
          }));
  const state: VoteAccountState = {
    nodePubkey: b58(s.nodePubkey),
    authorizedWithdrawer: b58(s.authorizedWithdrawer),
    commission: s.version === 3 ? Math.floor(s.v4.inflationRewardsCommissionBps / 100) % 256 : s.commission,
    votes,
    rootSlot: s.rootSlot === null ? null : Number(s.rootSlot),
    authorizedVoters,
    priorVoters,
    epochCredits: s.epochCredits.map((c) => ({
      epoch: Number(c.epoch),
      credits: c.credits.toString(),
      previousCredits: c.previousCredits.toString(),
    })),
    lastTimestamp: { slot: Number(s.lastTimestamp.slot), timestamp: Number(s.lastTimestamp.timestamp) },
  };
  if (s.version !== 3) return state;
  return {
    ...state,
    inflationRewardsCommissionBps: s.v4.inflationRewardsCommissionBps,
    blockRevenueCommissionBps: s.v4.blockRevenueCommissionBps,
    inflationRewardsCollector: b58(s.v4.inflationRewardsCollector),
    blockRevenueCollector: b58(s.v4.blockRevenueCollector),
    pendingDelegatorRewards: s.v4.pendingDelegatorRewards.toString(),
    blsPubkeyCompressed: s.v4.bls ? b58(s.v4.bls) : null,
  };
}

const padded = (bytes: Uint8Array) => concat(bytes, new Uint8Array(Math.max(0, VOTE_ACCOUNT_BYTES - bytes.length)));

describe('decodeVoteAccount: every version agave stores', () => {
  it("default states decode as agave's parse_vote tests expect", () => {
    const base = {
      nodePubkey: DEFAULT_KEY,
      authorizedWithdrawer: DEFAULT_KEY,
      commission: 0,
      votes: [],
      rootSlot: null,
      authorizedVoters: [],
      priorVoters: [],
      epochCredits: [],
      lastTimestamp: { slot: 0, timestamp: 0 },
    };
    // V0_23_5 kept a single voter, which agave lists even when unset.
    expect(decodeVoteAccount(encodeVoteState(defaultState(0)))).toStrictEqual({
      ...base,
      authorizedVoters: [{ epoch: 0, authorizedVoter: DEFAULT_KEY }],
    });
    expect(decodeVoteAccount(encodeVoteState(defaultState(1)))).toStrictEqual(base);
    expect(decodeVoteAccount(padded(encodeVoteState(defaultState(2))))).toStrictEqual(base);
    expect(decodeVoteAccount(encodeVoteState(defaultState(3)))).toStrictEqual({
      ...base,
      inflationRewardsCommissionBps: 0,
      blockRevenueCommissionBps: 0,
      inflationRewardsCollector: DEFAULT_KEY,
      blockRevenueCollector: DEFAULT_KEY,
      pendingDelegatorRewards: '0',
      blsPubkeyCompressed: null,
    });
  });

  it('a V3 account as a validator leaves it: votes with latency, root, credits as strings, padding ignored', () => {
    const node = new Uint8Array(32).fill(7);
    const state: VoteStateInput = {
      ...defaultState(2),
      nodePubkey: node,
      authorizedWithdrawer: node,
      commission: 50,
      votes: Array.from({ length: 31 }, (_, i) => ({
        slot: 283619408n + BigInt(i),
        confirmationCount: 31 - i,
        latency: i % 3,
      })),
      rootSlot: 283619407n,
      authorizedVoters: [{ epoch: 656n, voter: node }],
      epochCredits: [
        { epoch: 655n, credits: 120345192n, previousCredits: 120341034n },
        { epoch: 656n, credits: 18446744073709551615n, previousCredits: 120345192n },
      ],
      lastTimestamp: { slot: 283619438n, timestamp: 1709828565n },
    };
    const decoded = decodeVoteAccount(padded(encodeVoteState(state)));
    expect(decoded).toStrictEqual(expected(state));
    expect(decoded.votes[2]).toStrictEqual({ slot: 283619410, confirmationCount: 29, latency: 2 });
    expect(decoded.epochCredits[1]!.credits).toBe('18446744073709551615');
  });

  it('prior voters: only entries with a key, in ring order; V0_23_5 entries carry a slot, not shown', () => {
    for (const version of [0, 1, 2] as const) {
      const state = defaultState(version);
      state.priorVoters[3] = { key: new Uint8Array(32).fill(3), epoch: 10n, targetEpoch: 11n, slot: 99n };
      state.priorVoters[30] = { key: new Uint8Array(32).fill(30), epoch: 5n, targetEpoch: 6n, slot: 98n };
      expect(decodeVoteAccount(encodeVoteState(state)).priorVoters).toStrictEqual([
        {
          authorizedPubkey: encodeBase58(new Uint8Array(32).fill(3)),
          epochOfLastAuthorizedSwitch: 10,
          targetEpoch: 11,
        },
        { authorizedPubkey: encodeBase58(new Uint8Array(32).fill(30)), epochOfLastAuthorizedSwitch: 5, targetEpoch: 6 },
      ]);
    }
  });

  it('authorized voters come out sorted by epoch; an epoch written twice keeps its last voter', () => {
    const [a, b, c] = [1, 2, 3].map((n) => new Uint8Array(32).fill(n)) as [Uint8Array, Uint8Array, Uint8Array];
    const state = {
      ...defaultState(1),
      authorizedVoters: [
        { epoch: 9n, voter: a },
        { epoch: 4n, voter: b },
        { epoch: 9n, voter: c },
      ],
    };
    expect(decodeVoteAccount(encodeVoteState(state)).authorizedVoters).toStrictEqual([
      { epoch: 4, authorizedVoter: encodeBase58(b) },
      { epoch: 9, authorizedVoter: encodeBase58(c) },
    ]);
  });

  it('V4: commission from basis points (rounded down, wrapped as agave casts it), BLS key in base58', () => {
    const bls = Uint8Array.from({ length: 48 }, (_, i) => i + 1);
    const state = defaultState(3);
    state.v4 = { ...state.v4, inflationRewardsCommissionBps: 1234, blockRevenueCommissionBps: 10_000, bls };
    const decoded = decodeVoteAccount(encodeVoteState(state));
    expect(decoded.commission).toBe(12);
    expect(decoded.blsPubkeyCompressed).toBe(encodeBase58(bls));
    state.v4.inflationRewardsCommissionBps = 65535;
    expect(decodeVoteAccount(encodeVoteState(state)).commission).toBe(655 % 256);
  });
});

describe('decodeVoteAccount: malformed bytes', () => {
  const fieldAt = (bytes: Uint8Array) => {
    const error = decodeErrorOf(() => decodeVoteAccount(bytes));
    return { field: error.field, offset: error.offset };
  };

  it('refuses an unknown version and bytes too short for one', () => {
    expect(fieldAt(Uint8Array.from(le.u32(4)))).toEqual({ field: 'version', offset: 0 });
    expect(fieldAt(new Uint8Array(3))).toEqual({ field: 'version', offset: 0 });
    expect(fieldAt(Uint8Array.from(le.u32(2)))).toEqual({ field: 'nodePubkey', offset: 4 });
  });

  it('every cut of a V3 state names a field at or before the cut', () => {
    const state = { ...defaultState(2), votes: [{ slot: 5n, confirmationCount: 1, latency: 1 }], rootSlot: 4n };
    const bytes = encodeVoteState(state);
    for (let length = 0; length < bytes.length; length++) {
      const error = decodeErrorOf(() => decodeVoteAccount(bytes.subarray(0, length)));
      expect(error.offset).toBeLessThanOrEqual(length);
    }
    expect(fieldAt(bytes.subarray(0, 68))).toEqual({ field: 'commission', offset: 68 });
    expect(fieldAt(bytes.subarray(0, 70))).toEqual({ field: 'votes', offset: 69 });
    // A count is checked against what remains, so a cut inside the votes is refused at their count.
    expect(fieldAt(bytes.subarray(0, 85))).toEqual({ field: 'votes', offset: 69 });
    expect(fieldAt(bytes.subarray(0, 90))).toEqual({ field: 'rootSlot', offset: 90 });
    expect(fieldAt(bytes.subarray(0, bytes.length - 1))).toEqual({
      field: 'lastTimestamp.timestamp',
      offset: bytes.length - 8,
    });
  });

  it('refuses a count the bytes cannot hold, before building the list', () => {
    const bytes = encodeVoteState(defaultState(2));
    new DataView(bytes.buffer).setBigUint64(69, 2n ** 64n - 1n, true);
    expect(fieldAt(bytes)).toEqual({ field: 'votes', offset: 69 });
  });

  it('refuses option tags and bools other than 0 and 1', () => {
    const bytes = encodeVoteState(defaultState(2));
    const root = bytes.slice();
    root[77] = 2;
    expect(fieldAt(root)).toEqual({ field: 'rootSlot', offset: 77 });
    const isEmpty = bytes.slice();
    const isEmptyOffset = 78 + 8 + 32 * 48 + 8;
    isEmpty[isEmptyOffset] = 2;
    expect(fieldAt(isEmpty)).toEqual({ field: 'priorVoters.isEmpty', offset: isEmptyOffset });
    const v4 = encodeVoteState(defaultState(3));
    v4[4 + 4 * 32 + 4 + 8] = 3;
    expect(fieldAt(v4)).toEqual({ field: 'blsPubkeyCompressed', offset: 144 });
  });

  it('refuses a slot, epoch or timestamp beyond Number.MAX_SAFE_INTEGER rather than round it', () => {
    const slot = { ...defaultState(2), votes: [{ slot: 2n ** 53n, confirmationCount: 1, latency: 0 }] };
    expect(fieldAt(encodeVoteState(slot))).toEqual({ field: 'votes.0.slot', offset: 78 });
    const timestamp = { ...defaultState(1), lastTimestamp: { slot: 1n, timestamp: -(2n ** 60n) } };
    const bytes = encodeVoteState(timestamp);
    expect(fieldAt(bytes)).toEqual({ field: 'lastTimestamp.timestamp', offset: bytes.length - 8 });
  });

  it('refuses more than an account can hold, and what is not a Uint8Array', () => {
    expect(fieldAt(new Uint8Array(10 * 1024 * 1024 + 1))).toEqual({ field: 'bytes', offset: 10 * 1024 * 1024 });
    expect(() => decodeVoteAccount(null as unknown as Uint8Array)).toThrow(InvalidInputError);
  });
});

const key = fc.uint8Array({ minLength: 32, maxLength: 32 });
const safeU64 = fc.bigInt({ min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) });
const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const sometimesZero = fc.oneof(key, fc.constant(ZERO));

const voteState: fc.Arbitrary<VoteStateInput> = fc.record({
  version: fc.constantFrom(0, 1, 2, 3),
  nodePubkey: key,
  authorizedWithdrawer: key,
  commission: fc.integer({ min: 0, max: 255 }),
  votes: fc.array(
    fc.record({
      slot: safeU64,
      confirmationCount: fc.nat({ max: 2 ** 32 - 1 }),
      latency: fc.integer({ min: 0, max: 255 }),
    }),
    { maxLength: 31 },
  ),
  rootSlot: fc.option(safeU64, { nil: null }),
  authorizedVoters: fc.array(fc.record({ epoch: fc.bigInt({ min: 0n, max: 5n }), voter: key }), { maxLength: 4 }),
  priorVoters: fc.array(fc.record({ key: sometimesZero, epoch: safeU64, targetEpoch: safeU64, slot: u64 }), {
    minLength: 32,
    maxLength: 32,
  }),
  priorVotersIdx: u64,
  priorVotersIsEmpty: fc.boolean(),
  epochCredits: fc.array(fc.record({ epoch: safeU64, credits: u64, previousCredits: u64 }), { maxLength: 64 }),
  lastTimestamp: fc.record({
    slot: safeU64,
    timestamp: fc.bigInt({ min: BigInt(Number.MIN_SAFE_INTEGER), max: BigInt(Number.MAX_SAFE_INTEGER) }),
  }),
  v4: fc.record({
    inflationRewardsCollector: key,
    blockRevenueCollector: key,
    inflationRewardsCommissionBps: fc.integer({ min: 0, max: 65535 }),
    blockRevenueCommissionBps: fc.integer({ min: 0, max: 65535 }),
    pendingDelegatorRewards: u64,
    bls: fc.option(fc.uint8Array({ minLength: 48, maxLength: 48 }), { nil: null }),
  }),
});

describe('decodeVoteAccount: properties', () => {
  it(
    'decodes every valid state of every version to what parse_vote shows for it',
    () => {
      fc.assert(
        fc.property(voteState, fc.boolean(), (state, pad) => {
          const bytes = encodeVoteState(state);
          expect(decodeVoteAccount(pad ? padded(bytes) : bytes)).toStrictEqual(expected(state));
        }),
        { seed, numRuns: Math.min(runs, 1000) },
      );
    },
    propertyTimeout,
  );
});

const edits: fc.Arbitrary<Edit[]> = fc.array(
  fc.record({
    kind: fc.constantFrom<Edit['kind']>('set', 'set', 'set', 'delete', 'insert', 'truncate'),
    at: fc.nat({ max: 4000 }),
    value: fc.integer({ min: 0, max: 255 }),
  }),
  { minLength: 1, maxLength: 4 },
);

describe('decodeVoteAccount: fuzz (DecodeError or a result, never another error)', () => {
  it(
    'random bytes behind a known version tag',
    () => {
      const bytes = fc
        .tuple(fc.integer({ min: 0, max: 4 }), fc.uint8Array({ maxLength: 4000 }))
        .map(([version, rest]) => concat(le.u32(version), rest));
      fc.assert(
        fc.property(fc.oneof(bytes, fc.uint8Array({ maxLength: 200 })), (b) => {
          resultOrDecodeError(decodeVoteAccount, b);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'edits of valid states of every version',
    () => {
      fc.assert(
        fc.property(voteState, edits, (state, list) => {
          resultOrDecodeError(decodeVoteAccount, applyEdits(padded(encodeVoteState(state)), list));
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );
});
