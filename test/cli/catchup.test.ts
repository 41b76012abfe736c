/**
 * `solrpc catchup` against two loopback nodes, the cluster's RPC and the validator's own, with injected
 * waits: the validator found in gossip, its identity checked, progress lines with --log, caught up when
 * its slot passes the cluster's, --our-localhost's URL, the refusals the Solana CLI makes, retries, Ctrl-C.
 */
import { describe, expect, it } from 'vitest';
import { SIMULATION, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import { reply } from '../msw/server.js';
import { closedPort, runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const US = '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL';
const THEM = '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy';

/** Answers a slot from `slots` per call, the last one repeating. */
const slotsOf = (slots: number[]) => {
  let call = 0;
  return () => reply.result(slots[Math.min(call++, slots.length - 1)]);
};

/** The validator's node (behind, then catching up) and the cluster's RPC that lists it in gossip. */
async function nodes(ourSlots: number[], theirSlots: number[], ourIdentity = US) {
  const node = await scripted({ getIdentity: reply.result({ identity: ourIdentity }), getSlot: slotsOf(ourSlots) });
  const cluster = await scripted({
    getClusterNodes: reply.result([
      { pubkey: US, gossip: '127.0.0.1:8001', rpc: new URL(node.url).host, version: '2.3.7' },
    ]),
    getIdentity: reply.result({ identity: THEM }),
    getSlot: slotsOf(theirSlots),
  });
  return { node, cluster };
}

const fakeTime = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms), now: () => 0 };
};

describe('catchup', { timeout: 10_000 }, () => {
  it('finds the node in gossip, reports how fast it gains, and stops when it has caught up', async () => {
    // Start: us 100, them 160. Then the loop reads them, us: (170, 120), (180, 150), (190, 191), 2 s apart (agave's
    // interval). The ETA is the Solana CLI's: the node's own pace (50 slots in 2 s) over the 2 s the gap needs
    // at 15 slots/second.
    const { node, cluster } = await nodes([100, 120, 150, 191], [160, 170, 180, 190]);
    const time = fakeTime();
    const result = await runCli(['catchup', US, '-u', cluster.url, '--log'], time);
    expect(result.code).toBe(0);
    expect(result.out.split('\n')).toEqual([
      '50 slot(s) behind (us:120 them:170)',
      '30 slot(s) behind (us:150 them:180), our node is gaining at 10.0 slots/second (AVG: 15.0 slots/second, ETA: slot 200 in 2s)',
      `${US} has caught up (us:191 them:190)`,
      '',
    ]);
    expect(time.waits).toEqual([2000, 2000]);
    expect(node.calls.map((c) => c.method)).toEqual(['getIdentity', 'getSlot', 'getSlot', 'getSlot', 'getSlot']);
    expect(node.calls[1]?.params).toEqual([{ commitment: 'confirmed' }]);
  });

  it('takes the node URL given, and --interval; --follow keeps going until interrupted', async () => {
    const { node, cluster } = await nodes([100, 200], [150, 190]);
    const controller = new AbortController();
    const waits: number[] = [];
    const result = await runCli(
      ['catchup', US, node.url, '-u', cluster.url, '--follow', '--log', '--interval', '0.5'],
      {
        signal: controller.signal,
        now: () => 0,
        sleep: async (ms: number) => {
          waits.push(ms);
          if (waits.length === 3) controller.abort(new Error('Ctrl-C'));
        },
      },
    );
    expect(result.code).toBe(130);
    expect(waits.slice(0, 2)).toEqual([500, 500]);
    expect(result.out).toContain('10 slot(s) ahead (us:200 them:190)');
    expect(cluster.calls.some((c) => c.method === 'getClusterNodes')).toBe(false);
  });

  it('waits, polling gossip, while the validator is absent or advertises no RPC, then follows it', async () => {
    const node = await scripted({ getIdentity: reply.result({ identity: US }), getSlot: slotsOf([100, 100, 151]) });
    const listed = { pubkey: US, gossip: '127.0.0.1:8001', version: '2.3.7' };
    let round = 0;
    const cluster = await scripted({
      // Round 1: not in gossip; round 2: in gossip without RPC; round 3: with its RPC address.
      getClusterNodes: () => {
        round++;
        return reply.result(
          round === 1 ? [] : round === 2 ? [{ ...listed, rpc: null }] : [{ ...listed, rpc: new URL(node.url).host }],
        );
      },
      getIdentity: reply.result({ identity: THEM }),
      getSlot: slotsOf([150]),
    });
    const time = fakeTime();
    const result = await runCli(['catchup', US, '-u', cluster.url, '--log', '--interval', '3'], time);
    expect(result.code).toBe(0);
    expect(result.out.split('\n')).toEqual([
      `Contact information not found for ${US}`,
      `RPC service not found for ${US}`,
      '50 slot(s) behind (us:100 them:150)',
      `${US} has caught up (us:151 them:150)`,
      '',
    ]);
    expect(time.waits).toEqual([3000, 3000, 3000]);
    expect(cluster.calls.filter((c) => c.method === 'getClusterNodes')).toHaveLength(3);
  });

  it('retries an unreachable validator RPC each interval, each attempt bounded, until Ctrl-C (exit 130)', async () => {
    const cluster = await scripted({ getIdentity: reply.result({ identity: THEM }), getSlot: reply.result(150) });
    const port = await closedPort();
    const controller = new AbortController();
    const waits: number[] = [];
    const result = await runCli(
      ['catchup', US, `http://127.0.0.1:${port}`, '-u', cluster.url, '--log', '--rpc-timeout', '2'],
      {
        signal: controller.signal,
        now: () => 0,
        sleep: async (ms: number) => {
          waits.push(ms);
          if (waits.length === 2) controller.abort(new Error('Ctrl-C'));
        },
      },
    );
    expect(result).toMatchObject({ code: 130, err: '' });
    expect(waits).toEqual([2000, 2000]);
    expect(result.out.split('\n')).toEqual([
      `Connection failed: getIdentity: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`,
      `Connection failed: getIdentity: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)`,
      '',
    ]);
    // The cluster is asked nothing until the validator has answered.
    expect(cluster.calls).toEqual([]);
  });

  it('--our-localhost asks the local node once: unreachable, it fails at once (exit 69)', async () => {
    const cluster = await scripted({ getIdentity: reply.result({ identity: THEM }) });
    const port = await closedPort();
    const time = fakeTime();
    const result = await runCli(['catchup', '--our-localhost', String(port), '-u', cluster.url], time);
    expect(result.code).toBe(69);
    expect(result.err).toMatch(new RegExp(`^Error: getIdentity: cannot reach http://localhost:${port}`));
    expect(time.waits).toEqual([]);
    expect(cluster.calls).toEqual([]);
  });

  it('refuses a node whose identity differs, and two URLs that are the same node', async () => {
    const wrong = await nodes([100], [150], THEM);
    const mismatch = await runCli(['catchup', US, '-u', wrong.cluster.url], fakeTime());
    expect(mismatch).toMatchObject({ code: 1, out: '' });
    expect(mismatch.err).toBe(
      `Error: The identity reported by node RPC URL does not match. Expected: ${US}. Reported: ${THEM}\n`,
    );
    const self = await scripted({ getIdentity: reply.result({ identity: US }), getSlot: reply.result(1) });
    const same = await runCli(['catchup', US, self.url, '-u', self.url], fakeTime());
    expect(same.err).toBe(
      'Error: Both RPC URLs reference the same node, unable to monitor for catchup. Try a different --url\n',
    );
  });

  it('retries a failing slot five times, a second apart, then fails', async () => {
    const node = await scripted({
      getIdentity: reply.result({ identity: US }),
      getSlot: reply.error(-32005, 'Node is behind by 500 slots', { numSlotsBehind: 500 }),
    });
    const cluster = await scripted({ getIdentity: reply.result({ identity: THEM }), getSlot: reply.result(1) });
    const time = fakeTime();
    const result = await runCli(['catchup', US, node.url, '-u', cluster.url, '--log'], time);
    expect(result.code).toBe(1);
    expect(time.waits).toEqual([1000, 1000, 1000, 1000, 1000]);
    // println!("Retrying(…): {e}\n"): each retry line is followed by an empty one.
    expect(result.out.split('\n')[0]).toMatch(/^Retrying\(1\/5\): getSlot: RPC error -32005/);
    expect(result.out.split('\n')[1]).toBe('');
  });

  it('refuses bad input before any request', async () => {
    const cluster = await scripted({ getIdentity: reply.result({ identity: THEM }) });
    for (const args of [
      ['catchup'],
      ['catchup', 'not-an-identity'],
      ['catchup', US, 'ftp://node'],
      ['catchup', US, '--interval', '0'],
    ]) {
      expect((await runCli([...args, '-u', cluster.url], fakeTime())).code).toBe(2);
    }
    expect(cluster.calls).toEqual([]);
  });

  it('follows the simulated validator alpha until it has caught up, its clock moved by the waits', async () => {
    let now = 1_754_900_754_000;
    const cluster = await startSimulatedCluster({ now: () => now });
    try {
      const [alpha] = SIMULATION.validators;
      const result = await runCli(['catchup', alpha?.identity as string, '-u', cluster.url, '--log'], {
        now: () => now,
        sleep: async (ms: number) => {
          now += ms;
        },
      });
      expect(result.code).toBe(0);
      expect(result.out.split('\n')[0]).toMatch(/^1 slot\(s\) behind \(us:\d+ them:\d+\)$/);
      expect(result.out).toMatch(new RegExp(`${alpha?.identity} has caught up \\(us:\\d+ them:\\d+\\)\n$`));
    } finally {
      await cluster.close();
    }
  });
});
