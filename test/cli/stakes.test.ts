/**
 * `solrpc stakes` against the newest Solana CLI's format (agave `process_show_stakes`, `CliStakeVec`): the
 * stake accounts of a validator named by vote or identity address, or of a withdraw authority, or all;
 * read with streamProgramAccounts and memcmp filters so the node picks them (never the whole program); each
 * printed as `stake-account` prints it after its address; the JSON array; errors.
 */
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeBase58 } from '../../src/codecs/base58Text.js';
import { delegatedStakeBytes, NO_EPOCH } from '../../src/testing/accountBytes/stake.js';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { reply } from '../msw/server.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { accountHandlers, held, STAKE_PROGRAM } from './accountServer.js';
import { runCli, useScriptedServers } from './helpers.js';
import {
  ACTIVATING,
  ACTIVE,
  CUSTODIAN,
  DEACTIVATING,
  INACTIVE,
  STAKER,
  stakeCluster,
  UNDELEGATED,
  VOTER,
  WITHDRAWER,
} from './stakeFixtures.js';

const scripted = useScriptedServers();

const IDENTITY = 'GbNXn1auyc3qhJf92qsdHfBuUFt9xz3shZw4JGJv2JNh';
const OTHER_VOTER = '345wFmS8jpkpAT7hRBvQxG7UE5ceqgZ8tbb6ZSeyXhuV';
const OTHER_STAKE = 'Hr54Gnkv3vugbWKpSqZct66RTYgxbi1B8qUmsrdKFjcy';
const SOL = 1_000_000_000n;

const voteAccount = (votePubkey: string, nodePubkey: string) => ({
  activatedStake: 1000n * SOL,
  commission: 5,
  epochCredits: [[800, 2000, 1000]],
  epochVoteAccount: true,
  lastVote: 345_600_999,
  nodePubkey,
  rootSlot: 345_600_968,
  votePubkey,
});

async function cluster() {
  const accounts = [
    ...stakeCluster(),
    held(
      OTHER_STAKE,
      STAKE_PROGRAM,
      2n * SOL,
      delegatedStakeBytes(
        { rentExemptReserve: 2_282_880n, staker: STAKER, withdrawer: CUSTODIAN },
        {
          voter: OTHER_VOTER,
          stake: 2n * SOL - 2_282_880n,
          activationEpoch: 400n,
          deactivationEpoch: NO_EPOCH,
          creditsObserved: 0n,
        },
      ),
    ),
  ];
  return scripted({
    ...accountHandlers(accounts),
    getVoteAccounts: reply.result({
      current: [voteAccount(VOTER, IDENTITY)],
      delinquent: [voteAccount(OTHER_VOTER, CUSTODIAN)],
    }),
  });
}

const AUTHORITIES = [`Stake Authority: ${STAKER}`, `Withdraw Authority: ${WITHDRAWER}`];
const ACTIVE_TEXT = [
  `Stake Pubkey: ${ACTIVE}`,
  'Balance: 1000.00228288 SOL',
  'Rent Exempt Reserve: 0.00228288 SOL',
  'Delegated Stake: 1000 SOL',
  'Active Stake: 1000 SOL',
  `Delegated Vote Account Address: ${VOTER}`,
  ...AUTHORITIES,
];
const ACTIVATING_TEXT = [
  `Stake Pubkey: ${ACTIVATING}`,
  'Balance: 500.00228288 SOL',
  'Rent Exempt Reserve: 0.00228288 SOL',
  'Delegated Stake: 500 SOL',
  'Active Stake: 45 SOL',
  'Activating Stake: 455 SOL',
  'Stake activates starting from epoch: 799',
  `Delegated Vote Account Address: ${VOTER}`,
  ...AUTHORITIES,
  'Lockup Timestamp: 2030-03-17T17:46:40Z',
  `Lockup Custodian: ${CUSTODIAN}`,
];
const DEACTIVATING_TEXT = [
  `Stake Pubkey: ${DEACTIVATING}`,
  'Balance: 1000.00228288 SOL',
  'Rent Exempt Reserve: 0.00228288 SOL',
  'Delegated Stake: 1000 SOL',
  'Inactive Stake: 90 SOL',
  'Deactivating Stake: 910 SOL',
  'Stake deactivates starting from epoch: 799',
  `Delegated Vote Account Address: ${VOTER}`,
  ...AUTHORITIES,
];
const INACTIVE_TEXT = [
  `Stake Pubkey: ${INACTIVE}`,
  'Balance: 7.00228288 SOL',
  'Rent Exempt Reserve: 0.00228288 SOL',
  'Stake account is undelegated',
  ...AUTHORITIES,
];
const UNDELEGATED_TEXT = [
  `Stake Pubkey: ${UNDELEGATED}`,
  'Balance: 3.00228288 SOL',
  'Rent Exempt Reserve: 0.00228288 SOL',
  'Stake account is undelegated',
  ...AUTHORITIES,
];

/** CliStakeVec's text: each account after a blank line. */
const text = (...accounts: string[][]) => accounts.map((lines) => `\n${lines.join('\n')}\n`).join('');

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
/** An address's 32 bytes, checked to round-trip through the encoder. */
function keyBytes(address: string): Uint8Array {
  const bytes = decodeBase58(address, 32) as Uint8Array;
  expect(encodeBase58(bytes)).toBe(address);
  return bytes;
}

describe('stakes, by validator', () => {
  it('a vote address: the node filters on the delegated tag and the voter; every state printed as the Solana CLI does', async () => {
    const server = await cluster();
    const result = await runCli(['stakes', VOTER, '-u', server.url]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toBe(text(ACTIVE_TEXT, ACTIVATING_TEXT, DEACTIVATING_TEXT, INACTIVE_TEXT));
    const scans = server.calls.filter((c) => c.method.startsWith('getProgramAccounts'));
    // The stream asks for pages first (-32601 here, as agave answers), then reads the one answer as it downloads.
    expect(scans.map((c) => c.method)).toEqual(['getProgramAccountsV2', 'getProgramAccounts']);
    expect(scans[1]?.params).toEqual([
      STAKE_PROGRAM,
      {
        commitment: 'confirmed',
        encoding: 'base64',
        filters: [
          { memcmp: { offset: 0, bytes: base64(new Uint8Array([2, 0, 0, 0])), encoding: 'base64' } },
          { memcmp: { offset: 124, bytes: base64(keyBytes(VOTER)), encoding: 'base64' } },
        ],
      },
    ]);
  });

  it('an identity address names its vote account; --withdraw-authority adds the withdrawer filter', async () => {
    const server = await cluster();
    const byIdentity = await runCli(['stakes', IDENTITY, '-u', server.url]);
    expect(byIdentity.out).toBe(text(ACTIVE_TEXT, ACTIVATING_TEXT, DEACTIVATING_TEXT, INACTIVE_TEXT));
    const none = await runCli(['stakes', IDENTITY, '--withdraw-authority', CUSTODIAN, '-u', server.url]);
    expect(none.code).toBe(0);
    expect(none.out).toBe('No stake accounts found\n');
    const last = server.calls.filter((c) => c.method === 'getProgramAccounts').at(-1);
    expect((last?.params[1] as { filters?: unknown[] } | undefined)?.filters).toContainEqual({
      memcmp: { offset: 44, bytes: base64(keyBytes(CUSTODIAN)), encoding: 'base64' },
    });
  });

  it("two validators (one delinquent): one scan of the delegated accounts, in the node's order", async () => {
    const server = await cluster();
    const result = await runCli(['stakes', VOTER, CUSTODIAN, '-u', server.url, '--output', 'json-compact']);
    expect(result.code).toBe(0);
    const list = JSON.parse(result.out) as { stakePubkey: string }[];
    expect(list.map((s) => s.stakePubkey)).toEqual([ACTIVE, ACTIVATING, DEACTIVATING, INACTIVE, OTHER_STAKE]);
    const scans = server.calls.filter((c) => c.method === 'getProgramAccounts');
    expect(scans).toHaveLength(1);
    expect((scans[0]?.params[1] as { filters?: unknown[] } | undefined)?.filters).toEqual([
      { memcmp: { offset: 0, bytes: base64(new Uint8Array([2, 0, 0, 0])), encoding: 'base64' } },
    ]);
  });

  it("an address no vote account has is the Solana CLI's error", async () => {
    const server = await cluster();
    const result = await runCli(['stakes', VOTER, WITHDRAWER, '-u', server.url]);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `Error: RPC request error: Failed to retrieve matching vote account for {"${WITHDRAWER}"}.\n`,
    );
    expect(result.out).toBe('');
    expect(server.calls.some((c) => c.method.startsWith('getProgramAccounts'))).toBe(false);
  });
});

describe('stakes, by withdraw authority and all', () => {
  it('--withdraw-authority: delegated and undelegated accounts, the node filtering on byte 44', async () => {
    const server = await cluster();
    const result = await runCli(['stakes', '--withdraw-authority', WITHDRAWER, '-u', server.url]);
    expect(result.code).toBe(0);
    expect(result.out).toBe(text(ACTIVE_TEXT, ACTIVATING_TEXT, DEACTIVATING_TEXT, INACTIVE_TEXT, UNDELEGATED_TEXT));
    const scan = server.calls.find((c) => c.method === 'getProgramAccounts');
    expect((scan?.params[1] as { filters?: unknown[] } | undefined)?.filters).toEqual([
      { memcmp: { offset: 44, bytes: base64(keyBytes(WITHDRAWER)), encoding: 'base64' } },
    ]);
  });

  it('no argument: every stake account; JSON is CliStakeVec, each keyed by stakePubkey', async () => {
    const server = await cluster();
    const result = await runCli(['stakes', '-u', server.url, '--output', 'json']);
    expect(result.code).toBe(0);
    const list = JSON.parse(result.out) as Record<string, unknown>[];
    expect(list).toHaveLength(6);
    expect(list[5]).toEqual({
      stakePubkey: OTHER_STAKE,
      stakeType: 'Stake',
      accountBalance: 2_000_000_000,
      creditsObserved: 0,
      delegatedStake: 1_997_717_120,
      delegatedVoteAccountAddress: OTHER_VOTER,
      activationEpoch: 400,
      staker: STAKER,
      withdrawer: CUSTODIAN,
      rentExemptReserve: 2_282_880,
      activeStake: 1_997_717_120,
    });
    expect(Object.keys(list[4] as object)).toEqual([
      'stakePubkey',
      'stakeType',
      'accountBalance',
      'creditsObserved',
      'staker',
      'withdrawer',
      'rentExemptReserve',
    ]);
    // Written account by account as they stream in, yet the very bytes serde_json writes for the whole list.
    expect(result.out).toBe(`${JSON.stringify(list, null, 2)}\n`);
    const compact = await runCli(['stakes', '-u', server.url, '--output', 'json-compact']);
    expect(compact.out).toBe(`${JSON.stringify(list)}\n`);
  });

  it('bad input: one line, exit 2, before any request', async () => {
    const bad = await runCli(['stakes', '--withdraw-authority', 'nope', '-u', 'http://127.0.0.1:9']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^Error: --withdraw-authority nope is neither a keypair file nor a base58 address/);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
  });
});

const sim = useSimulatedCluster();

describe('stakes against the simulated cluster (demo --serve)', () => {
  it("a validator's stakes by vote and by identity address, and all of them", async () => {
    const beta = SIMULATION.validators[1] as (typeof SIMULATION.validators)[number];
    const byVote = await runCli(['stakes', beta.vote, '-u', sim.cluster.url, '--output', 'json-compact']);
    expect(byVote.code).toBe(0);
    const pubkeys = (out: string) => (JSON.parse(out) as { stakePubkey: string }[]).map((s) => s.stakePubkey);
    expect(pubkeys(byVote.out)).toEqual([SIMULATION.stakes.lockedUp, SIMULATION.stakes.deactivating]);
    const byIdentity = await runCli(['stakes', beta.identity, '-u', sim.cluster.url, '--output', 'json-compact']);
    expect(byIdentity.out).toBe(byVote.out);
    const all = await runCli(['stakes', '-u', sim.cluster.url]);
    expect(all.code).toBe(0);
    expect(all.out.match(/^Stake Pubkey: /gm)).toHaveLength(Object.keys(SIMULATION.stakes).length);
    const byWithdrawer = await runCli([
      'stakes',
      '--withdraw-authority',
      SIMULATION.wallet.address,
      '-u',
      sim.cluster.url,
    ]);
    expect(byWithdrawer.out).toBe(all.out);
    const none = await runCli(['stakes', '--withdraw-authority', SIMULATION.stakeCustodian, '-u', sim.cluster.url]);
    expect(none.out).toBe('No stake accounts found\n');
  });
});
