import { expectTypeOf, test } from 'vitest';
import { isTokenExtension } from '../../src/decoders/tokenExtensions.js';
import type { TokenExtension, TransferFeeConfigState } from '../../src/types/token.js';

test("isTokenExtension narrows an extension to its name's state", () => {
  const e = {} as TokenExtension;
  if (isTokenExtension(e, 'transferFeeConfig')) expectTypeOf(e.state).toEqualTypeOf<TransferFeeConfigState>();
  if (isTokenExtension(e, 'immutableOwner')) expectTypeOf(e.state).toEqualTypeOf<undefined>();
});
