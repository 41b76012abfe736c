/**
 * landTransaction's types: the full client and a narrow one serve it; the build input is a kit lifetime
 * as it is; a build may return kit's ReadonlyUint8Array, a Uint8Array or base64 text, sync or async;
 * progress events narrow by stage; a misspelt option does not compile.
 */
import { createTransactionMessage, setTransactionMessageLifetimeUsingBlockhash } from '@solana/kit';
import { expectTypeOf, test } from 'vitest';
import {
  createRpcWith,
  getAccountInfo,
  getBlockHeight,
  getLatestBlockhash,
  getRecentPrioritizationFees,
  getSignatureStatuses,
  getTransaction,
  isBlockhashValid,
  type LandedTransaction,
  type LandingProgress,
  type LandRpc,
  landTransaction,
  type Rpc,
  sendTransaction,
  simulateTransaction,
} from '../../src/index.js';

test('the full client and a narrow one serve landTransaction', () => {
  expectTypeOf<Rpc>().toExtend<LandRpc>();
  const narrow = createRpcWith('http://127.0.0.1:8899', {
    getLatestBlockhash,
    simulateTransaction,
    getRecentPrioritizationFees,
    sendTransaction,
    getSignatureStatuses,
    getBlockHeight,
    isBlockhashValid,
    getAccountInfo,
    getTransaction,
  });
  expectTypeOf(landTransaction(narrow, { build: () => 'AQ==' })).resolves.toEqualTypeOf<LandedTransaction>();
});

test('the build input is a kit lifetime; any bytes or base64 text come back', () => {
  landTransaction({} as Rpc, {
    build: (input) => {
      const message = setTransactionMessageLifetimeUsingBlockhash(input, createTransactionMessage({ version: 0 }));
      expectTypeOf(message.lifetimeConstraint.lastValidBlockHeight).toEqualTypeOf<bigint>();
      expectTypeOf(input.unitPrice).toEqualTypeOf<bigint>();
      expectTypeOf(input.unitLimit).toEqualTypeOf<number>();
      return new Uint8Array() as Readonly<Uint8Array>;
    },
  });
  landTransaction({} as Rpc, { build: async () => 'AQ==' });
  // @ts-expect-error a cap misspelt does not compile
  landTransaction({} as Rpc, { build: () => 'AQ==', maxUnitPrices: 5n });
});

test('progress events narrow by stage', () => {
  const seen = (event: LandingProgress) => {
    if (event.stage === 'rebuilt') expectTypeOf(event.expired).toEqualTypeOf<string>();
    if (event.stage === 'landed') expectTypeOf(event.slot).toEqualTypeOf<number>();
    if (event.stage === 'rebroadcast') expectTypeOf(event.count).toEqualTypeOf<number>();
  };
  void seen;
});
