import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { calls, expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

const ADDRESS = 'BNXPENvqdwuhjKN8CNmgfQirpUJLZNveMmZtpjd8r5HH';
const SIGNATURE = '5UpoL1GgU9fNu8j3Cikw1kqQCf9WvzVidrQkpCMaBdAtrptsxNXdWuAsZwfCBXh6hFksetSvGomqrsgqyP5NWAG6';
const HASH = 'AkVsbq27KPvLSfSbvaup1jSHcHceUntzVbWbSBx9R4US';

describeMethod('requestAirdrop', {
  defaults: {
    args: [ADDRESS, 1_000_000_000, { commitment: 'confirmed' }],
    sent: [ADDRESS, 1_000_000_000, { commitment: 'confirmed' }],
    answer: serveFixture('conformance/requestAirdrop.signature'),
    expect: SIGNATURE,
  },
  cases: [
    { name: 'address, lamports, commitment: the signature' },
    { name: 'lamports as a bigint', args: [ADDRESS, 1_000_000_000n], sent: [ADDRESS, 1_000_000_000] },
    {
      name: 'recentBlockhash',
      args: [ADDRESS, 5, { recentBlockhash: HASH, timeoutMs: 1_000 }],
      sent: [ADDRESS, 5, { recentBlockhash: HASH }],
    },
  ],
  refusals: [
    { name: 'a signature that is not base58', answer: '"0OIl"', path: 'result' },
    { name: 'null', answer: 'null', path: 'result' },
  ],
  inputErrors: [
    { name: 'no lamports', args: [ADDRESS], param: 'lamports' },
    { name: 'negative lamports', args: [ADDRESS, -1], param: 'lamports' },
    { name: 'lamports above u64::MAX', args: [ADDRESS, 2n ** 64n], param: 'lamports' },
    { name: 'fractional lamports', args: [ADDRESS, 0.5], param: 'lamports' },
    { name: 'a bad address', args: ['nope', 1], param: 'address' },
    { name: 'a bad recentBlockhash', args: [ADDRESS, 1, { recentBlockhash: 'x' }], param: 'config.recentBlockhash' },
    { name: 'minContextSlot (not taken)', args: [ADDRESS, 1, { minContextSlot: 5 }], param: 'config.minContextSlot' },
  ],
});

describe('requestAirdrop', { timeout: 5_000 }, () => {
  const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

  it('a node without a faucet: -32600 with a hint that says so', async () => {
    mockRpc({ requestAirdrop: serveFixture('conformance/requestAirdrop.error.no-faucet') });
    const error = await rejectsWith(rpc().requestAirdrop(ADDRESS, 1_000_000_000), 'RpcError');
    expectRpcError(error, 'requestAirdrop', {
      code: -32600,
      codeName: 'INVALID_REQUEST',
      message: 'Invalid request',
      data: undefined,
      hint: 'this node has no faucet: airdrops come from a test validator (solana-test-validator) or the devnet and testnet faucets, never mainnet-beta.',
      retryable: false,
    });
    expect(sent()).toStrictEqual([{ method: 'requestAirdrop', params: [ADDRESS, 1_000_000_000] }]);
  });

  it('-32600 from another method keeps no faucet hint', async () => {
    mockRpc({ getBalance: reply.error(-32600, 'Invalid request') });
    const error = await rejectsWith(rpc().getBalance(ADDRESS), 'RpcError');
    expect(error.hint).toBeUndefined();
  });

  it('sends u64::MAX lamports exactly', async () => {
    mockRpc({ requestAirdrop: reply.result(SIGNATURE) });
    await expect(rpc().requestAirdrop(ADDRESS, 18446744073709551615n)).resolves.toBe(SIGNATURE);
    expect(calls[0]?.body).toContain(`"params":["${ADDRESS}",18446744073709551615]`);
  });
});
