import { describe, expectTypeOf, it } from 'vitest';
import {
  type BlockhashValidResult,
  createRpc,
  type IsBlockhashValid,
  type IsBlockhashValidConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const hash = 'AkVsbq27KPvLSfSbvaup1jSHcHceUntzVbWbSBx9R4US';

describe('isBlockhashValid', () => {
  it('resolves to a boolean value with context', async () => {
    expectTypeOf(rpc.isBlockhashValid(hash)).toEqualTypeOf<Promise<BlockhashValidResult>>();
    const config: IsBlockhashValidConfig = { commitment: 'processed', minContextSlot: 5 };
    expectTypeOf((await rpc.isBlockhashValid(hash, config)).value).toEqualTypeOf<boolean>();
    expectTypeOf(rpc.isBlockhashValid).toEqualTypeOf<IsBlockhashValid>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error the blockhash is required
    rpc.isBlockhashValid();
    // @ts-expect-error no encoding option
    rpc.isBlockhashValid(hash, { encoding: 'base64' });
  });
});
