/**
 * Keypair files as solana-keygen writes them, made here with node:crypto: commands take their public
 * key, and every malformed file is refused with exit 2 and a message that repeats none of its content.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { serveFixture } from '../msw/fixtures.js';
import { calls, mockRpc, RPC_URL, reply, sent, useMswServer } from '../msw/server.js';
import {
  featureResult,
  type Keypair,
  newKeypair,
  removeTempDirs,
  runCli,
  TVC_FEATURE,
  tempDir,
  voteAccountResult,
  writeKeypairFile,
} from './helpers.js';

useMswServer();
afterAll(removeTempDirs);

const IDENTITY = '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL';

/**
 * The runs of three consecutive numbers of `values` that appear, as three consecutive numbers, in
 * `output` (with `dir`, the test's temporary directory, blanked: its random name may hold digits).
 */
function leakedRuns(output: string, values: readonly unknown[], dir: string): string[] {
  const tokens =
    output
      .split(dir)
      .join('<dir>')
      .match(/-?\d+(?:\.\d+)?/g) ?? [];
  const found: string[] = [];
  const strings = values.map((v) => String(v));
  for (let i = 0; i + 3 <= strings.length; i++) {
    const run = strings.slice(i, i + 3).join(',');
    for (let j = 0; j + 3 <= tokens.length; j++) {
      if (tokens.slice(j, j + 3).join(',') === run) found.push(run);
    }
  }
  return found;
}

function withValue(keypair: Keypair, index: number, value: unknown): unknown[] {
  const values: unknown[] = [...keypair.bytes];
  values[index] = value;
  return values;
}

describe('the leak detector', () => {
  it('finds three consecutive numbers of the file, whatever separates them, and nothing shorter', () => {
    expect(leakedRuns('Error: bytes 12, 34 and 56 follow', [1, 12, 34, 56, 9], '/tmp/x')).toEqual(['12,34,56']);
    expect(leakedRuns('Error: 12,34 then 56', [12, 34, 9, 56], '/tmp/x')).toEqual([]);
    expect(leakedRuns('/tmp/d12/d34/d56: bad', [12, 34, 56], '/tmp/d12/d34/d56')).toEqual([]);
  });
});

describe('a valid keypair file', () => {
  it('gives balance its public key', async () => {
    const keypair = newKeypair();
    const path = writeKeypairFile(join(tempDir(), 'wallet.json'), keypair);
    mockRpc({ getBalance: reply.result({ context: { apiVersion: '2.3.7', slot: 1 }, value: 1_500_000_000n }) });
    const result = await runCli(['balance', path, '-u', RPC_URL]);
    expect(result).toEqual({ code: 0, out: '1.5 SOL\n', err: '' });
    expect(sent()).toEqual([{ method: 'getBalance', params: [keypair.address, { commitment: 'confirmed' }] }]);
  }, 10_000);

  it('gives vote-account its public key', async () => {
    const keypair = newKeypair();
    const path = writeKeypairFile(join(tempDir(), 'vote-account.json'), keypair);
    mockRpc({
      getAccountInfo: (request) =>
        request.params[0] === TVC_FEATURE
          ? reply.result(featureResult('absent'))
          : reply.result(
              voteAccountResult({
                authorizedVoters: [{ authorizedVoter: IDENTITY, epoch: 824 }],
                authorizedWithdrawer: IDENTITY,
                commission: 5,
                epochCredits: [{ credits: '100', epoch: 824, previousCredits: '40' }],
                lastTimestamp: { slot: 356139455, timestamp: 1754900754 },
                nodePubkey: IDENTITY,
                priorVoters: [],
                rootSlot: 356139424,
                votes: [{ confirmationCount: 1, latency: 1, slot: 356139455 }],
              }),
            ),
      getEpochInfo: serveFixture('conformance/getEpochInfo.t0'),
    });
    const result = await runCli(['vote-account', path, '-u', RPC_URL]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out.split('\n').slice(0, 2)).toEqual([
      'Account Balance: 0.02889792 SOL',
      `Validator Identity: ${IDENTITY}`,
    ]);
    const voteCall = calls.find((c) => c.method === 'getAccountInfo' && c.params[0] !== TVC_FEATURE);
    expect(voteCall?.params).toEqual([keypair.address, { commitment: 'confirmed', encoding: 'jsonParsed' }]);
  }, 10_000);

  it('is the default account when configured with --keypair', async () => {
    const keypair = newKeypair();
    const path = writeKeypairFile(join(tempDir(), 'id.json'), keypair);
    mockRpc({ getBalance: reply.result({ context: { slot: 1 }, value: 1n }) });
    expect(await runCli(['balance', '--keypair', path, '-u', RPC_URL, '--lamports'])).toEqual({
      code: 0,
      out: '1 lamport\n',
      err: '',
    });
    expect(sent()).toEqual([{ method: 'getBalance', params: [keypair.address, { commitment: 'confirmed' }] }]);
  }, 10_000);

  it('accepts the file with whitespace and a trailing newline', async () => {
    const keypair = newKeypair();
    const path = writeKeypairFile(join(tempDir(), 'spaced.json'), `[ ${keypair.bytes.join(', ')} ]\n`);
    mockRpc({ getBalance: reply.result({ context: { slot: 1 }, value: 0n }) });
    expect((await runCli(['balance', path, '-u', RPC_URL])).out).toBe('0 SOL\n');
    expect(sent()[0]?.params[0]).toBe(keypair.address);
  }, 10_000);
});

describe('a keypair file readable by others', () => {
  it.each([
    [0o644, '0644'],
    [0o640, '0640'],
    [0o604, '0604'],
  ])(
    'mode %s: warns on stderr with the mode and the chmod to run, and still runs',
    async (mode, octal) => {
      const keypair = newKeypair();
      const path = writeKeypairFile(join(tempDir(), 'loose.json'), keypair, mode);
      mockRpc({ getBalance: reply.result({ context: { slot: 1 }, value: 2n }) });
      const result = await runCli(['balance', path, '-u', RPC_URL, '--lamports']);
      expect(result).toEqual({
        code: 0,
        out: '2 lamports\n',
        err: `Warning: keypair file ${path} is accessible to group or others (mode ${octal}); run: chmod 600 ${path}\n`,
      });
      expect(leakedRuns(result.out + result.err, keypair.bytes, path)).toEqual([]);
    },
    10_000,
  );

  it('does not warn at 0600 or 0400', async () => {
    const keypair = newKeypair();
    const dir = tempDir();
    mockRpc({ getBalance: reply.result({ context: { slot: 1 }, value: 2n }) });
    for (const mode of [0o600, 0o400]) {
      const path = writeKeypairFile(join(dir, `k${mode}.json`), keypair, mode);
      expect((await runCli(['balance', path, '-u', RPC_URL])).err).toBe('');
    }
  }, 10_000);

  it('warns once per file when a command reads it twice', async () => {
    const keypair = newKeypair();
    const path = writeKeypairFile(join(tempDir(), 'both.json'), keypair, 0o644);
    mockRpc({
      getClusterNodes: reply.result([]),
      getVoteAccounts: reply.result({ current: [], delinquent: [] }),
      getEpochInfo: serveFixture('conformance/getEpochInfo.t0'),
      getLeaderSchedule: reply.result({}),
      getBlockProduction: reply.result({
        context: { slot: 1 },
        value: { byIdentity: {}, range: { firstSlot: 0, lastSlot: 1 } },
      }),
    });
    const result = await runCli(['check', path, '--vote-account', path, '--samples', '1', '-u', RPC_URL], {
      now: () => 0,
      sleep: async () => undefined,
    });
    expect(result.err.match(/Warning: /g)).toHaveLength(1);
    expect(result.err).toContain('(mode 0644); run: chmod 600');
    expect(result.out).toMatch(new RegExp(`^Validator ${keypair.address}: CRITICAL\n`));
    const voteCall = calls.find((c) => c.method === 'getVoteAccounts');
    expect(voteCall?.params[0]).toMatchObject({ votePubkey: keypair.address });
  }, 10_000);
});

describe('a malformed keypair file: exit 2, one line, none of its content', () => {
  const keypair = newKeypair();
  const secretText = encodeBase58(Uint8Array.from(keypair.bytes));
  const flipped = [...keypair.bytes];
  flipped[40] = ((flipped[40] as number) + 1) % 256;
  const valid = `[${keypair.bytes.join(',')}]`;

  const cases: [string, string | (() => Uint8Array), string][] = [
    ['not JSON (cut short)', valid.slice(0, 150), 'is not a JSON array of 64 numbers (the solana-keygen format)'],
    ['empty', '', 'is not a JSON array of 64 numbers (the solana-keygen format)'],
    [
      'not UTF-8',
      () => Buffer.from([0x5b, 0xff, 0xfe, 0x5d]),
      'is not a JSON array of 64 numbers (the solana-keygen format)',
    ],
    [
      'a JSON object',
      JSON.stringify({ secretKey: keypair.bytes }),
      'is not a JSON array of 64 numbers (the solana-keygen format)',
    ],
    [
      'a base58 string (JSON)',
      JSON.stringify(secretText),
      'is not a JSON array of 64 numbers (the solana-keygen format)',
    ],
    ['a base58 string (bare)', secretText, 'is not a JSON array of 64 numbers (the solana-keygen format)'],
    ['63 elements', `[${keypair.bytes.slice(0, 63).join(',')}]`, 'expected 64 elements, found 63'],
    ['65 elements', `[${[...keypair.bytes, 7].join(',')}]`, 'expected 64 elements, found 65'],
    ['element 256', JSON.stringify(withValue(keypair, 10, 256)), 'element 10 is not an integer from 0 to 255'],
    ['element -1', JSON.stringify(withValue(keypair, 10, -1)), 'element 10 is not an integer from 0 to 255'],
    ['element 1.5', JSON.stringify(withValue(keypair, 10, 1.5)), 'element 10 is not an integer from 0 to 255'],
    ['element "7"', JSON.stringify(withValue(keypair, 10, '7')), 'element 10 is not an integer from 0 to 255'],
    ['element null', JSON.stringify(withValue(keypair, 10, null)), 'element 10 is not an integer from 0 to 255'],
    ['element true', JSON.stringify(withValue(keypair, 63, true)), 'element 63 is not an integer from 0 to 255'],
    ['halves that do not match', `[${flipped.join(',')}]`, 'its public half does not match its secret half'],
    ['over 4 KiB', valid + ' '.repeat(5000 - valid.length), 'is 5000 bytes; a keypair file is under 300'],
  ];

  it.each(cases)('%s', async (_name, content, problem) => {
    const dir = tempDir();
    const path = join(dir, 'bad.json');
    writeKeypairFile(path, typeof content === 'string' ? content : content());
    const result = await runCli(['balance', path, '-u', RPC_URL]);
    expect(result).toEqual({ code: 2, out: '', err: `Error: keypair file ${path}: ${problem}\n` });
    expect(leakedRuns(result.err, keypair.bytes, dir)).toEqual([]);
    expect(leakedRuns(result.err, flipped, dir)).toEqual([]);
    expect(result.err).not.toContain(secretText);
    expect(result.err).not.toContain(secretText.slice(0, 12));
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['a missing file', (dir: string) => join(dir, 'missing.json'), 'not found'],
    ['a directory', (dir: string) => dir, 'is not a regular file'],
    ['/dev/zero (a character device, endless)', () => '/dev/zero', 'is not a regular file'],
    ['/dev/null', () => '/dev/null', 'is not a regular file'],
  ])('%s', async (_name, pathOf, problem) => {
    const dir = tempDir();
    const path = pathOf(dir);
    const result = await runCli(['balance', path, '-u', RPC_URL]);
    expect(result).toEqual({ code: 2, out: '', err: `Error: keypair file ${path}: ${problem}\n` });
    expect(calls).toHaveLength(0);
  });

  it('refuses each problem file for vote-account too, with the same exit code', async () => {
    const dir = tempDir();
    const path = writeKeypairFile(join(dir, 'bad.json'), JSON.stringify(withValue(keypair, 3, 300)));
    const result = await runCli(['vote-account', path, '-u', RPC_URL]);
    expect(result).toEqual({
      code: 2,
      out: '',
      err: `Error: keypair file ${path}: element 3 is not an integer from 0 to 255\n`,
    });
    expect(leakedRuns(result.err, withValue(keypair, 3, 300), dir)).toEqual([]);
  });

  it('check refuses a malformed identity or vote-account file with the Nagios UNKNOWN code, 3', async () => {
    const dir = tempDir();
    const path = writeKeypairFile(join(dir, 'identity.json'), `[${flipped.join(',')}]`);
    const expected = `Error: keypair file ${path}: its public half does not match its secret half\n`;
    expect(await runCli(['check', path, '-u', RPC_URL])).toEqual({ code: 3, out: '', err: expected });
    expect(await runCli(['check', IDENTITY, '--vote-account', path, '-u', RPC_URL])).toEqual({
      code: 3,
      out: '',
      err: expected,
    });
    expect(calls).toHaveLength(0);
  });

  it('refuses a configured default keypair that is malformed, and a missing one', async () => {
    const home = tempDir();
    const path = writeKeypairFile(join(home, '.config', 'solana', 'id.json'), `[${keypair.bytes.slice(1).join(',')}]`);
    expect(await runCli(['balance', '-u', RPC_URL], { env: { HOME: home } })).toEqual({
      code: 2,
      out: '',
      err: `Error: keypair file ${path}: expected 64 elements, found 63\n`,
    });
    const empty = tempDir();
    expect(await runCli(['balance', '-u', RPC_URL], { env: { HOME: empty } })).toEqual({
      code: 2,
      out: '',
      err: `Error: no address given, and the default keypair ${join(empty, '.config', 'solana', 'id.json')} was not found: pass an address or a keypair file (solrpc balance ADDRESS_OR_KEYPAIR), or name a keypair with --keypair or keypair_path in the config file\n`,
    });
  });

  it('says a bare word is neither an address nor a keypair file', async () => {
    const result = await runCli(['balance', 'not-an-address', '-u', RPC_URL]);
    expect(result).toEqual({
      code: 2,
      out: '',
      err: 'Error: account not-an-address is neither a keypair file nor a base58 address: expected 32–44 base58 characters (32 bytes), got 14 characters\n',
    });
  });

  it('names the character that keeps a word from being an address, and its position', async () => {
    const typo = `${'2'.repeat(10)}0${'2'.repeat(21)}`;
    expect(await runCli(['balance', typo, '-u', RPC_URL])).toEqual({
      code: 2,
      out: '',
      err: `Error: account ${typo} is neither a keypair file nor a base58 address: the character '0' at position 10 is not in the base58 alphabet (base58 leaves out 0, O, I and l)\n`,
    });
    const escaped = `${'2'.repeat(5)}\u001b]0;x\u0007${'2'.repeat(26)}`;
    const result = await runCli(['vote-account', escaped, '-u', RPC_URL]);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      // The escape sequence is stripped from the echoed value; the message names its first character.
      `Error: vote account ${'2'.repeat(31)} is neither a keypair file nor a base58 address: the character U+001B at position 5 is not in the base58 alphabet\n`,
    );
    expect(calls).toHaveLength(0);
  });

  it.skipIf(process.getuid?.() === 0)('refuses a file it may not read (not as root)', async () => {
    const dir = tempDir();
    const path = writeKeypairFile(join(dir, 'locked.json'), valid, 0o600);
    chmodSync(path, 0o000);
    const result = await runCli(['balance', path, '-u', RPC_URL]);
    expect(result).toEqual({ code: 2, out: '', err: `Error: keypair file ${path}: permission denied\n` });
  });

  it('never shows file content with --verbose either (no stack holds it)', async () => {
    const dir = tempDir();
    const path = join(dir, 'bad.json');
    writeFileSync(path, JSON.stringify(withValue(keypair, 20, 'x')), { mode: 0o600 });
    const result = await runCli(['balance', path, '-u', RPC_URL, '--verbose']);
    expect(result.code).toBe(2);
    expect(result.err.startsWith(`Error: keypair file ${path}: element 20 is not an integer from 0 to 255\n`)).toBe(
      true,
    );
    expect(leakedRuns(result.err, keypair.bytes, dir)).toEqual([]);
  });
});
