import { defineMethod } from '../defineMethod.js';
import { callOptionsOf, checkArity, checkConfig } from '../input.js';
import { address } from '../schemas/address.js';
import { memo } from '../schemas/memo.js';
import { u16, u32 } from '../schemas/numbers.js';
import { array, nullable, optional, string, type } from '../schemas/struct.js';
import { validateResult } from '../schemas/validate.js';
import { parseSafeJson } from '../transport/json.js';
import type { Address, CallOptions } from '../types.js';

// 1. Config

/** Options of `getClusterNodes`: only the per-call ones; the method takes no params. */
export interface GetClusterNodesConfig extends CallOptions {}

// 2. Result

/**
 * A node the RPC node sees in gossip (itself included), with the addresses it advertises as `"ip:port"`.
 * A field is `null` where the node advertises nothing. Only `pubkey`, `gossip`, `tpu`, `rpc`, `version`,
 * `featureSet` and `shredVersion` are always sent; 1.17-era nodes add `tpuQuic` and `pubsub`, and 2.x
 * nodes the rest.
 */
export interface ClusterNode {
  /** The node's identity. */
  pubkey: Address;
  /** Gossip address. */
  gossip: string | null;
  /** TPU (UDP) address; newer agave advertises a placeholder here, so prefer `tpuQuic`. */
  tpu: string | null;
  /** TPU over QUIC, possibly on another IP (a TPU proxy). */
  tpuQuic?: string | null;
  /** JSON-RPC address, when the node serves RPC publicly. */
  rpc: string | null;
  /** WebSocket pub-sub address. */
  pubsub?: string | null;
  /** Software version, e.g. `"2.3.7"` (not always semver: other clients use their own schemes). */
  version: string | null;
  /** First 4 bytes of the node's feature-set identifier, a u32. */
  featureSet: number | null;
  /** The shred version the node runs with, a u16; nodes of one cluster share it. */
  shredVersion: number | null;
  /** TVU address, where the node receives shreds. */
  tvu?: string | null;
  /** Address where other leaders forward transactions (UDP). */
  tpuForwards?: string | null;
  /** Address where other leaders forward transactions over QUIC. */
  tpuForwardsQuic?: string | null;
  /** Address where the node receives votes. */
  tpuVote?: string | null;
  /** Address where the node serves repair requests. */
  serveRepair?: string | null;
  /** The validator client's name, on newer nodes. */
  clientId?: string | null;
}

// 3. Signature

/** Lists the nodes visible in gossip. */
export interface GetClusterNodes {
  /**
   * Lists every node the RPC node sees in gossip with the same shred version, itself included.
   * @example
   * const nodes = await rpc.getClusterNodes();
   * const me = nodes.find((node) => node.pubkey === identity);
   */
  (config?: GetClusterNodesConfig): Promise<ClusterNode[]>;
}

// 4. Wire schema and decoder

const OPTIONAL_SOCKETS = [
  'tpuQuic',
  'pubsub',
  'tvu',
  'tpuForwards',
  'tpuForwardsQuic',
  'tpuVote',
  'serveRepair',
] as const;

const clusterNodes = /* @__PURE__ */ memo(() => {
  const socket = nullable(string());
  const optionalSocket = optional(socket);
  return array(
    type({
      pubkey: address(),
      gossip: socket,
      tpu: socket,
      rpc: socket,
      version: nullable(string()),
      featureSet: nullable(u32()),
      shredVersion: nullable(u16()),
      ...Object.fromEntries(OPTIONAL_SOCKETS.map((key) => [key, optionalSocket])),
      clientId: optional(nullable(string())),
    }),
  );
});

function decodeNode(wire: Record<string, unknown>): ClusterNode {
  const node: ClusterNode = {
    pubkey: wire.pubkey as string,
    gossip: wire.gossip as string | null,
    tpu: wire.tpu as string | null,
    rpc: wire.rpc as string | null,
    version: wire.version as string | null,
    featureSet: wire.featureSet as number | null,
    shredVersion: wire.shredVersion as number | null,
  };
  for (const key of [...OPTIONAL_SOCKETS, 'clientId'] as const) {
    if (wire[key] !== undefined) node[key] = wire[key] as string | null;
  }
  return node;
}

// 5. Definition

/** `getClusterNodes`: the nodes in gossip. Needs a node started with `--full-rpc-api`. */
export const getClusterNodes = /* @__PURE__ */ defineMethod<GetClusterNodes>({
  name: 'getClusterNodes',
  // Strings, a u32 feature set and a u16 shred version: nothing JSON.parse could round.
  parse: parseSafeJson,
  prepare(args) {
    checkArity('getClusterNodes', args, 1);
    const config = checkConfig('getClusterNodes', 'config', args[0], ['signal', 'timeoutMs']);
    return { params: [], options: callOptionsOf('getClusterNodes', config) };
  },
  decode(result, context) {
    return validateResult(context.method, result, clusterNodes()).map((node) =>
      decodeNode(node as Record<string, unknown>),
    );
  },
});
