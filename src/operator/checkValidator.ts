/**
 * The operator's health check: is a validator visible in gossip, voting, staked and progressing?
 * Built only on the public methods, so an app that never calls it carries none of it.
 */

import type { RpcWith } from '../createRpc.js';
import { AbortError } from '../errors/AbortError.js';
import { firstLine } from '../errors/firstLine.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { isSolRpcError } from '../errors/isSolRpcError.js';
import type { getBlockProduction } from '../methods/getBlockProduction.js';
import type { ClusterNode, getClusterNodes } from '../methods/getClusterNodes.js';
import type { EpochInfo, getEpochInfo } from '../methods/getEpochInfo.js';
import type { getLeaderSchedule, LeaderSchedule } from '../methods/getLeaderSchedule.js';
import type { getVoteAccounts, VoteAccountInfo } from '../methods/getVoteAccounts.js';
import { checkAddress, checkCommitment } from '../options/check.js';
import type { Address, Commitment } from '../types/index.js';
import {
  connectNode,
  DEFAULT_SKIP_RATE,
  DEFAULT_SNAPSHOT_AGE,
  type Levels,
  type NodeRpc,
  type NodeStatus,
  nodeChecks,
  skipRate,
} from './nodeChecks.js';
import { waitFor } from './wait.js';

export type { Levels, NodeRpc, NodeStatus } from './nodeChecks.js';

/** The methods the check calls: a full `createRpc` client, or `createRpcWith` with just these five. */
export type CheckValidatorRpc = RpcWith<{
  /** Answers `visible`. */
  getClusterNodes: typeof getClusterNodes;
  /** Answers `voting`, `staked` and `vote-progress`. */
  getVoteAccounts: typeof getVoteAccounts;
  /** Answers `cluster-progress`. */
  getEpochInfo: typeof getEpochInfo;
  /** Answers `leader-slots`. */
  getLeaderSchedule: typeof getLeaderSchedule;
  /** Answers `skip-rate`. */
  getBlockProduction: typeof getBlockProduction;
}>;

/** Options of `checkValidator`. */
export interface CheckValidatorOptions {
  /** The validator's identity. */
  identity: Address;
  /** Its vote account. Found by `nodePubkey` among all vote accounts when not given. */
  votePubkey?: Address;
  /** How many times to sample the slot and the latest vote; at least 2 to judge progress. Default 2. */
  samples?: number;
  /** Milliseconds between samples. Default 2000 (about five slots). */
  interval?: number;
  /** Commitment for every call; the node's default (`finalized`) when not given. */
  commitment?: Commitment;
  /** Cancels the check; it then rejects with `AbortError`. */
  signal?: AbortSignal;
  /** Waits between samples; inject a fake to test without real time. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Milliseconds since some fixed point, for elapsed times in reasons; `Date.now` by default. */
  now?: () => number;
  /** Skip rate this epoch, in percent, from which `skip-rate` warns and is critical. Default 10 and 25. */
  skipRate?: Levels;
  /** Age of the node's newest snapshot, in slots, from which `snapshot` warns and is critical. Default 30,000 and 100,000. */
  snapshotAge?: Levels;
  /**
   * How to reach the validator's own node at the `ip:port` it advertises in gossip, for `node-health`
   * and `snapshot`. Default: plain HTTP, one attempt, a 5 s timeout.
   */
  connectNode?: (address: string) => NodeRpc;
}

/** How a finding, or the whole check, came out. */
export type Verdict = 'ok' | 'warning' | 'critical' | 'unknown';

/** The checks `checkValidator` runs. */
export type CheckName =
  | 'visible'
  | 'voting'
  | 'staked'
  | 'cluster-progress'
  | 'vote-progress'
  | 'leader-slots'
  | 'skip-rate'
  | 'node-health'
  | 'snapshot';

/** One check's outcome, with a sentence saying why. */
export interface Finding {
  /** Which check. */
  check: CheckName;
  /** How it came out. */
  verdict: Verdict;
  /** One sentence saying why, fit for a log line or an alert. */
  reason: string;
}

/** What `checkValidator` found. */
export interface ValidatorReport {
  /** The identity checked. */
  identity: Address;
  /** The worst verdict of the findings, in the order ok < unknown < warning < critical. */
  verdict: Verdict;
  /** The nine findings, always in the order of `CheckName`. */
  findings: Finding[];
  /** The node's entry in gossip, when found. */
  gossip?: {
    /** Its gossip address, `"ip:port"`. */
    address: string | null;
    /** Its software version. */
    version: string | null;
    /** Its public JSON-RPC address, `"ip:port"`, when it serves one. */
    rpc: string | null;
    /** Whether it advertises a public RPC address. */
    advertisesRpc: boolean;
  };
  /** The vote account, when found (at the last sample). */
  vote?: {
    /** The vote account's address. */
    votePubkey: Address;
    /** Whether it was in the `delinquent` list. */
    delinquent: boolean;
    /** The latest slot it voted on. */
    lastVote: number;
    /** Its latest rooted slot. */
    rootSlot: number;
    /** Its active stake in lamports, exact. */
    activatedStake: bigint;
    /** Its commission in percent. */
    commission: number;
    /** Credits earned in the current epoch; `null` when the account has no entry for it yet. */
    creditsThisEpoch: number | null;
  };
  /** The epoch samples taken, oldest first. */
  samples: EpochInfo[];
  /** Leader slots in the current epoch, when the schedule could be read. */
  leaderSlots?: {
    /** The epoch of the first sample. */
    epoch: number;
    /** How many slots the validator leads in that epoch. */
    count: number;
    /** The next slot it leads after the last sample; `null` when none is left this epoch. */
    nextSlot: number | null;
  };
  /** Its leader slots so far this epoch and how many hold a block, when block production could be read. */
  blockProduction?: {
    /** Leader slots up to the slot the RPC node reached. */
    leaderSlots: number;
    /** How many of them hold a block. */
    blocksProduced: number;
  };
  /** What its own node said, when it advertises a public RPC address. */
  node?: NodeStatus;
}

const RANK: Record<Verdict, number> = { ok: 0, unknown: 1, warning: 2, critical: 3 };

/**
 * Checks one validator and reports each finding with its reason. It never throws for an unhealthy
 * validator or a failed request (those become `critical` or `unknown` findings); only bad options
 * (`InvalidInputError`) and the caller's abort (`AbortError`) reject. Give it a client made with
 * `freshReads: false`, so that it sees what the node says (a slot going backwards behind a load-balanced
 * URL is one of its findings; fresh reads would refuse that answer).
 * @example
 * const report = await checkValidator(createRpc(url, { freshReads: false }), { identity, votePubkey });
 * for (const f of report.findings) console.log(f.verdict, f.check, f.reason);
 */
export async function checkValidator(rpc: CheckValidatorRpc, options: CheckValidatorOptions): Promise<ValidatorReport> {
  const settings = checkOptions(options);
  const { identity, commitment, signal } = settings;
  const call = { commitment, signal };
  const findings: Finding[] = [];
  const report: ValidatorReport = { identity, verdict: 'ok', findings, samples: [] };

  const [nodes, votes, firstEpoch, schedule, production] = await Promise.allSettled([
    rpc.getClusterNodes({ signal }),
    rpc.getVoteAccounts({ ...call, keepUnstakedDelinquents: true, votePubkey: settings.votePubkey }),
    rpc.getEpochInfo(call),
    rpc.getLeaderSchedule({ ...call, identity }),
    rpc.getBlockProduction({ ...call, identity }),
  ]);
  rethrowAbort(signal, nodes, votes, firstEpoch, schedule, production);

  findings.push(visibility(report, nodes));
  let account = votes.status === 'fulfilled' ? findAccount(votes.value, identity, settings.votePubkey) : undefined;
  const lastVotes: number[] = account ? [account.info.lastVote] : [];
  if (firstEpoch.status === 'fulfilled') report.samples.push(firstEpoch.value);

  // Later samples: the slot, and the vote account found at the first one.
  const started = settings.now();
  for (let i = 1; i < settings.samples; i++) {
    await settings.sleep(settings.interval, signal).catch((error: unknown) => {
      throw signal?.aborted ? new AbortError({ reason: signal.reason }) : error;
    });
    const votePubkey = account?.info.votePubkey;
    const [epoch, again] = await Promise.allSettled([
      rpc.getEpochInfo(call),
      votePubkey
        ? rpc.getVoteAccounts({ ...call, keepUnstakedDelinquents: true, votePubkey })
        : Promise.resolve(undefined),
    ]);
    rethrowAbort(signal, epoch, again);
    if (epoch.status === 'fulfilled') report.samples.push(epoch.value);
    const latest =
      again.status === 'fulfilled' && again.value ? findAccount(again.value, identity, votePubkey) : undefined;
    if (latest) {
      account = latest;
      lastVotes.push(latest.info.lastVote);
    }
  }
  const elapsedSeconds = Math.max(0, (settings.now() - started) / 1000);

  findings.push(...voting(report, votes, account, settings.votePubkey));
  findings.push(clusterProgress(report.samples, firstEpoch, settings.samples, elapsedSeconds));
  findings.push(voteProgress(report.samples, lastVotes, account !== undefined, settings.samples));
  // The schedule was read with the first sample: count its slots in that epoch, and look for the
  // next one after the latest slot seen.
  findings.push(leaderSlots(report, schedule, report.samples[0], report.samples.at(-1)));
  const skips = skipRate(identity, production, settings.skipRate);
  findings.push(skips.finding);
  if (skips.leaderSlots !== undefined && skips.blocksProduced !== undefined) {
    report.blockProduction = { leaderSlots: skips.leaderSlots, blocksProduced: skips.blocksProduced };
  }
  const advertised = nodes.status === 'rejected' ? undefined : report.gossip ? report.gossip.rpc : 'not-in-gossip';
  const node = await nodeChecks(
    advertised,
    settings.connectNode,
    report.samples.at(-1)?.absoluteSlot,
    settings.snapshotAge,
    signal,
  );
  if (signal?.aborted) throw new AbortError({ reason: signal.reason });
  findings.push(...node.findings);
  if (node.status) report.node = node.status;
  report.verdict = findings.reduce<Verdict>((worst, f) => (RANK[f.verdict] > RANK[worst] ? f.verdict : worst), 'ok');
  return report;
}

function checkOptions(options: CheckValidatorOptions) {
  const method = 'checkValidator';
  if (typeof options !== 'object' || options === null) {
    throw new InvalidInputError({ method, param: 'options', problem: 'expected { identity, … }' });
  }
  const samples = options.samples ?? 2;
  const interval = options.interval ?? 2000;
  if (!Number.isSafeInteger(samples) || samples < 1 || samples > 1000) {
    throw new InvalidInputError({ method, param: 'options.samples', problem: 'expected an integer from 1 to 1000' });
  }
  if (typeof interval !== 'number' || !Number.isFinite(interval) || interval < 0) {
    throw new InvalidInputError({
      method,
      param: 'options.interval',
      problem: 'expected a non-negative number of milliseconds',
    });
  }
  const { signal } = options;
  if (
    signal !== undefined &&
    (typeof signal !== 'object' || signal === null || typeof signal.addEventListener !== 'function')
  ) {
    throw new InvalidInputError({ method, param: 'options.signal', problem: 'expected an AbortSignal' });
  }
  for (const name of ['sleep', 'now', 'connectNode'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new InvalidInputError({ method, param: `options.${name}`, problem: 'expected a function' });
    }
  }
  return {
    identity: checkAddress(method, 'options.identity', options.identity),
    votePubkey:
      options.votePubkey === undefined ? undefined : checkAddress(method, 'options.votePubkey', options.votePubkey),
    commitment: checkCommitment(method, options.commitment, 'options.commitment'),
    samples,
    interval,
    signal: options.signal,
    sleep: options.sleep ?? waitFor,
    now: options.now ?? Date.now,
    skipRate: checkLevels(method, 'options.skipRate', options.skipRate, DEFAULT_SKIP_RATE),
    snapshotAge: checkLevels(method, 'options.snapshotAge', options.snapshotAge, DEFAULT_SNAPSHOT_AGE),
    connectNode: options.connectNode ?? connectNode,
  };
}

/** `{ warning, critical }`: two non-negative numbers, the warning level not above the critical one. */
function checkLevels(method: string, param: string, value: unknown, fallback: Levels): Levels {
  if (value === undefined) return fallback;
  const { warning, critical } = (value ?? {}) as Partial<Levels>;
  const valid = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;
  if (typeof value !== 'object' || value === null || !valid(warning) || !valid(critical) || warning > critical) {
    throw new InvalidInputError({
      method,
      param,
      problem: 'expected { warning, critical }: non-negative numbers, warning not above critical',
    });
  }
  return { warning, critical };
}

/** The caller's abort ends the check; any other failure becomes an `unknown` finding. */
function rethrowAbort(signal: AbortSignal | undefined, ...outcomes: PromiseSettledResult<unknown>[]): void {
  if (signal?.aborted) throw new AbortError({ reason: signal.reason });
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected' && isSolRpcError(outcome.reason, 'AbortError')) throw outcome.reason;
  }
}

/** Why a request failed, in words fit for a finding. */
function failure(what: string, reason: unknown): string {
  // The client's hint says why for this very method: --full-rpc-api, or a proxy, or an older version.
  if (isSolRpcError(reason, 'RpcError') && reason.code === -32601) {
    const why = reason.hint?.replace(/\.$/, '') ?? 'the RPC node does not serve this method; try another RPC URL';
    return `could not check ${what}: ${why}`;
  }
  const message = firstLine(reason);
  return `could not check ${what}: ${message}`;
}

function visibility(report: ValidatorReport, nodes: PromiseSettledResult<ClusterNode[]>): Finding {
  const check = 'visible';
  if (nodes.status === 'rejected') return { check, verdict: 'unknown', reason: failure('gossip', nodes.reason) };
  const node = nodes.value.find((n) => n.pubkey === report.identity);
  if (!node) {
    return {
      check,
      verdict: 'critical',
      reason: `not in gossip: none of the ${nodes.value.length} nodes the RPC node sees has this identity`,
    };
  }
  report.gossip = { address: node.gossip, version: node.version, rpc: node.rpc, advertisesRpc: node.rpc !== null };
  const rpc = node.rpc ? `, advertises RPC at ${node.rpc}` : ', no public RPC';
  return {
    check,
    verdict: 'ok',
    reason: `in gossip at ${node.gossip ?? 'no address'}, version ${node.version ?? 'unknown'}${rpc}`,
  };
}

interface FoundAccount {
  info: VoteAccountInfo;
  delinquent: boolean;
}

function findAccount(
  lists: { current: VoteAccountInfo[]; delinquent: VoteAccountInfo[] },
  identity: Address,
  votePubkey: Address | undefined,
): FoundAccount | undefined {
  const matches = (a: VoteAccountInfo) => (votePubkey ? a.votePubkey === votePubkey : a.nodePubkey === identity);
  const current = lists.current.find(matches);
  if (current) return { info: current, delinquent: false };
  const delinquent = lists.delinquent.find(matches);
  return delinquent ? { info: delinquent, delinquent: true } : undefined;
}

function voting(
  report: ValidatorReport,
  votes: PromiseSettledResult<unknown>,
  account: FoundAccount | undefined,
  votePubkey: Address | undefined,
): Finding[] {
  if (votes.status === 'rejected') {
    const reason = failure('the vote account', votes.reason);
    return [
      { check: 'voting', verdict: 'unknown', reason },
      { check: 'staked', verdict: 'unknown', reason },
    ];
  }
  if (!account) {
    const reason = votePubkey
      ? `${votePubkey} is not a vote account the cluster knows`
      : 'no vote account votes for this identity (pass the vote account to check it directly)';
    return [
      { check: 'voting', verdict: 'critical', reason },
      { check: 'staked', verdict: 'unknown', reason: 'cannot check stake without a vote account' },
    ];
  }
  const { info, delinquent } = account;
  const epoch = report.samples.at(-1)?.epoch;
  const entry = info.epochCredits.find(([e]) => e === epoch);
  const creditsThisEpoch = entry ? entry[1] - entry[2] : null;
  report.vote = {
    votePubkey: info.votePubkey,
    delinquent,
    lastVote: info.lastVote,
    rootSlot: info.rootSlot,
    activatedStake: info.activatedStake,
    commission: info.commission,
    creditsThisEpoch,
  };
  const findings: Finding[] = [];
  const slot = report.samples.at(-1)?.absoluteSlot;
  const behind = slot !== undefined ? `, ${plural(Math.max(0, slot - info.lastVote), 'slot')} behind` : '';
  if (info.nodePubkey !== report.identity) {
    findings.push({
      check: 'voting',
      verdict: 'critical',
      reason: `vote account ${info.votePubkey} votes for another identity, ${info.nodePubkey}`,
    });
  } else if (delinquent) {
    findings.push({
      check: 'voting',
      verdict: 'critical',
      reason: `delinquent: last vote at slot ${info.lastVote}${behind}`,
    });
  } else {
    const credits = creditsThisEpoch === null ? '' : `, ${creditsThisEpoch} credits this epoch`;
    findings.push({
      check: 'voting',
      verdict: 'ok',
      reason: `voting with ${info.votePubkey}: last vote at slot ${info.lastVote}${behind}, root ${info.rootSlot}${credits}`,
    });
  }
  findings.push(
    info.activatedStake > 0n
      ? { check: 'staked', verdict: 'ok', reason: `${info.activatedStake} lamports of active stake` }
      : {
          check: 'staked',
          verdict: 'warning',
          reason: 'no active stake: the account votes but earns no rewards and leads no slots',
        },
  );
  return findings;
}

function clusterProgress(
  samples: EpochInfo[],
  first: PromiseSettledResult<unknown>,
  wanted: number,
  seconds: number,
): Finding {
  const check = 'cluster-progress';
  if (first.status === 'rejected') return { check, verdict: 'unknown', reason: failure('the slot', first.reason) };
  if (wanted < 2) return { check, verdict: 'unknown', reason: 'one sample cannot show progress (use samples ≥ 2)' };
  if (samples.length < 2) return { check, verdict: 'unknown', reason: 'could not read the slot a second time' };
  const firstSample = samples[0] as EpochInfo;
  const last = samples.at(-1) as EpochInfo;
  // absoluteSlot, not slotIndex: the index resets to 0 when an epoch ends.
  const advanced = last.absoluteSlot - firstSample.absoluteSlot;
  const rollover = last.epoch !== firstSample.epoch ? ` (epoch ${firstSample.epoch} → ${last.epoch})` : '';
  if (advanced > 0) {
    return {
      check,
      verdict: 'ok',
      reason: `the cluster advanced ${plural(advanced, 'slot')} in ${seconds.toFixed(1)} s${rollover}`,
    };
  }
  if (advanced < 0) {
    // Two answers from different nodes behind one load-balanced URL can go backwards; that says
    // nothing about the cluster.
    return {
      check,
      verdict: 'unknown',
      reason: `the slot went backwards (${firstSample.absoluteSlot} → ${last.absoluteSlot}): the RPC URL may balance across nodes that disagree`,
    };
  }
  return {
    check,
    verdict: 'critical',
    reason: `the cluster is stalled: slot ${last.absoluteSlot} did not advance in ${seconds.toFixed(1)} s`,
  };
}

function voteProgress(samples: EpochInfo[], lastVotes: number[], found: boolean, wanted: number): Finding {
  const check = 'vote-progress';
  if (!found) return { check, verdict: 'unknown', reason: 'no vote account to follow' };
  if (wanted < 2 || lastVotes.length < 2)
    return { check, verdict: 'unknown', reason: 'needs two samples of the vote account' };
  const advanced = (lastVotes.at(-1) as number) - (lastVotes[0] as number);
  if (advanced > 0) return { check, verdict: 'ok', reason: `the last vote advanced ${plural(advanced, 'slot')}` };
  if (samples.length < 2) {
    return {
      check,
      verdict: 'unknown',
      reason: 'could not read the slot twice, so stalled votes cannot be told apart',
    };
  }
  const clusterAdvanced = (samples.at(-1) as EpochInfo).absoluteSlot > (samples[0] as EpochInfo).absoluteSlot;
  if (!clusterAdvanced)
    return { check, verdict: 'unknown', reason: 'the cluster did not advance either, so votes could not' };
  return {
    check,
    verdict: 'critical',
    reason: `votes are stalled: the last vote stayed at slot ${lastVotes.at(-1)} while the cluster advanced`,
  };
}

function leaderSlots(
  report: ValidatorReport,
  schedule: PromiseSettledResult<LeaderSchedule>,
  epoch: EpochInfo | undefined,
  latest: EpochInfo | undefined,
): Finding {
  const check = 'leader-slots';
  if (schedule.status === 'rejected')
    return { check, verdict: 'unknown', reason: failure('leader slots', schedule.reason) };
  const indexes = schedule.value[report.identity] ?? [];
  if (!epoch) return { check, verdict: 'ok', reason: `${indexes.length} leader slots this epoch` };
  const firstSlot = epoch.absoluteSlot - epoch.slotIndex;
  const now = latest?.absoluteSlot ?? epoch.absoluteSlot;
  const next = indexes.find((index) => firstSlot + index > now);
  report.leaderSlots = {
    epoch: epoch.epoch,
    count: indexes.length,
    nextSlot: next === undefined ? null : firstSlot + next,
  };
  const upcoming = next === undefined ? 'none left this epoch' : `next at slot ${firstSlot + next}`;
  return {
    check,
    verdict: 'ok',
    reason: `${plural(indexes.length, 'leader slot')} in epoch ${epoch.epoch}; ${upcoming}`,
  };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
