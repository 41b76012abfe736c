import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { type ClusterNode, createRpc } from '../../src/index.js';
import { loadFixture, resultTextOf, serveFixture } from '../msw/fixtures.js';
import { calls, firstLine, mockRpc, RPC_URL, rejectsWith, reply, sent, useMswServer } from '../msw/server.js';

useMswServer();

const CURRENT = 'conformance/getClusterNodes.current-shape';
const NINE_KEYS = 'getClusterNodes/v1.17-nine-keys';
const SEVEN_KEYS = 'getClusterNodes/older-seven-keys';
const CLIENT_ID = 'getClusterNodes/client-id';
const KEYS_LEFT_OUT = 'getClusterNodes/keys-left-out';

/** The keys of every decoded node: the fourteen a 2.x node sends, and clientId, null when not sent. */
const KEYS = [
  'clientId',
  'featureSet',
  'gossip',
  'pubkey',
  'pubsub',
  'rpc',
  'serveRepair',
  'shredVersion',
  'tpu',
  'tpuForwards',
  'tpuForwardsQuic',
  'tpuQuic',
  'tpuVote',
  'tvu',
  'version',
];

/** The RPC node itself, as a 2.x node reports it: every socket advertised. */
const SELF_2X: ClusterNode = {
  pubkey: '2sTE4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e',
  gossip: '198.51.100.17:8001',
  tvu: '198.51.100.17:8000',
  tpu: '198.51.100.17:8003',
  tpuQuic: '198.51.100.17:8009',
  tpuForwards: '198.51.100.17:8004',
  tpuForwardsQuic: '198.51.100.17:8010',
  tpuVote: '198.51.100.17:8005',
  serveRepair: '198.51.100.17:8008',
  rpc: '198.51.100.17:8899',
  pubsub: '198.51.100.17:8900',
  version: '2.3.7',
  featureSet: 2891131721,
  shredVersion: 50093,
  clientId: null,
};

/** A node seen in gossip before it published its version: most fields null. */
const FRESH_2X: ClusterNode = {
  pubkey: '6VdeLt98BA1sLp9LWYVS6uEtYXMaSyqLfBrLtg1uSy9m',
  gossip: '203.0.113.9:8001',
  tvu: '203.0.113.9:8000',
  tpu: null,
  tpuQuic: null,
  tpuForwards: null,
  tpuForwardsQuic: null,
  tpuVote: null,
  serveRepair: null,
  rpc: null,
  pubsub: null,
  version: null,
  featureSet: null,
  shredVersion: 50093,
  clientId: null,
};

/** What a node comes back as when the wire left keys out: every missing key null. */
const withNulls = (sent: Partial<ClusterNode>): ClusterNode =>
  ({
    ...Object.fromEntries(KEYS.map((key) => [key, null])),
    ...sent,
  }) as ClusterNode;

// Each error is checked as the server sent it; retries have their own suite (test/transport/retry.test.ts).
const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });
/** The method without its static types, for arguments the types forbid. */
const getClusterNodes = (...args: unknown[]) =>
  (rpc().getClusterNodes as unknown as (...a: unknown[]) => Promise<unknown>)(...args);
/** Asserts that the test sent exactly one call: getClusterNodes with no params. */
const expectSentNoParams = () => {
  expect(sent()).toStrictEqual([{ method: 'getClusterNodes', params: [] }]);
  expect(calls[0]?.body).toContain('"method":"getClusterNodes","params":[]');
};

describe('getClusterNodes', { timeout: 5_000 }, () => {
  describe('what is sent', () => {
    it.each([
      { name: 'no argument', args: [] },
      { name: 'an empty config', args: [{}] },
      {
        name: 'call options only (signal, timeoutMs)',
        args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
      },
      { name: 'undefined', args: [undefined] },
    ])('$name: params []', async ({ args }) => {
      mockRpc({ getClusterNodes: serveFixture(CURRENT) });
      const nodes = (await getClusterNodes(...args)) as ClusterNode[];
      expectSentNoParams();
      expect(nodes).toHaveLength(5);
      expect(calls[0]).toMatchObject({ jsonrpc: '2.0', id: expect.any(Number) });
    });
  });

  describe('what comes back', () => {
    it('a 2.x response: every node keeps all 14 keys, values as sent, and clientId null', async () => {
      mockRpc({ getClusterNodes: serveFixture(CURRENT) });
      const nodes = await rpc().getClusterNodes();
      expectSentNoParams();
      expect(nodes).toHaveLength(5);
      for (const node of nodes) expect(Object.keys(node).sort()).toStrictEqual(KEYS);
      expect(nodes[0]).toStrictEqual(SELF_2X);
      expect(nodes[4]).toStrictEqual(FRESH_2X);
      // The whole response, node for node: nothing dropped or changed; only the missing clientId added.
      expect(nodes).toStrictEqual(JSON.parse(resultTextOf(CURRENT)).map(withNulls));
    });

    it('the conformance expectations hold', async () => {
      mockRpc({ getClusterNodes: serveFixture(CURRENT) });
      const nodes = await rpc().getClusterNodes();
      expectSentNoParams();
      expect(nodes[1]).toMatchObject({ rpc: null, pubsub: null, tpuQuic: '198.51.100.250:11228' });
      expect(nodes[2]).toMatchObject({ tpuForwards: '192.0.2.201:8004', version: '2.2.20', featureSet: 1069245146 });
      // Not every client uses agave's version scheme.
      expect(nodes[3]?.version).toBe('0.503.20214');
    });

    it('nulls stay null (not undefined, not dropped)', async () => {
      mockRpc({ getClusterNodes: serveFixture(CURRENT) });
      const node = (await rpc().getClusterNodes())[4] as ClusterNode;
      expectSentNoParams();
      for (const key of ['version', 'featureSet', 'tpu', 'tpuQuic', 'serveRepair', 'rpc', 'pubsub'] as const) {
        expect(key in node, key).toBe(true);
        expect(node[key], key).toBeNull();
      }
    });

    it('a 1.17-era node sends nine keys: the six later ones come back null', async () => {
      mockRpc({ getClusterNodes: serveFixture(NINE_KEYS) });
      const nodes = await rpc().getClusterNodes();
      expectSentNoParams();
      const later = { tvu: null, tpuForwards: null, tpuForwardsQuic: null, tpuVote: null, serveRepair: null };
      expect(nodes).toStrictEqual([
        {
          pubkey: '2sTE4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e',
          gossip: '198.51.100.17:8001',
          tpu: '198.51.100.17:8003',
          tpuQuic: '198.51.100.17:8009',
          rpc: '198.51.100.17:8899',
          pubsub: '198.51.100.17:8900',
          version: '1.17.28',
          featureSet: 3746964731,
          shredVersion: 56177,
          ...later,
          clientId: null,
        },
        {
          pubkey: '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL',
          gossip: '203.0.113.44:8001',
          tpu: '203.0.113.44:8003',
          tpuQuic: null,
          rpc: null,
          pubsub: null,
          version: null,
          featureSet: null,
          shredVersion: 56177,
          ...later,
          clientId: null,
        },
      ]);
      for (const node of nodes) expect(Object.keys(node).sort()).toStrictEqual(KEYS);
    });

    it('an even older node sends seven keys: tpuQuic, pubsub and the later ones come back null', async () => {
      mockRpc({ getClusterNodes: serveFixture(SEVEN_KEYS) });
      const nodes = await rpc().getClusterNodes();
      expectSentNoParams();
      expect(nodes).toStrictEqual([
        withNulls({
          pubkey: '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy',
          gossip: '192.0.2.201:8001',
          tpu: '192.0.2.201:8003',
          rpc: '192.0.2.201:8899',
          version: '1.10.41',
          featureSet: 1070292356,
          shredVersion: 8573,
        }),
        withNulls({
          pubkey: '8cqsvKg8VLXXcvjRU2KJVpt5N6bbtWPxheG7a9jjo9Yu',
          gossip: '198.51.100.90:8001',
          tpu: null,
          rpc: null,
          version: '1.10.40',
          featureSet: 1070292356,
          shredVersion: 8573,
        }),
      ]);
      for (const node of nodes) {
        expect(node.tpuQuic).toBeNull();
        expect(node.pubsub).toBeNull();
        expect(Object.keys(node)).toHaveLength(15);
      }
    });

    it('nodes whose nullable keys are left out (a proxy dropping nulls) decode with null there', async () => {
      mockRpc({ getClusterNodes: serveFixture(KEYS_LEFT_OUT) });
      const nodes = await rpc().getClusterNodes();
      expectSentNoParams();
      expect(nodes).toStrictEqual([
        withNulls({
          pubkey: '2sTE4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e',
          gossip: '198.51.100.17:8001',
          tpu: '198.51.100.17:8003',
          rpc: '198.51.100.17:8899',
          version: '1.9.29',
        }),
        withNulls({ pubkey: '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL' }),
        withNulls({
          pubkey: '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy',
          tpuQuic: '192.0.2.201:8009',
          featureSet: 1070292356,
          shredVersion: 8573,
        }),
      ]);
      expect(nodes[0]?.featureSet).toBeNull();
      expect(nodes[0]?.shredVersion).toBeNull();
      for (const node of nodes) expect(Object.keys(node).sort()).toStrictEqual(KEYS);
    });

    it.each(KEYS.filter((key) => key !== 'pubkey'))(
      'a 2.x node without %s: that field null, the list of five intact',
      async (key) => {
        const wire = JSON.parse(resultTextOf(CURRENT)) as Record<string, unknown>[];
        for (const node of wire) delete node[key];
        mockRpc({ getClusterNodes: reply.resultText(JSON.stringify(wire)) });
        const nodes = await rpc().getClusterNodes();
        expectSentNoParams();
        expect(nodes).toHaveLength(5);
        expect(nodes.map((node) => node[key as keyof ClusterNode])).toStrictEqual([null, null, null, null, null]);
        expect(nodes[0]).toStrictEqual({ ...SELF_2X, [key]: null });
      },
    );

    it('clientId, as a string or null, and featureSet up to u32::MAX (above 2^31)', async () => {
      mockRpc({ getClusterNodes: serveFixture(CLIENT_ID) });
      const nodes = await rpc().getClusterNodes();
      expectSentNoParams();
      expect(nodes).toHaveLength(2);
      expect(nodes[0]).toStrictEqual({ ...SELF_2X, version: '3.0.4', featureSet: 4294967295, clientId: 'Agave' });
      expect(nodes[1]).toMatchObject({
        clientId: null,
        featureSet: 2147483648,
        tpuForwards: null,
        version: '0.708.20306',
      });
      expect(Object.keys(nodes[1] as ClusterNode)).toHaveLength(15);
      // A u32 above 2^31 stays positive: nothing read it as an i32.
      expect(nodes.map((node) => node.featureSet)).toStrictEqual([4294967295, 2147483648]);
    });

    it('unknown keys are tolerated and not copied into the result', async () => {
      const pubkey = '"pubkey":"2sTE4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e",';
      mockRpc({
        getClusterNodes: serveFixture(CURRENT, [
          [pubkey, `"alpenglow":{"port":8050},"ipEcho":"198.51.100.17:8002",${pubkey}"tpuVoteQuic":null,`],
        ]),
      });
      const nodes = await rpc().getClusterNodes();
      expectSentNoParams();
      expect(nodes[0]).toStrictEqual(SELF_2X);
      expect(Object.keys(nodes[0] as ClusterNode)).toHaveLength(15);
    });

    it('an empty list', async () => {
      mockRpc({ getClusterNodes: reply.resultText('[]') });
      await expect(rpc().getClusterNodes()).resolves.toStrictEqual([]);
      expectSentNoParams();
    });

    it('a 5,000-node response decodes node for node', async () => {
      const wire = Array.from({ length: 5_000 }, (_, i) => {
        const bytes = new Uint8Array(32);
        new DataView(bytes.buffer).setUint32(0, i + 1);
        bytes.fill(0xa5, 4);
        const ip = `10.${(i >> 8) & 255}.${i & 255}.${i % 7}`;
        return {
          featureSet: i % 3 === 0 ? null : 2891131721,
          gossip: `${ip}:8001`,
          pubkey: encodeBase58(bytes),
          pubsub: null,
          rpc: i % 10 === 0 ? `${ip}:8899` : null,
          serveRepair: `${ip}:8008`,
          shredVersion: 50093,
          tpu: `${ip}:8003`,
          tpuForwards: `${ip}:8004`,
          tpuForwardsQuic: `${ip}:8010`,
          tpuQuic: `${ip}:8009`,
          tpuVote: `${ip}:8005`,
          tvu: `${ip}:8000`,
          version: i % 3 === 0 ? null : '2.3.7',
        };
      });
      mockRpc({ getClusterNodes: reply.resultText(JSON.stringify(wire)) });
      const nodes = await rpc().getClusterNodes();
      expectSentNoParams();
      expect(nodes).toHaveLength(5_000);
      expect(new Set(nodes.map((node) => node.pubkey)).size).toBe(5_000);
      expect(nodes).toStrictEqual(wire.map((node) => ({ ...node, clientId: null })));
      expect(nodes[4_999]).toMatchObject({ gossip: '10.19.135.1:8001', rpc: null, version: '2.3.7' });
    });
  });

  describe('JSON-RPC errors', () => {
    it('-32005 node behind passes through typed', async () => {
      mockRpc({ getClusterNodes: serveFixture('conformance/error.-32005.node-unhealthy-behind') });
      const error = await rejectsWith(rpc().getClusterNodes(), 'RpcError');
      expectSentNoParams();
      expect(error).toMatchObject({ code: -32005, data: { numSlotsBehind: 42 }, retryable: true });
    });
  });

  describe('malformed results', () => {
    const PUBKEY_2 = '"pubkey":"5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy"';
    it.each([
      {
        name: 'pubkey in hex',
        file: CURRENT,
        edit: [PUBKEY_2, '"pubkey":"0x4f3a9bd2e1c0ffee"'],
        path: 'result.2.pubkey',
      },
      {
        name: 'pubkey with a 0 (not base58)',
        file: CURRENT,
        edit: [PUBKEY_2, '"pubkey":"5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKx0"'],
        path: 'result.2.pubkey',
      },
      {
        name: 'pubkey null',
        file: CURRENT,
        edit: ['"pubkey":"6VdeLt98BA1sLp9LWYVS6uEtYXMaSyqLfBrLtg1uSy9m"', '"pubkey":null'],
        path: 'result.4.pubkey',
      },
      {
        name: 'pubkey missing',
        file: CURRENT,
        edit: [`${PUBKEY_2},`, ''],
        path: 'result.2.pubkey',
        received: 'nothing (the field is missing)',
      },
      {
        name: 'featureSet as a string',
        file: CURRENT,
        edit: ['"featureSet":1069245146', '"featureSet":"1069245146"'],
        path: 'result.2.featureSet',
      },
      {
        name: 'featureSet negative',
        file: CURRENT,
        edit: ['"featureSet":1069245146', '"featureSet":-1'],
        path: 'result.2.featureSet',
      },
      {
        name: 'shredVersion fractional',
        file: NINE_KEYS,
        edit: ['"shredVersion":56177,"tpu":"203', '"shredVersion":561.5,"tpu":"203'],
        path: 'result.1.shredVersion',
      },
      {
        name: 'gossip a number',
        file: SEVEN_KEYS,
        edit: ['"gossip":"192.0.2.201:8001"', '"gossip":8001'],
        path: 'result.0.gossip',
      },
      {
        name: 'tpuQuic (optional) a number',
        file: NINE_KEYS,
        edit: ['"tpuQuic":"198.51.100.17:8009"', '"tpuQuic":8009'],
        path: 'result.0.tpuQuic',
      },
      {
        name: 'clientId a number',
        file: CLIENT_ID,
        edit: ['"clientId":"Agave"', '"clientId":1'],
        path: 'result.0.clientId',
      },
      {
        name: 'version an object',
        file: SEVEN_KEYS,
        edit: ['"version":"1.10.40"', '"version":{"major":1}'],
        path: 'result.1.version',
      },
    ] as { name: string; file: string; edit: [string, string]; path: string; received?: string }[])(
      '$name → ValidationError at $path',
      async ({ file, edit, path, received }) => {
        mockRpc({ getClusterNodes: reply.resultText(resultTextOf(file, [edit])) });
        const error = await rejectsWith(rpc().getClusterNodes(), 'ValidationError');
        expectSentNoParams();
        expect(error).toMatchObject({ method: 'getClusterNodes', path });
        if (received) expect(error.received).toBe(received);
        expect(firstLine(error)).toMatch(
          new RegExp(`^getClusterNodes: invalid result: ${path.replaceAll('.', '\\.')} must be`),
        );
      },
    );

    it('a bad pubkey is named as a base58 address, with what came instead', async () => {
      mockRpc({
        getClusterNodes: reply.resultText(resultTextOf(CURRENT, [[PUBKEY_2, '"pubkey":"0x4f3a9bd2e1c0ffee"']])),
      });
      const error = await rejectsWith(rpc().getClusterNodes(), 'ValidationError');
      expectSentNoParams();
      expect(error).toMatchObject({
        path: 'result.2.pubkey',
        expected: 'a base58 address',
        received: '"0x4f3a9bd2e1c0ffee"',
      });
    });

    it.each([
      { name: 'null', text: 'null' },
      { name: 'an object', text: '{"nodes":[]}' },
      { name: 'a string', text: '"198.51.100.17:8001"' },
    ])('a result that is $name → ValidationError at result', async ({ text }) => {
      mockRpc({ getClusterNodes: reply.resultText(text) });
      const error = await rejectsWith(rpc().getClusterNodes(), 'ValidationError');
      expectSentNoParams();
      expect(error.path).toBe('result');
    });

    it('a node that is not an object → ValidationError at its index', async () => {
      mockRpc({
        getClusterNodes: reply.resultText(
          `[${JSON.stringify(SELF_2X)},"2sTE4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e"]`,
        ),
      });
      const error = await rejectsWith(rpc().getClusterNodes(), 'ValidationError');
      expectSentNoParams();
      expect(error.path).toBe('result.1');
    });
  });

  describe('bad input is refused before any request', () => {
    it.each([
      { name: 'a second argument', args: [{}, {}], param: 'arguments' },
      { name: 'a commitment (the method takes none)', args: [{ commitment: 'confirmed' }], param: 'config.commitment' },
      { name: 'config: a string', args: ['confirmed'], param: 'config' },
      { name: 'config: null', args: [null], param: 'config' },
      { name: 'config: an array', args: [[]], param: 'config' },
      { name: 'timeoutMs: zero', args: [{ timeoutMs: 0 }], param: 'config.timeoutMs' },
      { name: 'signal: not an AbortSignal', args: [{ signal: {} }], param: 'config.signal' },
    ])('$name', async ({ args, param }) => {
      mockRpc({ getClusterNodes: serveFixture(CURRENT) });
      const error = await rejectsWith(getClusterNodes(...args), 'InvalidInputError');
      expect(error).toMatchObject({ method: 'getClusterNodes', param });
      expect(firstLine(error)).toMatch(new RegExp(`^getClusterNodes: invalid ${param.replaceAll('.', '\\.')}: `));
      expect(calls).toHaveLength(0);
    });
  });

  it('the fixture records the params this suite asserts', () => {
    for (const name of [CURRENT, NINE_KEYS, SEVEN_KEYS, CLIENT_ID]) {
      expect(loadFixture(name)).toMatchObject({ method: 'getClusterNodes', params: [] });
    }
  });
});
