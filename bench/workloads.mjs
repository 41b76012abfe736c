// The benchmark's workloads: what each one asks for, and the deterministic inputs every client sends.
// Shared by the payload server (bench/server.mjs), the client adapters (bench/clients/*.mjs) and the
// runner, so a client and the server agree on addresses and signatures without talking about them.
import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
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
  // getSignaturesForAddress: one wallet per call in turn.
  history1000: pool(64, inputs.address),
  // getTokenAccountsByOwner, mainnet-shaped (drawn from a generator of its own: the others stay as they were).
  tokenAccountsMainnet5000: pool(64, rng(5002).address),
};
/** getMultipleAccounts: call `i` asks for the 100 addresses from `i % 64` on (agave's most per request). */
const MULTIPLE_ADDRESSES = pool(163, inputs.address);
export const multipleAddresses = (i) => MULTIPLE_ADDRESSES.slice(i % 64, (i % 64) + 100);
/** getBlock: one slot per call in turn (the server answers every one with the same block). */
export const BLOCK_SLOTS = pool(64, (_, i) => 356_139_000 + i);

export const SIGNATURES = pool(64, inputs.signature);
/** The 256 signatures of getSignatureStatuses256: agave's most per request. */
export const STATUS_SIGNATURES = pool(256, inputs.signature);

/** An ed25519 key pair from a 32-byte seed: node:crypto takes the seed inside a PKCS#8 envelope. */
function keyPair(seed) {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  return { privateKey, publicKey };
}

/**
 * A signed legacy transaction, as it goes on the wire: one System Program transfer of `lamports` from
 * the payer to `to`. 215 bytes: 1 (signature count) + 64 (signature) + 150 (message: header, 3 keys,
 * blockhash, one instruction with 2 accounts and 12 bytes of data). ed25519 signs deterministically.
 */
function transferTransaction(payer, to, blockhash, lamports) {
  const data = Buffer.alloc(12);
  data.writeUInt32LE(2, 0); // SystemInstruction::Transfer
  data.writeBigUInt64LE(BigInt(lamports), 4);
  const message = Buffer.concat([
    Buffer.from([1, 0, 1]), // 1 signature, 0 read-only signed, 1 read-only unsigned (the program)
    Buffer.from([3]),
    payer.publicKey,
    to,
    Buffer.alloc(32), // 11111111111111111111111111111111, the System Program
    blockhash,
    Buffer.from([1, 2, 2, 0, 1, 12]), // 1 instruction: program 2, accounts [0, 1], 12 bytes of data
    data,
  ]);
  const signature = sign(null, message, payer.privateKey);
  const bytes = new Uint8Array(Buffer.concat([Buffer.from([1]), signature, message]));
  return { bytes, signature: bs58.encode(signature) };
}

/** 64 distinct signed transfers (amounts differ), one per call in turn, with their signatures. */
export const TRANSACTIONS = (() => {
  const r = rng(215);
  const payer = keyPair(Buffer.from(r.bytes(32)));
  const to = Buffer.from(r.bytes(32));
  const blockhash = Buffer.from(r.bytes(32));
  return pool(64, (_, i) => transferTransaction(payer, to, blockhash, 1_000_000 + i));
})();
/** What every client sends beside the transaction: the same preflight for all (web3.js always sends a preflightCommitment). */
export const SEND_CONFIG = { encoding: 'base64', preflightCommitment: 'confirmed' };

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
  {
    id: 'tokenAccountsMainnet5000',
    title: 'getTokenAccountsByOwner 5,000 jsonParsed, mainnet-shaped (huge uiAmounts, Token-2022 fees)',
    method: 'getTokenAccountsByOwner',
  },
  { id: 'transactionV0', title: 'getTransaction v0 (json)', method: 'getTransaction' },
  { id: 'voteAccounts2100', title: 'getVoteAccounts 2,100 accounts', method: 'getVoteAccounts' },
  { id: 'leaderSchedule', title: 'getLeaderSchedule (1,500 identities, 432,000 slots)', method: 'getLeaderSchedule' },
  { id: 'clusterNodes5000', title: 'getClusterNodes 5,000 nodes', method: 'getClusterNodes' },
  { id: 'sendTransaction', title: 'sendTransaction (215 B signed transfer)', method: 'sendTransaction' },
  {
    id: 'getSignatureStatuses256',
    title: 'getSignatureStatuses, 256 signatures',
    method: 'getSignatureStatuses',
  },
  {
    id: 'programAccounts20000',
    title: 'getProgramAccounts 20,000 token accounts (base64)',
    method: 'getProgramAccounts',
    decodes: 'base64',
  },
  {
    id: 'programAccounts20000Parsed',
    title: 'getProgramAccounts 20,000 token accounts (jsonParsed)',
    method: 'getProgramAccounts',
  },
  {
    id: 'multipleAccounts100',
    title: 'getMultipleAccounts 100 accounts (base64)',
    method: 'getMultipleAccounts',
    decodes: 'base64',
  },
  { id: 'block1500', title: 'getBlock full json, 1,500 transactions', method: 'getBlock' },
  { id: 'signatures1000', title: 'getSignaturesForAddress, 1,000 entries', method: 'getSignaturesForAddress' },
];

/** The filter every client sends with getProgramAccounts: classic SPL Token accounts are 165 bytes. */
export const TOKEN_ACCOUNT_FILTERS = [{ dataSize: 165 }];
/** What every client asks of getBlock: agave's defaults, written out, and v0 transactions. */
export const BLOCK_CONFIG = {
  encoding: 'json',
  maxSupportedTransactionVersion: 0,
  transactionDetails: 'full',
  rewards: true,
};

export const workloadById = Object.fromEntries(WORKLOADS.map((w) => [w.id, w]));
