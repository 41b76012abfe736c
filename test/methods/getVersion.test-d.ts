/** Type tests of `getVersion`: its one overload, its config and calls that must not compile. */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type CallOptions,
  createRpc,
  type GetVersion,
  type GetVersionConfig,
  type VersionInfo,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getVersion', () => {
  it('resolves to VersionInfo, with or without a config', () => {
    expectTypeOf(rpc.getVersion()).toEqualTypeOf<Promise<VersionInfo>>();
    expectTypeOf(rpc.getVersion({})).toEqualTypeOf<Promise<VersionInfo>>();
    expectTypeOf(rpc.getVersion({ timeoutMs: 500 })).toEqualTypeOf<Promise<VersionInfo>>();
    const config: GetVersionConfig = { signal: new AbortController().signal };
    expectTypeOf(rpc.getVersion(config)).toEqualTypeOf<Promise<VersionInfo>>();
  });

  it('takes the call options only', () => {
    expectTypeOf<GetVersionConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetVersionConfig>().toEqualTypeOf<'signal' | 'timeoutMs'>();
  });

  it('is the hand-written GetVersion on the client', () => {
    expectTypeOf(rpc.getVersion).toEqualTypeOf<GetVersion>();
  });

  it('keeps the kebab-case keys; feature-set is always there, null where unknown', () => {
    expectTypeOf<keyof VersionInfo>().toEqualTypeOf<'solana-core' | 'feature-set'>();
    expectTypeOf<VersionInfo['solana-core']>().toEqualTypeOf<string>();
    expectTypeOf<VersionInfo['feature-set']>().toEqualTypeOf<number | null>();
    expectTypeOf({ 'solana-core': '2.3.7' }).not.toExtend<VersionInfo>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error getVersion takes no commitment
    rpc.getVersion({ commitment: 'confirmed' });
    // @ts-expect-error getVersion takes no minContextSlot
    rpc.getVersion({ minContextSlot: 5 });
    // @ts-expect-error getVersion takes one config at most
    rpc.getVersion({}, {});
  });
});
