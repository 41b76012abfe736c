/**
 * A simulated cluster: a JSON-RPC server on 127.0.0.1 that answers the methods solrpc implements with
 * realistic, internally consistent data and a slot clock that advances in real (or injected) time.
 * It is what `solrpc demo` runs and what the CLI's tests run against. Nothing here is a real cluster.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { encodeBase58 } from '../../codecs/base58.js';
// Not public API: the simulated cluster writes wire data, and the library exports no base58 encoder.
import { decodeBase58 } from '../../codecs/base58Text.js';
import { type DecodedTransaction, decodeTransaction } from '../../index.js';
import { toJson } from '../format.js';
import { encodeTransaction } from './encodeTransaction.js';
import { attachPubsub } from './simulatedPubsub.js';
import { type SimulatedVoteState, VOTE_ACCOUNT_SPACE, voteStateBytes } from './voteStateBytes.js';
import { zstdFrame } from './zstdFrame.js';

const SLOTS_PER_EPOCH = 432_000;
const SLOT_MS = 400;
const VOTE_PROGRAM = 'Vote111111111111111111111111111111111111111';
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const FEATURE_PROGRAM = 'Feature111111111111111111111111111111111111';
const TIMELY_VOTE_CREDITS = 'tvcF6b1TRz353zKuhBjinZkKzjmihXmBAHJdjNYw1sQ';

/** A deterministic address from a label, so every run (and every test) sees the same keys. */
export function simulatedAddress(label: string): string {
  return encodeBase58(createHash('sha256').update(`solrpc-simulation:${label}`).digest());
}

export interface SimulatedValidator {
  name: string;
  identity: string;
  vote: string;
  withdrawer: string;
  stake: bigint;
  commission: number;
  /** How far behind the tip its votes are; past 128 it is delinquent. */
  lag: number;
  version: string;
  /** The client its gossip version record names, as agave's getClusterNodes writes it (`clientId`). */
  client: string;
  ip: string;
  rpc: boolean;
}

/** The cluster's cast, fixed. */
export const SIMULATION = {
  validators: [
    {
      name: 'alpha',
      stake: 13_822_119_736_540_281n,
      commission: 5,
      lag: 1,
      version: '2.3.7',
      client: 'Agave',
      ip: '198.51.100.17',
      rpc: true,
    },
    {
      name: 'beta',
      stake: 8_617_029_373_399_950n,
      commission: 7,
      lag: 2,
      version: '2.3.7',
      client: 'JitoLabs',
      ip: '203.0.113.44',
      rpc: false,
    },
    {
      name: 'gamma',
      stake: 266_769_518n,
      commission: 10,
      lag: 3,
      version: '2.2.20',
      client: 'Agave',
      ip: '192.0.2.201',
      rpc: false,
    },
    {
      name: 'delta',
      stake: 5_689_282_263_096_734n,
      commission: 8,
      lag: 900,
      version: '2.3.6',
      client: 'JitoLabs',
      ip: '198.51.100.90',
      rpc: false,
    },
    {
      name: 'epsilon',
      stake: 0n,
      commission: 100,
      lag: 1,
      version: '2.3.7',
      client: 'AgaveBam',
      ip: '203.0.113.9',
      rpc: false,
    },
  ].map(
    (v): SimulatedValidator => ({
      ...v,
      identity: simulatedAddress(`${v.name}/identity`),
      vote: simulatedAddress(`${v.name}/vote`),
      withdrawer: simulatedAddress(`${v.name}/withdrawer`),
    }),
  ),
  /** A wallet whose balance (about 10.3 M SOL) is beyond 2^53 lamports. */
  wallet: { address: simulatedAddress('wallet'), lamports: 10_293_847_561_029_385n },
  delegate: simulatedAddress('delegate'),
  mint: simulatedAddress('mint'),
  tokenAccount: simulatedAddress('token-account'),
  /** Locked reserves the node counts as non-circulating (about 63 M SOL), each beyond 2^53 lamports. */
  nonCirculating: [
    { address: simulatedAddress('reserve/foundation'), lamports: 40_112_887_003_317_441n },
    { address: simulatedAddress('reserve/locked-stake'), lamports: 15_004_220_981_116_007n },
    { address: simulatedAddress('reserve/grants'), lamports: 7_902_175_762_068_480n },
  ],
  firstSlot: 824 * SLOTS_PER_EPOCH + 171_456,
};

export interface SimulatedClusterOptions {
  /** Milliseconds since some fixed point; `Date.now` by default. Tests inject a clock. */
  now?: () => number;
}

export interface SimulatedCluster {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Validator alpha's own node, `http://127.0.0.1:<port>`: the RPC address alpha advertises in gossip. */
  nodeUrl: string;
  /**
   * The cluster's WebSocket (pubsub) side: `ws://127.0.0.1:<port + 1>` as on an agave node (where the
   * Solana CLI and `solrpc logs` look for it), or the RPC port itself when port + 1 is taken; the RPC port
   * takes WebSocket upgrades either way.
   */
  wsUrl: string;
  /** The current slot. */
  slot(): number;
  close(): Promise<void>;
}

/** Starts the simulated cluster on a free loopback port. */
export async function startSimulatedCluster(options: SimulatedClusterOptions = {}): Promise<SimulatedCluster> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const slot = () => SIMULATION.firstSlot + Math.floor((now() - startedAt) / SLOT_MS);
  const ledger: Ledger = { sent: new Map(), blockhashes: new Map(), self: '' };
  // The RPC node the cluster is asked through, and validator alpha's own node, which alpha advertises in
  // gossip: `check` and `catchup` ask it directly. It answers for alpha (its identity, its slot one behind
  // as alpha votes one behind) and otherwise as the cluster does.
  const pubsub = attachPubsub({
    slot,
    slotsToRoot: SLOTS_TO_ROOT,
    slotMs: SLOT_MS,
    status: (signature) => signatureStatus(ledger, signature, slot()) as ReturnType<PubsubStatus>,
    landedSince: (from, to) => landedSince(ledger, from, to),
  });
  const server = await serve((method, params) => answer(method, params, slot(), now(), ledger), pubsub.upgrade);
  const node = await serve((method, params) => {
    if (method === 'getIdentity') return { identity: NODE.identity };
    if (method === 'getSlot')
      return bankSlot(slot() - NODE.lag, (params.at(-1) as { commitment?: string })?.commitment);
    return answer(method, params, slot(), now(), ledger);
  });
  ledger.self = node.address;
  const nextPort = await listenForUpgrades(Number(server.address.split(':')[1]) + 1, pubsub.upgrade);
  return {
    url: `http://${server.address}`,
    nodeUrl: `http://${node.address}`,
    wsUrl: nextPort ? `ws://127.0.0.1:${nextPort.port}` : `ws://${server.address}`,
    slot,
    close: async () => {
      pubsub.close();
      await Promise.all([server.close(), node.close(), nextPort?.close()]);
    },
  };
}

type PubsubStatus = Parameters<typeof attachPubsub>[0]['status'];

/** The transactions sent to the cluster that landed after `fromSlot` and by `toSlot`, for logsSubscribe. */
function landedSince(ledger: Ledger, fromSlot: number, toSlot: number) {
  const out: { signature: string; slot: number; err: unknown; logs: string[]; accounts: string[] }[] = [];
  for (const signature of ledger.sent.keys()) {
    const found = landed(ledger, signature, toSlot);
    if (!found || found.slot <= fromSlot || found.slot > toSlot) continue;
    out.push({
      signature,
      slot: found.slot,
      err: found.err,
      logs: found.meta.logMessages as string[],
      accounts: found.transaction.message.accountKeys,
    });
  }
  return out;
}

/** A server on `port` that only takes WebSocket upgrades, or `undefined` when the port is taken. */
async function listenForUpgrades(
  port: number,
  upgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void,
): Promise<{ port: number; close(): Promise<void> } | undefined> {
  if (port > 65_535) return undefined;
  const server = createServer((_request, response) => {
    response.statusCode = 426;
    response.end();
  });
  server.on('upgrade', upgrade);
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (!listening) return undefined;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A JSON-RPC server on a free loopback port, answering each call with `respond` (or its RpcFailure), and
 * handing WebSocket upgrades to `upgrade` when given (refused otherwise).
 */
async function serve(
  respond: (method: string, params: unknown[]) => unknown,
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => void,
) {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 1_000_000) request.destroy();
    });
    request.on('end', () => {
      let id: unknown = null;
      let reply: object;
      try {
        const call = JSON.parse(body) as { id?: unknown; method?: unknown; params?: unknown };
        id = call.id ?? null;
        const params = Array.isArray(call.params) ? call.params : [];
        reply = { result: respond(String(call.method), params) };
      } catch (error) {
        reply = { error: error instanceof RpcFailure ? error.body : { code: -32700, message: 'Parse error' } };
      }
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.end(toJson({ jsonrpc: '2.0', ...reply, id }, false));
    });
  });
  server.on('upgrade', (request, socket, head) => {
    if (upgrade) upgrade(request, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

class RpcFailure extends Error {
  constructor(readonly body: { code: number; message: string; data?: unknown }) {
    super(body.message);
  }
}

const context = (slot: number) => ({ apiVersion: '2.3.7', slot });

/** What this cluster has been sent, and the blockhashes it handed out (with the slot of each). */
interface Ledger {
  sent: Map<string, { slot: number; bytes: Uint8Array; transaction: DecodedTransaction }>;
  blockhashes: Map<string, number>;
  /**
   * Validator alpha's own node, `127.0.0.1:port`: the RPC address it advertises in gossip, so that what
   * asks a validator's node directly (`check`, `catchup`) reaches the simulation, never the documentation
   * addresses the validators otherwise use.
   */
  self: string;
}

/** How many blocks a blockhash stays valid for, as on a real cluster. */
const BLOCKHASH_LIFETIME = 150;
/** Slots after which a transaction counts as rooted (finalized). */
const SLOTS_TO_ROOT = 32;

const blockHeightAt = (slot: number) => slot - 21_852_343;

function answer(method: string, params: unknown[], slot: number, nowMs: number, ledger: Ledger): unknown {
  switch (method) {
    case 'getLatestBlockhash': {
      const blockhash = simulatedAddress(`blockhash/${slot}`);
      ledger.blockhashes.set(blockhash, slot);
      return {
        context: context(slot),
        value: { blockhash, lastValidBlockHeight: blockHeightAt(slot) + BLOCKHASH_LIFETIME },
      };
    }
    case 'getBlockHeight':
      return blockHeightAt(slot);
    case 'isBlockhashValid':
      return { context: context(slot), value: blockhashValid(ledger, String(params[0]), slot) };
    case 'sendTransaction':
      return sendTransaction(ledger, params, slot);
    case 'getSignatureStatuses':
      return {
        context: context(slot),
        value: (Array.isArray(params[0]) ? params[0] : []).map((s) => signatureStatus(ledger, String(s), slot)),
      };
    case 'getEpochInfo':
      return epochInfo(slot);
    case 'getClusterNodes':
      return SIMULATION.validators.map((v, i) => clusterNode(v, i, ledger.self));
    case 'getVoteAccounts':
      return voteAccounts(slot, (params[0] ?? {}) as { votePubkey?: string; keepUnstakedDelinquents?: boolean });
    case 'getLeaderSchedule':
      return leaderSchedule(params);
    case 'getBalance':
      return { context: context(slot), value: balanceOf(String(params[0])) };
    case 'getAccountInfo':
      return {
        context: context(slot),
        value: account(String(params[0]), (params[1] ?? {}) as AccountConfig, slot, nowMs),
      };
    case 'getMultipleAccounts': {
      // The same accounts getAccountInfo serves, in the order asked; agave refuses more than 100.
      const addresses = (params[0] ?? []) as unknown[];
      if (addresses.length > 100) throw new RpcFailure({ code: -32602, message: 'Too many inputs provided; max 100' });
      const config = (params[1] ?? {}) as AccountConfig;
      // In a list, agave writes a placeholder for base58 data over 128 bytes instead of refusing the call.
      const listed = (address: unknown) => {
        const stored = storedAccount(String(address), slot, nowMs);
        return stored === undefined ? null : uiAccount(stored, config, 'placeholder');
      };
      return { context: context(slot), value: addresses.map(listed) };
    }
    case 'getProgramAccounts': {
      const config = (params[1] ?? {}) as ProgramAccountsConfig;
      const value = programAccounts(String(params[0]), config, slot, nowMs);
      return config.withContext ? { context: context(slot), value } : value;
    }
    case 'getTransaction':
      return getTransaction(params, ledger, slot, nowMs);
    case 'getBlock':
      return getBlock(params, ledger, slot, nowMs);
    case 'getSupply':
      return {
        context: context(slot),
        value: supply(slot, (params[0] ?? {}) as { excludeNonCirculatingAccountsList?: boolean }),
      };
    case 'getLargestAccounts':
      return { context: context(slot), value: largestLamportAccounts((params[0] ?? {}) as { filter?: string }) };
    case 'getInflationReward':
      return inflationReward(params, slot);
    case 'getTokenAccountsByDelegate':
      return {
        context: context(slot),
        value: delegatedAccounts(String(params[0]), (params[2] ?? {}) as AccountConfig),
      };
    case 'getTokenAccountsByOwner':
      return { context: context(slot), value: ownedAccounts(params) };
    case 'getTokenLargestAccounts':
      return { context: context(slot), value: largestTokenAccounts(String(params[0])) };
    case 'getSignaturesForAddress':
      return signaturesForAddress(ledger, params, slot, nowMs);
    case 'getBlockCommitment':
      return blockCommitment(ledger, params, slot);
    case 'getBlocks':
      return blocks(ledger, params, slot);
    case 'getBlocksWithLimit':
      return blocksWithLimit(ledger, params, slot);
    case 'getBlockTime':
      return blockTime(ledger, params, slot, nowMs);
    case 'getSlotLeader':
      return leaderAt(contextBank((params[0] ?? {}) as ContextOptions, slot));
    case 'getSlotLeaders':
      return slotLeaders(params, slot);
    case 'getBlockProduction':
      return blockProduction(ledger, (params[0] ?? {}) as BlockProductionOptions, slot);
    case 'getRecentPerformanceSamples':
      return performanceSamples(params, slot);
    case 'getHighestSnapshotSlot':
      return highestSnapshots(slot);
    case 'getInflationGovernor':
      return { ...INFLATION };
    case 'getInflationRate':
      return inflationRate(slot);
    default:
      return nodeAnswer(method, params, slot, ledger);
  }
}

/** The validator with a node of its own in the simulation: alpha, which advertises it as its RPC in gossip. */
const NODE = SIMULATION.validators[0] as SimulatedValidator;

/** The RPC node's own identity: an RPC node that votes for nothing and leads no slot, as RPC nodes do. */
const RPC_NODE_IDENTITY = simulatedAddress('rpc-node/identity');

/**
 * The methods about the node itself and its bank, and the token balances: each as agave answers it, from
 * the same slot, holdings and blockhashes the rest of the simulation uses.
 */
function nodeAnswer(method: string, params: unknown[], slot: number, ledger: Ledger): unknown {
  const config = (params.at(-1) ?? {}) as { commitment?: string };
  switch (method) {
    case 'getHealth':
      return 'ok';
    case 'getVersion':
      return { 'feature-set': 2891131721, 'solana-core': NODE.version };
    case 'getIdentity':
      return { identity: RPC_NODE_IDENTITY };
    case 'getGenesisHash':
      // mainnet-beta's: the simulation mimics that cluster's numbers throughout.
      return '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';
    case 'getSlot':
      return bankSlot(slot, config.commitment);
    case 'getTransactionCount':
      return epochInfo(bankSlot(slot, config.commitment)).transactionCount;
    case 'getMaxRetransmitSlot':
    case 'getMaxShredInsertSlot':
      return slot;
    case 'minimumLedgerSlot':
    case 'getFirstAvailableBlock':
      return FIRST_BLOCK;
    case 'getEpochSchedule':
      return {
        firstNormalEpoch: 0,
        firstNormalSlot: 0,
        leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
        slotsPerEpoch: SLOTS_PER_EPOCH,
        warmup: false,
      };
    case 'getMinimumBalanceForRentExemption':
      // agave's Rent: (128 bytes of account overhead + the data) × 3,480 lamports a byte-year × 2 years.
      return (128 + Number(params[0] ?? 0)) * 3480 * 2;
    case 'getStakeMinimumDelegation':
      return { context: context(slot), value: 1_000_000_000 };
    case 'getRecentPrioritizationFees':
      // The last 150 slots; every seventh one with a busy write lock.
      return Array.from({ length: 150 }, (_, i) => ({
        prioritizationFee: (slot - 149 + i) % 7 === 0 ? 12_500 : 0,
        slot: slot - 149 + i,
      }));
    case 'getTokenAccountBalance': {
      const holding = TOKEN_HOLDINGS.find((h) => h.address === params[0]);
      if (!holding) throw new RpcFailure({ code: -32602, message: 'Invalid param: could not find account' });
      return { context: context(slot), value: tokenAmount(holding.amount) };
    }
    case 'getTokenSupply': {
      if (params[0] !== SIMULATION.mint) {
        throw new RpcFailure({ code: -32602, message: 'Invalid param: could not find mint' });
      }
      const supply = TOKEN_HOLDINGS.reduce((sum, h) => sum + h.amount, 0n);
      return { context: context(slot), value: tokenAmount(supply) };
    }
    case 'getFeeForMessage': {
      const message = Buffer.from(String(params[0]), 'base64');
      // A v0 message starts with its version byte (high bit set); the header's first byte follows.
      const at = (message[0] ?? 0) & 0x80 ? 1 : 0;
      const signers = message[at] ?? 0;
      // The key count is a compact-u16: one byte below 128, which covers every message that fits.
      const keys = message[at + 3] ?? 0;
      const blockhash = encodeBase58(message.subarray(at + 4 + 32 * keys, at + 4 + 32 * keys + 32));
      const valid = blockhashValid(ledger, blockhash, slot);
      return { context: context(slot), value: valid ? 5000 * signers : null };
    }
    case 'simulateTransaction':
      return simulate(ledger, params, slot);
    case 'requestAirdrop':
      // Like a mainnet node: no faucet.
      throw new RpcFailure({ code: -32600, message: 'Invalid request' });
    default:
      throw new RpcFailure({ code: -32601, message: 'Method not found' });
  }
}

/** The slot of the bank a commitment reads: the newest, the one before, or the root 32 slots back. */
function bankSlot(slot: number, commitment: string | undefined): number {
  return commitment === 'processed' ? slot : commitment === 'confirmed' ? slot - 1 : slot - SLOTS_TO_ROOT;
}

/**
 * simulateTransaction: the transaction must decode; it succeeds as sendTransaction's would, or fails with
 * BlockhashNotFound for a blockhash this cluster did not hand out (unless `replaceRecentBlockhash`).
 */
function simulate(ledger: Ledger, params: unknown[], slot: number): unknown {
  const config = (params[1] ?? {}) as { encoding?: string; replaceRecentBlockhash?: boolean };
  const text = String(params[0]);
  let transaction: DecodedTransaction;
  try {
    const bytes = config.encoding === 'base64' ? Buffer.from(text, 'base64') : Buffer.from(decodeAddressBytes(text));
    transaction = decodeTransaction(new Uint8Array(bytes));
  } catch {
    throw new RpcFailure({ code: -32602, message: 'invalid transaction: failed to deserialize' });
  }
  const known = blockhashValid(ledger, transaction.message.recentBlockhash, slot);
  const replaced = config.replaceRecentBlockhash === true;
  const ok = known || replaced;
  const { accountKeys, instructions } = transaction.message;
  const logs = ok
    ? instructions.flatMap((ix) => {
        const program = accountKeys[ix.programIdIndex] ?? '';
        return [`Program ${program} invoke [1]`, `Program ${program} success`];
      })
    : [];
  const value: Record<string, unknown> = {
    accounts: null,
    err: ok ? null : 'BlockhashNotFound',
    innerInstructions: null,
    loadedAccountsDataSize: 0,
    logs,
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed: ok ? 150 * instructions.length : 0,
  };
  if (replaced) {
    const blockhash = simulatedAddress(`blockhash/${slot}`);
    ledger.blockhashes.set(blockhash, slot);
    value.replacementBlockhash = { blockhash, lastValidBlockHeight: blockHeightAt(slot) + BLOCKHASH_LIFETIME };
  }
  return { context: context(slot), value };
}

function epochInfo(slot: number) {
  return {
    absoluteSlot: slot,
    blockHeight: blockHeightAt(slot),
    epoch: Math.floor(slot / SLOTS_PER_EPOCH),
    slotIndex: slot % SLOTS_PER_EPOCH,
    slotsInEpoch: SLOTS_PER_EPOCH,
    transactionCount: 418_273_992_151 + (slot - SIMULATION.firstSlot) * 3_100,
  };
}

function clusterNode(v: SimulatedValidator, index: number, self: string) {
  const at = (port: number) => `${v.ip}:${port}`;
  return {
    clientId: v.client,
    featureSet: index === 2 ? 1069245146 : 2891131721,
    gossip: at(8001),
    pubkey: v.identity,
    pubsub: v.rpc ? at(8900) : null,
    rpc: v.rpc ? self : null,
    serveRepair: at(8008),
    shredVersion: 50093,
    tpu: at(8003),
    tpuForwards: at(8004),
    tpuForwardsQuic: at(8010),
    tpuQuic: at(8009),
    tpuVote: at(8005),
    tvu: at(8000),
    version: v.version,
  };
}

function lastVote(v: SimulatedValidator, slot: number): number {
  return slot - v.lag;
}

function epochCredits(v: SimulatedValidator, slot: number): [number, bigint, bigint][] {
  const epoch = Math.floor(slot / SLOTS_PER_EPOCH);
  // About 97% of the 432,000 × 16 credits an epoch can pay.
  const perEpoch = 6_704_640n - BigInt(v.commission) * 1_000n;
  const base = 2_431_228_871n + BigInt(v.commission) * 1_000_000n;
  const list: [number, bigint, bigint][] = [];
  for (let e = epoch - 4; e <= epoch; e++) {
    const previous = base + BigInt(e - (epoch - 4)) * perEpoch;
    // The current epoch has earned in proportion to how far it has run.
    const earned = e === epoch ? (perEpoch * BigInt(slot % SLOTS_PER_EPOCH)) / BigInt(SLOTS_PER_EPOCH) : perEpoch;
    list.push([e, previous + earned, previous]);
  }
  return list;
}

function voteAccounts(slot: number, config: { votePubkey?: string; keepUnstakedDelinquents?: boolean }) {
  const current: unknown[] = [];
  const delinquent: unknown[] = [];
  for (const v of SIMULATION.validators) {
    if (config.votePubkey !== undefined && config.votePubkey !== v.vote) continue;
    const isDelinquent = v.lag > 128;
    if (isDelinquent && v.stake === 0n && !config.keepUnstakedDelinquents) continue;
    const entry = {
      activatedStake: v.stake,
      commission: v.commission,
      epochCredits: epochCredits(v, slot),
      epochVoteAccount: v.stake > 0n,
      lastVote: lastVote(v, slot),
      nodePubkey: v.identity,
      rootSlot: lastVote(v, slot) - 32,
      votePubkey: v.vote,
    };
    (isDelinquent ? delinquent : current).push(entry);
  }
  return { current, delinquent };
}

function leaderSchedule(params: unknown[]) {
  const config = (params.find((p) => typeof p === 'object' && p !== null) ?? {}) as { identity?: string };
  const staked = SIMULATION.validators.filter((v) => v.stake > 0n);
  const schedule: Record<string, number[]> = {};
  // Four-slot rotations in turn, as real schedules assign leaders in groups of four.
  for (let index = 0; index < SLOTS_PER_EPOCH; index++) {
    const leader = staked[Math.floor(index / 4) % staked.length] as SimulatedValidator;
    if (config.identity !== undefined && config.identity !== leader.identity) continue;
    let slots = schedule[leader.identity];
    if (!slots) {
      slots = [];
      schedule[leader.identity] = slots;
    }
    slots.push(index);
  }
  return schedule;
}

function balanceOf(address: string): bigint {
  if (address === SIMULATION.wallet.address) return SIMULATION.wallet.lamports;
  const reserve = SIMULATION.nonCirculating.find((r) => r.address === address);
  if (reserve) return reserve.lamports;
  const validator = SIMULATION.validators.find((v) => v.identity === address || v.vote === address);
  if (validator) return validator.vote === address ? 26_858_640n + 2_039_280n : 4_221_133_760n;
  return 0n;
}

/** Mainnet-scale capitalization at the first epoch simulated; inflation adds about 160,000 SOL an epoch. */
const TOTAL_SUPPLY = 625_013_130_859_440_403n;
const INFLATION_PER_EPOCH = 160_004_118_337_261n;

function supply(slot: number, config: { excludeNonCirculatingAccountsList?: boolean }) {
  const epochs = BigInt(Math.floor(slot / SLOTS_PER_EPOCH) - Math.floor(SIMULATION.firstSlot / SLOTS_PER_EPOCH));
  const total = TOTAL_SUPPLY + epochs * INFLATION_PER_EPOCH;
  const nonCirculating = SIMULATION.nonCirculating.reduce((sum, r) => sum + r.lamports, 0n);
  return {
    circulating: total - nonCirculating,
    nonCirculating,
    nonCirculatingAccounts: config.excludeNonCirculatingAccountsList
      ? []
      : SIMULATION.nonCirculating.map((r) => r.address),
    total,
  };
}

/** Every account the simulation holds lamports in, as agave's scan finds them (none with zero lamports). */
function accountBalances(): { address: string; lamports: bigint }[] {
  const all = [
    ...SIMULATION.nonCirculating,
    { address: SIMULATION.wallet.address, lamports: SIMULATION.wallet.lamports },
    { address: SIMULATION.tokenAccount, lamports: 2_039_280n },
    ...SIMULATION.validators.flatMap((v) =>
      [v.identity, v.vote].map((address) => ({ address, lamports: balanceOf(address) })),
    ),
  ];
  return all.filter((a) => a.lamports > 0n);
}

/** The largest first, equal balances by descending address bytes, at most 20: agave's order. */
function largestLamportAccounts(config: { filter?: string }) {
  const reserves = new Set(SIMULATION.nonCirculating.map((r) => r.address));
  const keep = (address: string) =>
    config.filter === 'circulating'
      ? !reserves.has(address)
      : config.filter === 'nonCirculating'
        ? reserves.has(address)
        : true;
  const bytes = (address: string) => Buffer.from(decodeAddress(address));
  return accountBalances()
    .filter((a) => keep(a.address))
    .sort((a, b) =>
      a.lamports === b.lamports ? Buffer.compare(bytes(b.address), bytes(a.address)) : a.lamports > b.lamports ? -1 : 1,
    )
    .slice(0, 20);
}

/**
 * Inflation rewards as agave reads them from the epoch-boundary block: each staked vote account earns its
 * commission on about 0.0252% of its stake an epoch (about 4.6% a year), credited in the first slot of the
 * next epoch. The simulation holds no stake accounts, so every other address is `null`.
 */
function inflationReward(params: unknown[], slot: number): unknown[] {
  const addresses = Array.isArray(params[0]) ? params[0].map(String) : [];
  const config = (params[1] ?? {}) as { epoch?: number; commitment?: string };
  if (addresses.length > 32) throw new RpcFailure({ code: -32602, message: 'Too many inputs provided; max 32' });
  if (config.commitment === 'processed') {
    throw new RpcFailure({ code: -32602, message: 'Method does not support commitment below `confirmed`' });
  }
  const current = Math.floor(slot / SLOTS_PER_EPOCH);
  const epoch = config.epoch ?? current - 1;
  const paidAt = (epoch + 1) * SLOTS_PER_EPOCH;
  if (epoch >= current) throw new RpcFailure({ code: -32004, message: `Block not available for slot ${paidAt}` });
  // agave reads the rewards from the block that paid them; one cleaned up from the ledger is -32001.
  if (paidAt < FIRST_BLOCK) {
    throw new RpcFailure({
      code: -32001,
      message: `Block ${paidAt} cleaned up, does not exist on node. First available block: ${FIRST_BLOCK}`,
    });
  }
  return addresses.map((address) => {
    const v = SIMULATION.validators.find((validator) => validator.vote === address);
    if (!v || v.stake === 0n) return null;
    const amount = (v.stake * 252n * BigInt(v.commission)) / 1_000_000n / 100n;
    return { amount, commission: v.commission, effectiveSlot: paidAt, epoch, postBalance: balanceOf(v.vote) + amount };
  });
}

/** The `encoding` and `dataSlice` of a getAccountInfo or getTokenAccountsByDelegate config. */
interface AccountConfig {
  encoding?: string;
  dataSlice?: { offset?: number; length?: number };
}

/** An account the simulation holds: its bytes, and what jsonParsed shows for them when agave parses them. */
interface StoredAccount {
  bytes: Uint8Array;
  owner: string;
  lamports: bigint;
  parsed?: () => unknown;
}

/** Every account the simulation holds, served in every encoding agave offers. */
/** Every address `storedAccount` answers for, in its order: what a program scan walks. Keep the two together. */
function storedAddresses(): string[] {
  return [
    ...SIMULATION.validators.map((v) => v.vote),
    TIMELY_VOTE_CREDITS,
    SIMULATION.wallet.address,
    ...TOKEN_HOLDINGS.map((h) => h.address),
  ];
}

function storedAccount(address: string, slot: number, nowMs: number): StoredAccount | undefined {
  const validator = SIMULATION.validators.find((v) => v.vote === address);
  if (validator) {
    const state = voteState(validator, slot, nowMs);
    return {
      bytes: voteStateBytes(state),
      owner: VOTE_PROGRAM,
      lamports: 26_858_640n + 2_039_280n,
      parsed: () => ({
        parsed: { info: { ...state, priorVoters: [] }, type: 'vote' },
        program: 'vote',
        space: VOTE_ACCOUNT_SPACE,
      }),
    };
  }
  if (address === TIMELY_VOTE_CREDITS) {
    // Activated 200 epochs ago: Option<u64> = Some(slot), bincode. agave does not parse feature accounts.
    const bytes = Buffer.alloc(9);
    bytes[0] = 1;
    bytes.writeBigUInt64LE(BigInt((Math.floor(slot / SLOTS_PER_EPOCH) - 200) * SLOTS_PER_EPOCH), 1);
    return { bytes, owner: FEATURE_PROGRAM, lamports: 1_454_640n };
  }
  if (address === SIMULATION.wallet.address) {
    return { bytes: new Uint8Array(0), owner: SYSTEM_PROGRAM, lamports: SIMULATION.wallet.lamports };
  }
  const holding = TOKEN_HOLDINGS.find((h) => h.address === address);
  if (holding) return storedHolding(holding);
  return undefined;
}

interface ProgramAccountsConfig extends AccountConfig {
  filters?: (
    | { dataSize: number }
    | { memcmp: { offset: number; bytes: string; encoding?: string } }
    | 'tokenAccountState'
  )[];
  withContext?: boolean;
}

/** Every account the cluster holds that `program` owns and that passes the filters, as agave's scan. */
function programAccounts(program: string, config: ProgramAccountsConfig, slot: number, nowMs: number): unknown[] {
  const passes = (bytes: Uint8Array) =>
    (config.filters ?? []).every((filter) => {
      if (filter === 'tokenAccountState') return bytes.length >= 165 && bytes[108] !== 0;
      if ('dataSize' in filter) return bytes.length === filter.dataSize;
      const { offset, bytes: text, encoding } = filter.memcmp;
      const wanted = encoding === 'base64' ? Buffer.from(text, 'base64') : decodeBase58(text, 128);
      return wanted !== undefined && Buffer.from(bytes.subarray(offset, offset + wanted.length)).equals(wanted);
    });
  const found: unknown[] = [];
  for (const address of storedAddresses()) {
    const stored = storedAccount(address, slot, nowMs);
    if (stored === undefined || stored.owner !== program || !passes(stored.bytes)) continue;
    found.push({ account: uiAccount(stored, config, 'placeholder'), pubkey: address });
  }
  return found;
}

function account(address: string, config: AccountConfig, slot: number, nowMs: number): unknown {
  const stored = storedAccount(address, slot, nowMs);
  return stored === undefined ? null : uiAccount(stored, config, 'refuse');
}

/**
 * An account as agave encodes it (account-decoder's encode_ui_account). Base58 data over 128 bytes is
 * refused by getAccountInfo (rpc.rs); in a list of accounts agave writes a placeholder text instead.
 */
function uiAccount(stored: StoredAccount, config: AccountConfig, base58TooLarge: 'refuse' | 'placeholder'): unknown {
  const encoding = config.encoding ?? 'binary';
  const slice = sliced(stored.bytes, config.dataSlice);
  let data: unknown;
  if (encoding === 'jsonParsed') {
    // Parsed data ignores dataSlice; what agave cannot parse goes out as base64 of the slice.
    data = stored.parsed ? stored.parsed() : [Buffer.from(slice).toString('base64'), 'base64'];
  } else if (encoding === 'binary' || encoding === 'base58') {
    if (slice.length > MAX_BASE58_BYTES && base58TooLarge === 'placeholder') {
      const text = 'error: data too large for bs58 encoding';
      data = encoding === 'binary' ? text : [text, 'base58'];
    } else if (slice.length > MAX_BASE58_BYTES) {
      throw new RpcFailure({
        code: -32600,
        message: `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
      });
    } else data = encoding === 'binary' ? encodeBase58(slice) : [encodeBase58(slice), 'base58'];
  } else if (encoding === 'base64') {
    data = [Buffer.from(slice).toString('base64'), 'base64'];
  } else if (encoding === 'base64+zstd') {
    data = [Buffer.from(zstdFrame(slice)).toString('base64'), 'base64+zstd'];
  } else {
    throw new RpcFailure({
      code: -32602,
      message: `Invalid params: unknown variant \`${encoding.slice(0, 40)}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\`.`,
    });
  }
  return {
    data,
    executable: false,
    lamports: stored.lamports,
    owner: stored.owner,
    rentEpoch: 18446744073709551615n,
    space: stored.bytes.length,
  };
}

const MAX_BASE58_BYTES = 128;

/** agave's slice_data: from `offset`, at most `length` bytes; nothing past the end. */
function sliced(bytes: Uint8Array, slice: AccountConfig['dataSlice']): Uint8Array {
  if (slice === undefined) return bytes;
  const offset = slice.offset ?? 0;
  const length = slice.length ?? 0;
  return offset >= bytes.length ? new Uint8Array(0) : bytes.subarray(offset, offset + length);
}

/** A vote account's state, in jsonParsed's shape: the bytes are made from this same value. */
function voteState(v: SimulatedValidator, slot: number, nowMs: number): SimulatedVoteState {
  const last = lastVote(v, slot);
  const epoch = Math.floor(slot / SLOTS_PER_EPOCH);
  return {
    authorizedVoters: [{ authorizedVoter: v.identity, epoch }],
    authorizedWithdrawer: v.withdrawer,
    commission: v.commission,
    epochCredits: epochCredits(v, slot).map(([e, credits, previous]) => ({
      credits: String(credits),
      epoch: e,
      previousCredits: String(previous),
    })),
    lastTimestamp: { slot: last, timestamp: Math.floor(nowMs / 1000) },
    nodePubkey: v.identity,
    rootSlot: last - 31,
    votes: Array.from({ length: 31 }, (_, i) => ({
      confirmationCount: 31 - i,
      latency: i === 30 ? 1 : 2,
      slot: last - 30 + i,
    })),
  };
}

/** A token account of the simulated mint (6 decimals), as the simulation holds it. */
interface TokenHolding {
  address: string;
  owner: string;
  amount: bigint;
  delegate?: string;
}

/**
 * Every account of the simulated mint: the wallet's (with a delegate) and two validators'. Largest first,
 * as getTokenLargestAccounts lists them.
 */
const TOKEN_HOLDINGS: readonly TokenHolding[] = [
  {
    address: simulatedAddress('token-account/alpha'),
    owner: (SIMULATION.validators[0] as SimulatedValidator).identity,
    amount: 1_250_500_000n, // 1,250.5
  },
  {
    address: SIMULATION.tokenAccount,
    owner: SIMULATION.wallet.address,
    amount: 48_200_000n,
    delegate: SIMULATION.delegate,
  },
  {
    address: simulatedAddress('token-account/beta'),
    owner: (SIMULATION.validators[1] as SimulatedValidator).identity,
    amount: 1n,
  },
];

/** An SPL token account's 165 bytes: mint, owner, amount, the delegate and its allowance when there is one. */
function tokenAccountBytes(holding: TokenHolding): Buffer {
  const bytes = Buffer.alloc(165);
  const key = (address: string, offset: number) => Buffer.from(decodeAddress(address)).copy(bytes, offset);
  key(SIMULATION.mint, 0);
  key(holding.owner, 32);
  bytes.writeBigUInt64LE(holding.amount, 64);
  if (holding.delegate) {
    bytes.writeUInt32LE(1, 72); // delegate: Some
    key(holding.delegate, 76);
    bytes.writeBigUInt64LE(holding.amount, 121); // delegated amount: all of it
  }
  bytes[108] = 1; // state: initialized
  return bytes;
}

function decodeAddress(address: string): Uint8Array {
  // The simulation only decodes addresses it made itself, so the alphabet is known to be valid.
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = 0n;
  for (const char of address) value = value * 58n + BigInt(alphabet.indexOf(char));
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return out;
}

/** A token amount at the simulated mint's 6 decimals, as agave writes it: uiAmountString exact and trimmed. */
function tokenAmount(raw: bigint) {
  const whole = raw / 1_000_000n;
  const fraction = (raw % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  return { amount: String(raw), decimals: 6, uiAmount: Number(text), uiAmountString: text };
}

function parsedTokenAccount(holding: TokenHolding) {
  const delegated = holding.delegate
    ? { delegate: holding.delegate, delegatedAmount: tokenAmount(holding.amount) }
    : {};
  return {
    parsed: {
      info: {
        ...delegated,
        isNative: false,
        mint: SIMULATION.mint,
        owner: holding.owner,
        state: 'initialized',
        tokenAmount: tokenAmount(holding.amount),
      },
      type: 'account',
    },
    program: 'spl-token',
    space: 165,
  };
}

function storedHolding(holding: TokenHolding): StoredAccount {
  return {
    bytes: tokenAccountBytes(holding),
    owner: TOKEN_PROGRAM,
    lamports: 2_039_280n,
    parsed: () => parsedTokenAccount(holding),
  };
}

function delegatedAccounts(delegate: string, config: AccountConfig) {
  return TOKEN_HOLDINGS.filter((holding) => holding.delegate !== undefined && holding.delegate === delegate).map(
    (holding) => ({ account: uiAccount(storedHolding(holding), config, 'placeholder'), pubkey: holding.address }),
  );
}

/**
 * getTokenAccountsByOwner: the owner's accounts of the simulated mint, filtered by `{ mint }` or by
 * `{ programId }`; Token-2022 holds none here, and any other program is refused as agave refuses it.
 */
function ownedAccounts(params: unknown[]) {
  const filter = (params[1] ?? {}) as { mint?: string; programId?: string };
  const config = (params[2] ?? {}) as AccountConfig;
  if (filter.programId !== undefined && filter.programId !== TOKEN_PROGRAM && filter.programId !== TOKEN_2022_PROGRAM) {
    throw new RpcFailure({ code: -32602, message: 'Invalid param: unrecognized Token program id' });
  }
  if (filter.mint !== undefined && filter.mint !== SIMULATION.mint) {
    throw new RpcFailure({ code: -32602, message: 'Invalid param: could not find mint' });
  }
  if (filter.programId === TOKEN_2022_PROGRAM) return [];
  return TOKEN_HOLDINGS.filter((holding) => holding.owner === params[0]).map((holding) => ({
    account: uiAccount(storedHolding(holding), config, 'placeholder'),
    pubkey: holding.address,
  }));
}

/** getTokenLargestAccounts: the simulated mint's accounts, largest first, the amount beside the address. */
function largestTokenAccounts(mint: string) {
  if (mint !== SIMULATION.mint) {
    // As agave: a missing account, then data that is not a mint (checked before the owner).
    const message = storedAccount(mint, 0, 0) ? 'Token mint could not be unpacked' : 'could not find mint';
    throw new RpcFailure({ code: -32602, message: `Invalid param: ${message}` });
  }
  return TOKEN_HOLDINGS.map((holding) => ({ address: holding.address, ...tokenAmount(holding.amount) }));
}

/** A System Program transfer's instruction data: instruction 2, then the u64 amount little-endian. */
function transferData(lamports: bigint): string {
  const data = Buffer.alloc(12);
  data.writeUInt32LE(2, 0);
  data.writeBigUInt64LE(lamports, 4);
  return encodeBase58(data);
}

/** A transfer from the simulated wallet to the delegate, made deterministic by its label. */
function walletTransfer(label: string, lamports: bigint, slot: number) {
  const signature = encodeBase58(createHash('sha512').update(`solrpc-simulation:${label}`).digest());
  const transaction: DecodedTransaction = {
    signatures: [signature],
    message: {
      header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
      accountKeys: [SIMULATION.wallet.address, SIMULATION.delegate, SYSTEM_PROGRAM],
      recentBlockhash: simulatedAddress(`blockhash/${slot}`),
      instructions: [{ programIdIndex: 2, accounts: [0, 1], data: transferData(lamports) }],
    },
    version: 'legacy',
  };
  return { signature, transaction };
}

/** The simulated wallet's transfer of 0.25 SOL to the delegate: a transaction the simulation holds, finalized. */
export function simulatedTransfer(slot: number): { signature: string; transaction: DecodedTransaction } {
  return walletTransfer('transfer', 250_000_000n, slot);
}

/**
 * A transfer the delegate could not pay for: finalized, failed with the System Program's custom error 1
 * (insufficient funds). Its fee was charged all the same.
 */
export function simulatedFailedTransfer(slot: number): { signature: string; transaction: DecodedTransaction } {
  const { signature, transaction } = walletTransfer('failed-transfer', 0n, slot);
  const message = {
    ...transaction.message,
    accountKeys: [SIMULATION.delegate, SIMULATION.wallet.address, SYSTEM_PROGRAM],
    instructions: [{ programIdIndex: 2, accounts: [0, 1], data: transferData(5_000_000_000n) }],
  };
  return { signature, transaction: { ...transaction, message } };
}

/** The slots of the two transactions every simulated cluster holds. */
const TRANSFER_SLOT = SIMULATION.firstSlot - 40;
const FAILED_TRANSFER_SLOT = SIMULATION.firstSlot - 30;

/**
 * Older transfers from the wallet to the delegate, one every 37 slots before the two above: enough that
 * reading the wallet's whole history with getSignaturesForAddress takes three pages of 1,000. Every 25th
 * carries a memo; the oldest few have no block time, as blocks from before a node recorded times.
 */
const HISTORY_LENGTH = 2_400;
const historySlot = (index: number) => TRANSFER_SLOT - 100 - index * 37;
/** The slots whose blocks have no time: the 1,000 before the oldest three transfers, and theirs. */
const UNTIMED_FROM_SLOT = historySlot(HISTORY_LENGTH - 1) - 1_000;
const UNTIMED_BEFORE_SLOT = historySlot(HISTORY_LENGTH - 3) + 1;

function historicTransfer(index: number): { signature: string; transaction: DecodedTransaction } {
  const slot = historySlot(index);
  const transfer = walletTransfer(`history/${index}`, BigInt(1_000_000 * (1 + (index % 50))), slot);
  if (index % 25 !== 0) return transfer;
  const { message } = transfer.transaction;
  const memo = {
    programIdIndex: 3,
    accounts: [],
    data: encodeBase58(Buffer.from(`invoice ${HISTORY_LENGTH - index}`)),
  };
  const withMemo = {
    ...message,
    header: { ...message.header, numReadonlyUnsignedAccounts: 2 },
    accountKeys: [...message.accountKeys, MEMO_PROGRAM],
    instructions: [...message.instructions, memo],
  };
  return { signature: transfer.signature, transaction: { ...transfer.transaction, message: withMemo } };
}

let historyIndex: Map<string, number> | undefined;
/** The index of a historic transfer by its signature, built on first use. */
function historicIndexOf(signature: string): number | undefined {
  historyIndex ??= new Map(Array.from({ length: HISTORY_LENGTH }, (_, i) => [historicTransfer(i).signature, i]));
  return historyIndex.get(signature);
}

/** The memos of a transaction as agave formats them (`[length] text`, joined by `; `), or `null`. */
function memoOf(transaction: DecodedTransaction): string | null {
  const { accountKeys, instructions } = transaction.message;
  const memos = instructions
    .filter((ix) => accountKeys[ix.programIdIndex] === MEMO_PROGRAM)
    .map((ix) => {
      const data = Buffer.from(decodeAddressBytes(ix.data));
      return `[${data.length}] ${data.toString('utf8')}`;
    });
  return memos.length > 0 ? memos.join('; ') : null;
}

/** A block's time: the clock now, counted back 400 ms a slot; `null` for the untimed stretch. */
function blockTimeAt(slot: number, currentSlot: number, nowMs: number): number | null {
  if (slot >= UNTIMED_FROM_SLOT && slot < UNTIMED_BEFORE_SLOT) return null;
  return slot < SIMULATION.firstSlot
    ? 1754900754 + Math.floor((slot - 356138256) * 0.4)
    : Math.floor(nowMs / 1000) - Math.floor(((currentSlot - slot) * SLOT_MS) / 1000);
}

/**
 * getSignaturesForAddress as agave answers it: newest first, `before` and `until` excluded, `limit` 1 to
 * 1,000, `confirmed` or `finalized` only. The transactions sent to this cluster count once they land.
 */
function signaturesForAddress(ledger: Ledger, params: unknown[], currentSlot: number, nowMs: number): unknown[] {
  const address = String(params[0]);
  const config = (params[1] ?? {}) as {
    before?: string;
    until?: string;
    limit?: number;
    commitment?: string;
    minContextSlot?: number;
  };
  const limit = config.limit ?? 1000;
  if (limit === 0 || limit > 1000) throw new RpcFailure({ code: -32602, message: 'Invalid limit; max 1000' });
  const commitment = config.commitment ?? 'finalized';
  if (commitment === 'processed') {
    throw new RpcFailure({ code: -32602, message: 'Method does not support commitment below `confirmed`' });
  }
  if (config.minContextSlot !== undefined && currentSlot < config.minContextSlot) {
    throw new RpcFailure({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: currentSlot },
    });
  }
  const highest = commitment === 'finalized' ? currentSlot - SLOTS_TO_ROOT : currentSlot - 1;
  const found: { signature: string; slot: number; transaction: DecodedTransaction; err: unknown }[] = [];
  for (const [signature, sent] of ledger.sent) {
    const slot = sent.slot + 1;
    found.push({ signature, slot, transaction: sent.transaction, err: null });
  }
  found.sort((a, b) => b.slot - a.slot);
  const failed = simulatedFailedTransfer(FAILED_TRANSFER_SLOT);
  const transfer = simulatedTransfer(TRANSFER_SLOT);
  found.push(
    { ...failed, slot: FAILED_TRANSFER_SLOT, err: { InstructionError: [0, { Custom: 1 }] } },
    { ...transfer, slot: TRANSFER_SLOT, err: null },
  );
  // Only what the commitment asked for has reached: `finalized` leaves out the newest 32 slots.
  const own = found.filter((entry) => entry.slot <= highest && entry.transaction.message.accountKeys.includes(address));
  const hasHistory = address === SIMULATION.wallet.address || address === SIMULATION.delegate;
  const total = own.length + (hasHistory ? HISTORY_LENGTH : 0);
  const at = (i: number) =>
    i < own.length ? own[i] : { ...historicTransfer(i - own.length), err: null, slot: historySlot(i - own.length) };
  const indexOf = (signature: string) => {
    const i = own.findIndex((entry) => entry.signature === signature);
    if (i >= 0) return i;
    const historic = hasHistory ? historicIndexOf(signature) : undefined;
    return historic === undefined ? -1 : own.length + historic;
  };
  let start = 0;
  if (config.before !== undefined) {
    const i = indexOf(config.before);
    if (i < 0) return [];
    start = i + 1;
  }
  const untilIndex = config.until === undefined ? -1 : indexOf(config.until);
  const end = Math.min(total, untilIndex >= start ? untilIndex : total, start + limit);
  const out: unknown[] = [];
  for (let i = start; i < end; i++) {
    const entry = at(i) as { signature: string; slot: number; transaction: DecodedTransaction; err: unknown };
    out.push({
      blockTime: blockTimeAt(entry.slot, currentSlot, nowMs),
      confirmationStatus: currentSlot - entry.slot >= SLOTS_TO_ROOT ? 'finalized' : 'confirmed',
      err: entry.err,
      memo: memoOf(entry.transaction),
      signature: entry.signature,
      slot: entry.slot,
    });
  }
  return out;
}

/** The outcome of a transaction the simulation holds: where it landed, its error and its metadata. */
interface Landed {
  slot: number;
  transaction: DecodedTransaction;
  bytes?: Uint8Array;
  err: unknown;
  meta: Record<string, unknown>;
}

function landed(ledger: Ledger, signature: string, currentSlot: number): Landed | undefined {
  const transfer = simulatedTransfer(TRANSFER_SLOT);
  if (signature === transfer.signature) {
    return {
      slot: TRANSFER_SLOT,
      transaction: transfer.transaction,
      err: null,
      meta: {
        computeUnitsConsumed: 150,
        fee: 5000n,
        logMessages: [`Program ${SYSTEM_PROGRAM} invoke [1]`, `Program ${SYSTEM_PROGRAM} success`],
        postBalances: [SIMULATION.wallet.lamports, 250_000_000n, 1n],
        preBalances: [SIMULATION.wallet.lamports + 250_005_000n, 0n, 1n],
      },
    };
  }
  const failed = simulatedFailedTransfer(FAILED_TRANSFER_SLOT);
  if (signature === failed.signature) {
    return {
      slot: FAILED_TRANSFER_SLOT,
      transaction: failed.transaction,
      err: { InstructionError: [0, { Custom: 1 }] },
      meta: {
        computeUnitsConsumed: 150,
        fee: 5000n,
        logMessages: [
          `Program ${SYSTEM_PROGRAM} invoke [1]`,
          'Transfer: insufficient lamports 250000000, need 5000000000',
          `Program ${SYSTEM_PROGRAM} failed: custom program error: 0x1`,
        ],
        postBalances: [249_995_000n, SIMULATION.wallet.lamports, 1n],
        preBalances: [250_000_000n, SIMULATION.wallet.lamports, 1n],
      },
    };
  }
  const historic = historicIndexOf(signature);
  if (historic !== undefined) {
    const { transaction } = historicTransfer(historic);
    const lamports = BigInt(1_000_000 * (1 + (historic % 50)));
    const memo = memoOf(transaction);
    return {
      slot: historySlot(historic),
      transaction,
      err: null,
      meta: {
        computeUnitsConsumed: memo ? 150 + 6_000 : 150,
        fee: 5000n,
        logMessages: [
          `Program ${SYSTEM_PROGRAM} invoke [1]`,
          `Program ${SYSTEM_PROGRAM} success`,
          ...(memo ? [`Program ${MEMO_PROGRAM} invoke [1]`, `Program ${MEMO_PROGRAM} success`] : []),
        ],
        postBalances: [SIMULATION.wallet.lamports, lamports, 1n, ...(memo ? [521_498_880n] : [])],
        preBalances: [SIMULATION.wallet.lamports + lamports + 5000n, 0n, 1n, ...(memo ? [521_498_880n] : [])],
      },
    };
  }
  const sent = ledger.sent.get(signature);
  // A sent transaction lands in the slot after the one it arrived in.
  if (!sent || currentSlot <= sent.slot) return undefined;
  const fee = 5000n * BigInt(sent.transaction.message.header.numRequiredSignatures);
  const keys = sent.transaction.message.accountKeys.length;
  // Minimal execution: every instruction succeeds and no balances are tracked, only the fee is shown.
  const { accountKeys, instructions } = sent.transaction.message;
  const programs = instructions.map((instruction) => accountKeys[instruction.programIdIndex] ?? SYSTEM_PROGRAM);
  return {
    slot: sent.slot + 1,
    transaction: sent.transaction,
    bytes: sent.bytes,
    err: null,
    meta: {
      computeUnitsConsumed: 150 * sent.transaction.message.instructions.length,
      fee,
      logMessages: programs.flatMap((program) => [`Program ${program} invoke [1]`, `Program ${program} success`]),
      postBalances: Array.from({ length: keys }, () => 0n),
      preBalances: Array.from({ length: keys }, () => 0n),
    },
  };
}

function signatureStatus(ledger: Ledger, signature: string, currentSlot: number): unknown {
  const found = landed(ledger, signature, currentSlot);
  if (!found) return null;
  const depth = currentSlot - found.slot;
  const rooted = depth >= SLOTS_TO_ROOT;
  return {
    confirmationStatus: rooted ? 'finalized' : depth >= 1 ? 'confirmed' : 'processed',
    confirmations: rooted ? null : depth,
    err: found.err,
    slot: found.slot,
    status: found.err === null ? { Ok: null } : { Err: found.err },
  };
}

function blockhashValid(ledger: Ledger, blockhash: string, currentSlot: number): boolean {
  const issued = ledger.blockhashes.get(blockhash);
  return issued !== undefined && currentSlot - issued <= BLOCKHASH_LIFETIME;
}

/** The DER prefix of an Ed25519 public key (SPKI), before its 32 raw bytes. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * Accepts a signed transaction: it must decode, carry a valid Ed25519 signature from each signer over the
 * message bytes (-32003 otherwise) and, unless preflight is skipped, name a blockhash this cluster handed
 * out and still valid (-32002 otherwise). Sending the same bytes again changes nothing.
 */
function sendTransaction(ledger: Ledger, params: unknown[], slot: number): string {
  const config = (params[1] ?? {}) as { encoding?: string; skipPreflight?: boolean };
  const text = String(params[0]);
  const bytes = config.encoding === 'base64' ? Buffer.from(text, 'base64') : Buffer.from(decodeAddressBytes(text));
  let transaction: DecodedTransaction;
  try {
    transaction = decodeTransaction(new Uint8Array(bytes));
  } catch {
    throw new RpcFailure({ code: -32602, message: 'invalid transaction: failed to deserialize' });
  }
  const count = transaction.message.header.numRequiredSignatures;
  // The signature count is a compact-u16: one byte below 128, which covers every transaction that fits.
  const message = bytes.subarray(1 + 64 * count);
  for (let i = 0; i < count; i++) {
    const key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, decodeAddress(transaction.message.accountKeys[i] as string)]),
      format: 'der',
      type: 'spki',
    });
    if (!verify(null, message, key, bytes.subarray(1 + 64 * i, 1 + 64 * (i + 1)))) {
      throw new RpcFailure({ code: -32003, message: 'Transaction signature verification failure' });
    }
  }
  const signature = transaction.signatures[0] as string;
  if (ledger.sent.has(signature)) return signature;
  if (!config.skipPreflight && !blockhashValid(ledger, transaction.message.recentBlockhash, slot)) {
    throw new RpcFailure({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { accounts: null, err: 'BlockhashNotFound', logs: [], returnData: null, unitsConsumed: 0 },
    });
  }
  // Skipping preflight with an unknown blockhash: accepted, and never lands, as on a real cluster.
  if (blockhashValid(ledger, transaction.message.recentBlockhash, slot)) {
    ledger.sent.set(signature, { slot, bytes: new Uint8Array(bytes), transaction });
  }
  return signature;
}

/** Base58 text of any length to bytes (sendTransaction's default encoding). */
function decodeAddressBytes(text: string): Uint8Array {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = 0n;
  for (const char of text) {
    const digit = alphabet.indexOf(char);
    if (digit < 0) throw new RpcFailure({ code: -32602, message: 'invalid transaction: invalid base58' });
    value = value * 58n + BigInt(digit);
  }
  const out: number[] = [];
  while (value > 0n) {
    out.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    out.unshift(0);
  }
  return new Uint8Array(out);
}

function getTransaction(params: unknown[], ledger: Ledger, currentSlot: number, nowMs: number): unknown {
  const found = landed(ledger, String(params[0]), currentSlot);
  if (!found) return null;
  const config = (typeof params[1] === 'string' ? { encoding: params[1] } : (params[1] ?? {})) as EncodingConfig;
  return {
    blockTime: blockTimeAt(found.slot, currentSlot, nowMs),
    slot: found.slot,
    ...encodeLanded(found, config),
  };
}

interface EncodingConfig {
  encoding?: string;
  maxSupportedTransactionVersion?: number;
}

const UNSUPPORTED_VERSION = () =>
  new RpcFailure({
    code: -32015,
    message:
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
  });

/** A landed transaction with its meta, as getTransaction and getBlock (`full`) encode it. */
function encodeLanded(found: Landed, config: EncodingConfig): Record<string, unknown> {
  const encoding = config.encoding ?? 'json';
  const versioned = config.maxSupportedTransactionVersion !== undefined;
  const { transaction } = found;
  if (transaction.version !== 'legacy' && !versioned) throw UNSUPPORTED_VERSION();
  const meta = {
    innerInstructions: [],
    postTokenBalances: [],
    preTokenBalances: [],
    rewards: [],
    ...found.meta,
    err: found.err,
    status: found.err === null ? { Ok: null } : { Err: found.err },
    ...(encoding === 'jsonParsed' ? {} : { loadedAddresses: { readonly: [], writable: [] } }),
  };
  const { message } = transaction;
  let wire: unknown;
  if (encoding === 'base64' || encoding === 'base58') {
    const bytes = Buffer.from(found.bytes ?? encodeTransaction(transaction));
    wire = [encoding === 'base64' ? bytes.toString('base64') : encodeBase58(bytes), encoding];
  } else if (encoding === 'jsonParsed') {
    wire = {
      message: {
        accountKeys: parsedAccountKeys(transaction),
        instructions: message.instructions.map((ix) => parsedInstruction(message.accountKeys, ix)),
        recentBlockhash: message.recentBlockhash,
      },
      signatures: transaction.signatures,
    };
  } else {
    wire = {
      ...transaction,
      message: { ...message, instructions: message.instructions.map((ix) => ({ ...ix, stackHeight: 1 })) },
    };
    delete (wire as { version?: unknown }).version;
  }
  return { meta, transaction: wire, ...(versioned ? { version: transaction.version } : {}) };
}

/** Every key of a (legacy) message with its role, as jsonParsed and getBlock's `accounts` list them. */
function parsedAccountKeys(transaction: DecodedTransaction) {
  const { header, accountKeys } = transaction.message;
  return accountKeys.map((pubkey, i) => ({
    pubkey,
    signer: i < header.numRequiredSignatures,
    source: 'transaction',
    writable:
      i < header.numRequiredSignatures
        ? i < header.numRequiredSignatures - header.numReadonlySignedAccounts
        : i < accountKeys.length - header.numReadonlyUnsignedAccounts,
  }));
}

/** The transactions the simulation holds in one slot, in the order they landed. */
function transactionsIn(ledger: Ledger, slot: number, currentSlot: number): Landed[] {
  const signatures: string[] = [];
  if (slot === TRANSFER_SLOT) signatures.push(simulatedTransfer(TRANSFER_SLOT).signature);
  if (slot === FAILED_TRANSFER_SLOT) signatures.push(simulatedFailedTransfer(FAILED_TRANSFER_SLOT).signature);
  const index = (TRANSFER_SLOT - 100 - slot) / 37;
  if (Number.isInteger(index) && index >= 0 && index < HISTORY_LENGTH)
    signatures.push(historicTransfer(index).signature);
  for (const [signature, sent] of ledger.sent) if (sent.slot + 1 === slot) signatures.push(signature);
  return signatures.map((signature) => landed(ledger, signature, currentSlot)).filter((tx) => tx !== undefined);
}

/**
 * getBlock as agave answers it: -32004 for a block not yet at the commitment asked for, -32007 for a
 * skipped slot, -32001 below the oldest block kept; the transactions at the detail asked for, and the
 * leader's fee reward (half of the fees, as agave burns the other half).
 */
function getBlock(params: unknown[], ledger: Ledger, currentSlot: number, nowMs: number): unknown {
  const slot = Number(params[0]);
  const config = (typeof params[1] === 'string' ? { encoding: params[1] } : (params[1] ?? {})) as EncodingConfig & {
    transactionDetails?: string;
    rewards?: boolean;
    commitment?: string;
  };
  const commitment = config.commitment ?? 'finalized';
  if (commitment === 'processed') {
    throw new RpcFailure({ code: -32602, message: 'Method does not support commitment below `confirmed`' });
  }
  const highest = commitment === 'finalized' ? currentSlot - SLOTS_TO_ROOT : currentSlot - 1;
  if (slot > highest) throw new RpcFailure({ code: -32004, message: `Block not available for slot ${slot}` });
  if (slot < FIRST_BLOCK) {
    throw new RpcFailure({
      code: -32001,
      message: `Block ${slot} cleaned up, does not exist on node. First available block: ${FIRST_BLOCK}`,
    });
  }
  const transactions = transactionsIn(ledger, slot, currentSlot);
  if (skipped(ledger, slot)) {
    throw new RpcFailure({
      code: -32007,
      message: `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`,
    });
  }
  const parentSlot = skipped(ledger, slot - 1) ? slot - 2 : slot - 1;
  const block: Record<string, unknown> = {
    blockHeight: blockHeightAt(slot),
    blockTime: blockTimeAt(slot, currentSlot, nowMs),
    blockhash: simulatedAddress(`blockhash/${slot}`),
    parentSlot,
    previousBlockhash: simulatedAddress(`blockhash/${parentSlot}`),
  };
  if (config.rewards !== false) {
    const fees = transactions.reduce((sum, tx) => sum + BigInt(tx.meta.fee as bigint), 0n);
    const leader = SIMULATION.validators[slot % SIMULATION.validators.length] as SimulatedValidator;
    block.rewards =
      fees === 0n
        ? []
        : [
            {
              commission: null,
              lamports: fees / 2n,
              postBalance: 42_187_500_000n + BigInt(slot % 1_000_000) * 2_500n,
              pubkey: leader.identity,
              rewardType: 'Fee',
            },
          ];
  }
  const details = config.transactionDetails ?? 'full';
  const versioned = config.maxSupportedTransactionVersion !== undefined;
  if (details === 'full') {
    block.transactions = transactions.map((tx) => {
      const entry = encodeLanded(tx, config);
      // Without rewards, agave sends each meta's rewards as null.
      if (config.rewards === false) (entry.meta as { rewards: unknown }).rewards = null;
      return entry;
    });
  } else if (details === 'accounts') {
    block.transactions = transactions.map((tx) => {
      if (tx.transaction.version !== 'legacy' && !versioned) throw UNSUPPORTED_VERSION();
      const { fee, preBalances, postBalances } = tx.meta;
      return {
        meta: {
          err: tx.err,
          fee,
          postBalances,
          postTokenBalances: [],
          preBalances,
          preTokenBalances: [],
          ...(config.rewards === false ? {} : { rewards: [] }),
          status: tx.err === null ? { Ok: null } : { Err: tx.err },
        },
        transaction: { accountKeys: parsedAccountKeys(tx.transaction), signatures: tx.transaction.signatures },
        ...(versioned ? { version: tx.transaction.version } : {}),
      };
    });
  } else if (details === 'signatures') {
    block.signatures = transactions.map((tx) => tx.transaction.signatures[0]);
  }
  return block;
}

/** jsonParsed's view of an instruction: a System transfer parsed, anything else as its raw data. */
function parsedInstruction(keys: readonly string[], ix: DecodedTransaction['message']['instructions'][number]) {
  const programId = keys[ix.programIdIndex] as string;
  const data = decodeAddressBytes(ix.data);
  if (programId === SYSTEM_PROGRAM && data.length === 12 && data[0] === 2) {
    const lamports = Buffer.from(data).readBigUInt64LE(4);
    return {
      parsed: {
        info: {
          destination: keys[ix.accounts[1] as number],
          lamports: Number(lamports),
          source: keys[ix.accounts[0] as number],
        },
        type: 'transfer',
      },
      program: 'system',
      programId,
      stackHeight: 1,
    };
  }
  return { accounts: ix.accounts.map((i) => keys[i]), data: ix.data, programId, stackHeight: 1 };
}

/**
 * The blocks this cluster holds (getBlock, getBlocks, getBlockTime): every slot from FIRST_BLOCK, the first
 * slot of the epoch the simulation starts in (so the block that paid the last epoch's rewards is there for
 * getInflationReward and its block time), below which they were cleaned up (-32001), up to the one before the current slot, except one in 23 that its
 * leader skipped. A slot that holds one of the simulation's transactions is
 * never skipped, so getBlocks, getBlockTime and getTransaction tell one story.
 */
const FIRST_BLOCK = Math.floor(SIMULATION.firstSlot / SLOTS_PER_EPOCH) * SLOTS_PER_EPOCH;

function holdsTransaction(ledger: Ledger, slot: number): boolean {
  if (slot === TRANSFER_SLOT || slot === FAILED_TRANSFER_SLOT) return true;
  const back = TRANSFER_SLOT - 100 - slot;
  if (back >= 0 && back % 37 === 0 && back / 37 < HISTORY_LENGTH) return true;
  for (const sent of ledger.sent.values()) if (sent.slot + 1 === slot) return true;
  return false;
}

function skipped(ledger: Ledger, slot: number): boolean {
  return slot % 23 === 5 && !holdsTransaction(ledger, slot);
}

/** getBlockTime as agave answers it: a time for a block, errors for what it cannot date. */
function blockTime(ledger: Ledger, params: unknown[], currentSlot: number, nowMs: number): number | null {
  const slot = Number(params[0]);
  if (!Number.isSafeInteger(slot) || slot < 0) throw new RpcFailure({ code: -32602, message: 'Invalid params' });
  // No bank for it yet, or one whose leader skipped it and that is not rooted yet.
  if (slot >= currentSlot || (skipped(ledger, slot) && currentSlot - slot < SLOTS_TO_ROOT)) {
    throw new RpcFailure({ code: -32004, message: `Block not available for slot ${slot}` });
  }
  if (slot < FIRST_BLOCK) {
    throw new RpcFailure({
      code: -32001,
      message: `Block ${slot} cleaned up, does not exist on node. First available block: ${FIRST_BLOCK}`,
    });
  }
  if (skipped(ledger, slot)) {
    throw new RpcFailure({
      code: -32007,
      message: `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`,
    });
  }
  return blockTimeAt(slot, currentSlot, nowMs);
}

/**
 * getBlockCommitment as agave answers it: for a block between the root and the tip, each voting
 * validator's stake at its confirmation count (a vote a slot adds one), 32 entries; `null` for a block
 * rooted already, skipped or not reached. `totalStake` is the epoch's whole active stake.
 */
function blockCommitment(ledger: Ledger, params: unknown[], currentSlot: number) {
  const slot = Number(params[0]);
  const totalStake = SIMULATION.validators.reduce((sum, v) => sum + v.stake, 0n);
  const tracked = slot < currentSlot && currentSlot - slot <= SLOTS_TO_ROOT && !skipped(ledger, slot);
  if (!tracked) return { commitment: null, totalStake };
  const commitment = Array.from({ length: SLOTS_TO_ROOT }, () => 0n);
  for (const v of SIMULATION.validators) {
    const votedUpTo = lastVote(v, currentSlot);
    if (v.stake === 0n || votedUpTo < slot) continue;
    const confirmations = Math.min(SLOTS_TO_ROOT, votedUpTo - slot + 1);
    commitment[confirmations - 1] = (commitment[confirmations - 1] as bigint) + v.stake;
  }
  return { commitment, totalStake };
}

/** The config of a block-list call, after the slots: `confirmed` or `finalized`, and `minContextSlot`. */
function blocksBank(config: { commitment?: string; minContextSlot?: number }, currentSlot: number): number {
  if (config.commitment === 'processed') {
    throw new RpcFailure({ code: -32602, message: 'Method does not support commitment below `confirmed`' });
  }
  // The highest block at that commitment: the root for finalized, the one before the tip for confirmed.
  const highest = config.commitment === 'confirmed' ? currentSlot - 1 : currentSlot - SLOTS_TO_ROOT;
  if (config.minContextSlot !== undefined && highest < config.minContextSlot) {
    throw new RpcFailure({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: highest },
    });
  }
  return highest;
}

/** getBlocks as agave answers it: [start], [start, end], [start, config] or [start, end, config]. */
function blocks(ledger: Ledger, params: unknown[], currentSlot: number): number[] {
  const start = Number(params[0]);
  const end = typeof params[1] === 'number' ? params[1] : undefined;
  const config = (params.find((p) => typeof p === 'object' && p !== null) ?? {}) as { commitment?: string };
  const last = Math.min(end ?? start + 500_000, blocksBank(config, currentSlot));
  if (last < start) return [];
  if (last - start > 500_000) throw new RpcFailure({ code: -32602, message: 'Slot range too large; max 500000' });
  const out: number[] = [];
  for (let slot = Math.max(start, FIRST_BLOCK); slot <= last; slot++) if (!skipped(ledger, slot)) out.push(slot);
  return out;
}

/** getBlocksWithLimit as agave answers it: up to `limit` blocks from the start, the tip permitting. */
function blocksWithLimit(ledger: Ledger, params: unknown[], currentSlot: number): number[] {
  const limit = Number(params[1]);
  if (limit > 500_000) throw new RpcFailure({ code: -32602, message: 'Limit too large; max 500000' });
  const highest = blocksBank((params[2] ?? {}) as { commitment?: string }, currentSlot);
  const out: number[] = [];
  for (let slot = Math.max(Number(params[0]), FIRST_BLOCK); slot <= highest && out.length < limit; slot++) {
    if (!skipped(ledger, slot)) out.push(slot);
  }
  return out;
}

/** `commitment` and `minContextSlot`, as agave's `RpcContextConfig`. */
interface ContextOptions {
  commitment?: string;
  minContextSlot?: number;
}

/** The slot of the bank at a commitment (the tip, the one before it, or the root), -32016 below minContextSlot. */
function contextBank(config: ContextOptions, currentSlot: number): number {
  const bank =
    config.commitment === 'processed'
      ? currentSlot
      : config.commitment === 'confirmed'
        ? currentSlot - 1
        : currentSlot - SLOTS_TO_ROOT;
  if (config.minContextSlot !== undefined && bank < config.minContextSlot) {
    throw new RpcFailure({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: bank },
    });
  }
  return bank;
}

/** The leader of a slot by the schedule getLeaderSchedule serves: the staked validators in turn, four slots each. */
function leaderAt(slot: number): string {
  const staked = SIMULATION.validators.filter((v) => v.stake > 0n);
  return (staked[Math.floor((slot % SLOTS_PER_EPOCH) / 4) % staked.length] as SimulatedValidator).identity;
}

/** getSlotLeaders as agave answers it: at most 5,000, from the schedules of the previous, current and next epochs. */
function slotLeaders(params: unknown[], currentSlot: number): string[] {
  const start = Number(params[0]);
  const limit = Number(params[1]);
  if (limit > 5_000) throw new RpcFailure({ code: -32602, message: 'Invalid limit; max 5000' });
  const epoch = Math.floor((currentSlot - SLOTS_TO_ROOT) / SLOTS_PER_EPOCH);
  const out: string[] = [];
  for (let slot = start; out.length < limit; slot++) {
    const slotEpoch = Math.floor(slot / SLOTS_PER_EPOCH);
    if (slotEpoch < epoch - 1 || slotEpoch > epoch + 1) {
      throw new RpcFailure({
        code: -32602,
        message: `Invalid slot range: leader schedule for epoch ${slotEpoch} is unavailable`,
      });
    }
    out.push(leaderAt(slot));
  }
  return out;
}

interface BlockProductionOptions {
  identity?: string;
  range?: { firstSlot: number; lastSlot?: number };
  commitment?: string;
}

/** The slot history a bank keeps (agave's `SlotHistory`): about 1 M slots back from it. */
const SLOT_HISTORY_LENGTH = 1_048_576;

/**
 * getBlockProduction as agave answers it: each leader's slots in the range and the blocks among them, a
 * block being what getBlocks lists (the same skipped slots), by the bank's slot history.
 */
function blockProduction(ledger: Ledger, config: BlockProductionOptions, currentSlot: number) {
  const bank = contextBank({ commitment: config.commitment }, currentSlot);
  const firstSlot = config.range?.firstSlot ?? Math.floor(bank / SLOTS_PER_EPOCH) * SLOTS_PER_EPOCH;
  const lastSlot = config.range?.lastSlot ?? bank;
  if (lastSlot < firstSlot) {
    throw new RpcFailure({
      code: -32602,
      message: `lastSlot, ${lastSlot}, cannot be less than firstSlot, ${firstSlot}`,
    });
  }
  const oldest = Math.max(0, bank - SLOT_HISTORY_LENGTH + 1);
  if (firstSlot < oldest) {
    throw new RpcFailure({ code: -32602, message: `firstSlot, ${firstSlot}, is too small; min ${oldest}` });
  }
  if (lastSlot > bank)
    throw new RpcFailure({ code: -32602, message: `lastSlot, ${lastSlot}, is too large; max ${bank}` });
  const byIdentity: Record<string, [number, number]> = {};
  for (let slot = firstSlot; slot <= lastSlot; slot++) {
    const leader = leaderAt(slot);
    if (config.identity !== undefined && config.identity !== leader) continue;
    const counts = byIdentity[leader] ?? [0, 0];
    counts[0] += 1;
    if (!skipped(ledger, slot)) counts[1] += 1;
    byIdentity[leader] = counts;
  }
  return { context: context(bank), value: { byIdentity, range: { firstSlot, lastSlot } } };
}

/** One sample a minute (150 slots of 400 ms); the oldest 20 of the 720 kept predate `numNonVoteTransactions`. */
const SAMPLE_SLOTS = 150;

/**
 * getRecentPerformanceSamples as agave answers it, newest first: each sample's transactions are what
 * getEpochInfo's `transactionCount` grew by over its 150 slots (3,100 a slot), about a fifth of them not votes.
 */
function performanceSamples(params: unknown[], currentSlot: number) {
  const limit = params[0] === undefined || params[0] === null ? 720 : Number(params[0]);
  if (limit > 720) throw new RpcFailure({ code: -32602, message: 'Invalid limit; max 720' });
  const newest = Math.floor(currentSlot / SAMPLE_SLOTS) * SAMPLE_SLOTS;
  return Array.from({ length: limit }, (_, i) => {
    const slot = newest - i * SAMPLE_SLOTS;
    return {
      numNonVoteTransactions: i >= 700 ? null : 88_000 + ((slot / SAMPLE_SLOTS) % 13) * 1_100,
      numSlots: SAMPLE_SLOTS,
      numTransactions: 3_100 * SAMPLE_SLOTS,
      samplePeriodSecs: 60,
      slot,
    };
  });
}

/** A full snapshot every 25,000 rooted slots, an incremental one every 100 on top of it (agave's defaults). */
function highestSnapshots(currentSlot: number) {
  const root = currentSlot - SLOTS_TO_ROOT;
  const full = Math.floor(root / 25_000) * 25_000;
  const incremental = Math.floor(root / 100) * 100;
  return { full, incremental: incremental > full ? incremental : null };
}

/** Full inflation without the foundation share, as on mainnet-beta. */
const INFLATION = { foundation: 0, foundationTerm: 0, initial: 0.08, taper: 0.15, terminal: 0.015 };
/** Slots in a year of 400 ms slots (agave's `slots_per_year` at 160 ticks of 6.25 ms a slot). */
const SLOTS_PER_YEAR = (365.242199 * 24 * 60 * 60) / 0.4;
/** The slot inflation started from: chosen so the rate matches the supply's growth of about 160,000 SOL an epoch. */
const INFLATION_START_SLOT = 95_040_000;

/** getInflationRate as agave computes it: the taper applied for the years since inflation began, at the epoch's last slot. */
function inflationRate(currentSlot: number) {
  const epoch = Math.floor((currentSlot - SLOTS_TO_ROOT) / SLOTS_PER_EPOCH);
  const year = ((epoch + 1) * SLOTS_PER_EPOCH - 1 - INFLATION_START_SLOT) / SLOTS_PER_YEAR;
  const total = Math.max(INFLATION.initial * (1 - INFLATION.taper) ** year, INFLATION.terminal);
  return { epoch, foundation: 0, total, validator: total };
}
