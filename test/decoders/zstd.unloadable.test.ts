/**
 * When the zstd decoder cannot load (a browser app whose lazy chunk is gone offline, or renamed by a
 * deploy), a call that asked for base64+zstd fails with a typed, retryable error that says so, and the
 * next call tries the load again.
 */
import { expect, it, vi } from 'vitest';
import { createRpcWith } from '../../src/createRpc.js';
import { isSolRpcError } from '../../src/errors/isSolRpcError.js';
import type { SolRpcError } from '../../src/errors/SolRpcError.js';
import { getAccountInfo } from '../../src/methods/getAccountInfo.js';
import type { TransportRequest } from '../../src/types/index.js';

const loads = vi.hoisted(() => ({ count: 0 }));
// The module loadZstd imports (it brings the decoder): a chunk that fails to load.
vi.mock('../../src/codecs/zstdDecompress.js', () => {
  loads.count++;
  throw new Error('chunk failed to load');
});

const ADDRESS = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';

it('fails the call with a retryable SolRpcError naming the method, and loads again on the next call', async () => {
  const sent: TransportRequest[] = [];
  const rpc = createRpcWith(
    async (request: TransportRequest) => {
      sent.push(request);
      return {
        context: { slot: 1 },
        value: {
          data: ['KLUv/QBYAQAAAA==', 'base64+zstd'],
          executable: false,
          lamports: 1,
          owner: ADDRESS,
          rentEpoch: 0,
          space: 1,
        },
      };
    },
    { getAccountInfo },
  );
  for (const attempt of [1, 2]) {
    const error = (await rpc
      .getAccountInfo(ADDRESS, { encoding: 'base64+zstd' })
      .catch((e: unknown) => e)) as SolRpcError;
    expect(isSolRpcError(error, 'SolRpcError')).toBe(true);
    expect(error.name).toBe('SolRpcError');
    expect(error.message).toBe('getAccountInfo: could not load a decoder this response needs');
    expect(error.retryable).toBe(true);
    expect(error.cause).toBeInstanceOf(Error);
    // The request went out while the decoder was loading.
    expect(sent).toHaveLength(attempt);
  }
  // The failed load was not kept: each call asked for the module again.
  expect(loads.count).toBe(2);
});
