import { parseSafeJson } from '../codecs/json.js';
import { defineMethod, type WireOf } from '../defineMethod.js';
import { address } from '../schemas/address.js';
import { memo } from '../schemas/memo.js';
import { u16, u32 } from '../schemas/numbers.js';
import { array, nullable, string, type } from '../schemas/struct.js';
import type { Address, CallOptions } from '../types/index.js';

// 1. Config

/** Options of `getClusterNodes`: only the per-call ones; the method takes no params. */
export interface GetClusterNodesConfig extends CallOptions {}

// 2. Result

/**
 * A node the RPC node sees in gossip (itself included), with the addresses it advertises as `"ip:port"`.
 * Every field but `pubkey` is `null` where the node advertises nothing, and also where the RPC node did
 * not send it: current agave sends every key, but older nodes (before 1.17 no `tpuQuic` or `pubsub`,
 * before 2.x no `tvu`, `tpuForwards`, `tpuForwardsQuic`, `tpuVote`, `serveRepair` or `clientId`) and
 * some proxies leave keys out.
 */
export interface ClusterNode {
  /** The node's identity. */
  pubkey: Address;
  /** Gossip address. */
  gossip: string | null;
  /** TPU (UDP) address; newer agave advertises a placeholder here, so prefer `tpuQuic`. */
  tpu: string | null;
  /** TPU over QUIC, possibly on another IP (a TPU proxy). */
  tpuQuic: string | null;
  /** JSON-RPC address, when the node serves RPC publicly. */
  rpc: string | null;
  /** WebSocket pub-sub address. */
  pubsub: string | null;
  /** Software version, e.g. `"2.3.7"` (not always semver: other clients use their own schemes). */
  version: string | null;
  /** First 4 bytes of the node's feature-set identifier, a u32. */
  featureSet: number | null;
  /** The shred version the node runs with, a u16; nodes of one cluster share it. */
  shredVersion: number | null;
  /** TVU address, where the node receives shreds. */
  tvu: string | null;
  /** Address where other leaders forward transactions (UDP). */
  tpuForwards: string | null;
  /** Address where other leaders forward transactions over QUIC. */
  tpuForwardsQuic: string | null;
  /** Address where the node receives votes. */
  tpuVote: string | null;
  /** Address where the node serves repair requests. */
  serveRepair: string | null;
  /** The validator client's name, on newer nodes. */
  clientId: string | null;
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

/** Every key but `pubkey`: each may be `null` or missing, and a missing one comes back `null`. */
const NULLABLE_KEYS = [
  'gossip',
  'tpu',
  'rpc',
  'version',
  'featureSet',
  'shredVersion',
  'tpuQuic',
  'pubsub',
  'tvu',
  'tpuForwards',
  'tpuForwardsQuic',
  'tpuVote',
  'serveRepair',
  'clientId',
] as const;

const clusterNodes = /* @__PURE__ */ memo(() => {
  const text = nullable(string());
  return array(
    type({
      pubkey: address(),
      ...Object.fromEntries(NULLABLE_KEYS.map((key) => [key, text])),
      // The two numbers, in place of the strings above.
      featureSet: nullable(u32()),
      shredVersion: nullable(u16()),
    }),
  );
});

function decodeNode(wire: Record<string, unknown>): ClusterNode {
  const node = { pubkey: wire.pubkey } as Record<string, unknown>;
  for (const key of NULLABLE_KEYS) node[key] = wire[key] ?? null;
  return node as unknown as ClusterNode;
}

// 5. Definition

/** `getClusterNodes`: the nodes in gossip. Needs a node started with `--full-rpc-api`. */
export const getClusterNodes = /* @__PURE__ */ defineMethod<GetClusterNodes, WireOf<typeof clusterNodes>>({
  name: 'getClusterNodes',
  // Strings, a u32 feature set and a u16 shred version: nothing JSON.parse could round.
  parse: parseSafeJson,
  result: clusterNodes,
  decode: (nodes) => nodes.map((node) => decodeNode(node as Record<string, unknown>)),
});
