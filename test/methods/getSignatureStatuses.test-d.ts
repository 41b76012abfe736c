import { describe, expectTypeOf, it } from 'vitest';
import {
  type Commitment,
  createRpc,
  type GetSignatureStatuses,
  type SignatureStatus,
  type SignatureStatusesResult,
  type TransactionError,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

describe('getSignatureStatuses', () => {
  it('resolves to statuses or null, index-aligned', async () => {
    expectTypeOf(rpc.getSignatureStatuses([])).toEqualTypeOf<Promise<SignatureStatusesResult>>();
    const { value } = await rpc.getSignatureStatuses(['x'], { searchTransactionHistory: true });
    expectTypeOf(value).toEqualTypeOf<(SignatureStatus | null)[]>();
    const [status] = value;
    expectTypeOf(status?.confirmations).toEqualTypeOf<number | null | undefined>();
    expectTypeOf(status?.err).toEqualTypeOf<TransactionError | null | undefined>();
    expectTypeOf(status?.confirmationStatus).toEqualTypeOf<Commitment | null | undefined>();
    expectTypeOf(rpc.getSignatureStatuses).toEqualTypeOf<GetSignatureStatuses>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error signatures are a list
    rpc.getSignatureStatuses('x');
    // @ts-expect-error agave's config takes no commitment
    rpc.getSignatureStatuses([], { commitment: 'confirmed' });
  });
});
