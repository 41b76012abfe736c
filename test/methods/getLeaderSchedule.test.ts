import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { createRpc, type LeaderSchedule } from '../../src/index.js';
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

const CURRENT = 'conformance/getLeaderSchedule.current-epoch';
const FILTERED = 'conformance/getLeaderSchedule.identity-filter';
const NO_SLOTS = 'getLeaderSchedule/identity-no-slots';
const NOT_AVAILABLE = 'getLeaderSchedule/slot-not-available';
const NEXT_EPOCH = 'getLeaderSchedule/next-epoch-identity';

const IDENTITY = '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy';
const BUSY = '3GoyTXTktQWGbDajUCn7gnZqj1CLLFfRY8XCqYYtzB17';
/** Epoch 825's first slot on mainnet-beta (825 * 432000). */
const SLOT = 356400000;

/** The conformance schedule, in the order the node sent it (sorted keys). */
const CURRENT_SCHEDULE: Record<string, number[]> = {
  [BUSY]: [
    8, 9, 10, 11, 16, 17, 18, 19, 32, 33, 34, 35, 40, 41, 42, 43, 44, 45, 46, 47, 56, 57, 58, 59, 60, 61, 62, 63, 64,
    65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79,
  ],
  [IDENTITY]: [4, 5, 6, 7, 20, 21, 22, 23, 36, 37, 38, 39, 52, 53, 54, 55],
  '8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu': [24, 25, 26, 27],
  '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL': [
    0, 1, 2, 3, 12, 13, 14, 15, 28, 29, 30, 31, 48, 49, 50, 51, 80, 81, 82, 83, 431996, 431997, 431998, 431999,
  ],
};

// Each error is checked as the server sent it; retries have their own suite (test/transport/retry.test.ts).
const rpc = () => createRpc(RPC_URL, { timeoutMs: 5_000, retry: false });
/** The method without its static types, for arguments the types forbid. */
const getLeaderSchedule = (...args: unknown[]) =>
  (rpc().getLeaderSchedule as unknown as (...a: unknown[]) => Promise<unknown>)(...args);
/** Asserts that the test sent exactly one call: getLeaderSchedule with these params. */
const expectSent = (...params: unknown[]) => expect(sent()).toStrictEqual([{ method: 'getLeaderSchedule', params }]);
/** A schedule's entries as a plain object, for comparison with a literal. */
const plain = (schedule: LeaderSchedule | null) => (schedule === null ? null : { ...schedule });

describe('getLeaderSchedule', { timeout: 10_000 }, () => {
  describe('what is sent', () => {
    it.each([
      { name: '() → []', args: [], params: [] },
      { name: '(undefined) → []', args: [undefined], params: [] },
      { name: '(null) → []', args: [null], params: [] },
      { name: '({}) → []', args: [{}], params: [] },
      { name: '({ timeoutMs }) → [] (call options are not sent)', args: [{ timeoutMs: 1_000 }], params: [] },
      {
        name: '({ identity }) → [null, { identity }]',
        args: [{ identity: IDENTITY }],
        params: [null, { identity: IDENTITY }],
      },
      {
        name: '({ commitment }) → [null, { commitment }]',
        args: [{ commitment: 'confirmed' }],
        params: [null, { commitment: 'confirmed' }],
      },
      {
        name: '(null, { identity, commitment }) → [null, { identity, commitment }]',
        args: [null, { identity: IDENTITY, commitment: 'finalized' }],
        params: [null, { identity: IDENTITY, commitment: 'finalized' }],
      },
      {
        name: '(undefined, { identity }) → [null, { identity }]',
        args: [undefined, { identity: IDENTITY }],
        params: [null, { identity: IDENTITY }],
      },
      { name: '(null, {}) → []', args: [null, {}], params: [] },
      { name: '(slot) → [slot]', args: [SLOT], params: [SLOT] },
      { name: '(slot, {}) → [slot]', args: [SLOT, {}], params: [SLOT] },
      { name: '(slot, { signal }) → [slot]', args: [SLOT, { signal: new AbortController().signal }], params: [SLOT] },
      { name: '(0) → [0]: slot 0 is a slot', args: [0], params: [0] },
      { name: '(0n) → [0]', args: [0n], params: [0] },
      {
        name: '(0, { identity }) → [0, { identity }]',
        args: [0, { identity: IDENTITY }],
        params: [0, { identity: IDENTITY }],
      },
      {
        name: '(slot, { identity, commitment }) → [slot, { identity, commitment }]',
        args: [SLOT, { identity: IDENTITY, commitment: 'processed' }],
        params: [SLOT, { identity: IDENTITY, commitment: 'processed' }],
      },
      {
        name: 'fields set to undefined are left out',
        args: [SLOT, { identity: undefined, commitment: undefined }],
        params: [SLOT],
      },
    ])('$name', async ({ args, params }) => {
      mockRpc({ getLeaderSchedule: serveFixture(CURRENT) });
      const schedule = (await getLeaderSchedule(...args)) as LeaderSchedule;
      expectSent(...params);
      expect(plain(schedule)).toStrictEqual(CURRENT_SCHEDULE);
      expect(calls[0]).toMatchObject({ jsonrpc: '2.0', id: expect.any(Number) });
    });

    it.each([
      { args: [18446744073709551615n], text: '[18446744073709551615]' },
      { args: [9007199254740993n, { identity: IDENTITY }], text: `[9007199254740993,{"identity":"${IDENTITY}"}]` },
    ])('a bigint slot is written as the exact integer: $text', async ({ args, text }) => {
      mockRpc({ getLeaderSchedule: serveFixture(NOT_AVAILABLE) });
      await expect(getLeaderSchedule(...args)).resolves.toBeNull();
      expect(calls).toHaveLength(1);
      // JSON.parse of the recorded params would round it; the exact text is the evidence.
      expect(calls[0]?.body).toContain(`"params":${text}`);
    });
  });

  describe('what comes back', () => {
    it('the current epoch: a null-prototype object, keys and indexes as sent', async () => {
      mockRpc({ getLeaderSchedule: serveFixture(CURRENT) });
      const schedule = await rpc().getLeaderSchedule();
      expectSent();
      expect(Object.getPrototypeOf(schedule)).toBeNull();
      expect(Object.keys(schedule)).toStrictEqual(Object.keys(CURRENT_SCHEDULE));
      expect(plain(schedule)).toStrictEqual(CURRENT_SCHEDULE);
      // No inherited keys to trip over.
      expect('toString' in schedule).toBe(false);
      expect('constructor' in schedule).toBe(false);
      expect(schedule['9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL']?.[23]).toBe(431999);
    });

    it('filtered by identity: one key', async () => {
      mockRpc({ getLeaderSchedule: serveFixture(FILTERED) });
      const schedule = await rpc().getLeaderSchedule(null, { identity: IDENTITY, commitment: 'finalized' });
      expectSent(...loadFixture(FILTERED).params);
      expect(Object.getPrototypeOf(schedule)).toBeNull();
      expect(plain(schedule)).toStrictEqual({
        [IDENTITY]: [4, 5, 6, 7, 20, 21, 22, 23, 36, 37, 38, 39, 52, 53, 54, 55],
      });
    });

    it('an identity that leads no slot: {} (null prototype), not null', async () => {
      const identity = loadFixture(NO_SLOTS).params[1] as { identity: string };
      mockRpc({ getLeaderSchedule: serveFixture(NO_SLOTS) });
      const schedule = await rpc().getLeaderSchedule(identity);
      expectSent(null, identity);
      expect(schedule).not.toBeNull();
      expect(Object.getPrototypeOf(schedule)).toBeNull();
      expect(Object.keys(schedule)).toStrictEqual([]);
    });

    it('an explicit slot whose epoch the node has no schedule for: null', async () => {
      mockRpc({ getLeaderSchedule: serveFixture(NOT_AVAILABLE) });
      await expect(rpc().getLeaderSchedule(356832000)).resolves.toBeNull();
      expectSent(356832000);
    });

    it('an explicit slot and a transport that gives back no result at all: null, as for null', async () => {
      const requests: unknown[] = [];
      const transport = async (request: { method: string; params: readonly unknown[] }) => {
        requests.push({ method: request.method, params: request.params });
        return undefined;
      };
      await expect(createRpc(transport).getLeaderSchedule(356832000)).resolves.toBeNull();
      expect(requests).toStrictEqual([{ method: 'getLeaderSchedule', params: [356832000] }]);
    });

    it('no slot and a transport that gives back no result: refused at result (the current epoch has one)', async () => {
      const error = await rejectsWith(createRpc(async () => undefined).getLeaderSchedule(), 'ValidationError');
      expect(error).toMatchObject({
        method: 'getLeaderSchedule',
        path: 'result',
        received: 'nothing (the field is missing)',
      });
    });

    it('an explicit slot and config: the next epoch for one identity', async () => {
      mockRpc({ getLeaderSchedule: serveFixture(NEXT_EPOCH) });
      const schedule = await rpc().getLeaderSchedule(SLOT, { identity: IDENTITY, commitment: 'confirmed' });
      expectSent(SLOT, { identity: IDENTITY, commitment: 'confirmed' });
      expect(schedule).not.toBeNull();
      expect(Object.getPrototypeOf(schedule)).toBeNull();
      expect(plain(schedule)).toStrictEqual({
        [IDENTITY]: [12, 13, 14, 15, 428, 429, 430, 431, 431988, 431989, 431990, 431991],
      });
    });

    it.each([
      { name: '()', args: [], params: [] },
      { name: '(null)', args: [null], params: [] },
      { name: '({ identity })', args: [{ identity: IDENTITY }], params: [null, { identity: IDENTITY }] },
      { name: '(null, { identity })', args: [null, { identity: IDENTITY }], params: [null, { identity: IDENTITY }] },
    ])('null WITHOUT a slot, $name → ValidationError (the current epoch always has one)', async ({ args, params }) => {
      mockRpc({ getLeaderSchedule: reply.resultText('null') });
      const error = await rejectsWith(getLeaderSchedule(...args), 'ValidationError');
      expectSent(...params);
      expect(error).toMatchObject({ method: 'getLeaderSchedule', path: 'result', received: 'null' });
      expect(firstLine(error)).toMatch(/^getLeaderSchedule: invalid result: result must be /);
    });

    it('a mainnet-size schedule (1,500 identities, 432,000 indexes) served as raw text decodes exactly', async () => {
      const IDENTITIES = 1_500;
      const SLOTS = 432_000;
      const identities = Array.from({ length: IDENTITIES }, (_, i) =>
        encodeBase58(createHash('sha256').update(`leader-${i}`).digest()),
      );
      // Leaders rotate every 4 slots; 7919 is coprime with 1,500, so each leads 72 groups = 288 slots.
      const leaderOf = (slot: number) => ((Math.floor(slot / 4) * 7919) % IDENTITIES) as number;
      const slotsOf: number[][] = identities.map(() => []);
      for (let slot = 0; slot < SLOTS; slot++) slotsOf[leaderOf(slot)]?.push(slot);
      const order = identities
        .map((_, i) => i)
        .sort((a, b) => ((identities[a] as string) < (identities[b] as string) ? -1 : 1));
      const text = `{${order.map((i) => `"${identities[i]}":[${(slotsOf[i] as number[]).join(',')}]`).join(',')}}`;
      expect(text.length).toBeGreaterThan(2_500_000);
      mockRpc({ getLeaderSchedule: reply.resultText(text) });

      const schedule = await rpc().getLeaderSchedule();
      expectSent();
      expect(Object.getPrototypeOf(schedule)).toBeNull();
      const keys = Object.keys(schedule);
      expect(keys).toHaveLength(IDENTITIES);
      expect(keys).toStrictEqual(order.map((i) => identities[i]));
      // Every index of the epoch appears exactly once, under the right leader, ascending.
      const seen = new Uint8Array(SLOTS);
      let total = 0;
      for (const [i, identity] of identities.entries()) {
        const slots = schedule[identity] as number[];
        expect(slots.length).toBe(288);
        for (let k = 0; k < slots.length; k++) {
          const slot = slots[k] as number;
          if (leaderOf(slot) !== i || (k > 0 && slot <= (slots[k - 1] as number))) {
            throw new Error(`${identity}: index ${k} is ${slot}`);
          }
          seen[slot] = (seen[slot] as number) + 1;
        }
        total += slots.length;
      }
      expect(total).toBe(SLOTS);
      expect(seen.every((count) => count === 1)).toBe(true);
      expect(schedule[identities[0] as string]?.slice(0, 8)).toStrictEqual([0, 1, 2, 3, 6000, 6001, 6002, 6003]);
    });

    it('a bad index deep in a mainnet-size schedule is found: the path names the identity and the index', async () => {
      const identities = Array.from({ length: 1_500 }, (_, i) =>
        encodeBase58(createHash('sha256').update(`leader-${i}`).digest()),
      );
      const entries = identities.map((identity, i) => {
        const slots = Array.from({ length: 288 }, (_, k) => i * 288 + k);
        // The very last index of the last identity is negative.
        if (i === identities.length - 1) slots[287] = -1;
        return `"${identity}":[${slots.join(',')}]`;
      });
      mockRpc({ getLeaderSchedule: reply.resultText(`{${entries.join(',')}}`) });
      const error = await rejectsWith(rpc().getLeaderSchedule(), 'ValidationError');
      expectSent();
      expect(error).toMatchObject({ path: `result.${identities[1_499]}.287`, received: '-1' });
    });

    it('keys keep the order the node sent, sorted or not', async () => {
      const keys = ['9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL', BUSY, IDENTITY, '11111111111111111111111111111111'];
      mockRpc({ getLeaderSchedule: reply.resultText(`{${keys.map((key, i) => `"${key}":[${i}]`).join(',')}}`) });
      const schedule = await rpc().getLeaderSchedule();
      expectSent();
      expect(Object.keys(schedule)).toStrictEqual(keys);
      expect(plain(schedule)).toStrictEqual(Object.fromEntries(keys.map((key, i) => [key, [i]])));
    });

    it('read with JSON.parse (no field can exceed 2^53), an index beyond 2^53 is still refused, not rounded', async () => {
      mockRpc({ getLeaderSchedule: reply.resultText(`{"${IDENTITY}":[0,18446744073709551615]}`) });
      const error = await rejectsWith(rpc().getLeaderSchedule(), 'ValidationError');
      expect(error).toMatchObject({ path: `result.${IDENTITY}.1`, expected: 'a slot index' });
    });
  });

  describe('JSON-RPC errors', () => {
    it('error data keeps exact integers, though results are read with JSON.parse', async () => {
      mockRpc({
        getLeaderSchedule: (request) =>
          reply.body(
            `{"jsonrpc":"2.0","error":{"code":-32016,"message":"Minimum context slot has not been reached","data":{"contextSlot":18446744073709551615}},"id":${JSON.stringify(request.id)}}`,
          ),
      });
      const error = await rejectsWith(rpc().getLeaderSchedule(), 'RpcError');
      expect(error).toMatchObject({ data: { contextSlot: 18446744073709551615n } });
    });

    it('-32602 for an identity the node refuses passes through typed', async () => {
      mockRpc({ getLeaderSchedule: reply.error(-32602, 'Invalid param: Invalid') });
      const error = await rejectsWith(rpc().getLeaderSchedule({ identity: IDENTITY }), 'RpcError');
      expectSent(null, { identity: IDENTITY });
      expectRpcError(error, 'getLeaderSchedule', {
        code: -32602,
        codeName: 'INVALID_PARAMS',
        message: 'Invalid param: Invalid',
        retryable: false,
      });
    });
  });

  describe('malformed results', () => {
    const AT_17 = ',44,45,46,';
    it.each([
      { name: 'a negative index', edit: [AT_17, ',44,-45,46,'], path: `result.${BUSY}.17`, received: '-45' },
      { name: 'a fractional index', edit: [AT_17, ',44,45.5,46,'], path: `result.${BUSY}.17`, received: '45.5' },
      { name: 'an index as a string', edit: [AT_17, ',44,"45",46,'], path: `result.${BUSY}.17`, received: '"45"' },
      { name: 'a null index', edit: [AT_17, ',44,null,46,'], path: `result.${BUSY}.17`, received: 'null' },
      {
        name: 'an index above Number.MAX_SAFE_INTEGER',
        edit: [AT_17, ',44,9007199254740993,46,'],
        path: `result.${BUSY}.17`,
        // Results of this method are read with JSON.parse: nothing valid can lose digits there, and the
        // message says that this invalid value may have.
        received: '9007199254740992 (beyond 2^53, so possibly rounded)',
      },
      {
        name: 'a first index negative',
        edit: [`"${IDENTITY}":[4,`, `"${IDENTITY}":[-4,`],
        path: `result.${IDENTITY}.0`,
        received: '-4',
      },
      {
        name: 'slots not an array',
        edit: [
          '"8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu":[24,25,26,27]',
          '"8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu":24',
        ],
        path: 'result.8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu',
      },
      {
        name: 'slots null',
        edit: [
          '"8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu":[24,25,26,27]',
          '"8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu":null',
        ],
        path: 'result.8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu',
      },
      {
        name: 'a key that is not base58 (0)',
        edit: ['"8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu"', '"8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Y0"'],
        path: 'result.8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Y0',
      },
    ] as { name: string; edit: [string, string]; path: string; received?: string }[])(
      '$name → ValidationError at $path',
      async ({ edit, path, received }) => {
        mockRpc({ getLeaderSchedule: reply.resultText(resultTextOf(CURRENT, [edit])) });
        const error = await rejectsWith(rpc().getLeaderSchedule(), 'ValidationError');
        expectSent();
        expect(error).toMatchObject({ method: 'getLeaderSchedule', path });
        if (received) expect(error.received).toBe(received);
        expect(firstLine(error)).toMatch(
          new RegExp(`^getLeaderSchedule: invalid result: ${path.replaceAll('.', '\\.')} must be`),
        );
      },
    );

    it('a bad index is refused with an explicit slot too', async () => {
      mockRpc({ getLeaderSchedule: reply.resultText(resultTextOf(NEXT_EPOCH, [[',431988,', ',431988.5,']])) });
      const error = await rejectsWith(rpc().getLeaderSchedule(SLOT, { identity: IDENTITY }), 'ValidationError');
      expectSent(SLOT, { identity: IDENTITY });
      expect(error.path).toBe(`result.${IDENTITY}.8`);
    });

    it.each([
      { name: 'an array value', text: '{"__proto__":[1,2,3]}' },
      { name: 'an object value', text: '{"__proto__":{"polluted":true,"length":7}}' },
      { name: 'after a valid key', text: `{"${IDENTITY}":[4,5],"__proto__":{"polluted":true}}` },
    ])('a __proto__ key ($name) → ValidationError (not base58); Object.prototype untouched', async ({ text }) => {
      const before = Object.getOwnPropertyNames(Object.prototype).sort();
      mockRpc({ getLeaderSchedule: reply.resultText(text) });
      const error = await rejectsWith(rpc().getLeaderSchedule(), 'ValidationError');
      expectSent();
      expect(error).toMatchObject({ method: 'getLeaderSchedule', path: 'result.__proto__' });
      expect(error.expected).toMatch(/base58/);
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toStrictEqual(before);
      const probe: Record<string, unknown> = {};
      expect(probe.polluted).toBeUndefined();
      expect(probe.length).toBeUndefined();
      expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
    });

    it.each([
      { name: 'constructor', key: 'constructor' },
      { name: 'toString', key: 'toString' },
      { name: 'an empty key', key: '' },
    ])('a $name key → ValidationError (not base58)', async ({ key }) => {
      mockRpc({ getLeaderSchedule: reply.resultText(`{${JSON.stringify(key)}:[1]}`) });
      const error = await rejectsWith(rpc().getLeaderSchedule(), 'ValidationError');
      expectSent();
      expect(error.path).toBe(key === '' ? 'result.' : `result.${key}`);
    });

    it.each([
      { name: 'an array', text: '[[0,1,2,3]]' },
      { name: 'a string', text: '"schedule"' },
      { name: 'a number', text: '0' },
    ])('a result that is $name → ValidationError at result', async ({ text }) => {
      mockRpc({ getLeaderSchedule: reply.resultText(text) });
      const error = await rejectsWith(rpc().getLeaderSchedule(SLOT), 'ValidationError');
      expectSent(SLOT);
      expect(error.path).toBe('result');
    });
  });

  describe('bad input is refused before any request', () => {
    it.each([
      { name: 'slot: negative', args: [-1], param: 'slot' },
      { name: 'slot: fractional', args: [1.5], param: 'slot' },
      { name: 'slot: NaN', args: [Number.NaN], param: 'slot' },
      { name: 'slot: an unsafe number', args: [2 ** 53], param: 'slot' },
      { name: 'slot: a string', args: ['356400000'], param: 'slot' },
      { name: 'slot: a boolean', args: [true], param: 'slot' },
      { name: 'slot: a negative bigint', args: [-1n], param: 'slot' },
      { name: 'slot: a bigint above u64', args: [2n ** 64n], param: 'slot' },
      { name: 'identity: hex (config first)', args: [{ identity: '0x4f3a9bd2e1c0ffee' }], param: 'config.identity' },
      {
        name: 'identity: hex (config second)',
        args: [SLOT, { identity: '0x4f3a9bd2e1c0ffee' }],
        param: 'config.identity',
      },
      { name: 'identity: a number', args: [null, { identity: 7 }], param: 'config.identity' },
      { name: 'commitment: recent (removed)', args: [{ commitment: 'recent' }], param: 'config.commitment' },
      { name: 'config: a string after the slot', args: [SLOT, 'confirmed'], param: 'config' },
      { name: 'config: null after the slot', args: [SLOT, null], param: 'config' },
      { name: 'config: an array', args: [[SLOT]], param: 'config' },
      { name: 'an option of another method', args: [{ epoch: 825 }], param: 'config.epoch' },
      { name: 'a misspelt option', args: [SLOT, { identiy: IDENTITY }], param: 'config.identiy' },
      { name: 'timeoutMs: zero', args: [{ timeoutMs: 0 }], param: 'config.timeoutMs' },
    ])('$name', async ({ args, param }) => {
      mockRpc({ getLeaderSchedule: serveFixture(CURRENT) });
      const error = await rejectsWith(getLeaderSchedule(...args), 'InvalidInputError');
      expect(error).toMatchObject({ method: 'getLeaderSchedule', param });
      expect(firstLine(error)).toMatch(new RegExp(`^getLeaderSchedule: invalid ${param.replaceAll('.', '\\.')}: `));
      expect(calls).toHaveLength(0);
    });

    it('an unsafe number slot says to pass a bigint', async () => {
      mockRpc({ getLeaderSchedule: serveFixture(CURRENT) });
      const error = await rejectsWith(rpc().getLeaderSchedule(2 ** 53), 'InvalidInputError');
      expect(error.message).toContain('pass a bigint');
      expect(calls).toHaveLength(0);
    });

    it.each([
      { name: 'a second argument after a config object', args: [{ identity: IDENTITY }, { commitment: 'processed' }] },
      {
        name: 'a third argument after slot and config',
        args: [SLOT, { identity: IDENTITY }, { commitment: 'processed' }],
      },
      { name: 'a config after a null slot and config', args: [null, {}, {}] },
    ])('$name is refused, not dropped', async ({ args }) => {
      mockRpc({ getLeaderSchedule: serveFixture(FILTERED) });
      const error = await rejectsWith(getLeaderSchedule(...args), 'InvalidInputError');
      expect(error).toMatchObject({ method: 'getLeaderSchedule', param: 'arguments' });
      expect(calls).toHaveLength(0);
    });

    it('a trailing undefined is not an extra argument', async () => {
      mockRpc({ getLeaderSchedule: serveFixture(FILTERED) });
      await getLeaderSchedule(null, { identity: IDENTITY }, undefined);
      expectSent(null, { identity: IDENTITY });
    });
  });
});
