import { describe, expectTypeOf, it } from 'vitest';
import {
  type Blockhash,
  createRpc,
  type GetLatestBlockhash,
  type GetLatestBlockhashConfig,
  type LatestBlockhashResult,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getLatestBlockhash', () => {
  it('resolves to LatestBlockhashResult, with or without a config', async () => {
    expectTypeOf(rpc.getLatestBlockhash()).toEqualTypeOf<Promise<LatestBlockhashResult>>();
    const config: GetLatestBlockhashConfig = { commitment: 'confirmed', minContextSlot: 1n };
    const { context, value } = await rpc.getLatestBlockhash(config);
    expectTypeOf(value.blockhash).toEqualTypeOf<Blockhash>();
    // A Blockhash is a string wherever solrpc or the app takes one.
    expectTypeOf(value.blockhash).toExtend<string>();
    expectTypeOf(value.lastValidBlockHeight).toEqualTypeOf<bigint>();
    expectTypeOf(context.slot).toEqualTypeOf<number>();
    expectTypeOf(rpc.getLatestBlockhash).toEqualTypeOf<GetLatestBlockhash>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error commitment levels are fixed
    rpc.getLatestBlockhash({ commitment: 'recent' });
    // @ts-expect-error no encoding option
    rpc.getLatestBlockhash({ encoding: 'base64' });
  });
});
