import { WORKLOADS } from '../workloads.mjs';

// Every adapter the benchmark runs, in the order rounds alternate through them. Loaded on demand, so a
// peak-RSS child process holds only the one library it measures.
const MODULES = [
  { name: 'fetch+JSON.parse', path: './floor.mjs', key: 'floor' },
  { name: 'fetch+JSON.parse+decode', path: './floor.mjs', key: 'floorDecode' },
  { name: 'node:http+JSON.parse(+decode)', path: './floor.mjs', key: 'httpFloor' },
  { name: 'solrpc', path: './solrpc.mjs', key: 'solrpc' },
  { name: 'solrpc (global fetch)', path: './solrpcGlobalFetch.mjs' },
  { name: 'kit', path: './kit.mjs' },
  { name: 'web3.js', path: './web3.mjs' },
  { name: 'solrpc (default: coalescing)', path: './solrpc.mjs', key: 'solrpcCoalescing' },
];

export const CLIENT_NAMES = MODULES.map((m) => m.name);

/** The decoding floor runs only where solrpc decodes (workloads.mjs marks them). */
const DECODING = new Set(WORKLOADS.filter((w) => w.decodes).map((w) => w.id));
/** Workloads whose calls are identical (no params to vary), where coalescing can share requests. */
const IDENTICAL = new Set([
  'epochInfo',
  'voteAccounts2100',
  'leaderSchedule',
  'clusterNodes5000',
  'getSignatureStatuses256',
]);
export function runsWorkload(name, workload) {
  if (name === 'fetch+JSON.parse+decode') return DECODING.has(workload);
  if (name === 'solrpc (default: coalescing)') return IDENTICAL.has(workload);
  return true;
}
/** Sequential calls never overlap, so coalescing changes nothing there: that client runs 32 in flight only. */
export const runsMode = (name, inflight) => name !== 'solrpc (default: coalescing)' || inflight !== 1;

export async function loadClient(name) {
  const entry = MODULES.find((m) => m.name === name);
  if (!entry) throw new Error(`unknown client ${name}; known: ${CLIENT_NAMES.join(', ')}`);
  const module = await import(entry.path);
  const client = entry.key ? module[entry.key] : module;
  if (client.available === false) return undefined;
  return { name: entry.name, note: client.note, create: client.create, views: client.views };
}
