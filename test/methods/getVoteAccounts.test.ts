import { describe, expect, it } from 'vitest';
import { createRpc, type VoteAccountInfo, type VoteAccounts } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import {
  calls,
  expectRpcError,
  firstLine,
  mockRpc,
  RPC_URL,
  rejectsWith,
  reply,
  sent,
  useMswServer,
} from '../msw/server.js';

useMswServer();

const VOTE_A = 'zp322WTQFUgQPozk5vkLi5JrY7BAv8xJiJnf51crBSb';
const FILTERED = 'conformance/getVoteAccounts.filtered-by-votePubkey';
const NO_MATCH = 'conformance/getVoteAccounts.filter-no-match';
const MIXED = 'getVoteAccounts/current-and-delinquent';
const NEVER_VOTED = 'getVoteAccounts/never-voted-unstaked';
const BOTH = 'getVoteAccounts/commission-and-bps';
const BPS_ONLY = 'getVoteAccounts/bps-only';

/** The one account of the conformance case, decoded. */
const FILTERED_ACCOUNT: VoteAccountInfo = {
  votePubkey: '8R4SNAWowTjABqR5uWfyb2bMZoz2XmLJNLAkR6bHo1Sk',
  nodePubkey: '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL',
  activatedStake: 13822119736540281n,
  epochVoteAccount: true,
  commission: 0,
  lastVote: 356139515,
  rootSlot: 356139483,
  epochCredits: [
    [820, 2431228871, 2430000000],
    [821, 2438141741, 2431228871],
    [822, 2445052618, 2438141741],
    [823, 2451965631, 2445052618],
    [824, 2458877976, 2451965631],
  ],
};

// Each error is checked as the server sent it; retries have their own suite (test/transport/retry.test.ts).
const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });
/** The method without its static types, for arguments the types forbid. */
const getVoteAccounts = (...args: unknown[]) =>
  (rpc().getVoteAccounts as unknown as (...a: unknown[]) => Promise<unknown>)(...args);
/** Asserts that the test sent exactly one call: getVoteAccounts with these params. */
const expectSent = (...params: unknown[]) => expect(sent()).toStrictEqual([{ method: 'getVoteAccounts', params }]);

describe('getVoteAccounts', { timeout: 5_000 }, () => {
  describe('what is sent', () => {
    it.each([
      { name: 'no config: params []', args: [], params: [] },
      { name: 'an empty config: params []', args: [{}], params: [] },
      {
        name: 'call options only (signal, timeoutMs): nothing on the wire',
        args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
        params: [],
      },
      {
        name: 'fields set to undefined are left out',
        args: [{ votePubkey: undefined, commitment: undefined, delinquentSlotDistance: undefined }],
        params: [],
      },
      { name: 'votePubkey', args: [{ votePubkey: VOTE_A }], params: [{ votePubkey: VOTE_A }] },
      { name: 'commitment', args: [{ commitment: 'confirmed' }], params: [{ commitment: 'confirmed' }] },
      {
        name: 'keepUnstakedDelinquents true',
        args: [{ keepUnstakedDelinquents: true }],
        params: [{ keepUnstakedDelinquents: true }],
      },
      {
        name: 'keepUnstakedDelinquents false is sent, not dropped',
        args: [{ keepUnstakedDelinquents: false }],
        params: [{ keepUnstakedDelinquents: false }],
      },
      {
        name: 'delinquentSlotDistance as a number',
        args: [{ delinquentSlotDistance: 256 }],
        params: [{ delinquentSlotDistance: 256 }],
      },
      {
        name: 'delinquentSlotDistance 0',
        args: [{ delinquentSlotDistance: 0 }],
        params: [{ delinquentSlotDistance: 0 }],
      },
      {
        name: 'every key together, call options left out',
        args: [
          {
            votePubkey: VOTE_A,
            commitment: 'processed',
            keepUnstakedDelinquents: true,
            delinquentSlotDistance: 64n,
            timeoutMs: 1_500,
          },
        ],
        params: [
          { commitment: 'processed', votePubkey: VOTE_A, keepUnstakedDelinquents: true, delinquentSlotDistance: 64 },
        ],
      },
    ])('$name', async ({ args, params }) => {
      mockRpc({ getVoteAccounts: serveFixture(NO_MATCH) });
      await expect(getVoteAccounts(...args)).resolves.toStrictEqual({ current: [], delinquent: [] });
      expectSent(...params);
      expect(calls[0]).toMatchObject({ jsonrpc: '2.0', id: expect.any(Number) });
    });

    it.each([
      { distance: 9007199254740993n, text: '9007199254740993' },
      { distance: 18446744073709551615n, text: '18446744073709551615' },
    ])('a bigint delinquentSlotDistance ($distance) is written as the exact integer', async ({ distance, text }) => {
      mockRpc({ getVoteAccounts: serveFixture(NO_MATCH) });
      await rpc().getVoteAccounts({ delinquentSlotDistance: distance });
      expect(calls).toHaveLength(1);
      // JSON.parse of the recorded params would round it; the exact text is the evidence.
      expect(calls[0]?.body).toContain(`"params":[{"delinquentSlotDistance":${text}}]`);
    });
  });

  describe('what comes back', () => {
    it('the conformance case filtered by votePubkey, exactly', async () => {
      mockRpc({ getVoteAccounts: serveFixture(FILTERED) });
      const result = await rpc().getVoteAccounts({
        votePubkey: '8R4SNAWowTjABqR5uWfyb2bMZoz2XmLJNLAkR6bHo1Sk',
        commitment: 'finalized',
      });
      expectSent(...loadFixture(FILTERED).params);
      expect(result).toStrictEqual({ current: [FILTERED_ACCOUNT], delinquent: [] });
    });

    it('activatedStake above 2^53 is an exact bigint, and a small stake is a bigint too', async () => {
      mockRpc({ getVoteAccounts: serveFixture(MIXED) });
      const { current } = await rpc().getVoteAccounts();
      expectSent();
      // JSON.parse would give 9007199254740992.
      expect(current[0]?.activatedStake).toBe(9007199254740993n);
      expect(current[1]?.activatedStake).toBe(1000000000n);
      expect(current.map((account) => typeof account.activatedStake)).toStrictEqual(['bigint', 'bigint']);
    });

    it('current and delinquent lists, with epochCredits as [epoch, credits, previousCredits] tuples', async () => {
      mockRpc({ getVoteAccounts: serveFixture(MIXED) });
      const result = await rpc().getVoteAccounts();
      expectSent();
      expect(result).toStrictEqual({
        current: [
          {
            votePubkey: VOTE_A,
            nodePubkey: '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL',
            activatedStake: 9007199254740993n,
            epochVoteAccount: true,
            commission: 5,
            lastVote: 356139515,
            rootSlot: 356139483,
            epochCredits: [
              [820, 2436912000, 2430000000],
              [821, 2443824000, 2436912000],
              [822, 2450736000, 2443824000],
              [823, 2457648000, 2450736000],
              [824, 2464560000, 2457648000],
            ],
          },
          {
            votePubkey: '7mFvVu5jnVjYEoVK3Jpyxj2omS8FLbJJV7ufd8XemNBG',
            nodePubkey: '2sTE4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e',
            activatedStake: 1000000000n,
            epochVoteAccount: true,
            commission: 100,
            lastVote: 356139514,
            rootSlot: 356139482,
            epochCredits: [
              [823, 6900000, 0],
              [824, 13800000, 6900000],
            ],
          },
        ],
        delinquent: [
          {
            votePubkey: '8kf9zaeyCPbX4nkR5XL9F7E1HKjH6RgqtJcpwdtK4njz',
            nodePubkey: 'cpKgFk7iNLESyb5mdGtxp4tCDtCrEVcPrU9P4vsbpPq',
            activatedStake: 52019883310n,
            epochVoteAccount: true,
            commission: 10,
            lastVote: 356130001,
            rootSlot: 356129969,
            epochCredits: [
              [820, 1506800000, 1500000000],
              [821, 1513600000, 1506800000],
              [822, 1520400000, 1513600000],
              [823, 1527200000, 1520400000],
              [824, 1534000000, 1527200000],
            ],
          },
        ],
      });
      // No commission-bps key where the node sent none.
      for (const account of [...result.current, ...result.delinquent]) {
        expect('inflationRewardsCommissionBps' in account).toBe(false);
      }
    });

    it('a vote account that never voted: lastVote 0, rootSlot 0, no credits, no stake', async () => {
      mockRpc({ getVoteAccounts: serveFixture(NEVER_VOTED) });
      const result = await rpc().getVoteAccounts({ keepUnstakedDelinquents: true });
      expectSent({ keepUnstakedDelinquents: true });
      expect(result).toStrictEqual({
        current: [],
        delinquent: [
          {
            votePubkey: 'F2bkfMFkcCPt1NPP82iug3E45J9exFBdbYSMRFXxEfRE',
            nodePubkey: 'FmrpyreMRZ3Phk7MsZrzn8ehYVk6Sc1dYFXHw4P5AdRa',
            activatedStake: 0n,
            epochVoteAccount: false,
            commission: 100,
            lastVote: 0,
            rootSlot: 0,
            epochCredits: [],
          },
        ],
      });
    });

    it('inflationRewardsCommissionBps alongside commission: both kept as sent', async () => {
      mockRpc({ getVoteAccounts: serveFixture(BOTH) });
      const result = await rpc().getVoteAccounts({ votePubkey: VOTE_A });
      expectSent({ votePubkey: VOTE_A });
      expect(result.current).toStrictEqual([
        {
          votePubkey: VOTE_A,
          nodePubkey: '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL',
          activatedStake: 13822119736540281n,
          epochVoteAccount: true,
          commission: 6,
          inflationRewardsCommissionBps: 550,
          lastVote: 356139515,
          rootSlot: 356139483,
          epochCredits: [[824, 2458877976, 2451965631]],
        },
      ]);
      expect(result.delinquent).toStrictEqual([]);
    });

    it('a commission sent next to the bps wins over the derived one', async () => {
      mockRpc({ getVoteAccounts: reply.resultText(resultTextOf(BOTH, [['"commission":6', '"commission":7']])) });
      const { current } = await rpc().getVoteAccounts();
      expectSent();
      expect(current[0]).toMatchObject({ commission: 7, inflationRewardsCommissionBps: 550 });
    });

    it('a node sending only inflationRewardsCommissionBps: commission is ceil(bps / 100)', async () => {
      mockRpc({ getVoteAccounts: serveFixture(BPS_ONLY) });
      const result = await rpc().getVoteAccounts();
      expectSent();
      const pairs = (accounts: VoteAccountInfo[]) =>
        accounts.map(({ commission, inflationRewardsCommissionBps }) => [inflationRewardsCommissionBps, commission]);
      expect(pairs(result.current)).toStrictEqual([
        [550, 6],
        [0, 0],
        [10000, 100],
        [1, 1],
      ]);
      expect(pairs(result.delinquent)).toStrictEqual([[1999, 20]]);
      expect(result.current[0]).toStrictEqual({
        votePubkey: VOTE_A,
        nodePubkey: '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL',
        activatedStake: 13822119736540281n,
        epochVoteAccount: true,
        commission: 6,
        inflationRewardsCommissionBps: 550,
        lastVote: 356139515,
        rootSlot: 356139483,
        epochCredits: [[824, 2458877976, 2451965631]],
      });
    });

    it('bps above 25,500 (u16 up to 65,535): the derived commission stays within a u8 (255)', async () => {
      mockRpc({
        getVoteAccounts: reply.resultText(
          resultTextOf(BPS_ONLY, [['"inflationRewardsCommissionBps":1999', '"inflationRewardsCommissionBps":65535']]),
        ),
      });
      const { delinquent } = await rpc().getVoteAccounts();
      expectSent();
      expect(delinquent[0]).toMatchObject({ commission: 255, inflationRewardsCommissionBps: 65535 });
    });

    it('empty lists (a votePubkey that is not a vote account)', async () => {
      mockRpc({ getVoteAccounts: serveFixture(NO_MATCH) });
      const result = await rpc().getVoteAccounts({ votePubkey: 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi' });
      expectSent({ votePubkey: 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi' });
      expect(result).toStrictEqual({ current: [], delinquent: [] });
    });

    it('unknown keys are tolerated and not copied into the result', async () => {
      mockRpc({
        getVoteAccounts: serveFixture(FILTERED, [
          ['"result":{', '"result":{"epoch":824,'],
          [
            '"commission":0,',
            '"commission":0,"blockRevenueCommissionBps":500,"lastTimestamp":{"slot":1,"timestamp":2},',
          ],
        ]),
      });
      const result = await rpc().getVoteAccounts({ commitment: 'finalized' });
      expectSent({ commitment: 'finalized' });
      expect(result).toStrictEqual({ current: [FILTERED_ACCOUNT], delinquent: [] });
    });
  });

  describe('JSON-RPC errors', () => {
    it("-32600 'Invalid request' (no epoch stakes for the bank) passes through typed", async () => {
      mockRpc({ getVoteAccounts: reply.error(-32600, 'Invalid request') });
      const error = await rejectsWith(rpc().getVoteAccounts({ commitment: 'processed' }), 'RpcError');
      expectSent({ commitment: 'processed' });
      expectRpcError(error, 'getVoteAccounts', {
        code: -32600,
        codeName: 'INVALID_REQUEST',
        message: 'Invalid request',
        retryable: false,
      });
    });

    it('-32602 for a votePubkey the node cannot parse passes through typed', async () => {
      mockRpc({ getVoteAccounts: reply.error(-32602, 'Invalid param: WrongSize') });
      const error = await rejectsWith(rpc().getVoteAccounts({ votePubkey: VOTE_A }), 'RpcError');
      expectSent({ votePubkey: VOTE_A });
      expectRpcError(error, 'getVoteAccounts', {
        code: -32602,
        codeName: 'INVALID_PARAMS',
        message: 'Invalid param: WrongSize',
        retryable: false,
      });
    });
  });

  describe('malformed results', () => {
    const MISSING = 'nothing (the field is missing)';
    it.each([
      {
        name: 'activatedStake as a string',
        file: FILTERED,
        edit: ['"activatedStake":13822119736540281', '"activatedStake":"13822119736540281"'],
        path: 'result.current.0.activatedStake',
      },
      {
        name: 'activatedStake negative',
        file: FILTERED,
        edit: ['"activatedStake":13822119736540281', '"activatedStake":-1'],
        path: 'result.current.0.activatedStake',
      },
      {
        name: 'activatedStake above u64::MAX',
        file: FILTERED,
        edit: ['"activatedStake":13822119736540281', '"activatedStake":18446744073709551616'],
        path: 'result.current.0.activatedStake',
      },
      {
        name: 'activatedStake as a float token (already rounded)',
        file: FILTERED,
        edit: ['"activatedStake":13822119736540281', '"activatedStake":1.3822119736540281e16'],
        path: 'result.current.0.activatedStake',
      },
      {
        name: 'commission above 255',
        file: FILTERED,
        edit: ['"commission":0', '"commission":256'],
        path: 'result.current.0.commission',
      },
      {
        name: 'inflationRewardsCommissionBps as a string',
        file: BPS_ONLY,
        edit: ['"inflationRewardsCommissionBps":1999', '"inflationRewardsCommissionBps":"1999"'],
        path: 'result.delinquent.0.inflationRewardsCommissionBps',
      },
      {
        name: 'inflationRewardsCommissionBps above u16',
        file: BPS_ONLY,
        edit: ['"inflationRewardsCommissionBps":1999', '"inflationRewardsCommissionBps":65536'],
        path: 'result.delinquent.0.inflationRewardsCommissionBps',
      },
      {
        name: 'epochVoteAccount as a string',
        file: FILTERED,
        edit: ['"epochVoteAccount":true', '"epochVoteAccount":"true"'],
        path: 'result.current.0.epochVoteAccount',
      },
      {
        name: 'lastVote null',
        file: FILTERED,
        edit: ['"lastVote":356139515', '"lastVote":null'],
        path: 'result.current.0.lastVote',
      },
      {
        name: 'rootSlot null (web3.js v1 allows it; agave never sends it)',
        file: FILTERED,
        edit: ['"rootSlot":356139483', '"rootSlot":null'],
        path: 'result.current.0.rootSlot',
      },
      {
        name: 'lastVote above Number.MAX_SAFE_INTEGER',
        file: FILTERED,
        edit: ['"lastVote":356139515', '"lastVote":9007199254740993'],
        path: 'result.current.0.lastVote',
      },
      {
        name: 'an epochCredits entry of two numbers',
        file: FILTERED,
        edit: ['[822,2445052618,2438141741]', '[822,2445052618]'],
        path: 'result.current.0.epochCredits.2.2',
        received: MISSING,
      },
      {
        name: 'an epochCredits entry as an object',
        file: FILTERED,
        edit: ['[820,2431228871,2430000000]', '{"epoch":820}'],
        path: 'result.current.0.epochCredits.0',
      },
      {
        name: 'votePubkey not base58',
        file: FILTERED,
        edit: ['"votePubkey":"8R4SNAWowTjABqR5uWfyb2bMZoz2XmLJNLAkR6bHo1Sk"', '"votePubkey":"0x8R4S"'],
        path: 'result.current.0.votePubkey',
      },
      {
        name: 'nodePubkey missing',
        file: FILTERED,
        edit: ['"nodePubkey":"9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL",', ''],
        path: 'result.current.0.nodePubkey',
        received: MISSING,
      },
      // Required: agave always sends these and never null, so a missing one is refused.
      {
        name: 'activatedStake missing',
        file: FILTERED,
        edit: ['"activatedStake":13822119736540281,', ''],
        path: 'result.current.0.activatedStake',
        received: MISSING,
      },
      {
        name: 'epochVoteAccount missing',
        file: FILTERED,
        edit: ['"epochVoteAccount":true,', ''],
        path: 'result.current.0.epochVoteAccount',
        received: MISSING,
      },
      {
        name: 'lastVote missing',
        file: FILTERED,
        edit: ['"lastVote":356139515,', ''],
        path: 'result.current.0.lastVote',
        received: MISSING,
      },
      {
        name: 'rootSlot missing',
        file: FILTERED,
        edit: ['"rootSlot":356139483,', ''],
        path: 'result.current.0.rootSlot',
        received: MISSING,
      },
      {
        name: 'epochCredits missing',
        file: FILTERED,
        edit: [
          '"epochCredits":[[820,2431228871,2430000000],[821,2438141741,2431228871],[822,2445052618,2438141741],[823,2451965631,2445052618],[824,2458877976,2451965631]],',
          '',
        ],
        path: 'result.current.0.epochCredits',
        received: MISSING,
      },
      {
        name: 'delinquent missing',
        file: FILTERED,
        edit: [',"delinquent":[]', ''],
        path: 'result.delinquent',
        received: MISSING,
      },
      { name: 'current null', file: NO_MATCH, edit: ['"current":[]', '"current":null'], path: 'result.current' },
    ] as { name: string; file: string; edit: [string, string]; path: string; received?: string }[])(
      '$name → ValidationError at $path',
      async ({ file, edit, path, received }) => {
        mockRpc({ getVoteAccounts: reply.resultText(resultTextOf(file, [edit])) });
        const error = await rejectsWith(rpc().getVoteAccounts(), 'ValidationError');
        expectSent();
        expect(error).toMatchObject({ method: 'getVoteAccounts', path });
        if (received) expect(error.received).toBe(received);
        expect(firstLine(error)).toMatch(
          new RegExp(`^getVoteAccounts: invalid result: ${path.replaceAll('.', '\\.')} must be`),
        );
      },
    );

    it('neither commission nor inflationRewardsCommissionBps → ValidationError naming both', async () => {
      mockRpc({
        getVoteAccounts: reply.resultText(resultTextOf(BPS_ONLY, [['"inflationRewardsCommissionBps":1999,', '']])),
      });
      const error = await rejectsWith(rpc().getVoteAccounts(), 'ValidationError');
      expectSent();
      expect(error).toMatchObject({
        method: 'getVoteAccounts',
        path: 'result.delinquent.0.commission',
        received: 'nothing (the field is missing)',
      });
      expect(error.expected).toMatch(/commission.*inflationRewardsCommissionBps/);
    });

    it.each([
      { name: 'null', text: 'null' },
      { name: 'an array', text: '[]' },
    ])('a result that is $name → ValidationError at result', async ({ text }) => {
      mockRpc({ getVoteAccounts: reply.resultText(text) });
      const error = await rejectsWith(rpc().getVoteAccounts(), 'ValidationError');
      expectSent();
      expect(error.path).toBe('result');
    });
  });

  describe('bad input is refused before any request', () => {
    it.each([
      { name: 'votePubkey: hex, not base58', args: [{ votePubkey: '0x4f3a9bd2e1c0ffee' }], param: 'config.votePubkey' },
      {
        name: 'votePubkey: 31 bytes',
        args: [{ votePubkey: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofL' }],
        param: 'config.votePubkey',
      },
      { name: 'votePubkey: a number', args: [{ votePubkey: 42 }], param: 'config.votePubkey' },
      { name: 'votePubkey: null', args: [{ votePubkey: null }], param: 'config.votePubkey' },
      {
        name: "keepUnstakedDelinquents: the string 'true'",
        args: [{ keepUnstakedDelinquents: 'true' }],
        param: 'config.keepUnstakedDelinquents',
      },
      {
        name: 'keepUnstakedDelinquents: 1',
        args: [{ keepUnstakedDelinquents: 1 }],
        param: 'config.keepUnstakedDelinquents',
      },
      {
        name: 'keepUnstakedDelinquents: null',
        args: [{ keepUnstakedDelinquents: null }],
        param: 'config.keepUnstakedDelinquents',
      },
      {
        name: 'delinquentSlotDistance: negative',
        args: [{ delinquentSlotDistance: -1 }],
        param: 'config.delinquentSlotDistance',
      },
      {
        name: 'delinquentSlotDistance: a negative bigint',
        args: [{ delinquentSlotDistance: -1n }],
        param: 'config.delinquentSlotDistance',
      },
      {
        name: 'delinquentSlotDistance: fractional',
        args: [{ delinquentSlotDistance: 1.5 }],
        param: 'config.delinquentSlotDistance',
      },
      {
        name: 'delinquentSlotDistance: a string',
        args: [{ delinquentSlotDistance: '128' }],
        param: 'config.delinquentSlotDistance',
      },
      {
        name: 'delinquentSlotDistance: unsafe number',
        args: [{ delinquentSlotDistance: 2 ** 53 }],
        param: 'config.delinquentSlotDistance',
      },
      {
        name: 'delinquentSlotDistance: above u64',
        args: [{ delinquentSlotDistance: 2n ** 64n }],
        param: 'config.delinquentSlotDistance',
      },
      { name: 'commitment: recent (removed)', args: [{ commitment: 'recent' }], param: 'config.commitment' },
      { name: 'config: a string (a positional commitment)', args: ['confirmed'], param: 'config' },
      { name: 'config: null', args: [null], param: 'config' },
      { name: 'a misspelt option', args: [{ keepUnstakedDelinquent: true }], param: 'config.keepUnstakedDelinquent' },
      { name: 'an option of another method', args: [{ identity: VOTE_A }], param: 'config.identity' },
      { name: 'timeoutMs: negative', args: [{ timeoutMs: -5 }], param: 'config.timeoutMs' },
      { name: 'a second argument', args: [{}, { commitment: 'processed' }], param: 'arguments' },
    ])('$name', async ({ args, param }) => {
      mockRpc({ getVoteAccounts: serveFixture(NO_MATCH) });
      const error = await rejectsWith(getVoteAccounts(...args), 'InvalidInputError');
      expect(error).toMatchObject({ method: 'getVoteAccounts', param });
      expect(firstLine(error)).toMatch(new RegExp(`^getVoteAccounts: invalid ${param.replaceAll('.', '\\.')}: `));
      expect(calls).toHaveLength(0);
    });

    it('a bad votePubkey carries the address hint', async () => {
      mockRpc({ getVoteAccounts: serveFixture(NO_MATCH) });
      const error = await rejectsWith(rpc().getVoteAccounts({ votePubkey: 'not-an-address' }), 'InvalidInputError');
      expect(error.hint).toBe('an address is 32 bytes written in base58 (32–44 characters).');
      expect(calls).toHaveLength(0);
    });
  });

  it('decodes to the VoteAccounts shape with no extra top-level keys', async () => {
    mockRpc({ getVoteAccounts: serveFixture(MIXED) });
    const result: VoteAccounts = await rpc().getVoteAccounts();
    expectSent();
    expect(Object.keys(result).sort()).toStrictEqual(['current', 'delinquent']);
  });
});
