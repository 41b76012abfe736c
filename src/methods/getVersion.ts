import { defineMethod, type WireOf } from '../defineMethod.js';
import { memo } from '../schemas/memo.js';
import { u32 } from '../schemas/numbers.js';
import { nullable, string, type } from '../schemas/struct.js';
import type { CallOptions } from '../types/index.js';

// 1. Config

/** Options of `getVersion`: only the per-call ones; it sends no params. */
export interface GetVersionConfig extends CallOptions {}

// 2. Result

/** The node's software version, with agave's kebab-case keys kept as the wire has them. */
export interface VersionInfo {
  /** The version of the node's software (`"2.3.7"`); other clients may add text after it. */
  'solana-core': string;
  /**
   * The first 4 bytes of the node's feature-set identifier, as an unsigned 32-bit number (often above
   * 2^31); `null` where the node sends `null` or leaves it out (older nodes, other clients).
   */
  'feature-set': number | null;
}

// 3. Signature

/** Reads the software version of the node. */
export interface GetVersion {
  /**
   * Reads the node's software version and feature set.
   * @example
   * const version = await rpc.getVersion();
   * console.log(`solana-core ${version['solana-core']}, feature set ${version['feature-set'] ?? 'unknown'}`);
   */
  (config?: GetVersionConfig): Promise<VersionInfo>;
}

// 4. Wire schema

const versionInfo = /* @__PURE__ */ memo(() => type({ 'solana-core': string(), 'feature-set': nullable(u32()) }));

// 5. Definition

/** `getVersion`: the node's software version. Served by every node. */
export const getVersion = /* @__PURE__ */ defineMethod<GetVersion, WireOf<typeof versionInfo>>({
  name: 'getVersion',
  fullApi: false,
  result: versionInfo,
  decode: (wire): VersionInfo => ({ 'solana-core': wire['solana-core'], 'feature-set': wire['feature-set'] ?? null }),
});
