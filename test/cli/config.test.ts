/**
 * Where the CLI sends its requests and with which commitment: URL monikers, and the Solana CLI's
 * precedence (flag, then config file, then default) with config files written as `solana config set`
 * writes them. msw answers every URL in this process, so the monikers' public URLs are never contacted.
 */
import { join } from 'node:path';
import { HttpResponse, http } from 'msw';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCommitmentText, parseTopLevelYaml, urlFromMoniker } from '../../src/cli/config.js';
import { server, useMswServer } from '../msw/server.js';
import { newKeypair, removeTempDirs, runCli, tempDir, writeConfig, writeKeypairFile } from './helpers.js';

useMswServer();
afterAll(removeTempDirs);

const ADDRESS = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';

interface Seen {
  url: string;
  method: string;
  params: unknown[];
}

/** Answers getBalance (3482119554 lamports) at any URL and records where each call went. */
function anyCluster(): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.post('*', async ({ request }) => {
      const body = (await request.json()) as { id: unknown; method: string; params: unknown[] };
      seen.push({ url: request.url, method: body.method, params: body.params });
      return HttpResponse.text(
        `{"jsonrpc":"2.0","result":{"context":{"apiVersion":"2.3.7","slot":356139496},"value":3482119554},"id":${JSON.stringify(body.id)}}`,
        { headers: { 'content-type': 'application/json; charset=utf-8' } },
      );
    }),
  );
  return seen;
}

/** A config file as the Solana CLI writes it (serde_yaml: a `---` line, strings with `:` quoted). */
function solanaConfig(home: string, values: { url?: string; keypair?: string; commitment?: string }): string {
  return writeConfig(home, [
    '---',
    `json_rpc_url: ${values.url ?? '"https://api.mainnet-beta.solana.com"'}`,
    'websocket_url: ""',
    `keypair_path: ${values.keypair ?? join(home, '.config', 'solana', 'id.json')}`,
    'address_labels:',
    '  "11111111111111111111111111111111": System Program',
    `commitment: ${values.commitment ?? 'confirmed'}`,
  ]);
}

describe('URL monikers', () => {
  it.each([
    ['m', 'https://api.mainnet-beta.solana.com'],
    ['mainnet-beta', 'https://api.mainnet-beta.solana.com'],
    ['d', 'https://api.devnet.solana.com'],
    ['devnet', 'https://api.devnet.solana.com'],
    ['t', 'https://api.testnet.solana.com'],
    ['testnet', 'https://api.testnet.solana.com'],
    ['l', 'http://localhost:8899'],
    ['localhost', 'http://localhost:8899'],
  ])('%s is %s', (moniker, url) => {
    expect(urlFromMoniker(moniker)).toBe(url);
  });

  it('leaves anything else as it is', () => {
    expect(urlFromMoniker('http://10.0.0.1:8899')).toBe('http://10.0.0.1:8899');
    expect(urlFromMoniker('Devnet')).toBe('Devnet');
  });

  it.each([
    ['-u', 'd', 'https://api.devnet.solana.com/'],
    ['--url', 'testnet', 'https://api.testnet.solana.com/'],
    ['-u', 'l', 'http://localhost:8899/'],
    ['--url', 'm', 'https://api.mainnet-beta.solana.com/'],
  ])(
    '%s %s sends the request to %s',
    async (flag, moniker, url) => {
      const seen = anyCluster();
      const result = await runCli(['balance', ADDRESS, flag, moniker]);
      expect(result).toEqual({ code: 0, out: '3.482119554 SOL\n', err: '' });
      expect(seen).toEqual([{ url, method: 'getBalance', params: [ADDRESS, { commitment: 'confirmed' }] }]);
    },
    10_000,
  );
});

describe('precedence: flag, then config file, then default', () => {
  it('uses the default URL and commitment when there is no config file', async () => {
    const seen = anyCluster();
    const home = tempDir();
    const result = await runCli(['balance', ADDRESS], { env: { HOME: home } });
    expect(result.code).toBe(0);
    expect(seen).toEqual([
      {
        url: 'https://api.mainnet-beta.solana.com/',
        method: 'getBalance',
        params: [ADDRESS, { commitment: 'confirmed' }],
      },
    ]);
  }, 10_000);

  it.each([
    ['double-quoted', '"http://config.test:8899"'],
    ['unquoted', 'http://config.test:8899'],
    ['single-quoted', "'http://config.test:8899'"],
    ['quoted, with a comment', '"http://config.test:8899" # set by solana config set'],
  ])(
    'reads the URL and commitment from the config file (%s value)',
    async (_name, value) => {
      const seen = anyCluster();
      const home = tempDir();
      solanaConfig(home, { url: value, commitment: 'finalized' });
      const result = await runCli(['balance', ADDRESS], { env: { HOME: home } });
      expect(result.code).toBe(0);
      expect(seen).toEqual([
        { url: 'http://config.test:8899/', method: 'getBalance', params: [ADDRESS, { commitment: 'finalized' }] },
      ]);
    },
    10_000,
  );

  it('reads a config file with CRLF line ends', async () => {
    const seen = anyCluster();
    const home = tempDir();
    writeConfig(home, ['---\r', 'json_rpc_url: "http://crlf.test:8899"\r', 'commitment: processed\r']);
    expect((await runCli(['balance', ADDRESS], { env: { HOME: home } })).code).toBe(0);
    expect(seen.map((s) => [s.url, s.params[1]])).toEqual([['http://crlf.test:8899/', { commitment: 'processed' }]]);
  }, 10_000);

  it('lets --url and --commitment override the config file', async () => {
    const seen = anyCluster();
    const home = tempDir();
    solanaConfig(home, { url: '"http://config.test:8899"', commitment: 'finalized' });
    const result = await runCli(['balance', ADDRESS, '--url', 'http://flag.test:8899', '--commitment', 'processed'], {
      env: { HOME: home },
    });
    expect(result.code).toBe(0);
    expect(seen).toEqual([
      { url: 'http://flag.test:8899/', method: 'getBalance', params: [ADDRESS, { commitment: 'processed' }] },
    ]);
  }, 10_000);

  it('resolves a moniker written in the config file', async () => {
    const seen = anyCluster();
    const home = tempDir();
    solanaConfig(home, { url: 'devnet' });
    expect((await runCli(['balance', ADDRESS], { env: { HOME: home } })).code).toBe(0);
    expect(seen.map((s) => s.url)).toEqual(['https://api.devnet.solana.com/']);
  }, 10_000);

  it('reads another config file with --config / -C, over the default one', async () => {
    const seen = anyCluster();
    const home = tempDir();
    solanaConfig(home, { url: '"http://default-config.test:8899"' });
    const other = solanaConfig(tempDir(), { url: '"http://other-config.test:8899"' });
    expect((await runCli(['balance', ADDRESS, '--config', other], { env: { HOME: home } })).code).toBe(0);
    expect((await runCli(['balance', ADDRESS, '-C', other], { env: { HOME: home } })).code).toBe(0);
    expect(seen.map((s) => s.url)).toEqual(['http://other-config.test:8899/', 'http://other-config.test:8899/']);
  }, 10_000);

  it('takes the default address from keypair_path in the config file, and -k over it', async () => {
    const seen = anyCluster();
    const home = tempDir();
    const fromConfig = newKeypair();
    const fromFlag = newKeypair();
    const configured = writeKeypairFile(join(home, 'keys', 'configured.json'), fromConfig);
    const flagged = writeKeypairFile(join(home, 'keys', 'flagged.json'), fromFlag);
    solanaConfig(home, { url: '"http://config.test:8899"', keypair: configured });
    expect(await runCli(['balance'], { env: { HOME: home } })).toEqual({ code: 0, out: '3.482119554 SOL\n', err: '' });
    expect((await runCli(['balance', '-k', flagged], { env: { HOME: home } })).code).toBe(0);
    expect(seen.map((s) => s.params[0])).toEqual([fromConfig.address, fromFlag.address]);
  }, 10_000);

  it('falls back to ~/.config/solana/id.json when neither flag nor config names a keypair', async () => {
    const seen = anyCluster();
    const home = tempDir();
    const keypair = newKeypair();
    writeKeypairFile(join(home, '.config', 'solana', 'id.json'), keypair);
    expect((await runCli(['balance', '-u', 'http://x.test'], { env: { HOME: home } })).code).toBe(0);
    expect(seen.map((s) => s.params[0])).toEqual([keypair.address]);
  }, 10_000);

  it('ignores address_labels and other nested maps, comments and keys it does not use', () => {
    const values = parseTopLevelYaml(
      [
        '---',
        '# comment: not a key',
        'json_rpc_url: "http://a.test:8899"',
        'commitment: finalized',
        'address_labels:',
        '  "11111111111111111111111111111111": System Program',
        '  commitment: processed',
        'fee: ~',
      ].join('\n'),
    );
    expect({ ...values }).toEqual({
      json_rpc_url: 'http://a.test:8899',
      address_labels: undefined,
      commitment: 'finalized',
    });
  });
  // so a quoted value containing " #" is cut: `keypair_path: "/home/me/my #1.json"` (how serde_yaml,
  // and so `solana config set`, quotes such a path) becomes `"/home/me/my` and the keypair is not found.
  it('keeps " #" inside a quoted value (serde_yaml quotes a path that contains it)', () => {
    expect(parseTopLevelYaml('keypair_path: "/home/me/my #1.json"\n').keypair_path).toBe('/home/me/my #1.json');
  });
});

describe('config file errors', () => {
  it('refuses a missing file named with --config: exit 2, one line naming the file', async () => {
    const missing = join(tempDir(), 'nope.yml');
    const result = await runCli(['balance', ADDRESS, '--config', missing]);
    expect(result).toEqual({ code: 2, out: '', err: `Error: cannot read config file ${missing} (ENOENT)\n` });
  });

  it('refuses a directory named with --config', async () => {
    const dir = tempDir();
    const result = await runCli(['balance', ADDRESS, '-C', dir]);
    expect(result).toEqual({ code: 2, out: '', err: `Error: config file ${dir} is not a regular file\n` });
  });

  it('is fine with no default config file (a fresh machine)', async () => {
    const seen = anyCluster();
    const home = tempDir(); // no .config at all
    expect(await runCli(['balance', ADDRESS], { env: { HOME: home } })).toEqual({
      code: 0,
      out: '3.482119554 SOL\n',
      err: '',
    });
    expect(seen).toHaveLength(1);
  }, 10_000);

  it('refuses an unknown commitment in the config file, naming its source', async () => {
    const home = tempDir();
    solanaConfig(home, { commitment: 'fastest' });
    const result = await runCli(['balance', ADDRESS], { env: { HOME: home } });
    expect(result).toEqual({
      code: 2,
      out: '',
      err: 'Error: config file: commitment must be processed, confirmed or finalized\n',
    });
  });

  it('refuses an unknown --commitment', async () => {
    const result = await runCli(['balance', ADDRESS, '--commitment', 'fastest']);
    expect(result).toEqual({
      code: 2,
      out: '',
      err: 'Error: --commitment: commitment must be processed, confirmed or finalized\n',
    });
  });
});

describe('legacy commitment names', () => {
  it.each([
    ['recent', 'processed'],
    ['single', 'confirmed'],
    ['singleGossip', 'confirmed'],
    ['root', 'finalized'],
    ['max', 'finalized'],
    ['processed', 'processed'],
    ['confirmed', 'confirmed'],
    ['finalized', 'finalized'],
  ])('%s is %s', (legacy, commitment) => {
    expect(checkCommitmentText(legacy, 'test')).toBe(commitment);
  });

  it('maps a legacy name in the config file and on the command line before sending it', async () => {
    const seen = anyCluster();
    const home = tempDir();
    solanaConfig(home, { url: '"http://config.test:8899"', commitment: 'max' });
    expect((await runCli(['balance', ADDRESS], { env: { HOME: home } })).code).toBe(0);
    expect((await runCli(['balance', ADDRESS, '--commitment', 'recent'], { env: { HOME: home } })).code).toBe(0);
    expect((await runCli(['balance', ADDRESS, '--commitment', 'singleGossip'], { env: { HOME: home } })).code).toBe(0);
    expect(seen.map((s) => s.params[1])).toEqual([
      { commitment: 'finalized' },
      { commitment: 'processed' },
      { commitment: 'confirmed' },
    ]);
  }, 10_000);
});
