import { describe, expectTypeOf, it } from 'vitest';
import {
  createRpc,
  createRpcWith,
  isPreflightFailure,
  type PreflightFailure,
  type SendTransactionConfig,
  type Signature,
  sendTransaction,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const tx = new Uint8Array(0);

describe('sendTransaction', () => {
  it('resolves to a signature, from bytes or text, with or without a config', () => {
    expectTypeOf(rpc.sendTransaction(tx)).toEqualTypeOf<Promise<Signature>>();
    expectTypeOf(rpc.sendTransaction('AA==', { skipPreflight: true })).toEqualTypeOf<Promise<string>>();
    const config: SendTransactionConfig = { encoding: 'base58', preflightCommitment: 'confirmed', maxRetries: 0 };
    expectTypeOf(rpc.sendTransaction('1', config)).toEqualTypeOf<Promise<Signature>>();
    expectTypeOf(createRpcWith('http://127.0.0.1:8899', { sendTransaction }).sendTransaction(tx)).toEqualTypeOf<
      Promise<Signature>
    >();
  });

  it('refuses what is not a transaction or an option it does not take', () => {
    // @ts-expect-error: a transaction is bytes or text
    rpc.sendTransaction(42);
    // @ts-expect-error: encoding is base64 or base58 text
    rpc.sendTransaction(tx, { encoding: 'jsonParsed' });
    // @ts-expect-error: simulateTransaction's option, not sendTransaction's
    rpc.sendTransaction(tx, { sigVerify: true });
  });

  it('isPreflightFailure narrows code and data', () => {
    const error: unknown = undefined;
    if (isPreflightFailure(error)) {
      expectTypeOf(error.data).toEqualTypeOf<PreflightFailure>();
      expectTypeOf(error.code).toEqualTypeOf<-32002>();
      expectTypeOf(error.data.logs).toEqualTypeOf<string[] | null>();
      expectTypeOf(error.data.accounts).toEqualTypeOf<null>();
    }
  });
});
