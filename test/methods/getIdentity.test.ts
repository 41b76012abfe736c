import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { mockRpc, RPC_URL, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

// Each error is checked as the server sent it; retries have their own suite.
const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

const IDENTITY = '2sTE4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e';

describeMethod('getIdentity', {
  defaults: { answer: serveFixture('conformance/getIdentity.basic'), expect: { identity: IDENTITY } },
  cases: [
    { name: 'no config: params []', args: [], sent: [] },
    { name: 'an empty config: params []', args: [{}], sent: [] },
    {
      name: 'call options only: nothing on the wire',
      args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
      sent: [],
    },
    {
      name: 'unknown keys are tolerated and not copied',
      answer: '{"identity":"2sTE4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e","version":"2.3.7"}',
      expect: { identity: IDENTITY },
    },
  ],
  refusals: [
    {
      name: 'a bare string, not { identity }',
      answer: '"2sTE4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e"',
      path: 'result',
    },
    { name: 'identity missing', answer: '{}', path: 'result.identity', received: 'nothing (the field is missing)' },
    { name: 'identity null', answer: '{"identity":null}', path: 'result.identity' },
    {
      name: 'identity not base58 (0, O, I, l)',
      answer: '{"identity":"0OIl4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e"}',
      path: 'result.identity',
    },
    { name: 'identity too short', answer: '{"identity":"2sTE4gscFTdh41GBr7nBEjX"}', path: 'result.identity' },
  ],
  inputErrors: [
    {
      name: 'commitment: not an option of this method',
      args: [{ commitment: 'confirmed' }],
      param: 'config.commitment',
    },
    { name: 'minContextSlot: not an option either', args: [{ minContextSlot: 1 }], param: 'config.minContextSlot' },
    { name: 'config: a string', args: ['confirmed'], param: 'config' },
    { name: 'signal: not an AbortSignal', args: [{ signal: 'abort' }], param: 'config.signal' },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

describe('getIdentity', { timeout: 5_000 }, () => {
  it('behind a load balancer, two calls can name two nodes', async () => {
    mockRpc({ getIdentity: serveFixture('conformance/getIdentity.basic') });
    const first = await rpc().getIdentity();
    mockRpc({ getIdentity: serveFixture('conformance/getIdentity.other-node-behind-balancer') });
    const second = await rpc().getIdentity();
    expect(sent()).toStrictEqual([
      { method: 'getIdentity', params: [] },
      { method: 'getIdentity', params: [] },
    ]);
    expect(first).toStrictEqual({ identity: IDENTITY });
    expect(second).toStrictEqual({ identity: '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL' });
  });
});
