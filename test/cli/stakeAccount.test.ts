/**
 * `solrpc stake-account` against the newest Solana CLI's format (agave cli-output `CliStakeState`, built by
 * cli/src/stake.rs `build_stake_state`): the text line for line, the JSON key for key, for an active, an
 * activating (with a lockup in force), a deactivating, a long-deactivated and an undelegated account; the
 * activation at the 9% rate from the feature's epoch; the reads made as bytes; errors in the Solana CLI's words.
 */
import { describe, expect, it } from 'vitest';
import { delegatedStakeBytes, NO_EPOCH } from '../../src/testing/accountBytes/stake.js';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import {
  accountHandlers,
  CLOCK,
  type Held,
  held,
  NEW_RATE_FEATURE,
  STAKE_HISTORY,
  STAKE_PROGRAM,
  SYSTEM_PROGRAM,
} from './accountServer.js';
import { closedPort, runCli, TERMINAL_CONTROL, useScriptedServers } from './helpers.js';
import {
  ACTIVATING,
  ACTIVE,
  CUSTODIAN,
  DEACTIVATING,
  INACTIVE,
  RESERVE,
  SOL,
  STAKER,
  stakeCluster,
  UNDELEGATED,
  VOTER,
  WITHDRAWER,
} from './stakeFixtures.js';

const scripted = useScriptedServers();

async function stakeAccount(address: string, ...flags: string[]) {
  const server = await scripted(accountHandlers(stakeCluster()));
  const result = await runCli(['stake-account', address, '-u', server.url, ...flags]);
  return { ...result, server };
}

const AUTHORITIES = [`Stake Authority: ${STAKER}`, `Withdraw Authority: ${WITHDRAWER}`];

describe('stake-account, text', () => {
  it('a fully active delegation', async () => {
    const { out, err, code, server } = await stakeAccount(ACTIVE);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toBe(
      `${[
        'Balance: 1000.00228288 SOL',
        'Rent Exempt Reserve: 0.00228288 SOL',
        'Delegated Stake: 1000 SOL',
        'Active Stake: 1000 SOL',
        `Delegated Vote Account Address: ${VOTER}`,
        ...AUTHORITIES,
      ].join('\n')}\n`,
    );
    // Every read as bytes: the account, both sysvars and the feature (whose epoch needs the schedule).
    const reads = server.calls.map((c) => `${c.method} ${c.params[0] ?? ''}`).sort();
    expect(reads).toEqual(
      [
        `getAccountInfo ${ACTIVE}`,
        `getAccountInfo ${CLOCK}`,
        `getAccountInfo ${NEW_RATE_FEATURE}`,
        `getAccountInfo ${STAKE_HISTORY}`,
        'getEpochSchedule ',
      ].sort(),
    );
    for (const call of server.calls.filter((c) => c.method === 'getAccountInfo')) {
      expect(call.params[1]).toEqual({ commitment: 'confirmed', encoding: 'base64' });
    }
  });

  it('an activating delegation at 9% of its stake an epoch, with its lockup in force', async () => {
    const { out, code } = await stakeAccount(ACTIVATING);
    expect(code).toBe(0);
    expect(out).toBe(
      `${[
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
      ].join('\n')}\n`,
    );
  });

  it('a deactivating delegation, and --lamports', async () => {
    const { out, code } = await stakeAccount(DEACTIVATING, '--lamports');
    expect(code).toBe(0);
    expect(out).toBe(
      `${[
        'Balance: 1000002282880 lamports',
        'Rent Exempt Reserve: 2282880 lamports',
        'Delegated Stake: 1000000000000 lamports',
        'Inactive Stake: 90000000000 lamports',
        'Deactivating Stake: 910000000000 lamports',
        'Stake deactivates starting from epoch: 799',
        `Delegated Vote Account Address: ${VOTER}`,
        ...AUTHORITIES,
      ].join('\n')}\n`,
    );
  });

  it('a delegation deactivated long ago reads as undelegated, as the Solana CLI words it; --verbose adds the credits', async () => {
    const { out, code } = await stakeAccount(INACTIVE, '--verbose');
    expect(code).toBe(0);
    expect(out).toBe(
      `${[
        'Balance: 7.00228288 SOL',
        'Rent Exempt Reserve: 0.00228288 SOL',
        'Stake account is undelegated',
        ...AUTHORITIES,
        'Credits Observed: 1234',
      ].join('\n')}\n`,
    );
  });

  it('an initialized account, its expired lockup left out', async () => {
    const { out, code } = await stakeAccount(UNDELEGATED);
    expect(code).toBe(0);
    expect(out).toBe(
      `${['Balance: 3.00228288 SOL', 'Rent Exempt Reserve: 0.00228288 SOL', 'Stake account is undelegated', ...AUTHORITIES].join('\n')}\n`,
    );
  });
});

describe('stake-account, the rarer states', () => {
  it('uninitialized, a rewards pool, and a genesis stake (activation epoch u64::MAX shown as 0, fully active)', async () => {
    const GENESIS = 'Hr54Gnkv3vugbWKpSqZct66RTYgxbi1B8qUmsrdKFjcy';
    const rewardsPool = new Uint8Array(200);
    rewardsPool[0] = 3;
    const server = await scripted(
      accountHandlers([
        ...stakeCluster().filter((a) => a.address !== ACTIVE && a.address !== INACTIVE),
        held(ACTIVE, STAKE_PROGRAM, SOL, new Uint8Array(200)),
        held(INACTIVE, STAKE_PROGRAM, SOL, rewardsPool),
        held(
          GENESIS,
          STAKE_PROGRAM,
          9n * SOL,
          delegatedStakeBytes(
            { rentExemptReserve: RESERVE, staker: STAKER, withdrawer: WITHDRAWER },
            {
              voter: VOTER,
              stake: 9n * SOL - RESERVE,
              activationEpoch: NO_EPOCH,
              deactivationEpoch: NO_EPOCH,
              creditsObserved: 7n,
            },
          ),
        ),
      ]),
    );
    const show = async (address: string, ...flags: string[]) =>
      (await runCli(['stake-account', address, '-u', server.url, ...flags])).out;
    expect(await show(ACTIVE)).toBe('Balance: 1 SOL\nStake account is uninitialized\n');
    expect(await show(ACTIVE, '--output', 'json-compact')).toBe(
      '{"stakeType":"Uninitialized","accountBalance":1000000000}\n',
    );
    expect(await show(INACTIVE)).toBe('Balance: 1 SOL\nStake account is a rewards pool\n');
    expect(await show(INACTIVE, '--output', 'json-compact')).toBe(
      '{"stakeType":"RewardsPool","accountBalance":1000000000}\n',
    );
    expect(await show(GENESIS)).toBe(
      `${[
        'Balance: 9 SOL',
        'Rent Exempt Reserve: 0.00228288 SOL',
        'Delegated Stake: 8.99771712 SOL',
        'Active Stake: 8.99771712 SOL',
        `Delegated Vote Account Address: ${VOTER}`,
        ...AUTHORITIES,
      ].join('\n')}\n`,
    );
    const json = JSON.parse(await show(GENESIS, '--output', 'json')) as Record<string, unknown>;
    expect(json.activationEpoch).toBe(0);
    expect(json).not.toHaveProperty('deactivationEpoch');
  });
});

describe('stake-account, JSON', () => {
  it('CliStakeState key for key: the Nones left out, the lockup and authorities flattened, u64s exact', async () => {
    const { out, code } = await stakeAccount(ACTIVATING, '--output', 'json');
    expect(code).toBe(0);
    expect(out).toBe(`{
  "stakeType": "Stake",
  "accountBalance": 500002282880,
  "creditsObserved": 1234,
  "delegatedStake": 500000000000,
  "delegatedVoteAccountAddress": "${VOTER}",
  "activationEpoch": 799,
  "staker": "${STAKER}",
  "withdrawer": "${WITHDRAWER}",
  "unixTimestamp": 1900000000,
  "epoch": 0,
  "custodian": "${CUSTODIAN}",
  "rentExemptReserve": 2282880,
  "activeStake": 45000000000,
  "activatingStake": 455000000000
}
`);
  });

  it('json-compact, a deactivating and an initialized account', async () => {
    const deactivating = await stakeAccount(DEACTIVATING, '--output', 'json-compact');
    expect(deactivating.out).toBe(
      `{"stakeType":"Stake","accountBalance":1000002282880,"creditsObserved":1234,"delegatedStake":1000000000000,"delegatedVoteAccountAddress":"${VOTER}","activationEpoch":500,"deactivationEpoch":799,"staker":"${STAKER}","withdrawer":"${WITHDRAWER}","rentExemptReserve":2282880,"activeStake":910000000000,"deactivatingStake":910000000000}\n`,
    );
    const initialized = await stakeAccount(UNDELEGATED, '--output', 'json-compact');
    expect(initialized.out).toBe(
      `{"stakeType":"Initialized","accountBalance":3002282880,"creditsObserved":0,"staker":"${STAKER}","withdrawer":"${WITHDRAWER}","rentExemptReserve":2282880}\n`,
    );
  });
});

describe('stake-account, errors', () => {
  it('no secret of the URL reaches the output: a node that answers, and one that cannot be reached (exit 69)', async () => {
    const server = await scripted(accountHandlers(stakeCluster()));
    const secretUrl = `${server.url.replace('http://', 'http://user:hunter2@')}/key-sk_live_123?token=abc`;
    const ok = await runCli(['stake-account', ACTIVE, '-u', secretUrl, '--output', 'json']);
    expect(ok.code).toBe(0);
    const port = await closedPort();
    const down = await runCli([
      'stakes',
      VOTER,
      '-u',
      `http://user:hunter2@127.0.0.1:${port}/key-sk_live_123?token=abc`,
    ]);
    expect(down.code).toBe(69);
    for (const text of [ok.out, ok.err, down.out, down.err]) expect(text).not.toMatch(/hunter2|sk_live|token=/);
    expect(down.err.trim().split('\n')).toHaveLength(1);
  });

  it("no such account, not a stake account, bad bytes, a bad address: one line, the Solana CLI's words", async () => {
    const other = held(ACTIVE, SYSTEM_PROGRAM, 5n, new Uint8Array(0));
    const broken = held(ACTIVE, STAKE_PROGRAM, 5n, new Uint8Array([9, 0, 0, 0]));
    const cases: [Held[], string, number][] = [
      [[], `Error: AccountNotFound: pubkey=${ACTIVE}\n`, 1],
      [[other], `Error: RPC request error: ${ACTIVE} is not a stake account\n`, 1],
      [
        [broken],
        'Error: RPC request error: Account data could not be deserialized to stake state: invalid account data for instruction\n',
        1,
      ],
    ];
    for (const [accounts, message, exit] of cases) {
      const server = await scripted(accountHandlers(accounts));
      const result = await runCli(['stake-account', ACTIVE, '-u', server.url]);
      expect(result.err).toBe(message);
      expect(result.code).toBe(exit);
      expect(result.out).toBe('');
    }
    const bad = await runCli(['stake-account', 'not-an-address', '-u', 'http://127.0.0.1:9']);
    expect(bad.code).toBe(2);
    expect(bad.err.split('\n')).toHaveLength(2);
    expect(bad.err).toMatch(/^Error: stake account not-an-address is neither a keypair file nor a base58 address/);
    const none = await runCli(['stake-account']);
    expect(none.code).toBe(2);
  });

  it('a sysvar that is missing is named; server text never reaches the terminal raw', async () => {
    const accounts = stakeCluster().filter((a) => a.address !== CLOCK);
    const server = await scripted(accountHandlers(accounts));
    const result = await runCli(['stake-account', ACTIVE, '-u', server.url]);
    expect(result.code).toBe(1);
    expect(result.err).toBe(`Error: AccountNotFound: pubkey=${CLOCK}\n`);
    expect(result.err).not.toMatch(TERMINAL_CONTROL);
  });
});

const sim = useSimulatedCluster();
const [alpha, beta, gamma] = SIMULATION.validators as [
  (typeof SIMULATION.validators)[number],
  (typeof SIMULATION.validators)[number],
  (typeof SIMULATION.validators)[number],
];
const WALLET = SIMULATION.wallet.address;

describe('stake-account against the simulated cluster (demo --serve), epoch 824', () => {
  it('an active stake, a locked-up one (lockup in force), one activating this epoch, one deactivating', async () => {
    const run = async (address: string) => (await runCli(['stake-account', address, '-u', sim.cluster.url])).out;
    const head = (sol: string) => [`Balance: ${sol}.00228288 SOL`, 'Rent Exempt Reserve: 0.00228288 SOL'];
    const authorities = [`Stake Authority: ${WALLET}`, `Withdraw Authority: ${WALLET}`];
    expect(await run(SIMULATION.stakes.active)).toBe(
      `${[...head('500'), 'Delegated Stake: 500 SOL', 'Active Stake: 500 SOL', `Delegated Vote Account Address: ${alpha.vote}`, ...authorities].join('\n')}\n`,
    );
    expect(await run(SIMULATION.stakes.lockedUp)).toBe(
      `${[
        ...head('1250'),
        'Delegated Stake: 1250 SOL',
        'Active Stake: 1250 SOL',
        `Delegated Vote Account Address: ${beta.vote}`,
        ...authorities,
        'Lockup Timestamp: 2030-01-01T00:00:00Z',
        'Lockup Epoch: 1000',
        `Lockup Custodian: ${SIMULATION.stakeCustodian}`,
      ].join('\n')}\n`,
    );
    expect(await run(SIMULATION.stakes.activating)).toBe(
      `${[
        ...head('42'),
        'Delegated Stake: 42 SOL',
        'Active Stake: 0 SOL',
        'Activating Stake: 42 SOL',
        'Stake activates starting from epoch: 824',
        `Delegated Vote Account Address: ${gamma.vote}`,
        ...authorities,
      ].join('\n')}\n`,
    );
    // In its deactivation epoch the whole stake is still effective, and all of it cooling down.
    expect(await run(SIMULATION.stakes.deactivating)).toBe(
      `${[
        ...head('300'),
        'Delegated Stake: 300 SOL',
        'Active Stake: 300 SOL',
        'Stake deactivates starting from epoch: 824',
        `Delegated Vote Account Address: ${beta.vote}`,
        ...authorities,
      ].join('\n')}\n`,
    );
  });

  it("JSON of the deactivated and the initialized accounts; the bytes parsed here equal the node's jsonParsed", async () => {
    const deactivated = await runCli([
      'stake-account',
      SIMULATION.stakes.deactivated,
      '-u',
      sim.cluster.url,
      '--output',
      'json-compact',
    ]);
    const report = JSON.parse(deactivated.out) as Record<string, unknown>;
    expect(report).toMatchObject({
      stakeType: 'Stake',
      accountBalance: 75_002_282_880,
      delegatedStake: 75_000_000_000,
      activationEpoch: 784,
      deactivationEpoch: 821,
    });
    expect(report).not.toHaveProperty('activeStake');
    const initialized = await runCli([
      'stake-account',
      SIMULATION.stakes.initialized,
      '-u',
      sim.cluster.url,
      '--output',
      'json-compact',
    ]);
    expect(initialized.out).toBe(
      `{"stakeType":"Initialized","accountBalance":10002282880,"creditsObserved":0,"staker":"${WALLET}","withdrawer":"${WALLET}","unixTimestamp":1893456000,"epoch":1000,"custodian":"${SIMULATION.stakeCustodian}","rentExemptReserve":2282880}\n`,
    );
    const { value } = await sim.rpc.getAccountInfo(SIMULATION.stakes.deactivated, {
      encoding: 'jsonParsed',
      commitment: 'confirmed',
    });
    const parsed = (
      (value as NonNullable<typeof value>).data as { parsed: { info: { stake: { creditsObserved: number } } } }
    ).parsed;
    expect(report.creditsObserved).toBe(parsed.info.stake.creditsObserved);
  });
});
