import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { mockRpc, RPC_URL, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

// Each error is checked as the server sent it; retries have their own suite.
const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

const MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';

describeMethod('getGenesisHash', {
  defaults: { answer: serveFixture('conformance/getGenesisHash.mainnet-beta'), expect: MAINNET },
  cases: [
    { name: 'no config: params []', args: [], sent: [] },
    { name: 'an empty config: params []', args: [{}], sent: [] },
    {
      name: 'call options only: nothing on the wire',
      args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
      sent: [],
    },
    {
      name: 'devnet',
      answer: serveFixture('conformance/getGenesisHash.devnet'),
      expect: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
    },
    {
      name: 'testnet',
      answer: '"4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY"',
      expect: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
    },
    {
      name: 'the all-zero hash (32 ones)',
      answer: '"11111111111111111111111111111111"',
      expect: '11111111111111111111111111111111',
    },
  ],
  refusals: [
    // 44 characters of base58 can hold more than 32 bytes: the length alone does not prove a hash.
    {
      name: '44 characters that decode to 33 bytes',
      answer: '"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"',
      path: 'result',
    },
    { name: '31 characters (too short)', answer: '"5eykt4UsFv8P8NJdTREpY1vzqKqZKvd"', path: 'result' },
    {
      name: 'a 64-byte signature',
      answer: '"5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW"',
      path: 'result',
    },
    {
      name: 'hex, not base58',
      answer: '"0x45296998a6f8e2a784db5d9f95e18fc23f70441a1039446801089879b08c7ef0"',
      path: 'result',
    },
    { name: 'null', answer: 'null', path: 'result' },
    { name: 'wrapped in an object', answer: '{"hash":"5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d"}', path: 'result' },
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

describe('getGenesisHash', { timeout: 5_000 }, () => {
  it('tells clusters apart', async () => {
    mockRpc({ getGenesisHash: serveFixture('conformance/getGenesisHash.mainnet-beta') });
    const mainnet = await rpc().getGenesisHash();
    mockRpc({ getGenesisHash: serveFixture('conformance/getGenesisHash.devnet') });
    const devnet = await rpc().getGenesisHash();
    expect(sent()).toStrictEqual([
      { method: 'getGenesisHash', params: [] },
      { method: 'getGenesisHash', params: [] },
    ]);
    expect(mainnet).toBe(MAINNET);
    expect(devnet).not.toBe(mainnet);
  });
});
