/**
 * What `catchup` prints where nobody watches a terminal: the Solana CLI's spinner draws nothing off one,
 * so a wait that may never end (a validator that advertises no RPC, one that does not answer) is said once
 * on stderr. And `--output json` is refused: agave's catchup has no JSON form, and text where a program
 * expects JSON would break it quietly.
 */
import { describe, expect, it } from 'vitest';
import { reply } from '../msw/server.js';
import { closedPort, runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const US = '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL';
const THEM = '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy';

describe('catchup off a terminal', { timeout: 10_000 }, () => {
  it('says once on stderr that the validator advertises no RPC, and again when the reason changes', async () => {
    let slot = 100;
    const node = await scripted({
      getIdentity: reply.result({ identity: US }),
      getSlot: () => reply.result(slot++ === 100 ? 100 : 151),
    });
    const listed = { pubkey: US, gossip: '127.0.0.1:8001', version: '2.3.7' };
    let round = 0;
    const cluster = await scripted({
      // Rounds 1-2: absent from gossip; 3-5: listed without RPC; then with its RPC address.
      getClusterNodes: () => {
        round++;
        if (round <= 2) return reply.result([]);
        return reply.result([{ ...listed, rpc: round <= 5 ? null : new URL(node.url).host }]);
      },
      getIdentity: reply.result({ identity: THEM }),
      getSlot: reply.result(150),
    });
    const waits: number[] = [];
    const result = await runCli(['catchup', US, '-u', cluster.url, '--interval', '3'], {
      isTTY: false,
      now: () => 0,
      sleep: async (ms: number) => void waits.push(ms),
    });
    expect(result).toEqual({
      code: 0,
      out: `${US} has caught up (us:151 them:150)\n`,
      err:
        `Contact information not found for ${US}; asking gossip again every 3 s until Ctrl-C (--log prints each check)\n` +
        `RPC service not found for ${US}; asking gossip again every 3 s until Ctrl-C (--log prints each check)\n`,
    });
    expect(waits.slice(0, 5)).toEqual([3000, 3000, 3000, 3000, 3000]);
  });

  it('says once that the validator cannot be reached, origin only, and keeps trying until Ctrl-C', async () => {
    const cluster = await scripted({ getIdentity: reply.result({ identity: THEM }) });
    const port = await closedPort();
    const controller = new AbortController();
    let waits = 0;
    const result = await runCli(
      ['catchup', US, `http://user:SECRET@127.0.0.1:${port}/k/SECRET?api-key=SECRET`, '-u', cluster.url],
      {
        signal: controller.signal,
        now: () => 0,
        sleep: async () => {
          if (++waits === 3) controller.abort(new Error('Ctrl-C'));
        },
      },
    );
    expect(result).toEqual({
      code: 130,
      out: '',
      err: `Connection failed: getIdentity: cannot reach http://127.0.0.1:${port} (ECONNREFUSED); retrying every 2 s until Ctrl-C (--log prints each check)\n`,
    });
  });

  it('on a terminal the spinner line is all, as before; with --log each check is a line on stdout', async () => {
    const cluster = await scripted({
      getClusterNodes: reply.result([{ pubkey: US, gossip: '127.0.0.1:8001', rpc: null }]),
      getIdentity: reply.result({ identity: THEM }),
    });
    for (const [argv, isTTY] of [
      [['--log'], false],
      [[], true],
    ] as const) {
      const controller = new AbortController();
      const result = await runCli(['catchup', US, '-u', cluster.url, ...argv], {
        isTTY,
        signal: controller.signal,
        now: () => 0,
        sleep: async () => controller.abort(new Error('Ctrl-C')),
      });
      expect(result.code).toBe(130);
      if (isTTY) expect(result).toMatchObject({ out: '', err: `\r\u001b[KRPC service not found for ${US}` });
      else expect(result).toMatchObject({ out: `RPC service not found for ${US}\n`, err: '' });
    }
  });
});

describe('catchup --output json', () => {
  it.each(['json', 'json-compact'])(
    '--output %s is refused before any request (exit 2): it prints text only',
    async (format) => {
      const cluster = await scripted({ getIdentity: reply.result({ identity: THEM }) });
      expect(await runCli(['catchup', US, '-u', cluster.url, '--output', format])).toEqual({
        code: 2,
        out: '',
        err: `Error: option --output ${format} does not apply to 'catchup': it prints text only, as the Solana CLI's catchup does\n`,
      });
      expect(cluster.calls).toEqual([]);
    },
  );

  it('--output text is what catchup prints anyway, and is accepted', async () => {
    const port = await closedPort();
    const result = await runCli(['catchup', '--our-localhost', String(port), '--output', 'text']);
    // The local node is asked first and is not there: the refusal above did not apply.
    expect(result.code).toBe(69);
    expect(result.err).toContain(`cannot reach http://localhost:${port}`);
  });
});
