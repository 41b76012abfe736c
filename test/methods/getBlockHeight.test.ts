import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { mockRpc, RPC_URL, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

// Each error is checked as the server sent it; retries have their own suite.
const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

describeMethod('getBlockHeight', {
  defaults: { answer: serveFixture('conformance/getBlockHeight.basic'), expect: 334287172 },
  cases: [
    { name: 'no config: params []', args: [], sent: [] },
    {
      name: 'call options only: nothing on the wire',
      args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
      sent: [],
    },
    { name: 'commitment', args: [{ commitment: 'processed' }], sent: [{ commitment: 'processed' }] },
    {
      name: 'minContextSlot as a bigint',
      args: [{ minContextSlot: 356139500n }],
      sent: [{ minContextSlot: 356139500 }],
    },
    {
      name: 'commitment and minContextSlot, in that order',
      args: [{ minContextSlot: 0, commitment: 'confirmed' }],
      sent: [{ commitment: 'confirmed', minContextSlot: 0 }],
    },
    {
      name: 'the processed conformance case',
      args: [{ commitment: 'processed' }],
      sent: [{ commitment: 'processed' }],
      answer: serveFixture('conformance/getBlockHeight.processed'),
      expect: 334287190,
    },
    { name: 'height 0 (genesis)', answer: '0', expect: 0 },
  ],
  refusals: [
    {
      name: 'a height above Number.MAX_SAFE_INTEGER',
      answer: '18446744073709551615',
      path: 'result',
      received: '18446744073709551615',
    },
    { name: 'a height as a string', answer: '"334287172"', path: 'result' },
    { name: 'a float token above 2^53 (digits already lost)', answer: '1e16', path: 'result' },
    { name: 'an object', answer: '{"blockHeight":334287172}', path: 'result' },
    { name: 'null', answer: 'null', path: 'result' },
  ],
  inputErrors: [
    { name: 'commitment: recent (removed)', args: [{ commitment: 'recent' }], param: 'config.commitment' },
    { name: 'minContextSlot: negative', args: [{ minContextSlot: -1 }], param: 'config.minContextSlot' },
    { name: 'minContextSlot: an unsafe number', args: [{ minContextSlot: 2 ** 53 }], param: 'config.minContextSlot' },
    { name: 'minContextSlot: a string', args: [{ minContextSlot: '1' }], param: 'config.minContextSlot' },
    { name: 'config: a string (a positional commitment)', args: ['confirmed'], param: 'config' },
    { name: 'config: null', args: [null], param: 'config' },
    { name: 'an option of another method', args: [{ encoding: 'base64' }], param: 'config.encoding' },
    { name: 'timeoutMs: zero', args: [{ timeoutMs: 0 }], param: 'config.timeoutMs' },
    { name: 'a second argument', args: [{}, {}], param: 'arguments' },
  ],
});

describe('getBlockHeight', { timeout: 5_000 }, () => {
  it('is below the slot of the same bank (skipped slots have no block)', async () => {
    mockRpc({
      getSlot: serveFixture('conformance/getSlot.basic'),
      getBlockHeight: serveFixture('conformance/getBlockHeight.basic'),
    });
    const client = rpc();
    const [slot, height] = [await client.getSlot(), await client.getBlockHeight()];
    expect(sent()).toStrictEqual([
      { method: 'getSlot', params: [] },
      { method: 'getBlockHeight', params: [] },
    ]);
    expect(height).toBe(334287172);
    expect(slot - height).toBe(21852340);
  });
});
