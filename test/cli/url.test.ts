/**
 * What a new user types for --url and what they are told: the Solana CLI's monikers are mainnet-beta (m),
 * devnet (d), testnet (t) and localhost (l); a word near one gets the moniker meant, a host without its
 * scheme the URL to write (a URL parser reads `localhost:8899` as the scheme `localhost:`), https:// to
 * a plain HTTP port the http:// URL. Each before any request but the last, none repeating a secret.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir, writeConfig } from './helpers.js';

describe('--url given as people write it', () => {
  it.each([
    ['mainnet', "--url: 'mainnet' is not a cluster moniker; did you mean mainnet-beta (m)?"],
    ['Mainnet-Beta', "--url: 'Mainnet-Beta' is not a cluster moniker; did you mean mainnet-beta (m)?"],
    ['Devnet', "--url: 'Devnet' is not a cluster moniker; did you mean devnet (d)?"],
    ['test', "--url: 'test' is not a cluster moniker; did you mean testnet (t)?"],
    ['local', "--url: 'local' is not a cluster moniker; did you mean localhost (l)?"],
    ['localhost:8899', "--url: 'localhost:8899' has no scheme; write http://localhost:8899"],
    ['127.0.0.1:8899', "--url: '127.0.0.1:8899' has no scheme; write http://127.0.0.1:8899"],
    ['[::1]:8899', "--url: '[::1]:8899' has no scheme; write http://[::1]:8899"],
    ['api.devnet.solana.com', "--url: 'api.devnet.solana.com' has no scheme; write https://api.devnet.solana.com"],
    [
      'rpc.example.com/v2/SECRET?api-key=SECRET',
      "--url: 'rpc.example.com/…' has no scheme; write https://rpc.example.com/…",
    ],
    [
      'frobnet',
      "--url: 'frobnet' is neither a URL nor a cluster moniker: mainnet-beta (m), devnet (d), testnet (t) or localhost (l)",
    ],
  ])('%s: exit 2, the line says what to write', async (url, line) => {
    expect(await runCli(['slot', '--url', url])).toEqual({ code: 2, out: '', err: `Error: ${line}\n` });
  });

  it("the config file's json_rpc_url is read the same way, the file named", async () => {
    const home = tempDir('solrpc-home-');
    const path = writeConfig(home, ['json_rpc_url: "localhost:8899"']);
    expect(await runCli(['slot'], { env: { HOME: home } })).toEqual({
      code: 2,
      out: '',
      err: `Error: json_rpc_url in ${path}: 'localhost:8899' has no scheme; write http://localhost:8899\n`,
    });
  });

  it("a URL with another scheme is still the library's to refuse, without repeating it", async () => {
    const result = await runCli(['slot', '--url', 'ftp://user:SECRET@127.0.0.1/']);
    expect(result).toEqual({
      code: 2,
      out: '',
      err: 'Error: invalid url: the scheme must be http: or https:, got ftp:\n',
    });
  });
});

describe('https:// to a plain HTTP node', { timeout: 10_000 }, () => {
  let server: ReturnType<typeof createServer>;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('{"jsonrpc":"2.0","result":7,"id":1}'));
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('exit 69, naming the http:// origin to use, tried once, no secret', async () => {
    const result = await runCli(['slot', '--url', `https://u:SECRET@127.0.0.1:${port}/SECRET?api-key=SECRET`]);
    expect(result).toEqual({
      code: 69,
      out: '',
      err: `Error: getSlot: cannot reach https://127.0.0.1:${port} (EPROTO) — the server spoke plain HTTP, not TLS; use http://127.0.0.1:${port}\n`,
    });
    expect(connections).toBe(1);
    // And the URL it names works.
    expect(await runCli(['slot', '--url', `http://127.0.0.1:${port}`])).toEqual({ code: 0, out: '7\n', err: '' });
  });
});
