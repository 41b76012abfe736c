/**
 * Type tests of `getClusterNodes`: its one overload, which fields of `ClusterNode` are required and which
 * optional (absent on older nodes), and calls that must not compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  type CallOptions,
  type ClusterNode,
  createRpc,
  type GetClusterNodes,
  type GetClusterNodesConfig,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');

/** The keys of T that may not be left out. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

describe('getClusterNodes', () => {
  it('resolves to ClusterNode[]', async () => {
    expectTypeOf(rpc.getClusterNodes()).toEqualTypeOf<Promise<ClusterNode[]>>();
    expectTypeOf(rpc.getClusterNodes({})).toEqualTypeOf<Promise<ClusterNode[]>>();
    expectTypeOf(rpc.getClusterNodes(undefined)).toEqualTypeOf<Promise<ClusterNode[]>>();
    expectTypeOf(rpc.getClusterNodes({ timeoutMs: 1_000, signal: new AbortController().signal })).toEqualTypeOf<
      Promise<ClusterNode[]>
    >();
    const nodes = await rpc.getClusterNodes();
    expectTypeOf(nodes).toEqualTypeOf<ClusterNode[]>();
  });

  it('types every field as required, nullable but for pubkey: a missing key comes back null', () => {
    expectTypeOf<RequiredKeys<ClusterNode>>().toEqualTypeOf<keyof ClusterNode>();
    expectTypeOf<keyof ClusterNode>().toEqualTypeOf<
      | 'pubkey'
      | 'gossip'
      | 'tpu'
      | 'rpc'
      | 'version'
      | 'featureSet'
      | 'shredVersion'
      | 'tpuQuic'
      | 'pubsub'
      | 'tvu'
      | 'tpuForwards'
      | 'tpuForwardsQuic'
      | 'tpuVote'
      | 'serveRepair'
      | 'clientId'
    >();
    expectTypeOf<ClusterNode['pubkey']>().toEqualTypeOf<Address>();
    expectTypeOf<ClusterNode['featureSet']>().toEqualTypeOf<number | null>();
    expectTypeOf<ClusterNode['shredVersion']>().toEqualTypeOf<number | null>();
    // Every other field is an address or a name.
    expectTypeOf<ClusterNode[Exclude<keyof ClusterNode, 'pubkey' | 'featureSet' | 'shredVersion'>]>().toEqualTypeOf<
      string | null
    >();
  });

  it('a node object needs every key, null where unknown', () => {
    const sevenKeys = {
      pubkey: '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy',
      gossip: '192.0.2.201:8001',
      tpu: null,
      rpc: null,
      version: '1.10.41',
      featureSet: 1070292356,
      shredVersion: 8573,
    };
    expectTypeOf(sevenKeys).not.toExtend<ClusterNode>();
    expectTypeOf<Omit<ClusterNode, 'shredVersion'>>().not.toExtend<ClusterNode>();
    expectTypeOf<Omit<ClusterNode, 'pubkey'>>().not.toExtend<ClusterNode>();
  });

  it('takes only the call options', () => {
    expectTypeOf<GetClusterNodesConfig>().toExtend<CallOptions>();
    expectTypeOf<keyof GetClusterNodesConfig>().toEqualTypeOf<'signal' | 'timeoutMs'>();
    const config: GetClusterNodesConfig = { timeoutMs: 500 };
    expectTypeOf(rpc.getClusterNodes(config)).toEqualTypeOf<Promise<ClusterNode[]>>();
  });

  it('is the hand-written GetClusterNodes on the client', () => {
    expectTypeOf(rpc.getClusterNodes).toEqualTypeOf<GetClusterNodes>();
  });

  it('rejects invalid calls', () => {
    // @ts-expect-error getClusterNodes takes no commitment
    rpc.getClusterNodes({ commitment: 'confirmed' });
    // @ts-expect-error a positional commitment is not accepted
    rpc.getClusterNodes('confirmed');
    // @ts-expect-error at most one argument
    rpc.getClusterNodes({}, {});
    // @ts-expect-error timeoutMs is a number of milliseconds
    rpc.getClusterNodes({ timeoutMs: '1s' });
    // @ts-expect-error signal is an AbortSignal
    rpc.getClusterNodes({ signal: new AbortController() });
  });

  it('does not let a result be written back', async () => {
    const [node] = await rpc.getClusterNodes();
    if (node === undefined) return;
    // @ts-expect-error featureSet is a number, never a string
    node.featureSet = '2891131721';
    // @ts-expect-error pubkey is never null
    node.pubkey = null;
  });
});
