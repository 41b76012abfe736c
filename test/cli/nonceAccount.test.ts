/**
 * `solrpc nonce-account` and `solrpc nonce` against the newest Solana CLI's format (agave cli/src/nonce.rs,
 * cli-output `CliNonceAccount`): the full account, text and JSON, initialized and uninitialized; the nonce
 * alone; the account read as bytes; errors in solana-rpc-client-nonce-utils' words.
 */
import { describe, expect, it } from 'vitest';
import { nonceAccountBytes } from '../../src/testing/accountBytes/nonce.js';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { reply } from '../msw/server.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { accountHandlers, type Held, held, STAKE_PROGRAM, SYSTEM_PROGRAM } from './accountServer.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const NONCE = '96GzYFvs4dEeswTaQFQhvbGi6NHUcNHhEgXnPrRjyF2s';
const AUTHORITY = 'Af2Y56WUFQuTTTYHMCjMozYsDxvTvSM6YQnyv8E6EK3v';
const BLOCKHASH = '4ruaGCyaofHWGxPFXFVjuEJCdfBGZ2wCtEx6LzdzVqtV';
/** A nonce account's rent-exempt minimum on mainnet: (128 + 80) × 3480 × 2. */
const MINIMUM = 1_447_680n;

const initialized = held(NONCE, SYSTEM_PROGRAM, 1_500_000n, nonceAccountBytes(AUTHORITY, BLOCKHASH, 5000n));
/** An account `create-nonce-account` allocated but never initialized: the current version, state 0. */
const uninitialized = held(NONCE, SYSTEM_PROGRAM, MINIMUM, new Uint8Array([1, 0, 0, 0, ...new Array(76).fill(0)]));

async function node(accounts: Held[]) {
  return scripted({
    ...accountHandlers(accounts),
    getMinimumBalanceForRentExemption: (request) =>
      request.params[0] === 80 ? reply.result(MINIMUM) : reply.error(-32602, 'unexpected length'),
  });
}

describe('nonce-account', () => {
  it('an initialized account, every line of CliNonceAccount', async () => {
    const server = await node([initialized]);
    const result = await runCli(['nonce-account', NONCE, '-u', server.url]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        'Balance: 0.0015 SOL',
        'Minimum Balance Required: 0.00144768 SOL',
        `Nonce blockhash: ${BLOCKHASH}`,
        'Fee: 5000 lamports per signature',
        `Authority: ${AUTHORITY}`,
        '',
      ].join('\n'),
    );
    const read = server.calls.find((c) => c.method === 'getAccountInfo');
    expect(read?.params).toEqual([NONCE, { commitment: 'confirmed', encoding: 'base64' }]);
  });

  it('--lamports, JSON and json-compact', async () => {
    const server = await node([initialized]);
    const lamports = await runCli(['nonce-account', NONCE, '--lamports', '-u', server.url]);
    expect(lamports.out.split('\n').slice(0, 2)).toEqual([
      'Balance: 1500000 lamports',
      'Minimum Balance Required: 1447680 lamports',
    ]);
    const json = await runCli(['nonce-account', NONCE, '--output', 'json', '-u', server.url]);
    expect(json.out).toBe(`{
  "balance": 1500000,
  "minimumBalanceForRentExemption": 1447680,
  "nonce": "${BLOCKHASH}",
  "lamportsPerSignature": 5000,
  "authority": "${AUTHORITY}"
}
`);
    const compact = await runCli(['nonce-account', NONCE, '--output', 'json-compact', '-u', server.url]);
    expect(compact.out).toBe(
      `{"balance":1500000,"minimumBalanceForRentExemption":1447680,"nonce":"${BLOCKHASH}","lamportsPerSignature":5000,"authority":"${AUTHORITY}"}\n`,
    );
  });

  it('an uninitialized account: the Solana CLI says so for each field (jsonParsed has no parse of it)', async () => {
    const server = await node([uninitialized]);
    const result = await runCli(['nonce-account', NONCE, '-u', server.url]);
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        'Balance: 0.00144768 SOL',
        'Minimum Balance Required: 0.00144768 SOL',
        'Nonce blockhash: uninitialized',
        'Fees: uninitialized',
        'Authority: uninitialized',
        '',
      ].join('\n'),
    );
    const json = await runCli(['nonce-account', NONCE, '--output', 'json-compact', '-u', server.url]);
    expect(json.out).toBe(
      '{"balance":1447680,"minimumBalanceForRentExemption":1447680,"nonce":null,"lamportsPerSignature":null,"authority":null}\n',
    );
  });
});

describe('nonce', () => {
  it('prints the stored nonce alone, with --output json too (as the Solana CLI)', async () => {
    const server = await node([initialized]);
    for (const extra of [[], ['--output', 'json']]) {
      const result = await runCli(['nonce', NONCE, '-u', server.url, ...extra]);
      expect(result.code).toBe(0);
      expect(result.out).toBe(`${BLOCKHASH}\n`);
    }
    const none = await node([uninitialized]);
    const result = await runCli(['nonce', NONCE, '-u', none.url]);
    expect(result.out).toBe('Nonce account is uninitialized\n');
  });
});

describe('nonce and nonce-account, errors', () => {
  it("the nonce utils' words, one line, exit 1; a bad address exit 2 before any request", async () => {
    const cases: [Held[], string][] = [
      [[], `Error: client error: AccountNotFound: pubkey=${NONCE}\n`],
      [[held(NONCE, STAKE_PROGRAM, 1n, new Uint8Array(200))], 'Error: invalid account owner\n'],
      [[held(NONCE, SYSTEM_PROGRAM, 1n, new Uint8Array(0))], 'Error: unexpected account data size\n'],
      [[held(NONCE, SYSTEM_PROGRAM, 1n, new Uint8Array([7, 0, 0, 0, 1]))], 'Error: invalid account data\n'],
    ];
    for (const [accounts, message] of cases) {
      const server = await node(accounts);
      for (const command of ['nonce', 'nonce-account']) {
        const result = await runCli([command, NONCE, '-u', server.url]);
        expect(result.err).toBe(message);
        expect(result.code).toBe(1);
        expect(result.out).toBe('');
      }
    }
    const bad = await runCli(['nonce-account', 'xyz', '-u', 'http://127.0.0.1:9']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^Error: nonce account xyz is neither a keypair file nor a base58 address/);
  });
});

const sim = useSimulatedCluster();

describe('nonce-account and nonce against the simulated cluster (demo --serve)', () => {
  it("the cast's durable nonce, the wallet its authority, the same nonce the node's jsonParsed shows", async () => {
    const { value } = await sim.rpc.getAccountInfo(SIMULATION.nonce, {
      encoding: 'jsonParsed',
      commitment: 'confirmed',
    });
    const info = (
      (value as NonNullable<typeof value>).data as {
        parsed: { info: { blockhash: string; feeCalculator: { lamportsPerSignature: string } } };
      }
    ).parsed.info;
    const result = await runCli(['nonce-account', SIMULATION.nonce, '-u', sim.cluster.url, '--lamports']);
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        `Balance: ${value?.lamports} lamports`,
        'Minimum Balance Required: 1447680 lamports',
        `Nonce blockhash: ${info.blockhash}`,
        `Fee: ${info.feeCalculator.lamportsPerSignature} lamports per signature`,
        `Authority: ${SIMULATION.wallet.address}`,
        '',
      ].join('\n'),
    );
    const nonceOnly = await runCli(['nonce', SIMULATION.nonce, '-u', sim.cluster.url]);
    expect(nonceOnly.out).toBe(`${info.blockhash}\n`);
    const wallet = await runCli(['nonce', SIMULATION.wallet.address, '-u', sim.cluster.url]);
    expect(wallet.err).toBe('Error: unexpected account data size\n');
  });
});
