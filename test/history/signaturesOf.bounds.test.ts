/**
 * signaturesOf's memory bounds (src/history/signaturesOf.ts): what it holds to catch a signature sent
 * again, and what happens at each bound. The pages come from a plain object standing in for the client,
 * so hundreds of thousands of entries take a second, not the minutes a transport would; the paging rules
 * over the real client are in signaturesOf.test.ts and signaturesOf.model.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  SIGNATURES_PER_SLOT_MAX,
  SIGNATURES_REMEMBERED,
  type SignaturesOfRpc,
  signaturesOf,
} from '../../src/history/signaturesOf.js';
import { isSolRpcError, type SignatureInfo } from '../../src/index.js';

const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const START_SLOT = 383_400_000;

function entry(signature: string, slot: number): SignatureInfo {
  return { signature, slot, err: null, memo: null, blockTime: null, confirmationStatus: 'finalized' };
}

/**
 * A client whose pages come from `source(i)`, the i-th entry of the history (undefined past its end).
 * Counts the requests and remembers what each asked for.
 */
function client(source: (i: number) => SignatureInfo | undefined) {
  const asked: { before?: string; limit?: number }[] = [];
  const index = new Map<string, number>();
  const rpc = {
    getSignaturesForAddress: async (_address: string, config: { before?: string; limit?: number } = {}) => {
      asked.push({ before: config.before, limit: config.limit });
      const start = config.before === undefined ? 0 : (index.get(config.before) ?? -1) + 1;
      const page: SignatureInfo[] = [];
      for (let i = start; page.length < (config.limit ?? 1000); i += 1) {
        const info = source(i);
        if (info === undefined) break;
        index.set(info.signature, i);
        page.push(info);
      }
      return page;
    },
  } as unknown as SignaturesOfRpc;
  return { rpc, asked };
}

async function drain(iterable: AsyncIterable<SignatureInfo>) {
  const seen = new Set<string>();
  let twice = 0;
  let error: unknown;
  try {
    for await (const { signature } of iterable) {
      if (seen.has(signature)) twice += 1;
      seen.add(signature);
    }
  } catch (caught) {
    error = caught;
  }
  return { count: seen.size + twice, twice, error };
}

describe('signaturesOf: bounded memory', { timeout: 20_000 }, () => {
  it(`a server that claims more than ${SIGNATURES_PER_SLOT_MAX} signatures at one slot: ValidationError at the bound`, async () => {
    const { rpc, asked } = client((i) => entry(`one-slot-${i}`, START_SLOT));
    const { count, twice, error } = await drain(signaturesOf(rpc, ADDRESS));
    expect(twice).toBe(0);
    // The page holding entry SIGNATURES_PER_SLOT_MAX is refused whole.
    expect(count).toBe(SIGNATURES_PER_SLOT_MAX);
    expect(asked).toHaveLength(SIGNATURES_PER_SLOT_MAX / 1000 + 1);
    expect(isSolRpcError(error, 'ValidationError')).toBe(true);
    expect(error).toMatchObject({
      path: 'result.0',
      received: `one-slot-${SIGNATURES_PER_SLOT_MAX} at slot ${START_SLOT}`,
    });
    expect((error as Error).message).toContain(`at most ${SIGNATURES_PER_SLOT_MAX} signatures at one slot`);
  });

  it('a history longer than what is remembered, one signature per slot, is yielded whole', async () => {
    const length = SIGNATURES_REMEMBERED * 2 + 500;
    const { rpc } = client((i) => (i < length ? entry(`long-${i}`, START_SLOT - i) : undefined));
    const { count, twice, error } = await drain(signaturesOf(rpc, ADDRESS));
    expect(error).toBeUndefined();
    expect(twice).toBe(0);
    expect(count).toBe(length);
  });

  it(`a signature sent again at a lower slot, ${SIGNATURES_REMEMBERED} entries later: ValidationError`, async () => {
    // Entry SIGNATURES_REMEMBERED is entry 0 again, moved to a lower slot: still among those remembered.
    const { rpc } = client((i) =>
      i === SIGNATURES_REMEMBERED ? entry('moved-0', START_SLOT - i) : entry(`moved-${i}`, START_SLOT - i),
    );
    const { count, twice, error } = await drain(signaturesOf(rpc, ADDRESS, { limit: SIGNATURES_REMEMBERED + 10 }));
    expect(twice).toBe(0);
    expect(count).toBe(SIGNATURES_REMEMBERED);
    expect(isSolRpcError(error, 'ValidationError')).toBe(true);
  });

  it(`the documented limit: moved to a lower slot ${SIGNATURES_REMEMBERED + 1} entries later, it is not caught`, async () => {
    // What the docs state: past the latest SIGNATURES_REMEMBERED, only a repeat at the same slot or above
    // is caught. This pins the bound, so a change to it is seen here and in the docs.
    const { rpc } = client((i) =>
      i === SIGNATURES_REMEMBERED + 1 ? entry('moved-0', START_SLOT - i) : entry(`moved-${i}`, START_SLOT - i),
    );
    const { twice, error } = await drain(signaturesOf(rpc, ADDRESS, { limit: SIGNATURES_REMEMBERED + 10 }));
    expect(error).toBeUndefined();
    expect(twice).toBe(1);
  });

  it('the entries of the lowest slot are all kept, past SIGNATURES_REMEMBERED: a repeat there is caught', async () => {
    // 10 at the first slot, then about 150,000 at the next (more than are remembered across slots), the
    // last of which is the first of that slot again, 149,990 entries later.
    const repeatAt = SIGNATURES_REMEMBERED + 50_000;
    const { rpc } = client((i) => entry(`same-${i === repeatAt ? 10 : i}`, START_SLOT - (i < 10 ? 0 : 1)));
    const { count, twice, error } = await drain(signaturesOf(rpc, ADDRESS));
    expect(twice).toBe(0);
    expect(isSolRpcError(error, 'ValidationError')).toBe(true);
    expect(count).toBe(Math.floor(repeatAt / 1000) * 1000);
  });
});
