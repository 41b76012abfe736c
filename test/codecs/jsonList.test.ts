import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJson, parseJsonExactAt } from '../../src/codecs/json.js';
import { type ListPath, readJsonList } from '../../src/codecs/jsonList.js';

const encoder = new TextEncoder();
const fail = (offset: number, problem: string) => new JsonSyntaxError(offset, problem);

/** The body's bytes cut at the given points (any byte, inside a UTF-8 character too). */
function chunksOf(text: string, cuts: number[] = []): () => Promise<Uint8Array | undefined> {
  const bytes = encoder.encode(text);
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (const point of [...points, bytes.length]) {
    if (point > at) pieces.push(bytes.subarray(at, point));
    at = Math.max(at, point);
  }
  return async () => pieces.shift();
}

async function read(text: string, paths: readonly ListPath[], cuts?: number[], parse = parseJson, run?: number) {
  return readJsonList(chunksOf(text, cuts), {
    paths,
    parse,
    fail,
    runChars: run ? { first: run, max: run * 4 } : undefined,
  });
}

async function stream(text: string, paths: readonly ListPath[], cuts?: number[], run?: number) {
  const items: unknown[] = [];
  const runs: number[] = [];
  const answer = await readJsonList(chunksOf(text, cuts), {
    paths,
    parse: parseJson,
    fail,
    runChars: run ? { first: run, max: run * 4 } : undefined,
    onItems: async (run) => {
      runs.push(run.length);
      items.push(...run);
    },
  });
  return { answer, items, runs };
}

/** A string that holds what a naive cutter could take for structure. */
const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom(
    ',{"account":',
    '},{"account":{',
    ']',
    '],"id":1}',
    '\\"',
    '\\\\',
    '"',
    '{"pubkey":"x"}',
    'é漢字🙂',
    '\u2028',
    '[[[',
  ),
  fc
    .array(fc.constantFrom(',{"account":', ']', '}', '{', '\\', '"', 'a', '🙂'), { maxLength: 12 })
    .map((parts) => parts.join('')),
);

const item = fc.record({
  account: fc.record({
    data: fc.tuple(nasty, fc.constantFrom('base64', 'base58')),
    lamports: fc.oneof(fc.nat(), fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n - 1n })),
    nested: fc.array(fc.record({ account: nasty, n: fc.integer() }), { maxLength: 3 }),
    rentEpoch: fc.constantFrom(18446744073709551615n, 361n),
  }),
  pubkey: nasty,
});

const write = (value: unknown): string =>
  JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `@@${v}@@` : v)).replace(/"@@(\d+)@@"/g, '$1');

describe('readJsonList', () => {
  it('reads any list, cut anywhere, as the exact parser reads the whole body (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { maxLength: 40 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.constantFrom('', ' ', '\n  '),
        fc.constantFrom(undefined, 1, 7, 40, 300),
        async (items, withContext, cuts, space, run) => {
          const result = withContext ? { context: { slot: 5, apiVersion: ']' }, value: items } : items;
          const body = `{"jsonrpc":"2.0",${space}"result":${space}${write(result)},"id":1}`;
          const paths = [['result'], ['result', 'value']];
          const expected = parseJson(body);
          expect(await read(body, paths, cuts, parseJson, run)).toEqual(expected);
          const streamed = await stream(body, paths, cuts, run);
          const list = (expected as { result: unknown }).result;
          expect(streamed.items).toEqual(withContext ? (list as { value: unknown[] }).value : list);
          const emptied = structuredClone(expected) as { result: unknown };
          if (withContext) (emptied.result as { value: unknown[] }).value = [];
          else emptied.result = [];
          expect(streamed.answer).toEqual(emptied);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('agrees with the exact parser on damaged bodies: both refuse, or both read the same (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { minLength: 1, maxLength: 12 }),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.constantFrom('', ',', ']', '}', '[', '{', '"', '\\', ' ', '0', ',{"account":', '],[', ', ,'),
          ),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.constantFrom(1, 7, 60),
        fc.boolean(),
        async (items, edits, replace, cuts, run, withContext) => {
          const result = withContext ? `{"context":{"slot":1},"value":${write(items)}}` : write(items);
          let body = `{"jsonrpc":"2.0","result":${result},"id":1}`;
          for (const [at, text] of edits) {
            const i = at % (body.length + 1);
            body = body.slice(0, i) + text + body.slice(replace ? i + 1 : i);
          }
          // An edit may split a surrogate pair: compare with the text the bytes on the wire hold.
          body = new TextDecoder().decode(encoder.encode(body));
          let expected: unknown;
          let refused = false;
          try {
            expected = parseJson(body);
          } catch (error) {
            expect(error).toBeInstanceOf(JsonSyntaxError);
            refused = true;
          }
          const got = await read(body, [['result'], ['result', 'value']], cuts, parseJson, run).then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          );
          if (refused) expect('error' in got && got.error instanceof JsonSyntaxError).toBe(true);
          else if ('error' in got) {
            // Only a repeated list key may be refused where the exact parser reads the body.
            expect(String(got.error)).toMatch(/given twice/);
          } else expect(got.value).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads long lists in growing runs, the first one small', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({
      account: { data: ['QUJD'.repeat(55), 'base64'], lamports: i, rentEpoch: 18446744073709551615n, space: 165 },
      pubkey: `key${i}`,
    }));
    const body = `{"jsonrpc":"2.0","result":${write(items)},"id":7}`;
    const cuts = Array.from({ length: 200 }, (_, i) => i * 65_536);
    const { items: got, runs } = await stream(body, [['result']], cuts);
    expect(got).toEqual((parseJson(body) as { result: unknown[] }).result);
    expect(runs.length).toBeGreaterThan(5);
    expect(runs[0]).toBeLessThan(200);
    const exact = (await read(body, [['result']], cuts, (t) => parseJsonExactAt(t, ['lamports', 'rentEpoch']))) as {
      result: { account: { rentEpoch: unknown } }[];
    };
    expect(exact.result[19_999]?.account.rentEpoch).toBe(18446744073709551615n);
  });

  it('reads an answer without the list whole: an error, a null result, another shape', async () => {
    for (const body of [
      '{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":1}',
      '{"jsonrpc":"2.0","result":null,"id":1}',
      '{"jsonrpc":"2.0","result":{"value":[1,2]},"id":1}',
      '{"jsonrpc":"2.0","result":{"other":[{"a":1}]},"id":1,"extra":[[["result"]]]}',
    ]) {
      expect(await read(body, [['result']])).toEqual(parseJson(body));
    }
  });

  it('finds the list by its keys only, not by text that looks like them', async () => {
    const body =
      '{"jsonrpc":"2.0","note":"\\"result\\":[","x":{"result":[9]},"result":[{"a":"\\u0041"},{"a":2}],"id":1}';
    expect(await read(body, [['result']], [3, 17, 40])).toEqual(parseJson(body));
    expect((await stream(body, [['result']])).items).toEqual([{ a: 'A' }, { a: 2 }]);
  });

  it('refuses what is not JSON, wherever it is wrong', async () => {
    const bad = [
      '{"jsonrpc":"2.0","result":[{"a":1},],"id":1}', // trailing comma
      '{"jsonrpc":"2.0","result":[{"a":1},{"a":2}',
      '{"jsonrpc":"2.0","result":[{"a":1}}],"id":1}',
      '{"jsonrpc":"2.0","result":[{"a":1}],"id":1} trailing',
      '{"jsonrpc":"2.0","result":[{"a":"unterminated}],"id":1}',
      '{"jsonrpc":"2.0","result":[{"a":1},{"a":tru}],"id":1}',
      '{"jsonrpc":"2.0","result":[,{"a":1}],"id":1}',
    ];
    for (const body of bad) {
      expect(() => parseJson(body)).toThrow(JsonSyntaxError);
      for (const run of [undefined, 1, 5]) {
        await expect(read(body, [['result']], [5, 30], parseJson, run)).rejects.toBeInstanceOf(JsonSyntaxError);
        await expect(stream(body, [['result']], [5, 30], run)).rejects.toBeInstanceOf(JsonSyntaxError);
      }
    }
  });

  it('refuses a list given twice (the later value would replace the items read)', async () => {
    const body = '{"jsonrpc":"2.0","result":[{"a":1}],"id":1,"result":[]}';
    await expect(read(body, [['result']])).rejects.toThrow(/given twice/);
  });

  it('counts depth as in the whole body: items nesting past the limit are refused', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const ok = `{"result":[{"a":${deep(125)}}]}`; // 1 + 1 + 1 + 125 = 128
    const tooDeep = `{"result":[{"a":${deep(126)}}]}`;
    expect(await read(ok, [['result']])).toEqual(parseJson(ok));
    expect(() => parseJson(tooDeep)).toThrow(/too deep/);
    await expect(read(tooDeep, [['result']])).rejects.toThrow(/too deep/);
  });

  it('waits for the consumer before reading on (backpressure)', async () => {
    const items = Array.from({ length: 5_000 }, (_, i) => ({ pubkey: `k${i}`, data: 'x'.repeat(200) }));
    const bytes = encoder.encode(`{"jsonrpc":"2.0","result":${JSON.stringify(items)},"id":1}`);
    let served = 0;
    const next = async () => {
      if (served >= bytes.length) return undefined;
      const piece = bytes.subarray(served, served + 4096);
      served += piece.length;
      return piece;
    };
    let release: () => void = () => undefined;
    let runs = 0;
    const reading = readJsonList(next, {
      paths: [['result']],
      parse: parseJson,
      fail,
      onItems: () => {
        runs++;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // One run handed over and not yet taken: reading stopped soon after it.
    expect(runs).toBe(1);
    expect(served).toBeLessThan(64 * 1024);
    const before = served;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(served).toBe(before);
    const drain = setInterval(() => release(), 0);
    await reading;
    clearInterval(drain);
    expect(served).toBe(bytes.length);
  });
});
