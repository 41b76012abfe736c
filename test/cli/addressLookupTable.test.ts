/**
 * `solrpc address-lookup-table get` against the newest Solana CLI's format (agave
 * cli/src/address_lookup_table.rs, cli-output `CliAddressLookupTable`): an active table with an authority,
 * a frozen, deactivated and an empty one, text and JSON; `get` may be left out; errors in the Solana CLI's words.
 */
import { describe, expect, it } from 'vitest';
import { lookupTableBytes } from '../../src/testing/accountBytes/addressLookupTable.js';
import { NO_EPOCH } from '../../src/testing/accountBytes/stake.js';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { accountHandlers, type Held, held, LOOKUP_TABLE_PROGRAM, SYSTEM_PROGRAM } from './accountServer.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const TABLE = 'txr9qfMZaR3ju5pH6U9J5xi9bquW62N8pFd8KZqMs5D';
const AUTHORITY = 'Af2Y56WUFQuTTTYHMCjMozYsDxvTvSM6YQnyv8E6EK3v';
const ENTRIES = [
  'AP1iVaw83qHUGjTxAXPwQ1psB7eTvpDtKJ35gW81HNYH',
  'CaeRad2NUAzzRubDDWg5cbhH7w9TdPFf4Nvo94iAw9Zk',
  'EvvJfpMSBAPnTRDvePX3iHHfYPjVdsgkWRSFo1SGHYfi',
];

const table = (fields: {
  deactivationSlot?: bigint;
  lastExtendedSlot?: bigint;
  authority?: string;
  addresses?: string[];
}) =>
  held(
    TABLE,
    LOOKUP_TABLE_PROGRAM,
    1_670_400n,
    lookupTableBytes({
      deactivationSlot: fields.deactivationSlot ?? NO_EPOCH,
      lastExtendedSlot: fields.lastExtendedSlot ?? 0n,
      lastExtendedSlotStartIndex: 0,
      ...(fields.authority === undefined ? {} : { authority: fields.authority }),
      addresses: fields.addresses ?? [],
    }),
  );

async function show(accounts: Held[], ...argv: string[]) {
  const server = await scripted(accountHandlers(accounts));
  return { ...(await runCli(['address-lookup-table', ...argv, '-u', server.url])), server };
}

describe('address-lookup-table get', () => {
  it('an active table with an authority and entries, every line of CliAddressLookupTable', async () => {
    const active = table({ lastExtendedSlot: 356_139_000n, authority: AUTHORITY, addresses: ENTRIES });
    const result = await show([active], 'get', TABLE);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        '',
        `Lookup Table Address: ${TABLE}`,
        `Authority: ${AUTHORITY}`,
        'Deactivation Slot: None (still active)',
        'Last Extended Slot: 356139000',
        'Address Table Entries:',
        '',
        '  Index  Address',
        `  0      ${ENTRIES[0]}`,
        `  1      ${ENTRIES[1]}`,
        `  2      ${ENTRIES[2]}`,
        '',
      ].join('\n'),
    );
    expect(result.server.calls.map((c) => c.params)).toEqual([
      [TABLE, { commitment: 'confirmed', encoding: 'base64' }],
    ]);
  });

  it("frozen, deactivated and empty; 'get' may be left out", async () => {
    const frozen = table({ deactivationSlot: 356_000_000n });
    const result = await show([frozen], TABLE);
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        '',
        `Lookup Table Address: ${TABLE}`,
        'Authority: None (frozen)',
        'Deactivation Slot: 356000000',
        'Last Extended Slot: None (empty)',
        'Address Table Entries: None (empty)',
        '',
      ].join('\n'),
    );
  });

  it('JSON: the authority null when frozen, the slots exact u64s', async () => {
    const active = table({ lastExtendedSlot: 356_139_000n, authority: AUTHORITY, addresses: ENTRIES.slice(0, 1) });
    const json = await show([active], 'get', TABLE, '--output', 'json');
    expect(json.out).toBe(`{
  "lookupTableAddress": "${TABLE}",
  "authority": "${AUTHORITY}",
  "deactivationSlot": 18446744073709551615,
  "lastExtendedSlot": 356139000,
  "addresses": [
    "${ENTRIES[0]}"
  ]
}
`);
    const frozen = await show([table({})], 'get', TABLE, '--output', 'json-compact');
    expect(frozen.out).toBe(
      `{"lookupTableAddress":"${TABLE}","authority":null,"deactivationSlot":18446744073709551615,"lastExtendedSlot":0,"addresses":[]}\n`,
    );
  });

  it("errors: the Solana CLI's words, one line, exit 1; bad input exit 2", async () => {
    const uninitialized = held(TABLE, LOOKUP_TABLE_PROGRAM, 1n, new Uint8Array(56));
    const broken = held(TABLE, LOOKUP_TABLE_PROGRAM, 1n, new Uint8Array([1, 0, 0, 0, 5]));
    const cases: [Held[], string][] = [
      [[], `Error: Lookup table account ${TABLE} not found, was it already closed?\n`],
      [
        [held(TABLE, SYSTEM_PROGRAM, 1n, new Uint8Array(0))],
        `Error: Lookup table account ${TABLE} is not owned by the Address Lookup Table program\n`,
      ],
      [[uninitialized], 'Error: instruction requires an initialized account\n'],
      [[broken], 'Error: invalid account data for instruction\n'],
    ];
    for (const [accounts, message] of cases) {
      const result = await show(accounts, 'get', TABLE);
      expect(result.err).toBe(message);
      expect(result.code).toBe(1);
      expect(result.out).toBe('');
    }
    for (const argv of [['get'], ['create', TABLE], ['get', 'nope'], []]) {
      const result = await runCli(['address-lookup-table', ...argv, '-u', 'http://127.0.0.1:9']);
      expect(result.code).toBe(2);
      expect(result.err.trim().split('\n')).toHaveLength(1);
    }
  });
});

const sim = useSimulatedCluster();

describe('address-lookup-table against the simulated cluster (demo --serve)', () => {
  it("the cast's table: the wallet its authority, its seven addresses indexed", async () => {
    const result = await runCli(['address-lookup-table', 'get', SIMULATION.lookupTable, '-u', sim.cluster.url]);
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '',
      `Lookup Table Address: ${SIMULATION.lookupTable}`,
      `Authority: ${SIMULATION.wallet.address}`,
    ]);
    expect(lines[3]).toBe('Deactivation Slot: None (still active)');
    expect(lines.slice(5, 8)).toEqual(['Address Table Entries:', '', '  Index  Address']);
    expect(lines[8]).toBe(`  0      ${SIMULATION.wallet.address}`);
    expect(lines[9]).toBe(`  1      ${SIMULATION.delegate}`);
    expect(lines).toHaveLength(8 + 7 + 1);
    const json = JSON.parse(
      (await runCli(['address-lookup-table', SIMULATION.lookupTable, '-u', sim.cluster.url, '--output', 'json'])).out,
    );
    expect(json.addresses).toHaveLength(7);
    expect(json.authority).toBe(SIMULATION.wallet.address);
  });
});
