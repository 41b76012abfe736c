import { defineCommand } from '../command.js';
import { pad, safe } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import type { ClusterNode } from '../library.js';

/** The Solana CLI's gossip node: the gossip IP and ports picked out of each advertised address. */
interface GossipNode {
  ipAddress?: string;
  identityPubkey: string;
  gossipPort?: number;
  tpuPort?: number;
  rpcHost?: string;
  pubsubHost?: string;
  version?: string;
  featureSet?: number;
  tpuQuicPort?: number;
}

/** `"1.2.3.4:8001"` or `"[::1]:8001"` into host and port; `undefined` for anything else. */
export function splitSocket(socket: string | null | undefined): { host: string; port: number } | undefined {
  if (!socket) return undefined;
  const match = /^\[?([^\]]*?)\]?:(\d{1,5})$/.exec(socket);
  if (!match) return undefined;
  return { host: match[1] as string, port: Number(match[2]) };
}

export function toGossipNode(node: ClusterNode): GossipNode {
  const gossip = splitSocket(node.gossip);
  return {
    ipAddress: gossip?.host,
    identityPubkey: node.pubkey,
    gossipPort: gossip?.port,
    tpuPort: splitSocket(node.tpu)?.port,
    rpcHost: node.rpc ?? undefined,
    pubsubHost: node.pubsub ?? undefined,
    version: node.version ?? undefined,
    featureSet: node.featureSet ?? undefined,
    tpuQuicPort: splitSocket(node.tpuQuic)?.port,
  };
}

const HEADER =
  'IP Address      | Identity                                     | Gossip | TPU   | TPU-QUIC | RPC Address           | Version | Feature Set\n' +
  '----------------+----------------------------------------------+--------+-------+----------+-----------------------+---------+----------------';

/** One row, laid out exactly as the Solana CLI's `{:15} | {:44} | {:6} | {:5} | {:8} | {:21} | {:8}| {}`. */
export function gossipRow(node: GossipNode): string {
  const text = (value: string | number | undefined, fallback: string) =>
    value === undefined ? fallback : safe(String(value));
  return [
    pad(text(node.ipAddress, 'none'), 15),
    ' | ',
    pad(node.identityPubkey, 44),
    ' | ',
    pad(text(node.gossipPort, 'none'), 6),
    ' | ',
    pad(text(node.tpuPort, 'none'), 5),
    ' | ',
    pad(text(node.tpuQuicPort, 'none'), 8),
    ' | ',
    pad(text(node.rpcHost, 'none'), 21),
    ' | ',
    pad(text(node.version, 'unknown'), 8),
    '| ',
    text(node.featureSet, 'unknown'),
  ].join('');
}

export const gossip = defineCommand({
  name: 'gossip',
  aliases: ['show-gossip'],
  synopsis: 'gossip',
  summary: 'Nodes visible in gossip, as the Solana CLI shows them',
  help: `solrpc gossip — the nodes the RPC node sees in gossip

Usage: solrpc gossip [options]

Prints IP address, identity, gossip port, TPU and TPU-QUIC ports, RPC address, version and feature set
of every node, then the count. 'none' or 'unknown' where a node advertises nothing.
Needs an RPC node started with --full-rpc-api (others answer "Method not found").

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {},
  async run(ctx) {
    const nodes = (await ctx.rpc.getClusterNodes({ signal: ctx.io.signal })).map(toGossipNode);
    if (ctx.json) {
      ctx.printJson(nodes);
      return EXIT.ok;
    }
    const lines = [HEADER, ...nodes.map(gossipRow), `Nodes: ${nodes.length}`];
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
});
