import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const CURRENT = 'conformance/getBlockProduction.current-epoch';
const FILTERED = 'conformance/getBlockProduction.identity-range';
const A = '8HrMoDGq2CgD3uomED9urHDQBBrB5bf4gsq2kTN1D26d';

/** A decoded result, as a literal: `byIdentity` as a plain object. */
interface PlainResult {
  context: { apiVersion: string; slot: number };
  value: { byIdentity: Record<string, number[]>; range: { firstSlot: number; lastSlot: number } };
}

/** The current-epoch case, as the node sent it (keys byte-sorted). */
const CURRENT_RESULT: PlainResult = {
  context: { apiVersion: '2.3.7', slot: 356139519 },
  value: {
    byIdentity: {
      '1KXvrkPXwkGF6NK1zyzVuJqbXfpenPVPP6hoiK9bsK3': [168, 168],
      [A]: [1832, 1830],
      '9jFPN9qW1XTSFWtMAa4oVLVSLF4gX8qJrde53DYk95Kv': [96, 95],
      G2rjngFVTJvmbssc3kykKrrqGcLrFRY76nubhoZPyytd: [4, 0],
    },
    range: { firstSlot: 355968000, lastSlot: 356139519 },
  },
};

/** The current-epoch result with one exact text edit. */
const currentWith = (search: string, replacement: string) => resultTextOf(CURRENT, [[search, replacement]]);
/** A result's byIdentity as a plain object, for comparison with a literal (the decoder's has no prototype). */
const plain = (result: { value: { byIdentity: object } }) => ({
  ...result,
  value: { ...result.value, byIdentity: { ...result.value.byIdentity } },
});

/** A result as the decoder builds it: byIdentity with no prototype. */
const decoded = (result: PlainResult) => ({
  ...result,
  value: { ...result.value, byIdentity: Object.assign(Object.create(null), result.value.byIdentity) },
});

const FILTERED_RESULT = {
  context: { apiVersion: '2.3.7', slot: 356139519 },
  value: { byIdentity: { [A]: [16, 15] }, range: { firstSlot: 356139000, lastSlot: 356139499 } },
};

const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describeMethod('getBlockProduction', {
  defaults: { answer: serveFixture(CURRENT), expect: decoded(CURRENT_RESULT) },
  cases: [
    { name: 'no config: params [] (the current epoch so far)' },
    {
      name: 'identity, range and commitment: one object, in agave’s field order',
      args: [{ commitment: 'confirmed', range: { lastSlot: 356139499n, firstSlot: 356139000 }, identity: A }],
      sent: loadFixture(FILTERED).params,
      answer: serveFixture(FILTERED),
      expect: decoded(FILTERED_RESULT),
    },
    {
      name: 'a range without lastSlot: sent without it (the node counts up to its bank’s slot)',
      args: [{ range: { firstSlot: 355968000 } }],
      sent: [{ range: { firstSlot: 355968000 } }],
    },
    {
      name: 'lastSlot equal to firstSlot: one slot, sent',
      args: [{ range: { firstSlot: 7, lastSlot: 7 } }],
      sent: [{ range: { firstSlot: 7, lastSlot: 7 } }],
    },
    { name: 'call options only: nothing on the wire', args: [{ signal: new AbortController().signal }] },
    {
      name: 'an identity that led no slot: an empty map',
      args: [{ identity: A }],
      sent: [{ identity: A }],
      answer: currentWith(resultTextOf(CURRENT).match(/"byIdentity":\{[^}]*\}/)?.[0] as string, '"byIdentity":{}'),
      expect: decoded({
        ...CURRENT_RESULT,
        value: { ...CURRENT_RESULT.value, byIdentity: {} },
      }),
    },
  ],
  refusals: [
    {
      name: 'a count as a string',
      answer: currentWith('[1832,1830]', '[1832,"1830"]'),
      path: `result.value.byIdentity.${A}.1`,
    },
    { name: 'three counts', answer: currentWith('[1832,1830]', '[1832,1830,0]'), path: `result.value.byIdentity.${A}` },
    { name: 'one count', answer: currentWith('[1832,1830]', '[1832]'), path: `result.value.byIdentity.${A}` },
    {
      name: 'counts as an object',
      answer: currentWith('[1832,1830]', '{"leaderSlots":1832,"blocksProduced":1830}'),
      path: `result.value.byIdentity.${A}`,
    },
    {
      name: 'a key that is not an address',
      answer: currentWith(`"${A}"`, '"not-an-address"'),
      path: 'result.value.byIdentity.not-an-address',
    },
    {
      name: 'a __proto__ key',
      answer: currentWith(`"${A}"`, '"__proto__"'),
      path: 'result.value.byIdentity.__proto__',
    },
    {
      name: 'a count above Number.MAX_SAFE_INTEGER',
      answer: currentWith('[168,168]', '[9007199254740993,168]'),
      path: 'result.value.byIdentity.1KXvrkPXwkGF6NK1zyzVuJqbXfpenPVPP6hoiK9bsK3.0',
    },
    {
      name: 'range missing',
      answer: currentWith(',"range":{"firstSlot":355968000,"lastSlot":356139519}', ''),
      path: 'result.value.range',
    },
    {
      name: 'lastSlot negative',
      answer: currentWith('"lastSlot":356139519', '"lastSlot":-1'),
      path: 'result.value.range.lastSlot',
    },
    {
      name: 'no context',
      answer: currentWith('"context":{"apiVersion":"2.3.7","slot":356139519},', ''),
      path: 'result.context',
    },
  ],
  inputErrors: [
    { name: 'config: a string', args: ['confirmed'], param: 'config' },
    { name: 'identity: not base58', args: [{ identity: 'not-an-address' }], param: 'config.identity' },
    { name: 'range: a number', args: [{ range: 355968000 }], param: 'config.range' },
    { name: 'range without firstSlot', args: [{ range: { lastSlot: 5 } }], param: 'config.range.firstSlot' },
    { name: 'range: a negative firstSlot', args: [{ range: { firstSlot: -1 } }], param: 'config.range.firstSlot' },
    {
      name: 'range: lastSlot below firstSlot (agave: "cannot be less than firstSlot")',
      args: [{ range: { firstSlot: 10, lastSlot: 9n } }],
      param: 'config.range.lastSlot',
    },
    { name: 'range: an unknown key', args: [{ range: { firstSlot: 1, last: 2 } }], param: 'config.range.last' },
    { name: 'a bad commitment', args: [{ commitment: 'recent' }], param: 'config.commitment' },
    {
      name: 'minContextSlot: not an option of this method',
      args: [{ minContextSlot: 1 }],
      param: 'config.minContextSlot',
    },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

describe('getBlockProduction: beyond the table', { timeout: 5_000 }, () => {
  it('byIdentity: a null-prototype map, keys as sent, each value a fresh [leaderSlots, blocksProduced]', async () => {
    mockRpc({ getBlockProduction: serveFixture(CURRENT) });
    const result = await rpc().getBlockProduction();
    expect(sent()).toStrictEqual([{ method: 'getBlockProduction', params: [] }]);
    expect(Object.getPrototypeOf(result.value.byIdentity)).toBeNull();
    expect(Object.keys(result.value.byIdentity)).toStrictEqual(Object.keys(CURRENT_RESULT.value.byIdentity));
    expect(plain(result)).toStrictEqual(CURRENT_RESULT);
    expect('toString' in result.value.byIdentity).toBe(false);
    // All four slots skipped: [4, 0].
    expect(result.value.byIdentity.G2rjngFVTJvmbssc3kykKrrqGcLrFRY76nubhoZPyytd).toStrictEqual([4, 0]);
  });

  it('unknown keys beside the known ones are tolerated and not copied', async () => {
    mockRpc({
      getBlockProduction: reply.resultText(currentWith('"range":{', '"total":[1,2],"range":{"zz":1,')),
    });
    const result = await rpc().getBlockProduction();
    expect(plain(result)).toStrictEqual(CURRENT_RESULT);
  });

  it('a lastSlot past the node’s slot history: its -32602 comes through with the node’s words', async () => {
    const name = 'conformance/getBlockProduction.error.last-slot-too-large';
    mockRpc({ getBlockProduction: serveFixture(name) });
    const error = await rejectsWith(
      rpc().getBlockProduction({ range: { firstSlot: 356139000, lastSlot: 356200000 } }),
      'RpcError',
    );
    expect(sent()).toStrictEqual([{ method: 'getBlockProduction', params: loadFixture(name).params }]);
    expect(error).toMatchObject({ code: -32602, serverMessage: 'lastSlot, 356200000, is too large; max 356139519' });
  });

  it('bigint range slots above 2^53 go out as exact integers', async () => {
    mockRpc({ getBlockProduction: serveFixture(CURRENT) });
    await rpc().getBlockProduction({ range: { firstSlot: 9007199254740993n, lastSlot: 9007199254740995n } });
    expect(calls[0]?.body).toContain('"params":[{"range":{"firstSlot":9007199254740993,"lastSlot":9007199254740995}}]');
  });
});
