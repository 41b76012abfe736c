import { describe, expectTypeOf, it } from 'vitest';
import {
  createRpc,
  type ParsedSimulateTransactionResult,
  type SimulateTransactionConfig,
  type SimulateTransactionResult,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const tx = new Uint8Array(0);

describe('simulateTransaction', () => {
  it('narrows the accounts by their encoding', () => {
    expectTypeOf(rpc.simulateTransaction(tx)).toEqualTypeOf<Promise<SimulateTransactionResult>>();
    expectTypeOf(
      rpc.simulateTransaction('AA==', { accounts: { addresses: [], encoding: 'base64+zstd' } }),
    ).toEqualTypeOf<Promise<SimulateTransactionResult>>();
    expectTypeOf(rpc.simulateTransaction(tx, { accounts: { addresses: [], encoding: 'jsonParsed' } })).toEqualTypeOf<
      Promise<ParsedSimulateTransactionResult>
    >();
    const config: SimulateTransactionConfig = { accounts: { addresses: [] } };
    expectTypeOf(rpc.simulateTransaction(tx, config)).toEqualTypeOf<Promise<ParsedSimulateTransactionResult>>();
  });

  it('types the outcome: numbers, bytes, optional newer fields', async () => {
    const { value } = await rpc.simulateTransaction(tx);
    expectTypeOf(value.unitsConsumed).toEqualTypeOf<number | null>();
    expectTypeOf(value.returnData?.data).toEqualTypeOf<Uint8Array | undefined>();
    expectTypeOf(value.fee).toEqualTypeOf<bigint | null | undefined>();
    expectTypeOf(value.accounts?.[0]?.data).toEqualTypeOf<Uint8Array | undefined>();
  });
});
