/**
 * Every bad input to the test cluster is refused with a typed error naming it: startTestCluster's options
 * (an unknown key with the known one it resembles, accounts whose key, owner, data or executable is not
 * what the docs say), fault options (an unknown key, a method the cluster does not answer with the close
 * name), and on the wire an unknown commitment refused as agave's serde words it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSolRpcError } from '../../src/index.js';
import { type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import { checkTestClusterOptions } from '../../src/testing/testClusterOptions.js';
import { rawCall } from './ledgerKit.js';

const WALLET = 'Bj1Bt6hGRm8vsWtPzkRFGjXADPvYt7iCLVHMvXNZHoha';
/** 44 base58 characters that are 33 bytes: no address. */
const NOT_32_BYTES = 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
};

describe('startTestCluster options', () => {
  it.each([
    ['an unknown key, with the known one it resembles', { slotMS: 100 }, 'options.slotMS', '`slotMs`'],
    ['an unknown key like none', { colour: 'blue' }, 'options.colour', 'the options are port, slotMs'],
    [
      'an account key of 44 characters that is no 32-byte address',
      { accounts: { [NOT_32_BYTES]: { lamports: 1 } } },
      'options.accounts',
      '32 bytes',
    ],
    [
      'data that is not base64',
      { accounts: { [WALLET]: { lamports: 1, data: 'not base64!' } } },
      `options.accounts["${WALLET}"].data`,
      'base64',
    ],
    [
      'an owner that is no address',
      { accounts: { [WALLET]: { lamports: 1, owner: 'zzz' } } },
      `options.accounts["${WALLET}"].owner`,
      '"zzz"',
    ],
    [
      'executable that is no boolean',
      { accounts: { [WALLET]: { lamports: 1, executable: 'yes' } } },
      `options.accounts["${WALLET}"].executable`,
      'true or false',
    ],
    [
      'an unknown account key',
      { accounts: { [WALLET]: { lamports: 1, lamport: 2 } } },
      `options.accounts["${WALLET}"].lamport`,
      '`lamports`',
    ],
  ])('%s: InvalidInputError naming %j', (_name, options, param, words) => {
    const error = refusal(() => checkTestClusterOptions(options));
    expect(isSolRpcError(error, 'InvalidInputError') && error.param).toBe(param);
    expect((error as Error).message).toContain(words);
  });

  it('accepts what the docs describe: bytes or base64 data, an owner address, executable', () => {
    const checked = checkTestClusterOptions({
      accounts: {
        [WALLET]: { lamports: 1n, data: 'AQID', owner: '11111111111111111111111111111111', executable: false },
        '11111111111111111111111111111112': { lamports: 1, data: new Uint8Array([1, 2]) },
      },
    });
    expect(Object.keys(checked.accounts ?? {})).toHaveLength(2);
  });

  it('startTestCluster refuses before anything listens', async () => {
    const error = await startSimulatedCluster({ slotMS: 100 } as never).catch((e: unknown) => e);
    expect(isSolRpcError(error, 'InvalidInputError') && error.param).toBe('options.slotMS');
  });
});

describe('fault options and the wire', () => {
  let cluster: SimulatedCluster;
  beforeAll(async () => {
    cluster = await startSimulatedCluster({ now: () => 1_754_900_754_000 });
  });
  afterAll(() => cluster.close());

  it.each([
    [
      'a method the cluster does not answer',
      'rateLimited',
      { methods: ['getBalanse'] },
      'options.methods[0]',
      '`getBalance`',
    ],
    ['the second method', 'slow', { delayMs: 1, methods: ['getSlot', 'getSlots'] }, 'options.methods[1]', '`getSlot`'],
    ['an unknown key', 'slow', { delay: 10 }, 'options.delay', '`delayMs`'],
    ['a key of another kind', 'behind', { slots: 5, count: 1 }, 'options.count', 'its options are methods, slots'],
    ['an unknown kind', 'ratelimited', {}, 'kind', '`rateLimited`'],
  ])('%s: InvalidInputError naming %s', (_name, kind, options, param, words) => {
    const error = refusal(() => cluster.fault(kind as never, options as never));
    expect(isSolRpcError(error, 'InvalidInputError') && error.param).toBe(param);
    expect((error as Error).message).toContain(words);
  });

  it('an unknown commitment: -32602 in serde’s words, the levels agave’s CommitmentLevel reads', async () => {
    const message = 'Invalid params: unknown variant `bogus`, expected one of `processed`, `confirmed`, `finalized`.';
    expect((await rawCall(cluster.url, 'getSlot', [{ commitment: 'bogus' }])).error).toEqual({ code: -32602, message });
    // The 1.x names are gone from solana-commitment-config.
    expect(
      ((await rawCall(cluster.url, 'getBalance', [WALLET, { commitment: 'max' }])).error as { message: string })
        .message,
    ).toContain('unknown variant `max`');
    const send = await rawCall(cluster.url, 'sendTransaction', [
      'AQID',
      { encoding: 'base64', preflightCommitment: 'recent' },
    ]);
    expect((send.error as { message: string }).message).toContain('unknown variant `recent`');
    expect((await rawCall(cluster.url, 'getSlot', [{ commitment: 'confirmed' }])).result).toEqual(expect.any(Number));
  });
});
