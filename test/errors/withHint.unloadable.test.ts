/**
 * When the hint texts cannot load (a browser app whose lazy chunk is gone offline), an RPC error is still
 * thrown, typed and complete but for its code name and hint.
 */
import { expect, it, vi } from 'vitest';
import { RpcError } from '../../src/errors/RpcError.js';
import { withHint } from '../../src/errors/withHint.js';

vi.mock('../../src/errors/hints.js', () => {
  throw new Error('chunk failed to load');
});

it('returns the error as it is', async () => {
  const error = new RpcError({ method: 'getBalance', code: -32005, message: 'Node is behind', data: {} });
  expect(await withHint(error)).toBe(error);
  expect(error).toMatchObject({ name: 'RpcError', code: -32005, codeName: undefined, hint: undefined });
  expect(error.message).toBe('getBalance: RPC error -32005: Node is behind');
});
