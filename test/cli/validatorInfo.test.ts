/**
 * `solrpc validator-info get` against the newest Solana CLI's format (agave cli/src/validator_info.rs,
 * cli-output `CliValidatorInfo`): one info account or all of them (streamed from the config program, the
 * other config accounts left out), fields sorted by key with title-cased labels, text and JSON; errors.
 */
import { describe, expect, it } from 'vitest';
import { titleCase } from '../../src/cli/commands/validatorInfo.js';
import { stakeConfigBytes, validatorInfoBytes } from '../../src/testing/accountBytes/config.js';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { accountHandlers, CONFIG_PROGRAM, type Held, held, STAKE_PROGRAM } from './accountServer.js';
import { runCli, TERMINAL_CONTROL, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const INFO_1 = 'BV1gUk3YxpeudLfHbBAM4u4qAwGRNKrnJkXuhafqQfL5';
const INFO_2 = 'DLoXmFh4D91BwZH1cukQ3djCxfmFdZWsqBrttjLwtToE';
const ID_1 = 'HNbiCJhTGcCjNCCs4zfRDSc9u89CzRH6T2AounXgGjod';
const ID_2 = 'D91huLgVUs1wMJq18GBbU6YRfaVHtSQQtbvG6JRy2AP2';
const STAKE_CONFIG = 'StakeConfig11111111111111111111111111111111';

const infos: Held[] = [
  held(
    INFO_1,
    CONFIG_PROGRAM,
    10_000_000n,
    validatorInfoBytes(ID_1, {
      name: 'Alpha Validator',
      website: 'https://alpha.example',
      details: 'Runs in two regions',
      keybaseUsername: 'alpha',
    }),
  ),
  held(STAKE_CONFIG, CONFIG_PROGRAM, 960_480n, stakeConfigBytes(0.25, 12)),
  held(INFO_2, CONFIG_PROGRAM, 10_000_000n, validatorInfoBytes(ID_2, { name: 'Beta\u001b[31m', website: '' })),
];

async function node(accounts: Held[] = infos) {
  return scripted(accountHandlers(accounts));
}

const ALPHA = [
  '',
  `Validator Identity: ${ID_1}`,
  `  Info Address: ${INFO_1}`,
  '  Details: Runs in two regions',
  '  Keybase Username: alpha',
  '  Name: Alpha Validator',
  '  Website: https://alpha.example',
];

describe('validator-info get', () => {
  it('one account: its identity, address and fields in key order', async () => {
    const server = await node();
    const result = await runCli(['validator-info', 'get', INFO_1, '-u', server.url]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toBe(`${ALPHA.join('\n')}\n`);
    expect(server.calls.map((c) => [c.method, c.params])).toEqual([
      ['getAccountInfo', [INFO_1, { commitment: 'confirmed', encoding: 'base64' }]],
    ]);
  });

  it("all of them, streamed from the config program; the stake config left out; an empty field '(not set)', control characters stripped", async () => {
    const server = await node();
    const result = await runCli(['validator-info', '-u', server.url]);
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      `${[...ALPHA, '', `Validator Identity: ${ID_2}`, `  Info Address: ${INFO_2}`, '  Name: Beta', '  Website: (not set)'].join('\n')}\n`,
    );
    expect(result.out).not.toMatch(TERMINAL_CONTROL);
    const scan = server.calls.find((c) => c.method === 'getProgramAccounts');
    expect(scan?.params).toEqual([CONFIG_PROGRAM, { commitment: 'confirmed', encoding: 'base64' }]);
  });

  it('JSON: CliValidatorInfo, a list; none found prints the Solana CLI line, twice in text', async () => {
    const server = await node();
    const json = await runCli(['validator-info', 'get', INFO_1, '--output', 'json', '-u', server.url]);
    expect(json.out).toBe(`[
  {
    "identityPubkey": "${ID_1}",
    "infoPubkey": "${INFO_1}",
    "info": {
      "details": "Runs in two regions",
      "keybaseUsername": "alpha",
      "name": "Alpha Validator",
      "website": "https://alpha.example"
    }
  }
]
`);
    const empty = await node([infos[1] as Held]);
    const text = await runCli(['validator-info', 'get', '-u', empty.url]);
    expect(text.out).toBe('No validator info accounts found\nNo validator info accounts found\n');
    const compact = await runCli(['validator-info', 'get', '-u', empty.url, '--output', 'json-compact']);
    expect(compact.out).toBe('No validator info accounts found\n[]\n');
  });

  it("errors in the Solana CLI's words; bad input exit 2", async () => {
    const server = await node();
    const cases: [string, string][] = [
      [INFO_2.replace('D', 'E'), 'AccountNotFound: pubkey='],
      [STAKE_CONFIG, `${STAKE_CONFIG} could not be parsed as a validator info account`],
    ];
    for (const [address, message] of cases) {
      const result = await runCli(['validator-info', 'get', address, '-u', server.url]);
      expect(result.code).toBe(1);
      expect(result.err).toContain(message);
      expect(result.err.trim().split('\n')).toHaveLength(1);
    }
    const other = await node([held(INFO_1, STAKE_PROGRAM, 1n, new Uint8Array(200))]);
    const notInfo = await runCli(['validator-info', 'get', INFO_1, '-u', other.url]);
    expect(notInfo.err).toBe(`Error: ${INFO_1} is not a validator info account\n`);
    for (const argv of [
      ['publish', INFO_1],
      ['get', INFO_1, INFO_2],
      ['get', 'nope'],
    ]) {
      const result = await runCli(['validator-info', ...argv, '-u', 'http://127.0.0.1:9']);
      expect(result.code).toBe(2);
    }
  });

  it("titleCase as Inflector's to_title_case", () => {
    expect(titleCase('keybaseUsername')).toBe('Keybase Username');
    expect(titleCase('iconUrl')).toBe('Icon Url');
    expect(titleCase('name')).toBe('Name');
    expect(titleCase('some_snake_key')).toBe('Some Snake Key');
  });
});

const sim = useSimulatedCluster();

describe('validator-info against the simulated cluster (demo --serve)', () => {
  it('the four validators that published, the stake config left out; one by its address', async () => {
    const [alpha, beta] = SIMULATION.validators as [
      (typeof SIMULATION.validators)[number],
      (typeof SIMULATION.validators)[number],
    ];
    const all = await runCli(['validator-info', 'get', '-u', sim.cluster.url]);
    expect(all.code).toBe(0);
    expect(all.out.match(/^Validator Identity: /gm)).toHaveLength(4);
    const one = await runCli(['validator-info', 'get', beta.info, '-u', sim.cluster.url]);
    expect(one.out).toBe(
      `${['', `Validator Identity: ${beta.identity}`, `  Info Address: ${beta.info}`, '  Name: Beta Staking', '  Website: https://beta.example.org'].join('\n')}\n`,
    );
    const json = JSON.parse(
      (await runCli(['validator-info', 'get', alpha.info, '-u', sim.cluster.url, '--output', 'json'])).out,
    );
    expect(json).toEqual([
      {
        identityPubkey: alpha.identity,
        infoPubkey: alpha.info,
        info: {
          details: 'Runs the RPC node of the simulated cluster.',
          keybaseUsername: 'alphavalidator',
          name: 'Alpha Validator',
          website: 'https://alpha.example.com',
        },
      },
    ]);
  });
});
