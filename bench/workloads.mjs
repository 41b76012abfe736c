// The benchmark's workloads: what each one asks for, and the deterministic inputs every client sends.
// Shared by the payload server (bench/server.mjs), the client adapters (bench/clients/*.mjs) and the
// runner, so a client and the server agree on addresses and signatures without talking about them.
import bs58 from 'bs58';

/** A small seeded PRNG (mulberry32): the same seed gives the same payloads on every machine. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.bytes = (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      const v = (next() * 4294967296) >>> 0;
      out[i] = v;
      if (i + 1 < n) out[i + 1] = v >>> 8;
      if (i + 2 < n) out[i + 2] = v >>> 16;
      if (i + 3 < n) out[i + 3] = v >>> 24;
    }
    return out;
  };
  next.address = () => bs58.encode(next.bytes(32));
  next.signature = () => bs58.encode(next.bytes(64));
  return next;
}

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const U64_MAX = '18446744073709551615';

// Distinct request inputs: a real app's 32 concurrent calls read 32 different accounts.
const inputs = rng(7);
const pool = (n, make) => Array.from({ length: n }, make);
export const ADDRESSES = {
  account165: pool(64, inputs.address),
  account1m: pool(64, inputs.address),
  account10mZstd: pool(64, inputs.address),
  tokenAccounts5000: pool(64, inputs.address),
};
export const SIGNATURES = pool(64, inputs.signature);

/**
 * The workloads, in the order they run. `decodes` marks the ones where solrpc turns wire text into bytes,
 * so its floor is fetch + JSON.parse + the same decoding.
 */
export const WORKLOADS = [
  { id: 'epochInfo', title: 'getEpochInfo (per-call overhead)', method: 'getEpochInfo' },
  {
    id: 'account165',
    title: 'getAccountInfo 165 B token account (base64)',
    method: 'getAccountInfo',
    decodes: 'base64',
  },
  { id: 'account1m', title: 'getAccountInfo 1 MiB (base64)', method: 'getAccountInfo', decodes: 'base64' },
  {
    id: 'account10mZstd',
    title: 'getAccountInfo 10 MiB (base64+zstd)',
    method: 'getAccountInfo',
    decodes: 'base64+zstd',
  },
  {
    id: 'tokenAccounts5000',
    title: 'getTokenAccountsByDelegate 5,000 jsonParsed',
    method: 'getTokenAccountsByDelegate',
  },
  { id: 'transactionV0', title: 'getTransaction v0 (json)', method: 'getTransaction' },
  { id: 'voteAccounts2100', title: 'getVoteAccounts 2,100 accounts', method: 'getVoteAccounts' },
  { id: 'leaderSchedule', title: 'getLeaderSchedule (1,500 identities, 432,000 slots)', method: 'getLeaderSchedule' },
  { id: 'clusterNodes5000', title: 'getClusterNodes 5,000 nodes', method: 'getClusterNodes' },
];

export const workloadById = Object.fromEntries(WORKLOADS.map((w) => [w.id, w]));
