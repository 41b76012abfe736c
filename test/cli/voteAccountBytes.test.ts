/**
 * `vote-account` on a node that cannot parse vote accounts: it sends the bytes, and the CLI decodes
 * them itself, printing exactly what the parsed view prints.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeVoteAccount } from '../../src/decoders/voteAccount.js';
import { encodeVoteState, keyBytes } from '../decoders/helpers.js';
import { serveFixture } from '../msw/fixtures.js';
import { featureResult, removeTempDirs, runCli, startScriptedRpc, voteAccountResult } from './helpers.js';

const VOTE = '8R4SNAWowTjABqR5uWfyb2bMZoz2XmLJNLAkR6bHo1Sk';
const IDENTITY = '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL';
const WITHDRAWER = '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy';

const bytes = encodeVoteState({
  version: 2, // V3, "Current"
  nodePubkey: keyBytes(IDENTITY),
  authorizedWithdrawer: keyBytes(WITHDRAWER),
  commission: 7,
  votes: Array.from({ length: 31 }, (_, i) => ({
    slot: 356139484n + BigInt(i),
    confirmationCount: 31 - i,
    latency: i % 3,
  })),
  rootSlot: 356139483n,
  authorizedVoters: [{ epoch: 824n, voter: keyBytes(IDENTITY) }],
  priorVoters: Array.from({ length: 32 }, () => ({ key: new Uint8Array(32), epoch: 0n, targetEpoch: 0n, slot: 0n })),
  priorVotersIdx: 31n,
  priorVotersIsEmpty: true,
  epochCredits: [
    { epoch: 823n, credits: 2451965631n, previousCredits: 2445052618n },
    { epoch: 824n, credits: 2458877976n, previousCredits: 2451965631n },
  ],
  lastTimestamp: { slot: 356139514n, timestamp: 1754900874n },
  v4: {
    inflationRewardsCollector: new Uint8Array(32),
    blockRevenueCollector: new Uint8Array(32),
    inflationRewardsCommissionBps: 0,
    blockRevenueCommissionBps: 0,
    pendingDelegatorRewards: 0n,
    bls: null,
  },
});

function bytesResult(data: Uint8Array) {
  const parsed = voteAccountResult({} as never) as { value: Record<string, unknown> };
  return { ...parsed, value: { ...parsed.value, data: [Buffer.from(data).toString('base64'), 'base64'] } };
}

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  removeTempDirs();
});

async function voteAccountOutput(accountResult: unknown) {
  const rpc = await startScriptedRpc({
    getAccountInfo: (request) =>
      request.params[0] === VOTE ? { result: accountResult } : { result: featureResult(50_000_000n) },
    getEpochInfo: serveFixture('conformance/getEpochInfo.t0'),
  });
  servers.push(rpc);
  return runCli(['vote-account', VOTE, '--url', rpc.url]);
}

describe('vote-account from bytes', () => {
  it('prints the same as from parsed data', async () => {
    const info = decodeVoteAccount(bytes);
    expect(info.nodePubkey).toBe(IDENTITY);
    const fromParsed = await voteAccountOutput(voteAccountResult(info as never));
    const fromBytes = await voteAccountOutput(bytesResult(bytes));
    expect(fromParsed.code).toBe(0);
    expect(fromBytes).toEqual(fromParsed);
    expect(fromBytes.out).toContain(`Validator Identity: ${IDENTITY}\n`);
    expect(fromBytes.out).toContain(
      '- slot: 356139514 (confirmation count: 1)\n- slot: 356139513 (confirmation count: 2) (latency 2)\n',
    );
  });

  it('says the data is not a vote state when the bytes are not', async () => {
    const run = await voteAccountOutput(bytesResult(Uint8Array.from([9, 0, 0, 0, ...keyBytes(IDENTITY)])));
    expect(run).toEqual({
      code: 1,
      out: '',
      err: 'Error: RPC request error: Account data could not be deserialized to vote state\n',
    });
    expect(encodeBase58(keyBytes(IDENTITY))).toBe(IDENTITY);
  });
});
