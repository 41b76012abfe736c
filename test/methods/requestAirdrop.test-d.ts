import { describe, expectTypeOf, it } from 'vitest';
import { createRpc, type RequestAirdrop, type RequestAirdropConfig, type Signature } from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const address = 'BNXPENvqdwuhjKN8CNmgfQirpUJLZNveMmZtpjd8r5HH';

describe('requestAirdrop', () => {
  it('takes lamports as number or bigint and resolves to a signature', () => {
    expectTypeOf(rpc.requestAirdrop(address, 1)).toEqualTypeOf<Promise<Signature>>();
    const config: RequestAirdropConfig = { commitment: 'confirmed', recentBlockhash: 'x' };
    expectTypeOf(rpc.requestAirdrop(address, 1n, config)).toEqualTypeOf<Promise<Signature>>();
    expectTypeOf(rpc.requestAirdrop).toEqualTypeOf<RequestAirdrop>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error lamports are required
    rpc.requestAirdrop(address);
    // @ts-expect-error agave's airdrop config has no minContextSlot
    rpc.requestAirdrop(address, 1, { minContextSlot: 1 });
  });
});
