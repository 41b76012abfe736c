/**
 * Every command in-process, `run(argv, io)` with captured output, over real loopback HTTP: against the
 * simulated cluster (with a fixed clock, so its slot and times never move) and against a scripted
 * server that replays the conformance recordings. Output is compared byte for byte with the Solana
 * CLI's layout (wire reference §4) wherever that layout is specified.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_HELP, MAIN_HELP } from '../../src/cli/help.js';
import { GLOBAL } from '../../src/cli/run.js';
import { SIMULATION, type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import { serveFixture } from '../msw/fixtures.js';
import { type RpcHandler, type RpcReply, reply } from '../msw/server.js';
import {
  closedPort,
  featureResult,
  newKeypair,
  type ParsedVoteInfo,
  removeTempDirs,
  runCli,
  type ScriptedRpc,
  startScriptedRpc,
  TERMINAL_CONTROL,
  TVC_FEATURE,
  tempDir,
  voteAccountResult,
  writeConfig,
  writeKeypairFile,
} from './helpers.js';

/** 2025-08-11T08:25:54Z: the simulated cluster's clock, which never moves here. */
const NOW = 1_754_900_754_000;
let cluster: SimulatedCluster;
beforeAll(async () => {
  cluster = await startSimulatedCluster({ now: () => NOW });
});
afterAll(async () => {
  await cluster.close();
  removeTempDirs();
});

const servers: ScriptedRpc[] = [];
async function scripted(methods: Record<string, RpcHandler | RpcReply>): Promise<ScriptedRpc> {
  const server = await startScriptedRpc(methods);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const [alpha] = SIMULATION.validators as [(typeof SIMULATION.validators)[number]];
const WALLET = SIMULATION.wallet.address;

const IDENTITY = '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL';
const VOTE = '8R4SNAWowTjABqR5uWfyb2bMZoz2XmLJNLAkR6bHo1Sk';
const OTHER = '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy';
const NEXT_VOTER = '8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu';
const WITHDRAWER = '3GoyTXTktQWGbDajUCn7gnZqj1CLLFfRY8XCqYYtzB17';

const GOSSIP_HEADER = [
  'IP Address      | Identity                                     | Gossip | TPU   | TPU-QUIC | RPC Address           | Version | Feature Set',
  '----------------+----------------------------------------------+--------+-------+----------+-----------------------+---------+----------------',
];

describe('gossip', () => {
  it('prints the recorded nodes exactly as the Solana CLI lays them out', async () => {
    const rpc = await scripted({ getClusterNodes: serveFixture('conformance/getClusterNodes.current-shape') });
    const result = await runCli(['gossip', '-u', rpc.url]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        ...GOSSIP_HEADER,
        '198.51.100.17   | 2sTE4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e | 8001   | 8003  | 8009     | 198.51.100.17:8899    | 2.3.7   | 2891131721',
        '203.0.113.44    | 9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL | 8001   | 8003  | 11228    | none                  | 2.3.7   | 2891131721',
        '192.0.2.201     | 5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy | 8001   | 8003  | 8009     | none                  | 2.2.20  | 1069245146',
        '198.51.100.90   | 8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu | 8001   | 8003  | 8009     | none                  | 0.503.20214| 2891131721',
        '203.0.113.9     | 6VdeLt98BA1sLp9LWYVS6uEtYXMaSyqLfBrLtg1uSy9m | 8001   | none  | none     | none                  | unknown | unknown',
        'Nodes: 5',
        '',
      ].join('\n'),
    );
    expect(rpc.calls.map((c) => [c.method, c.params])).toEqual([['getClusterNodes', []]]);
  }, 10_000);

  it('prints the simulated cluster, five nodes in server order', async () => {
    const result = await runCli(['gossip', '--url', cluster.url]);
    const lines = result.out.split('\n');
    expect(lines.slice(0, 2)).toEqual(GOSSIP_HEADER);
    // alpha advertises its own simulated node as its RPC, so that whatever asks its node stays on loopback.
    const rpcCell = new URL(cluster.nodeUrl).host.padEnd(21);
    expect(lines[2]).toBe(
      `198.51.100.17   | ${alpha.identity} | 8001   | 8003  | 8009     | ${rpcCell} | 2.3.7   | 2891131721`,
    );
    expect(lines.slice(2, 7).map((l) => l.slice(18, 62))).toEqual(SIMULATION.validators.map((v) => v.identity));
    expect(lines.slice(7)).toEqual(['Nodes: 5', '']);
  }, 10_000);

  it('--output json: camelCase nodes, absent fields left out; json-compact on one line', async () => {
    const rpc = await scripted({ getClusterNodes: serveFixture('conformance/getClusterNodes.current-shape') });
    const compact = await runCli(['gossip', '-u', rpc.url, '--output', 'json-compact']);
    const nodes = JSON.parse(compact.out) as unknown[];
    expect(compact.out.split('\n')).toHaveLength(2);
    expect(nodes).toHaveLength(5);
    expect(nodes[1]).toEqual({
      ipAddress: '203.0.113.44',
      identityPubkey: '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL',
      gossipPort: 8001,
      tpuPort: 8003,
      version: '2.3.7',
      featureSet: 2891131721,
      tpuQuicPort: 11228,
    });
    expect(compact.out).toContain(
      '{"ipAddress":"203.0.113.9","identityPubkey":"6VdeLt98BA1sLp9LWYVS6uEtYXMaSyqLfBrLtg1uSy9m","gossipPort":8001}]',
    );
    const pretty = await runCli(['gossip', '-u', rpc.url, '--output', 'json']);
    expect(pretty.out.startsWith('[\n  {\n    "ipAddress": "198.51.100.17",\n')).toBe(true);
    expect(JSON.parse(pretty.out)).toEqual(nodes);
  }, 10_000);

  it('-32601 (no --full-rpc-api): exit 1, one line naming --full-rpc-api and another URL', async () => {
    const rpc = await scripted({ getClusterNodes: serveFixture('conformance/error.-32601.method-not-found') });
    const result = await runCli(['gossip', '-u', rpc.url]);
    expect(result).toEqual({
      code: 1,
      out: '',
      err: 'Error: getClusterNodes: RPC error -32601 (METHOD_NOT_FOUND): Method not found — the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL.\n',
    });
  }, 10_000);
});

describe('balance', () => {
  it.each([
    [[], '10293847.561029385 SOL\n'],
    [['--lamports'], '10293847561029385 lamports\n'],
    [['-v'], '10293847.561029385 SOL\n'],
    [['--output', 'json'], '{\n  "lamports": 10293847561029385\n}\n'],
    [['--output', 'json', '--lamports'], '{\n  "lamports": 10293847561029385\n}\n'],
    [['--output', 'json-compact'], '{"lamports":10293847561029385}\n'],
  ])(
    'the simulated wallet (above 2^53 lamports) with %j',
    async (flags, out) => {
      expect(await runCli(['balance', WALLET, '-u', cluster.url, ...flags])).toEqual({ code: 0, out, err: '' });
    },
    10_000,
  );

  it.each([
    [[], '0.02889792 SOL\n'],
    [['-v'], '0.028897920 SOL\n'],
    [['--verbose'], '0.028897920 SOL\n'],
    [['--lamports'], '28897920 lamports\n'],
  ])(
    'a vote account with %j',
    async (flags, out) => {
      expect(await runCli(['balance', alpha.vote, '-u', cluster.url, ...flags])).toEqual({ code: 0, out, err: '' });
    },
    10_000,
  );

  it.each([
    [1_500_000_000n, [], '1.5 SOL\n'],
    [1_500_000_000n, ['-v'], '1.500000000 SOL\n'],
    [1_000_000_000n, [], '1 SOL\n'],
    [0n, [], '0 SOL\n'],
    [0n, ['-v'], '0.000000000 SOL\n'],
    [1n, [], '0.000000001 SOL\n'],
    [1n, ['--lamports'], '1 lamport\n'],
    [2n, ['--lamports'], '2 lamports\n'],
    [18446744073709551615n, [], '18446744073.709551615 SOL\n'],
    [18446744073709551615n, ['--output', 'json-compact'], '{"lamports":18446744073709551615}\n'],
  ])(
    '%s lamports with %j',
    async (lamports, flags, out) => {
      const rpc = await scripted({
        getBalance: reply.result({ context: { apiVersion: '2.3.7', slot: 1 }, value: lamports }),
      });
      expect(await runCli(['balance', OTHER, '-u', rpc.url, ...flags])).toEqual({ code: 0, out, err: '' });
      expect(rpc.calls.map((c) => [c.method, c.params])).toEqual([
        ['getBalance', [OTHER, { commitment: 'confirmed' }]],
      ]);
    },
    10_000,
  );

  it("without an address, asks for the configured keypair's (~/.config/solana/id.json)", async () => {
    const home = tempDir();
    const keypair = newKeypair();
    writeKeypairFile(join(home, '.config', 'solana', 'id.json'), keypair);
    const rpc = await scripted({ getBalance: serveFixture('conformance/getBalance.basic') });
    expect(await runCli(['balance', '-u', rpc.url], { env: { HOME: home } })).toEqual({
      code: 0,
      out: '3.482119554 SOL\n',
      err: '',
    });
    expect(rpc.calls.map((c) => c.params)).toEqual([[keypair.address, { commitment: 'confirmed' }]]);
  }, 10_000);
});

describe('balance without an address and without a keypair: exit 2, nothing sent', () => {
  const INSTEAD =
    'pass an address or a keypair file (solrpc balance ADDRESS_OR_KEYPAIR), or name a keypair with --keypair or keypair_path in the config file';

  it('names the default keypair path it looked for', async () => {
    const rpc = await scripted({});
    const home = tempDir();
    const path = join(home, '.config', 'solana', 'id.json');
    expect(await runCli(['balance', '-u', rpc.url], { env: { HOME: home } })).toEqual({
      code: 2,
      out: '',
      err: `Error: no address given, and the default keypair ${path} was not found: ${INSTEAD}\n`,
    });
    expect(rpc.calls).toEqual([]);
  });

  it("names the config file's keypair_path, and the config file", async () => {
    const rpc = await scripted({});
    const home = tempDir();
    const config = writeConfig(home, ['---', 'keypair_path: /nonexistent/solrpc/validator.json']);
    expect(await runCli(['balance', '-u', rpc.url], { env: { HOME: home } })).toEqual({
      code: 2,
      out: '',
      err: `Error: no address given, and the keypair /nonexistent/solrpc/validator.json (keypair_path in ${config}) was not found: ${INSTEAD}\n`,
    });
    expect(rpc.calls).toEqual([]);
  });

  it('says there is no default keypair without HOME or USERPROFILE', async () => {
    const rpc = await scripted({});
    expect(await runCli(['balance', '-u', rpc.url], { env: {} })).toEqual({
      code: 2,
      out: '',
      err: `Error: no address given, and no default keypair: neither HOME nor USERPROFILE is set, so there is no ~/.config/solana/id.json; ${INSTEAD}\n`,
    });
  });

  it('a missing file named with --keypair is reported as that file', async () => {
    const rpc = await scripted({});
    const path = join(tempDir(), 'mine.json');
    expect(await runCli(['balance', '-u', rpc.url, '--keypair', path])).toEqual({
      code: 2,
      out: '',
      err: `Error: keypair file ${path}: not found\n`,
    });
  });
});

/** Vote info with two voters queued, no root, latencies 0 and absent, history from credits 0. */
function voteInfo(overrides: Partial<ParsedVoteInfo> = {}): ParsedVoteInfo {
  return {
    authorizedVoters: [
      { authorizedVoter: OTHER, epoch: 824 },
      { authorizedVoter: NEXT_VOTER, epoch: 826 },
    ],
    authorizedWithdrawer: WITHDRAWER,
    commission: 10,
    epochCredits: [
      { credits: '500', epoch: 822, previousCredits: '0' },
      { credits: '2000', epoch: 823, previousCredits: '500' },
      { credits: '3000', epoch: 824, previousCredits: '2000' },
    ],
    lastTimestamp: { slot: 356139450, timestamp: 1_704_067_200 },
    nodePubkey: IDENTITY,
    priorVoters: [],
    rootSlot: null,
    votes: [
      { confirmationCount: 3, latency: 0, slot: 356139448 },
      { confirmationCount: 2, slot: 356139449 },
      { confirmationCount: 1, latency: 3, slot: 356139450 },
    ],
    ...overrides,
  };
}

/** A cluster holding one vote account (or the given reply) and the TVC feature as given (epoch 823 on). */
async function voteCluster(
  account: ParsedVoteInfo | RpcHandler,
  feature: bigint | null | 'absent' | RpcReply = 823n * 432_000n,
): Promise<ScriptedRpc> {
  return scripted({
    getAccountInfo: (request) => {
      if (request.params[0] === TVC_FEATURE) {
        return typeof feature === 'object' && feature !== null ? feature : reply.result(featureResult(feature));
      }
      return typeof account === 'function' ? account(request) : reply.result(voteAccountResult(account));
    },
    getEpochInfo: serveFixture('conformance/getEpochInfo.t0'),
  });
}

const HEAD = [
  'Account Balance: 0.02889792 SOL',
  `Validator Identity: ${IDENTITY}`,
  `Vote Authority: ${OTHER}`,
  `  New Vote Authority as of Epoch 826: ${NEXT_VOTER}`,
  `Withdraw Authority: ${WITHDRAWER}`,
  'Credits: 3000',
  'Commission: 10%',
  'Root Slot: ~',
  'Recent Timestamp: 2024-01-01T00:00:00Z from slot 356139450',
];

describe('vote-account', () => {
  it('prints the simulated vote account (the confirmed bank, one slot behind the tip), every line of the Solana CLI layout', async () => {
    const result = await runCli(['vote-account', alpha.vote, '-u', cluster.url]);
    const votes = Array.from(
      { length: 31 },
      (_, k) => `- slot: ${356139454 - k} (confirmation count: ${k + 1}) (latency ${k === 0 ? 1 : 2})`,
    );
    const history = [
      [824, '2463027431..2465686428', '2658997/6912000'],
      [823, '2456327791..2463027431', '6699640/6912000'],
      [822, '2449628151..2456327791', '6699640/6912000'],
      [821, '2442928511..2449628151', '6699640/6912000'],
      [820, '2436228871..2442928511', '6699640/6912000'],
    ].flatMap(([epoch, range, max]) => [
      `- epoch: ${epoch}`,
      `  credits range: (${range}]`,
      `  credits/max credits: ${max}`,
    ]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        'Account Balance: 0.02889792 SOL',
        `Validator Identity: ${alpha.identity}`,
        `Vote Authority: ${alpha.identity}`,
        `Withdraw Authority: ${alpha.withdrawer}`,
        'Credits: 2465686428',
        'Commission: 5%',
        'Root Slot: 356139423',
        'Recent Timestamp: 2025-08-11T08:25:54Z from slot 356139454',
        'Recent Votes (using 31/31 entries):',
        ...votes,
        '- ... (truncated 2465686428 rooted votes, which have been credited)',
        'All Epoch Voting History (using 5/64 entries):',
        '* missed credits include slots unavailable to vote on due to delinquent leaders',
        ...history,
        '- ... (omitting 2436228871 past rooted votes, which have already been credited)',
        '',
      ].join('\n'),
    );
  }, 10_000);

  it('queued voter, no root, latency only when not 0, credits range, max credits = slots × 1 or × 16', async () => {
    const rpc = await voteCluster(voteInfo());
    const result = await runCli(['vote-account', VOTE, '-u', rpc.url]);
    expect(result).toEqual({
      code: 0,
      err: '',
      out: [
        ...HEAD,
        'Recent Votes (using 3/31 entries):',
        '- slot: 356139450 (confirmation count: 1) (latency 3)',
        '- slot: 356139449 (confirmation count: 2)',
        '- slot: 356139448 (confirmation count: 3)',
        '- ... (truncated 3000 rooted votes, which have been credited)',
        'All Epoch Voting History (using 3/64 entries):',
        '* missed credits include slots unavailable to vote on due to delinquent leaders',
        '- epoch: 824',
        '  credits range: (2000..3000]',
        '  credits/max credits: 1000/6912000',
        '- epoch: 823',
        '  credits range: (500..2000]',
        '  credits/max credits: 1500/6912000',
        '- epoch: 822',
        '  credits range: (0..500]',
        '  credits/max credits: 500/432000',
        '',
      ].join('\n'),
    });
    const sentCalls = rpc.calls.map((c) => [c.method, c.params]);
    expect(sentCalls).toHaveLength(3);
    expect(sentCalls).toEqual(
      expect.arrayContaining([
        ['getAccountInfo', [VOTE, { commitment: 'confirmed', encoding: 'jsonParsed' }]],
        ['getAccountInfo', [TVC_FEATURE, { commitment: 'confirmed', encoding: 'base64' }]],
        ['getEpochInfo', [{ commitment: 'confirmed' }]],
      ]),
    );
  }, 10_000);

  it('--lamports prints the balance in lamports', async () => {
    const rpc = await voteCluster(voteInfo());
    const result = await runCli(['vote-account', VOTE, '-u', rpc.url, '--lamports']);
    expect(result.out.split('\n')[0]).toBe('Account Balance: 28897920 lamports');
  }, 10_000);

  it('prints credits beyond 2^53 exactly', async () => {
    const rpc = await voteCluster(
      voteInfo({
        epochCredits: [{ credits: '18446744073709551615', epoch: 824, previousCredits: '9007199254740993' }],
      }),
    );
    const result = await runCli(['vote-account', VOTE, '-u', rpc.url]);
    const lines = result.out.split('\n');
    expect(lines[5]).toBe('Credits: 18446744073709551615');
    expect(lines).toContain('- ... (truncated 18446744073709551615 rooted votes, which have been credited)');
    expect(lines).toContain('  credits range: (9007199254740993..18446744073709551615]');
    expect(lines).toContain('  credits/max credits: 18437736874454810622/6912000');
    expect(lines).toContain('- ... (omitting 9007199254740993 past rooted votes, which have already been credited)');
    const json = await runCli(['vote-account', VOTE, '-u', rpc.url, '--output', 'json-compact']);
    expect(json.out).toContain('"credits":18446744073709551615,');
    expect(json.out).toContain('"creditsEarned":18437736874454810622,');
  }, 10_000);

  it('says "All Votes" and leaves out the truncated line and the history when there is no history', async () => {
    const rpc = await voteCluster(voteInfo({ epochCredits: [], votes: [{ confirmationCount: 1, slot: 356139450 }] }));
    const result = await runCli(['vote-account', VOTE, '-u', rpc.url]);
    expect(result.out).toBe(
      [
        ...HEAD.slice(0, 5),
        'Credits: 0',
        ...HEAD.slice(6),
        'All Votes (using 1/31 entries):',
        '- slot: 356139450 (confirmation count: 1)',
        '',
      ].join('\n'),
    );
  }, 10_000);

  it('skips the votes and the epoch voting history when the account holds no votes', async () => {
    const rpc = await voteCluster(voteInfo({ votes: [] }));
    expect((await runCli(['vote-account', VOTE, '-u', rpc.url])).out).toBe([...HEAD, ''].join('\n'));
  }, 10_000);

  it('one voter: no "New Vote Authority" line', async () => {
    const rpc = await voteCluster(voteInfo({ authorizedVoters: [{ authorizedVoter: OTHER, epoch: 824 }] }));
    const lines = (await runCli(['vote-account', VOTE, '-u', rpc.url])).out.split('\n');
    expect(lines.slice(2, 4)).toEqual([`Vote Authority: ${OTHER}`, `Withdraw Authority: ${WITHDRAWER}`]);
  }, 10_000);

  it('says "Recent" with 64 history entries, and omits the votes credited before the oldest', async () => {
    const epochCredits = Array.from({ length: 64 }, (_, i) => ({
      credits: String(2000 + (i + 1) * 100),
      epoch: 761 + i,
      previousCredits: String(2000 + i * 100),
    }));
    const rpc = await voteCluster(voteInfo({ epochCredits }));
    const lines = (await runCli(['vote-account', VOTE, '-u', rpc.url])).out.split('\n');
    expect(lines).toContain('Recent Epoch Voting History (using 64/64 entries):');
    expect(lines.filter((l) => l.startsWith('- epoch: '))).toHaveLength(64);
    expect(lines.slice(-5)).toEqual([
      '- epoch: 761',
      '  credits range: (2000..2100]',
      '  credits/max credits: 100/432000',
      '- ... (omitting 2000 past rooted votes, which have already been credited)',
      '',
    ]);
  }, 10_000);

  it.each([
    [
      'not yet activated (feature pending)',
      null as bigint | null | 'absent',
      ['1000/432000', '1500/432000', '500/432000'],
    ],
    ['active since epoch 824', 824n * 432_000n + 5n, ['1000/6912000', '1500/432000', '500/432000']],
    // solrpc's choice (docs/cli.md): an unreadable feature counts as active. The Solana CLI counts it inactive (× 1).
    ['absent', 'absent' as const, ['1000/6912000', '1500/6912000', '500/6912000']],
  ])(
    'timely vote credits %s',
    async (_name, feature, maxima) => {
      const rpc = await voteCluster(voteInfo(), feature);
      const lines = (await runCli(['vote-account', VOTE, '-u', rpc.url])).out.split('\n');
      expect(lines.filter((l) => l.startsWith('  credits/max credits: '))).toEqual(
        maxima.map((m) => `  credits/max credits: ${m}`),
      );
    },
    10_000,
  );

  it('--output json: the CliVoteAccount object, exact integers, oldest first', async () => {
    const rpc = await voteCluster(voteInfo());
    const result = await runCli(['vote-account', VOTE, '-u', rpc.url, '--output', 'json-compact']);
    expect(result.out).toBe(
      `${JSON.stringify({
        accountBalance: 28897920,
        validatorIdentity: IDENTITY,
        authorizedVoters: { '824': OTHER, '826': NEXT_VOTER },
        authorizedWithdrawer: WITHDRAWER,
        credits: 3000,
        commission: 10,
        rootSlot: null,
        recentTimestamp: { slot: 356139450, timestamp: 1_704_067_200 },
        votes: [
          { latency: 0, slot: 356139448, confirmationCount: 3 },
          { latency: 0, slot: 356139449, confirmationCount: 2 },
          { latency: 3, slot: 356139450, confirmationCount: 1 },
        ],
        epochVotingHistory: [
          { epoch: 822, slotsInEpoch: 432000, creditsEarned: 500, credits: 500, prevCredits: 0, maxCreditsPerSlot: 1 },
          {
            epoch: 823,
            slotsInEpoch: 432000,
            creditsEarned: 1500,
            credits: 2000,
            prevCredits: 500,
            maxCreditsPerSlot: 16,
          },
          {
            epoch: 824,
            slotsInEpoch: 432000,
            creditsEarned: 1000,
            credits: 3000,
            prevCredits: 2000,
            maxCreditsPerSlot: 16,
          },
        ],
      })}\n`,
    );
    const pretty = await runCli(['vote-account', VOTE, '-u', rpc.url, '--output', 'json', '--lamports']);
    expect(JSON.parse(pretty.out)).toEqual(JSON.parse(result.out));
    expect(pretty.out.startsWith('{\n  "accountBalance": 28897920,\n')).toBe(true);
  }, 10_000);

  it("is not a vote account: 'Error: RPC request error: …', exit 1", async () => {
    const rpc = await voteCluster(serveFixture('conformance/getAccountInfo.jsonParsed.nonce-account'));
    expect(await runCli(['vote-account', VOTE, '-u', rpc.url])).toEqual({
      code: 1,
      out: '',
      err: `Error: RPC request error: ${VOTE} is not a vote account\n`,
    });
  }, 10_000);

  it("account does not exist: 'Error: RPC request error: …', exit 1", async () => {
    const rpc = await voteCluster(serveFixture('conformance/getAccountInfo.base64.not-found'));
    expect(await runCli(['vote-account', VOTE, '-u', rpc.url])).toEqual({
      code: 1,
      out: '',
      err: `Error: RPC request error: ${VOTE} account does not exist\n`,
    });
  }, 10_000);

  it('the simulated wallet and an unknown address, as in the docs', async () => {
    expect(await runCli(['vote-account', WALLET, '-u', cluster.url])).toEqual({
      code: 1,
      out: '',
      err: `Error: RPC request error: ${WALLET} is not a vote account\n`,
    });
    // The System Program's address holds its native account on a node (and here): an address nobody uses.
    const nobody = 'AA44dQUExG3y819jVTbx3o1Z6Mg1SQ9wzvsq88Au7kzj';
    expect(await runCli(['vote-account', nobody, '-u', cluster.url])).toEqual({
      code: 1,
      out: '',
      err: `Error: RPC request error: ${nobody} account does not exist\n`,
    });
  }, 10_000);

  it.each([
    ['fields missing', () => reply.result(voteAccountResult({ nodePubkey: IDENTITY } as unknown as ParsedVoteInfo))],
    ['another parsed type', () => reply.result(voteAccountResult(voteInfo(), { type: 'uninitialized' }))],
    [
      'credits that are not decimal',
      () =>
        reply.result(
          voteAccountResult(voteInfo({ epochCredits: [{ credits: '1e3', epoch: 824, previousCredits: '0' }] })),
        ),
    ],
    [
      'an identity holding escape sequences',
      () => reply.result(voteAccountResult(voteInfo({ nodePubkey: '\u001b[31mEvil\u001b]0;x\u0007' }))),
    ],
  ])(
    'undecodable vote state (%s): exit 1, the Solana CLI wording',
    async (_name, answer) => {
      const rpc = await voteCluster(answer);
      const result = await runCli(['vote-account', VOTE, '-u', rpc.url]);
      expect(result).toEqual({
        code: 1,
        out: '',
        err: 'Error: RPC request error: Account data could not be deserialized to vote state\n',
      });
    },
    10_000,
  );
});

describe('epoch-info', () => {
  const TEXT = [
    '',
    'Block height: 334287113',
    'Slot: 356139456',
    'Epoch: 824',
    'Transaction Count: 418273992151',
    'Epoch Slot Range: [355968000..356400000)',
    'Epoch Completed Percent: 39.689%',
    'Epoch Completed Slots: 171456/432000 (260544 remaining)',
    // Whole seconds each, summed, as the Solana CLI's slot_to_duration does: 68582 s + 104217 s.
    'Epoch Completed Time: 19h 3m 2s*/1day 23h 59m 59s (1day 4h 56m 57s remaining)',
    '',
    '* estimated based on current slot durations',
    '',
  ];

  it('prints the recorded epoch (no terminal: no colour, no progress bar)', async () => {
    // A node that answers nothing but getEpochInfo: no samples, no block times, so 400 ms a slot, estimated.
    const rpc = await scripted({ getEpochInfo: serveFixture('conformance/getEpochInfo.t0') });
    expect(await runCli(['epoch-info', '-u', rpc.url])).toEqual({ code: 0, out: TEXT.join('\n'), err: '' });
    // The Solana CLI's requests: the epoch, then the last 60 performance samples, the epoch's first block
    // and the times of that block and of the current slot (the three first at once).
    const calls = rpc.calls.map((c) => [c.method, c.params]);
    expect(calls[0]).toEqual(['getEpochInfo', [{ commitment: 'confirmed' }]]);
    expect(calls.slice(1, 4).sort()).toEqual([
      ['getBlockTime', [356139456]],
      ['getBlocksWithLimit', [355968000, 1, { commitment: 'confirmed' }]],
      ['getRecentPerformanceSamples', [60]],
    ]);
    expect(calls.slice(4)).toEqual([['getBlockTime', [355968000]]]);
  }, 10_000);

  it("with block times: the elapsed time is theirs, unmarked; the slot time is the samples' average", async () => {
    const rpc = await scripted({
      getEpochInfo: serveFixture('conformance/getEpochInfo.t0'),
      // 2 × 60 s over 290 slots: 413 ms a slot, in whole milliseconds as the Solana CLI divides.
      getRecentPerformanceSamples: reply.result([
        { slot: 356139400, numSlots: 150, numTransactions: 1, numNonVoteTransactions: 1, samplePeriodSecs: 60 },
        { slot: 356139250, numSlots: 140, numTransactions: 1, numNonVoteTransactions: 1, samplePeriodSecs: 60 },
      ]),
      // The epoch's first block came 2 slots after its first slot.
      getBlocksWithLimit: reply.result([355968002]),
      getBlockTime: (request) =>
        reply.result(request.params?.[0] === 355968002 ? 1_754_831_000 : 1_754_831_000 + 70_000),
    });
    const out = (await runCli(['epoch-info', '-u', rpc.url])).out.split('\n');
    // Elapsed: 70,000 s less agave's forward shift of the first block (2 × 413 ms = 0 whole s after division).
    // Left: 260,544 slots × 413 ms = 107,604 s.
    expect(out).toContain('Epoch Completed Time: 19h 26m 40s/2days 1h 20m 4s (1day 5h 53m 24s remaining)');
    expect(out).not.toContain('* estimated based on current slot durations');
  }, 10_000);

  it('on a terminal: bold labels and a progress bar', async () => {
    const rpc = await scripted({ getEpochInfo: serveFixture('conformance/getEpochInfo.t0') });
    const result = await runCli(['epoch-info', '-u', rpc.url], { isTTY: true, env: {} });
    const bold = (label: string) => `\u001b[1m${label}\u001b[0m`;
    expect(result.out.split('\n').slice(1, 3)).toEqual([
      `${bold('Block height:')} 334287113`,
      `${bold('Slot:')} 356139456`,
    ]);
    expect(result.out.split('\n')).toContain(
      `${bold('Epoch Progress:')} [################........................] 39.7%`,
    );
  }, 10_000);

  it.each([
    ['NO_COLOR=1 on a terminal', { isTTY: true, env: { NO_COLOR: '1' } }, true],
    ['not a terminal', { isTTY: false, env: {} }, false],
    ['not a terminal, even with FORCE_COLOR', { isTTY: false, env: { FORCE_COLOR: '1' } }, false],
  ])(
    '%s: no escape codes at all',
    async (_name, io, bar) => {
      const rpc = await scripted({ getEpochInfo: serveFixture('conformance/getEpochInfo.t0') });
      const result = await runCli(['epoch-info', '-u', rpc.url], io);
      expect(result.out).not.toMatch(TERMINAL_CONTROL);
      const expected = [...TEXT];
      if (bar) expected.splice(9, 0, 'Epoch Progress: [################........................] 39.7%');
      expect(result.out).toBe(expected.join('\n'));
    },
    10_000,
  );

  it('rounds the percentage as Rust does: an exact tie to even (270 of 432,000 slots is 0.0625%)', async () => {
    const info = { absoluteSlot: 270, blockHeight: 260, epoch: 0, slotIndex: 270, slotsInEpoch: 432_000 };
    const rpc = await scripted({ getEpochInfo: reply.result({ ...info, transactionCount: null }) });
    const result = await runCli(['epoch-info', '-u', rpc.url]);
    // JavaScript's toFixed(3) would say 0.063%.
    expect(result.out.split('\n')).toContain('Epoch Completed Percent: 0.062%');
    // JSON: the percentage as serde_json writes an f64; a whole one keeps its point.
    const half = { ...info, slotIndex: 216_000, absoluteSlot: 216_000 };
    const json = await scripted({ getEpochInfo: reply.result({ ...half, transactionCount: null }) });
    expect((await runCli(['epoch-info', '-u', json.url, '--output', 'json'])).out).toContain(
      '"epochCompletedPercent": 50.0\n',
    );
  }, 10_000);

  it('an empty NO_COLOR does not count (no-color.org)', async () => {
    const rpc = await scripted({ getEpochInfo: serveFixture('conformance/getEpochInfo.t0') });
    const result = await runCli(['epoch-info', '-u', rpc.url], { isTTY: true, env: { NO_COLOR: '' } });
    expect(result.out).toContain('\u001b[1mSlot:\u001b[0m');
  }, 10_000);

  it('leaves out the transaction count when the node reports none', async () => {
    const rpc = await scripted({ getEpochInfo: serveFixture('getEpochInfo/transaction-count-null') });
    const result = await runCli(['epoch-info', '-u', rpc.url]);
    expect(result.out).toBe(TEXT.filter((l) => !l.startsWith('Transaction Count')).join('\n'));
  }, 10_000);

  it('--output json: the epoch info and the percentage unrounded', async () => {
    const rpc = await scripted({ getEpochInfo: serveFixture('conformance/getEpochInfo.t0') });
    expect((await runCli(['epoch-info', '-u', rpc.url, '--output', 'json-compact'])).out).toBe(
      '{"absoluteSlot":356139456,"blockHeight":334287113,"epoch":824,"slotIndex":171456,"slotsInEpoch":432000,"transactionCount":418273992151,"epochCompletedPercent":39.68888888888889}\n',
    );
    // A terminal does not colour JSON.
    const tty = await runCli(['epoch-info', '-u', rpc.url, '--output', 'json'], { isTTY: true, env: {} });
    expect(tty.out).not.toMatch(TERMINAL_CONTROL);
    expect(JSON.parse(tty.out)).toMatchObject({ epoch: 824, slotIndex: 171456 });
  }, 10_000);

  it('prints the simulated cluster at its fixed slot (its confirmed bank, one behind the tip)', async () => {
    const result = await runCli(['epoch-info', '-u', cluster.url]);
    const lines = result.out.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      '',
      'Block height: 334287112',
      'Slot: 356139455',
      'Epoch: 824',
      'Transaction Count: 418273989051',
    ]);
    expect(lines).toContain('Epoch Completed Slots: 171455/432000 (260545 remaining)');
  }, 10_000);
});

describe('leader-schedule', () => {
  const row = (slot: number, leader: string) => `  ${slot}       ${leader}`;

  it('every slot of the epoch in slot order, absolute slots, one per line', async () => {
    const rpc = await scripted({
      getEpochInfo: serveFixture('conformance/getEpochInfo.t0'),
      getLeaderSchedule: serveFixture('conformance/getLeaderSchedule.current-epoch'),
    });
    const result = await runCli(['leader-schedule', '-u', rpc.url]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(89);
    expect(lines.slice(0, 9)).toEqual([
      row(355968000, IDENTITY),
      row(355968001, IDENTITY),
      row(355968002, IDENTITY),
      row(355968003, IDENTITY),
      row(355968004, OTHER),
      row(355968005, OTHER),
      row(355968006, OTHER),
      row(355968007, OTHER),
      row(355968008, '3GoyTXTktQWGbDajUCn7gnZqj1CLLFfRY8XCqYYtzB17'),
    ]);
    expect(lines.at(-2)).toBe(row(356399999, IDENTITY));
    const slots = lines.slice(0, -1).map((l) => Number(l.trim().split(/\s+/)[0]));
    expect(slots.every((s, i) => i === 0 || s > (slots[i - 1] as number))).toBe(true);
    expect(rpc.calls.map((c) => c.method).sort()).toEqual(['getEpochInfo', 'getLeaderSchedule']);
    expect(rpc.calls.find((c) => c.method === 'getLeaderSchedule')?.params).toEqual([
      null,
      { commitment: 'confirmed' },
    ]);
  }, 10_000);

  it('--identity: only its slots, and the identity is sent to the node', async () => {
    const rpc = await scripted({
      getEpochInfo: serveFixture('conformance/getEpochInfo.t0'),
      getLeaderSchedule: serveFixture('conformance/getLeaderSchedule.identity-filter'),
    });
    const result = await runCli(['leader-schedule', '-u', rpc.url, '--identity', OTHER]);
    const indexes = [4, 5, 6, 7, 20, 21, 22, 23, 36, 37, 38, 39, 52, 53, 54, 55];
    expect(result).toEqual({
      code: 0,
      err: '',
      out: `${indexes.map((i) => row(355968000 + i, OTHER)).join('\n')}\n`,
    });
    expect(rpc.calls.find((c) => c.method === 'getLeaderSchedule')?.params).toEqual([
      null,
      { commitment: 'confirmed', identity: OTHER },
    ]);
    const json = await runCli(['leader-schedule', '-u', rpc.url, '--identity', OTHER, '--output', 'json-compact']);
    expect(json.out).toBe(
      `{"epoch":824,"leaderScheduleEntries":[${indexes.map((i) => `{"slot":${355968000 + i},"leader":"${OTHER}"}`).join(',')}]}\n`,
    );
  }, 10_000);

  it('prints nothing for a validator with no slots', async () => {
    const rpc = await scripted({
      getEpochInfo: serveFixture('conformance/getEpochInfo.t0'),
      getLeaderSchedule: serveFixture('getLeaderSchedule/identity-no-slots'),
    });
    expect(await runCli(['leader-schedule', '-u', rpc.url, '--identity', OTHER])).toEqual({
      code: 0,
      out: '',
      err: '',
    });
  }, 10_000);

  it('the simulated cluster: 432,000 lines in four-slot rotations', async () => {
    const result = await runCli(['leader-schedule', '-u', cluster.url]);
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines).toHaveLength(432_001);
    expect(lines[4]).toBe(row(355968004, (SIMULATION.validators[1] as { identity: string }).identity));
  }, 20_000);
});

// --- check ---------------------------------------------------------------------------------------

const node = (pubkey: string, rpc: string | null = null, version = '2.3.7') => ({
  pubkey,
  gossip: '203.0.113.44:8001',
  tpu: '203.0.113.44:8003',
  tpuQuic: '203.0.113.44:8009',
  rpc,
  pubsub: null,
  version,
  featureSet: 2891131721,
  shredVersion: 50093,
});

const voteEntry = (lastVote: number, stake = '13822119736540281') =>
  `{"activatedStake":${stake},"commission":5,"epochCredits":[[823,2451965631,2445052618],[824,2458877976,2451965631]],"epochVoteAccount":true,"lastVote":${lastVote},"nodePubkey":"${IDENTITY}","rootSlot":${lastVote - 32},"votePubkey":"${VOTE}"}`;

const epochAt = (absoluteSlot: number) => ({
  absoluteSlot,
  blockHeight: absoluteSlot - 21852343,
  epoch: 824,
  slotIndex: absoluteSlot - 824 * 432000,
  slotsInEpoch: 432000,
  transactionCount: 418273992151,
});

interface CheckScript {
  /** Gossip: a list, or an error answer. */
  nodes?: unknown[] | RpcReply;
  /** Gossip made from the scripted server's own `host:port`, where the validator's RPC is. */
  nodesAt?: (self: string) => unknown[];
  /** One per getVoteAccounts call (the last repeats). */
  votes?: ({ list: 'current' | 'delinquent'; lastVote: number; stake?: string } | 'none')[];
  /** One per getEpochInfo call (the last repeats). */
  epochs?: number[];
}

/** A scripted cluster for `check`; the defaults describe a healthy validator. */
async function checkCluster(script: CheckScript = {}): Promise<ScriptedRpc> {
  const votes = script.votes ?? [
    { list: 'current', lastVote: 356139515 },
    { list: 'current', lastVote: 356139520 },
  ];
  const epochs = script.epochs ?? [356139516, 356139521];
  let voteCall = 0;
  let epochCall = 0;
  const at = <T>(list: T[], i: number) => list[Math.min(i, list.length - 1)] as T;
  // The validator advertises this very server as its RPC, so `check` asks its node on loopback too.
  let self = '';
  const { nodes, nodesAt } = script;
  const rpc = await scripted({
    getClusterNodes:
      nodes && !Array.isArray(nodes)
        ? nodes
        : () => reply.result(nodesAt ? nodesAt(self) : (nodes ?? [node(OTHER), node(IDENTITY, self)])),
    getVoteAccounts: () => {
      const entry = at(votes, voteCall++);
      if (entry === 'none') return reply.resultText('{"current":[],"delinquent":[]}');
      const account = voteEntry(entry.lastVote, entry.stake);
      return reply.resultText(
        entry.list === 'current'
          ? `{"current":[${account}],"delinquent":[]}`
          : `{"current":[],"delinquent":[${account}]}`,
      );
    },
    getEpochInfo: () => reply.result(epochAt(at(epochs, epochCall++))),
    getLeaderSchedule: reply.result({ [IDENTITY]: [171456, 171457, 171458, 171459, 200000, 200001] }),
    getBlockProduction: reply.result({
      context: { slot: 356139521 },
      value: { byIdentity: { [IDENTITY]: [40, 39] }, range: { firstSlot: 355968000, lastSlot: 356139521 } },
    }),
    getHealth: reply.result('ok'),
    getVersion: reply.result({ 'solana-core': '2.3.7', 'feature-set': 2891131721 }),
    getHighestSnapshotSlot: reply.result({ full: 356125000, incremental: 356139400 }),
  });
  self = new URL(rpc.url).host;
  return rpc;
}

/** Injected time: `sleep` moves the clock instead of waiting. */
function fakeTime() {
  let now = 0;
  const sleeps: { ms: number; signal: AbortSignal | undefined }[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number, signal?: AbortSignal) => {
      sleeps.push({ ms, signal });
      now += ms;
    },
  };
}

/** A healthy validator's report, its node's RPC at `rpc` (the scripted server's `host:port`). */
const healthy = (rpc: ScriptedRpc) => [
  `Validator ${IDENTITY}: OK`,
  `  ok        visible           in gossip at 203.0.113.44:8001, version 2.3.7, advertises RPC at ${new URL(rpc.url).host}`,
  `  ok        voting            voting with ${VOTE}: last vote at slot 356139520, 1 slot behind, root 356139488, 6912345 credits this epoch`,
  '  ok        staked            13822119736540281 lamports of active stake',
  '  ok        cluster-progress  the cluster advanced 5 slots in 2.0 s',
  '  ok        vote-progress     the last vote advanced 5 slots',
  '  ok        leader-slots      6 leader slots in epoch 824; next at slot 356168000',
  '  ok        skip-rate         2.50% skipped: 1 of 40 leader slots without a block (slots 355968000..356139521; warning at 10%, critical at 25%)',
  `  ok        node-health       its RPC at ${new URL(rpc.url).host} reports healthy, version 2.3.7`,
  '  ok        snapshot          incremental snapshot at slot 356139400 (full at 356125000), 121 slots old (warning at 30000, critical at 100000)',
];

describe('check', () => {
  it('a healthy validator: exit 0, each finding with its reason', async () => {
    const rpc = await checkCluster();
    const time = fakeTime();
    const result = await runCli(['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url], time);
    expect(result).toEqual({ code: 0, out: `${healthy(rpc).join('\n')}\n`, err: '' });
    expect(time.sleeps.map((s) => s.ms)).toEqual([2000]);
    expect(rpc.calls.filter((c) => c.method === 'getVoteAccounts').map((c) => c.params)).toEqual([
      [{ commitment: 'confirmed', keepUnstakedDelinquents: true, votePubkey: VOTE }],
      [{ commitment: 'confirmed', keepUnstakedDelinquents: true, votePubkey: VOTE }],
    ]);
  }, 10_000);

  it('no active stake: WARNING, exit 1', async () => {
    const rpc = await checkCluster({
      votes: [
        { list: 'current', lastVote: 356139515, stake: '0' },
        { list: 'current', lastVote: 356139520, stake: '0' },
      ],
    });
    const result = await runCli(['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url], fakeTime());
    expect(result.code).toBe(1);
    expect(result.out.split('\n')[0]).toBe(`Validator ${IDENTITY}: WARNING`);
    expect(result.out).toContain(
      '  warning   staked            no active stake: the account votes but earns no rewards and leads no slots\n',
    );
  }, 10_000);

  it('delinquent: CRITICAL, exit 2', async () => {
    const rpc = await checkCluster({
      votes: [
        { list: 'delinquent', lastVote: 356139000 },
        { list: 'delinquent', lastVote: 356139000 },
      ],
    });
    const result = await runCli(['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url], fakeTime());
    expect(result.code).toBe(2);
    expect(result.out.split('\n')[0]).toBe(`Validator ${IDENTITY}: CRITICAL`);
    expect(result.out).toContain(
      '  critical  voting            delinquent: last vote at slot 356139000, 521 slots behind\n',
    );
  }, 10_000);

  it('not in gossip: CRITICAL, exit 2', async () => {
    const rpc = await checkCluster({ nodes: [node(OTHER)] });
    const result = await runCli(['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url], fakeTime());
    expect(result.code).toBe(2);
    expect(result.out).toContain(
      '  critical  visible           not in gossip: none of the 1 nodes the RPC node sees has this identity\n',
    );
  }, 10_000);

  it('gossip not served (-32601): UNKNOWN, exit 3, the reason names --full-rpc-api', async () => {
    const rpc = await checkCluster({ nodes: serveFixture('conformance/error.-32601.method-not-found') as never });
    const result = await runCli(['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url], fakeTime());
    expect(result.code).toBe(3);
    expect(result.err).toBe('');
    expect(result.out.split('\n').slice(0, 2)).toEqual([
      `Validator ${IDENTITY}: UNKNOWN`,
      '  unknown   visible           could not check gossip: the node may not serve this method: full-API methods need a node started with --full-rpc-api; try another RPC URL',
    ]);
  }, 10_000);

  it('an unreachable cluster: every finding unknown, exit 3', async () => {
    const port = await closedPort();
    const result = await runCli(['check', IDENTITY, '-u', `http://127.0.0.1:${port}`], fakeTime());
    expect(result.code).toBe(3);
    expect(result.out.split('\n')).toEqual([
      `Validator ${IDENTITY}: UNKNOWN`,
      `  unknown   visible           could not check gossip: getClusterNodes: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`,
      `  unknown   voting            could not check the vote account: getVoteAccounts: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`,
      `  unknown   staked            could not check the vote account: getVoteAccounts: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`,
      `  unknown   cluster-progress  could not check the slot: getEpochInfo: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`,
      '  unknown   vote-progress     no vote account to follow',
      `  unknown   leader-slots      could not check leader slots: getLeaderSchedule: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`,
      `  unknown   skip-rate         could not check block production: getBlockProduction: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`,
      '  unknown   node-health       gossip could not be read, so the node was not asked',
      '  unknown   snapshot          gossip could not be read, so the node was not asked',
      '',
    ]);
  }, 10_000);

  it('--output json: the whole report, exact stake, no time stamp; json-compact on one line', async () => {
    const rpc = await checkCluster();
    const result = await runCli(
      ['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url, '--output', 'json'],
      fakeTime(),
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain('\n    "activatedStake": 13822119736540281,\n');
    const report = JSON.parse(result.out) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual([
      'identity',
      'verdict',
      'findings',
      'samples',
      'gossip',
      'vote',
      'leaderSlots',
      'blockProduction',
      'node',
    ]);
    expect(report).toMatchObject({
      identity: IDENTITY,
      verdict: 'ok',
      leaderSlots: { epoch: 824, count: 6, nextSlot: 356168000 },
    });
    expect((report.findings as { verdict: string }[]).map((f) => f.verdict)).toEqual(Array(9).fill('ok'));
    const compact = await runCli(
      ['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url, '--output', 'json-compact'],
      fakeTime(),
    );
    expect(compact.out.split('\n')).toHaveLength(2);
    expect(compact.out).toContain('"activatedStake":13822119736540281,');
  }, 10_000);

  it('prints the time in the header when the clock is real', async () => {
    const rpc = await checkCluster();
    const result = await runCli(['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url, '--interval', '0.01']);
    expect(result.out.split('\n')[0]).toMatch(
      new RegExp(`^Validator ${IDENTITY}: OK at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$`),
    );
  }, 10_000);

  it.each([
    ['no identity', ['check']],
    ['a bad identity', ['check', 'nothere']],
    ['--samples 1.5', ['check', IDENTITY, '--samples', '1.5']],
    ['--samples 0', ['check', IDENTITY, '--samples', '0']],
    ['--interval -1', ['check', IDENTITY, '--interval=-1']],
    ['--watch 0', ['check', IDENTITY, '--watch', '0']],
    ['--output xml', ['check', IDENTITY, '--output', 'xml']],
    ['an unknown option', ['check', IDENTITY, '--bogus']],
    ['an option of another command', ['check', IDENTITY, '--lamports']],
    ['a missing option value', ['check', IDENTITY, '--vote-account']],
    ['too many arguments', ['check', IDENTITY, VOTE]],
    ['an invalid URL', ['check', IDENTITY, '-u', 'not a url']],
  ])('a check that cannot run (%s) is UNKNOWN: exit 3, one line on stderr', async (_name, argv) => {
    const result = await runCli(argv, fakeTime());
    expect(result.code).toBe(3);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/^Error: [^\n]+\n$/);
  });
  // start with '-', which is the URL in `solrpc -u http://… check X --bogus` ("Options may come before or
  // after the command", docs/cli.md). The parse error is then reported as exit 2, Nagios CRITICAL,
  // instead of 3 (UNKNOWN). Repro: solrpc --url http://127.0.0.1:8899 check <ID> --bogus; echo $?  → 2
  it('a bad option is UNKNOWN (3) also when global options come before `check`', async () => {
    const result = await runCli(['--url', 'http://127.0.0.1:8899', 'check', IDENTITY, '--bogus']);
    expect(result.code).toBe(3);
  });

  describe('--watch', () => {
    /** A clock whose watch waits (every - elapsed) abort the run at the given round. */
    function watchTime(stopAfter: number, controller: AbortController) {
      const time = fakeTime();
      let rounds = 0;
      const sleep = async (ms: number, signal?: AbortSignal) => {
        await time.sleep(ms, signal);
        if (ms !== 2000 && ++rounds === stopAfter) controller.abort(new Error('interrupted'));
      };
      return { ...time, sleep };
    }

    it('runs until interrupted, start to start, and exits with the last verdict (ok then warning: 1)', async () => {
      const rpc = await checkCluster({
        votes: [
          { list: 'current', lastVote: 356139515 },
          { list: 'current', lastVote: 356139520 },
          { list: 'current', lastVote: 356139525, stake: '0' },
          { list: 'current', lastVote: 356139530, stake: '0' },
        ],
        epochs: [356139516, 356139521, 356139526, 356139531],
      });
      const controller = new AbortController();
      const time = watchTime(2, controller);
      const result = await runCli(['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url, '--watch', '7'], {
        ...time,
        signal: controller.signal,
      });
      expect(result.code).toBe(1);
      expect(result.err).toBe('');
      expect(result.out.match(/^Validator .*$/gm)).toEqual([
        `Validator ${IDENTITY}: OK`,
        `Validator ${IDENTITY}: WARNING`,
      ]);
      // Two samples 2 s apart, then the rest of the 7 s to the next round's start.
      expect(time.sleeps.map((s) => s.ms)).toEqual([2000, 5000, 2000, 5000]);
      expect(time.sleeps[1]?.signal).toBe(controller.signal);
    }, 10_000);

    it('warning then ok: exit 0', async () => {
      const rpc = await checkCluster({
        votes: [
          { list: 'current', lastVote: 356139515, stake: '0' },
          { list: 'current', lastVote: 356139520, stake: '0' },
          { list: 'current', lastVote: 356139525 },
          { list: 'current', lastVote: 356139530 },
        ],
        epochs: [356139516, 356139521, 356139526, 356139531],
      });
      const controller = new AbortController();
      const result = await runCli(['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url, '--watch', '7'], {
        ...watchTime(2, controller),
        signal: controller.signal,
      });
      expect(result.code).toBe(0);
      expect(result.out.match(/^Validator .*$/gm)).toHaveLength(2);
    }, 10_000);

    it('interrupted before the first check completes: exit 3, nothing on stderr', async () => {
      const rpc = await checkCluster();
      const controller = new AbortController();
      const result = await runCli(['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url, '--watch', '7'], {
        now: () => 0,
        sleep: async () => {
          controller.abort(new Error('interrupted'));
          throw new Error('interrupted');
        },
        signal: controller.signal,
      });
      expect(result).toEqual({ code: 3, out: '', err: '' });
    }, 10_000);

    it('a bare --watch before an all-digit address means every 60 s', async () => {
      const rpc = await checkCluster();
      const controller = new AbortController();
      const time = watchTime(1, controller);
      const result = await runCli(['check', '--watch', IDENTITY, '--vote-account', VOTE, '-u', rpc.url], {
        ...time,
        signal: controller.signal,
      });
      expect(result.code).toBe(0);
      expect(time.sleeps.map((s) => s.ms)).toEqual([2000, 58000]);
    }, 10_000);
  });

  it('colours verdicts on a terminal, and not with NO_COLOR', async () => {
    const rpc = await checkCluster();
    const tty = await runCli(['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url], {
      ...fakeTime(),
      isTTY: true,
      env: {},
    });
    expect(tty.out.split('\n')[0]).toBe(`Validator ${IDENTITY}: \u001b[32mOK\u001b[0m`);
    expect(tty.out.split('\n')[1]).toBe(
      `  \u001b[32mok       \u001b[0m visible           in gossip at 203.0.113.44:8001, version 2.3.7, advertises RPC at ${new URL(rpc.url).host}`,
    );
    const fresh = await checkCluster();
    const plain = await runCli(['check', IDENTITY, '--vote-account', VOTE, '-u', fresh.url], {
      ...fakeTime(),
      isTTY: true,
      env: { NO_COLOR: '1' },
    });
    expect(plain.out).toBe(`${healthy(fresh).join('\n')}\n`);
  }, 10_000);
});

// --- help, version, usage ---------------------------------------------------------------------------

describe('help and version', () => {
  // Every command has its help, and the main help lists it.
  const commands = Object.keys(COMMAND_HELP);

  it('the main help lists every command', () => {
    for (const name of commands) expect(MAIN_HELP).toContain(`\n  ${name}`);
  });

  it.each(commands)(
    '%s: --help, -h and `help <command>` print its help on stdout, exit 0, nothing sent',
    async (name) => {
      const port = await closedPort();
      const text = COMMAND_HELP[name] as string;
      expect(text.startsWith(`solrpc ${name} — `)).toBe(true);
      expect(text).toContain(`Usage: solrpc ${name}`);
      for (const argv of [
        [name, '--help'],
        [name, '-h', '-u', `http://127.0.0.1:${port}`],
        ['help', name],
      ]) {
        expect(await runCli(argv)).toEqual({ code: 0, out: text, err: '' });
      }
    },
  );

  // GLOBAL is what run() lets past its per-command option check.
  it.each(commands)('%s: its help lists every global option it accepts, --rpc-timeout included', (name) => {
    const text = COMMAND_HELP[name] as string;
    const globals = [...GLOBAL].filter((option) => option !== 'version');
    expect(globals).toContain('rpc-timeout');
    for (const option of globals) expect(text).toMatch(new RegExp(`--${option}\\b`));
  });

  it('solrpc --help and solrpc help: the main help, listing every command, exit 0', async () => {
    expect(await runCli(['--help'])).toEqual({ code: 0, out: MAIN_HELP, err: '' });
    expect(await runCli(['help'])).toEqual({ code: 0, out: MAIN_HELP, err: '' });
    for (const name of commands) expect(MAIN_HELP).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  it('no command: the main help on stderr, exit 2', async () => {
    expect(await runCli([])).toEqual({ code: 2, out: '', err: MAIN_HELP });
  });

  it('--version and -V print the package version', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(await runCli(['--version'])).toEqual({ code: 0, out: `solrpc ${pkg.version}\n`, err: '' });
    expect(await runCli(['-V'])).toEqual({ code: 0, out: `solrpc ${pkg.version}\n`, err: '' });
  });
});

describe('usage errors: exit 2, one line on stderr, nothing sent', () => {
  it.each([
    [['frobnicate'], "Error: unknown command 'frobnicate' (see 'solrpc --help')"],
    [['gossip', '--frob'], "Error: unknown option --frob (see 'solrpc --help')"],
    [['gossip', '--api-key=SECRET'], "Error: unknown option --api-key (see 'solrpc --help')"],
    [['gossip', '-x'], "Error: unknown option -x (see 'solrpc --help')"],
    [['gossip', '--lamports'], "Error: option --lamports does not apply to 'gossip'"],
    [['balance', '--identity', OTHER], "Error: option --identity does not apply to 'balance'"],
    [['vote-account'], "Error: 'vote-account' needs an argument (see 'solrpc vote-account --help')"],
    [['balance', OTHER, VOTE], "Error: 'balance' takes at most 1 argument(s)"],
    [['gossip', 'extra'], "Error: 'gossip' takes at most 0 argument(s)"],
    [['balance', OTHER, '--url'], 'Error: option --url needs a value'],
    [['gossip', '--output', 'xml'], 'Error: --output must be text, json or json-compact'],
    [['gossip', '--rpc-timeout', '0'], 'Error: --rpc-timeout must be above 0 seconds, got 0'],
    [['gossip', '--rpc-timeout', '0.0'], 'Error: --rpc-timeout must be above 0 seconds, got 0'],
    [['gossip', '--rpc-timeout=-5'], 'Error: --rpc-timeout must be above 0 seconds, got -5'],
    [['gossip', '--rpc-timeout=-0.5'], 'Error: --rpc-timeout must be above 0 seconds, got -0.5'],
    [
      ['gossip', '--rpc-timeout', '-5'],
      "Error: option --rpc-timeout needs a value; to give one that starts with '-', write --rpc-timeout=VALUE",
    ],
    [['gossip', '--rpc-timeout', '0.0001'], 'Error: --rpc-timeout must be at least 0.001 seconds (1 ms), got 0.0001'],
    [['gossip', '--rpc-timeout', '86401'], 'Error: --rpc-timeout must be at most 86400 seconds (one day), got 86401'],
    [['gossip', '--rpc-timeout', '1e9'], 'Error: --rpc-timeout must be at most 86400 seconds (one day), got 1e9'],
    [['gossip', '--rpc-timeout', 'soon'], 'Error: --rpc-timeout must be a number of seconds, such as 30 or 2.5'],
    [['gossip', '--rpc-timeout', 'NaN'], 'Error: --rpc-timeout must be a number of seconds, such as 30 or 2.5'],
    [['gossip', '--rpc-timeout', 'Infinity'], 'Error: --rpc-timeout must be a number of seconds, such as 30 or 2.5'],
    [['gossip', '--rpc-timeout', '0x1f'], 'Error: --rpc-timeout must be a number of seconds, such as 30 or 2.5'],
    [['gossip', '--rpc-timeout='], 'Error: --rpc-timeout must be a number of seconds, such as 30 or 2.5'],
    [['gossip', '--rpc-timeout', '30s'], 'Error: --rpc-timeout must be a number of seconds, such as 30 or 2.5'],
    [['gossip', '-u', 'mainnet'], "Error: --url: 'mainnet' is not a cluster moniker; did you mean mainnet-beta (m)?"],
    [['gossip', '-u', 'http://'], 'Error: invalid url: not a valid absolute URL'],
    [['gossip', '-u', 'ftp://127.0.0.1/'], 'Error: invalid url: the scheme must be http: or https:, got ftp:'],
    [['help', 'nope'], "Error: no help for 'nope': unknown command"],
  ])('%j', async (argv, line) => {
    const result = await runCli(argv);
    expect(result).toEqual({ code: 2, out: '', err: `${line}\n` });
    expect(result.err).not.toContain('SECRET');
  });
});

// --- the network, secrets and terminals --------------------------------------------------------------

describe('an unreachable or slow cluster', () => {
  it('a closed port: exit 69, one line naming the origin only', async () => {
    const port = await closedPort();
    const result = await runCli(['gossip', '-u', `http://127.0.0.1:${port}/some/path?x=1`]);
    expect(result).toEqual({
      code: 69,
      out: '',
      err: `Error: getClusterNodes: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)\n`,
    });
  }, 10_000);

  it('no answer within --rpc-timeout: exit 69, pointing at --rpc-timeout', async () => {
    const rpc = await scripted({ getEpochInfo: () => new Promise<RpcReply>(() => undefined) });
    const result = await runCli(['epoch-info', '-u', rpc.url, '--rpc-timeout', '0.2']);
    expect({ code: result.code, out: result.out }).toEqual({ code: 69, out: '' });
    // The CLI retries once; the total time depends on the machine, so it is matched, not fixed.
    expect(result.err).toMatch(
      new RegExp(
        `^Error: getEpochInfo: no complete answer from ${rpc.url} in 2 attempts of 200 ms each \\(\\d+\\.\\d s in all\\) — raise --rpc-timeout, or check that the node is reachable and not overloaded\\.\n$`,
      ),
    );
  }, 10_000);

  it("HTTP 503: exit 1, the line with its hint, then the body's text", async () => {
    // The recording's body, plain text: no JSON-RPC id to echo.
    const rpc = await scripted({
      getEpochInfo: reply.body('no healthy upstream', { status: 503, contentType: 'text/plain' }),
    });
    const result = await runCli(['epoch-info', '-u', rpc.url]);
    expect(result).toEqual({
      code: 1,
      out: '',
      err: `Error: getEpochInfo: HTTP 503 Service Unavailable from ${rpc.url} — the endpoint (or the proxy in front of it) has no healthy node right now.\n  Body: no healthy upstream\n`,
    });
  }, 10_000);

  it('HTTP 503 with an HTML page: one line, the page is not copied', async () => {
    const rpc = await scripted({
      getEpochInfo: reply.body('<html><body>down</body></html>', { status: 503, contentType: 'text/html' }),
    });
    const result = await runCli(['epoch-info', '-u', rpc.url]);
    expect(result.err).toBe(
      `Error: getEpochInfo: HTTP 503 Service Unavailable from ${rpc.url} — the endpoint (or the proxy in front of it) has no healthy node right now.\n`,
    );
  }, 10_000);

  it('a body with escapes and line breaks reaches the second line as clean text', async () => {
    const rpc = await scripted({
      getEpochInfo: reply.body('upstream\u001b[31m down\n\u0007again', { status: 502, contentType: 'text/plain' }),
    });
    const result = await runCli(['epoch-info', '-u', rpc.url]);
    expect(result.err.split('\n')[1]).toBe('  Body: upstream down again');
    expect(result.err).not.toMatch(TERMINAL_CONTROL);
  }, 10_000);
});

describe('an answer that is not JSON-RPC: exit 1, what was wrong on a second line', () => {
  it.each([
    [
      'content-type',
      reply.body('<html><body>Portal</body></html>', { contentType: 'text/html; charset=utf-8' }),
      'expected a JSON body, got content-type text/html',
    ],
    [
      'json',
      reply.body('{"jsonrpc":"2.0",', { contentType: 'application/json' }),
      'the body is not valid JSON (unexpected end of input at offset 17)',
    ],
    [
      'not-jsonrpc',
      reply.body('[1,2]', { contentType: 'application/json' }),
      'expected a JSON-RPC response object, got an array',
    ],
    [
      'id-mismatch',
      reply.body('{"jsonrpc":"2.0","result":[],"id":987654}', { contentType: 'application/json' }),
      /^sent id \d+, the response answers another id$/,
    ],
  ])(
    '(%s)',
    async (reason, answer, detail) => {
      const rpc = await scripted({ getClusterNodes: answer });
      const result = await runCli(['gossip', '-u', `${rpc.url}/key-SECRET?api-key=SECRET`]);
      const lines = result.err.split('\n');
      expect(result.code).toBe(1);
      expect(result.out).toBe('');
      expect(lines[0]).toBe(`Error: getClusterNodes: invalid response from ${rpc.url} (${reason})`);
      expect(lines[1]?.startsWith('  ')).toBe(true);
      expect(lines[1]?.slice(2)).toMatch(detail);
      expect(lines.slice(2)).toEqual(['']);
      expect(result.err).not.toContain('SECRET');
    },
    10_000,
  );

  it('--verbose: the same two lines, then the stack', async () => {
    const rpc = await scripted({ getClusterNodes: reply.body('<html></html>', { contentType: 'text/html' }) });
    const result = await runCli(['gossip', '-u', rpc.url, '--verbose']);
    const lines = result.err.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      `Error: getClusterNodes: invalid response from ${rpc.url} (content-type)`,
      '  expected a JSON body, got content-type text/html',
      `InvalidResponseError: getClusterNodes: invalid response from ${rpc.url} (content-type)`,
    ]);
    expect(lines.some((line) => /^ {4}at /.test(line))).toBe(true);
  }, 10_000);

  it('--verbose adds the stack after the line', async () => {
    const port = await closedPort();
    const result = await runCli(['gossip', '-u', `http://127.0.0.1:${port}`, '--verbose']);
    const [line, stackHead, ...frames] = result.err.split('\n');
    expect(result.code).toBe(69);
    expect(line).toBe(`Error: getClusterNodes: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`);
    expect(stackHead).toBe(`NetworkError: getClusterNodes: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`);
    expect(frames[0]).toMatch(/^ {4}at /);
  }, 10_000);
});

describe('a URL with secrets in its userinfo, path and query', () => {
  const secretUrl = (origin: string) =>
    `${origin.replace('http://', 'http://user:S3CRET@')}/path-SECRET?api-key=SECRET`;
  const noSecret = (result: { out: string; err: string }) => {
    const all = result.out + result.err;
    expect(all).not.toMatch(/secret|s3cret|api-key|path-/i);
    expect(all).not.toContain('user:');
  };

  it.each([
    [['gossip']],
    [['balance', WALLET]],
    [['vote-account', alpha.vote]],
    [['epoch-info']],
    [['leader-schedule', '--identity', 'AgWDZzs9T8F8XH4sLBbUkCYvhnpUpGR4c83XtevaVGwz']],
    [['check', alpha.identity, '--samples', '1']],
    [['vote-account', WALLET]],
  ])(
    'never appears in the output of %j, with or without --verbose',
    async (argv) => {
      for (const extra of [[], ['--verbose'], ['--output', 'json']]) {
        const result = await runCli([...argv, '-u', secretUrl(cluster.url), ...extra], fakeTime());
        expect(result.code).toBeLessThanOrEqual(3);
        noSecret(result);
      }
    },
    20_000,
  );

  it('is used (credentials as Basic auth, path and query as given) yet never shown, on failures with --verbose', async () => {
    const rpc = await scripted({
      getClusterNodes: reply.error(-32601, 'Method not found'),
      getEpochInfo: { body: 'upstream said no', status: 500, contentType: 'text/plain' },
      getBalance: () => new Promise<RpcReply>(() => undefined),
    });
    const results = [
      await runCli(['gossip', '-u', secretUrl(rpc.url), '--verbose']),
      await runCli(['epoch-info', '-u', secretUrl(rpc.url), '--verbose']),
      await runCli(['balance', OTHER, '-u', secretUrl(rpc.url), '--verbose', '--rpc-timeout', '0.2']),
      await runCli(['gossip', '-u', secretUrl(`http://127.0.0.1:${await closedPort()}`), '--verbose']),
    ];
    expect(results.map((r) => r.code)).toEqual([1, 1, 69, 69]);
    for (const result of results) {
      expect(result.err.split('\n')[0]).toMatch(/^Error: \w+: /);
      noSecret(result);
    }
    for (const result of results.slice(1)) expect(result.err.split('\n')[0]).toMatch(/ http:\/\/127\.0\.0\.1:\d+\b/);
    // gossip's -32601 is final; epoch-info's 500 and balance's timeout are retried once (the CLI's policy).
    expect(rpc.calls.map((c) => [c.method, c.url])).toEqual([
      ['getClusterNodes', '/path-SECRET?api-key=SECRET'],
      ['getEpochInfo', '/path-SECRET?api-key=SECRET'],
      ['getEpochInfo', '/path-SECRET?api-key=SECRET'],
      ['getBalance', '/path-SECRET?api-key=SECRET'],
      ['getBalance', '/path-SECRET?api-key=SECRET'],
    ]);
    expect(rpc.calls[0]?.headers.authorization).toBe(`Basic ${Buffer.from('user:S3CRET').toString('base64')}`);
  }, 10_000);
});

describe('server text never drives the terminal', () => {
  const EVIL = '\\u001b[31m2.3.7\\u001b]0;x\\u0007';
  const evilGossip = () =>
    serveFixture('conformance/getClusterNodes.current-shape', [['"version":"2.2.20"', `"version":"${EVIL}"`]]);

  it('gossip: escape sequences in a version are stripped, the row keeps its layout', async () => {
    const rpc = await scripted({ getClusterNodes: evilGossip() });
    for (const isTTY of [false, true]) {
      const result = await runCli(['gossip', '-u', rpc.url], { isTTY, env: {} });
      expect(result.out).not.toMatch(TERMINAL_CONTROL);
      expect(result.out.split('\n')[4]).toBe(
        '192.0.2.201     | 5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy | 8001   | 8003  | 8009     | none                  | 2.3.7   | 1069245146',
      );
    }
  }, 10_000);

  it('gossip --output json: escapes are JSON-escaped, never raw', async () => {
    const rpc = await scripted({ getClusterNodes: evilGossip() });
    const result = await runCli(['gossip', '-u', rpc.url, '--output', 'json-compact'], { isTTY: true, env: {} });
    expect(result.out).not.toMatch(TERMINAL_CONTROL);
    expect(result.out).toContain('"version":"\\u001b[31m2.3.7\\u001b]0;x\\u0007"');
  }, 10_000);
  // controls but leaves the C1 controls U+0080–U+009F raw. A node version "\u009b2J" (CSI, which
  // xterm and VTE act on in UTF-8) reaches a terminal raw with `gossip --output json`.
  it('gossip --output json: C1 controls (U+009B CSI) are escaped too', async () => {
    const rpc = await scripted({
      getClusterNodes: serveFixture('conformance/getClusterNodes.current-shape', [
        ['"version":"2.2.20"', '"version":"\\u009b2J2.2.20"'],
      ]),
    });
    const result = await runCli(['gossip', '-u', rpc.url, '--output', 'json-compact']);
    expect(result.code).toBe(0);
    expect(result.out).not.toMatch(TERMINAL_CONTROL);
  }, 10_000);

  it('check: a version with escapes reaches the reason stripped', async () => {
    const rpc = await checkCluster({
      nodesAt: (self) => [node(OTHER), node(IDENTITY, self, '\u001b[31m2.3.7\u001b]0;x\u0007')],
    });
    const result = await runCli(['check', IDENTITY, '--vote-account', VOTE, '-u', rpc.url], fakeTime());
    expect(result.out).toBe(`${healthy(rpc).join('\n')}\n`);
  }, 10_000);

  it('an error message with escapes and line breaks is printed as one clean line', async () => {
    const rpc = await scripted({
      getClusterNodes: reply.error(-32000, 'bad\u001b[2J\u001b]0;pwned\u0007\nsecond line\u009b31m'),
    });
    const result = await runCli(['gossip', '-u', rpc.url, '--verbose']);
    expect(result.code).toBe(1);
    expect(result.err).not.toMatch(TERMINAL_CONTROL);
    expect(result.err.split('\n')[0]).toBe('Error: getClusterNodes: RPC error -32000: bad second line31m');
  }, 10_000);

  it('leader-schedule: a key that is not an address is refused, and not echoed raw', async () => {
    const rpc = await scripted({
      getEpochInfo: serveFixture('conformance/getEpochInfo.t0'),
      getLeaderSchedule: reply.result({ '\u001b[31mEvil\u001b]0;x\u0007': [0] }),
    });
    const result = await runCli(['leader-schedule', '-u', rpc.url]);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/^Error: getLeaderSchedule: [^\n]*\n$/);
    expect(result.err).not.toMatch(TERMINAL_CONTROL);
  }, 10_000);

  it('a keypair warning is yellow on a terminal only', async () => {
    const path = writeKeypairFile(join(tempDir(), 'loose.json'), newKeypair(), 0o644);
    const rpc = await scripted({ getBalance: reply.result({ context: { slot: 1 }, value: 1n }) });
    const tty = await runCli(['balance', path, '-u', rpc.url], { isTTY: true, env: {} });
    expect(tty.err.startsWith('\u001b[33mWarning:\u001b[0m keypair file ')).toBe(true);
    const piped = await runCli(['balance', path, '-u', rpc.url], { isTTY: false, env: {} });
    expect(piped.err.startsWith('Warning: keypair file ')).toBe(true);
    expect(piped.err + piped.out).not.toMatch(TERMINAL_CONTROL);
  }, 10_000);
});
