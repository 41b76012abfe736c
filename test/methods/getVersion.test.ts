import { describe, expect, it } from 'vitest';
import { createRpc, type VersionInfo } from '../../src/index.js';
import { serveFixture } from '../msw/fixtures.js';
import { mockRpc, RPC_URL, sent, useMswServer } from '../msw/server.js';
import { describeMethod } from '../support/methodTable.js';

useMswServer();

// Each error is checked as the server sent it; retries have their own suite.
const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

const AGAVE: VersionInfo = { 'solana-core': '2.3.7', 'feature-set': 3294202862 };

describeMethod('getVersion', {
  defaults: { answer: serveFixture('conformance/getVersion.agave-2.3'), expect: AGAVE },
  cases: [
    { name: 'no config: params []', args: [], sent: [] },
    { name: 'an empty config: params []', args: [{}], sent: [] },
    {
      name: 'call options only: nothing on the wire',
      args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
      sent: [],
    },
    {
      name: 'feature-set null stays null',
      answer: serveFixture('conformance/getVersion.feature-set-null'),
      expect: { 'solana-core': '2.3.7', 'feature-set': null },
    },
    {
      name: 'feature-set missing (older nodes) comes back null',
      answer: serveFixture('conformance/getVersion.feature-set-absent'),
      expect: { 'solana-core': '1.2.32', 'feature-set': null },
    },
    {
      name: 'feature-set u32::MAX',
      answer: '{"feature-set":4294967295,"solana-core":"2.3.7"}',
      expect: { ...AGAVE, 'feature-set': 4294967295 },
    },
    {
      name: 'feature-set 0',
      answer: '{"feature-set":0,"solana-core":"2.3.7"}',
      expect: { ...AGAVE, 'feature-set': 0 },
    },
    {
      name: 'unknown keys are tolerated and not copied (a camelCase duplicate included)',
      answer: '{"feature-set":3294202862,"solana-core":"2.3.7","solanaCore":"9.9.9","surfnet-version":"0.1.0"}',
      expect: AGAVE,
    },
  ],
  refusals: [
    {
      name: 'feature-set above u32::MAX',
      answer: '{"feature-set":4294967296,"solana-core":"2.3.7"}',
      path: 'result.feature-set',
    },
    {
      name: 'feature-set negative (read as a signed int32)',
      answer: '{"feature-set":-1000764434,"solana-core":"2.3.7"}',
      path: 'result.feature-set',
    },
    {
      name: 'feature-set as a string',
      answer: '{"feature-set":"3294202862","solana-core":"2.3.7"}',
      path: 'result.feature-set',
    },
    {
      name: 'solana-core missing',
      answer: '{"feature-set":3294202862}',
      path: 'result.solana-core',
      received: 'nothing (the field is missing)',
    },
    { name: 'solana-core null', answer: '{"feature-set":3294202862,"solana-core":null}', path: 'result.solana-core' },
    {
      name: 'camelCase keys only (not what agave sends)',
      answer: '{"featureSet":3294202862,"solanaCore":"2.3.7"}',
      path: 'result.solana-core',
    },
    { name: 'a bare version string', answer: '"2.3.7"', path: 'result' },
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

describe('getVersion', { timeout: 5_000 }, () => {
  it('keeps the kebab-case keys, in a plain object with exactly those two keys', async () => {
    mockRpc({ getVersion: serveFixture('conformance/getVersion.agave-2.3') });
    const version = await rpc().getVersion();
    expect(sent()).toStrictEqual([{ method: 'getVersion', params: [] }]);
    expect(Object.keys(version).sort()).toStrictEqual(['feature-set', 'solana-core']);
    expect(version['feature-set']).toBeGreaterThan(2 ** 31);
    expect(JSON.stringify(version)).toBe('{"solana-core":"2.3.7","feature-set":3294202862}');
  });
});
