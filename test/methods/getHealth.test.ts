import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { expectRpcError, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

// Each error is checked as the server sent it; retries have their own suite.
const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describeMethod('getHealth', {
  defaults: { answer: serveFixture('conformance/getHealth.ok'), expect: 'ok' },
  cases: [
    { name: 'no config: params []', args: [], sent: [] },
    { name: 'an empty config: params []', args: [{}], sent: [] },
    {
      name: 'call options only: nothing on the wire',
      args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
      sent: [],
    },
  ],
  refusals: [
    { name: 'another string', answer: '"behind"', path: 'result' },
    { name: 'a different case', answer: '"OK"', path: 'result' },
    { name: 'true', answer: 'true', path: 'result' },
    { name: 'null', answer: 'null', path: 'result' },
    { name: 'an object', answer: '{"status":"ok"}', path: 'result' },
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

const UNHEALTHY_HINT =
  'the node is unhealthy, behind the cluster by an unknown number of slots; retry later or use another node.';

describe('getHealth: an unhealthy node (-32005)', { timeout: 5_000 }, () => {
  it('behind by 42 slots: data.numSlotsBehind is the number, and the hint uses it', async () => {
    mockRpc({ getHealth: serveFixture('conformance/error.-32005.node-unhealthy-behind') });
    const error = await rejectsWith(rpc().getHealth(), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getHealth', params: [] }]);
    expectRpcError(error, 'getHealth', {
      code: -32005,
      codeName: 'NODE_UNHEALTHY',
      message: 'Node is behind by 42 slots',
      data: { numSlotsBehind: 42 },
      hint: 'the node is 42 slots behind the cluster; retry later or use another node.',
      retryable: true,
    });
  });

  it('a large count stays exact', async () => {
    mockRpc({ getHealth: reply.error(-32005, 'Node is behind by 356139512 slots', { numSlotsBehind: 356139512 }) });
    const error = await rejectsWith(rpc().getHealth(), 'RpcError');
    expect(error.data).toStrictEqual({ numSlotsBehind: 356139512 });
    expect(error.hint).toBe('the node is 356139512 slots behind the cluster; retry later or use another node.');
  });

  it('unknown (null): data.numSlotsBehind stays null, and the hint says it is unknown', async () => {
    mockRpc({ getHealth: serveFixture('conformance/getHealth.error.unhealthy-unknown') });
    const error = await rejectsWith(rpc().getHealth(), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getHealth', params: [] }]);
    expectRpcError(error, 'getHealth', {
      code: -32005,
      codeName: 'NODE_UNHEALTHY',
      message: 'Node is unhealthy',
      data: { numSlotsBehind: null },
      hint: UNHEALTHY_HINT,
      retryable: true,
    });
  });

  it.each([
    { name: 'no data (a proxy)', data: undefined, want: { numSlotsBehind: null } },
    { name: 'data null', data: null, want: { numSlotsBehind: null } },
    { name: 'data without the key', data: { upstream: 'rpc-2' }, want: { upstream: 'rpc-2', numSlotsBehind: null } },
  ])('$name: data.numSlotsBehind comes back null', async ({ data, want }) => {
    mockRpc({ getHealth: reply.error(-32005, 'Node is unhealthy', data) });
    const error = await rejectsWith(rpc().getHealth(), 'RpcError');
    expect(sent()).toStrictEqual([{ method: 'getHealth', params: [] }]);
    expect(error.data).toStrictEqual(want);
    expect(error.hint).toBe(UNHEALTHY_HINT);
  });
});
