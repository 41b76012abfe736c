/**
 * A hostile JSON-RPC node on loopback for landing tests: a chain of its own (the slot moves on with every
 * request), whose answers a test overrides to lie, go silent or fail with an HTTP status.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeBase58 } from '../../src/codecs/base58.js';

export interface Chain {
  slot: number;
  height(): number;
  /** Every blockhash given, with its last valid block height. */
  issued: Map<string, number>;
  sent: string[];
  requests: { method: string; params: unknown[] }[];
}
export type Override = (method: string, params: unknown[], chain: Chain) => unknown;
export const FALL_THROUGH = Symbol('fall through');

export const hashOf = (n: number) => {
  const bytes = new Uint8Array(32).fill(9);
  new DataView(bytes.buffer).setUint32(0, n + 1);
  return encodeBase58(bytes);
};

export async function hostileNode(
  override: Override = () => FALL_THROUGH,
  options: { step?: number; path?: string; height?: (slot: number) => number } = {},
): Promise<{ url: string; chain: Chain; close(): Promise<void> }> {
  const step = options.step ?? 2;
  const chain: Chain = {
    slot: 1_000,
    height() {
      return options.height ? options.height(this.slot) : this.slot - 100;
    },
    issued: new Map(),
    sent: [],
    requests: [],
  };
  const context = () => ({ slot: chain.slot });
  const honest = (method: string, params: unknown[]): unknown => {
    switch (method) {
      case 'getLatestBlockhash': {
        const h = chain.height();
        const blockhash = hashOf(Math.floor(h / 10));
        if (!chain.issued.has(blockhash)) chain.issued.set(blockhash, h + 150);
        return { context: context(), value: { blockhash, lastValidBlockHeight: chain.issued.get(blockhash) } };
      }
      case 'isBlockhashValid': {
        const last = chain.issued.get(params[0] as string);
        return { context: context(), value: last !== undefined && chain.height() <= last };
      }
      case 'getBlockHeight':
        return chain.height();
      case 'getSlot':
        return chain.slot;
      case 'sendTransaction': {
        const wire = Buffer.from(params[0] as string, 'base64');
        const signature = encodeBase58(new Uint8Array(wire.subarray(1, 65)));
        chain.sent.push(signature);
        return signature;
      }
      case 'getSignatureStatuses':
        return { context: context(), value: (params[0] as string[]).map(() => null) };
      case 'simulateTransaction':
        return {
          context: context(),
          value: { err: null, logs: [], accounts: null, unitsConsumed: 450, returnData: null },
        };
      case 'getRecentPrioritizationFees':
        return Array.from({ length: 20 }, (_, i) => ({ slot: chain.slot - i, prioritizationFee: 1_000 }));
      case 'getTransaction':
        return null;
      default:
        return { error: { code: -32601, message: 'Method not found' } };
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const {
        id,
        method,
        params = [],
      } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        id: number;
        method: string;
        params?: unknown[];
      };
      chain.slot += step;
      chain.requests.push({ method, params });
      const lied = override(method, params, chain);
      if (lied === 'silent') return;
      if (typeof lied === 'object' && lied !== null && 'status' in lied && typeof lied.status === 'number') {
        res.statusCode = lied.status;
        res.end('{}');
        return;
      }
      const outcome = lied === FALL_THROUGH ? honest(method, params) : lied;
      res.setHeader('content-type', 'application/json');
      const body =
        typeof outcome === 'object' && outcome !== null && 'error' in outcome
          ? { jsonrpc: '2.0', id, error: (outcome as { error: unknown }).error }
          : { jsonrpc: '2.0', id, result: outcome };
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.path ?? ''}`,
    chain,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
