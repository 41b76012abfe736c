/**
 * `solrpc validators`, as the Solana CLI's `solana validators` prints it (agave cli/src/cluster_query.rs
 * `process_show_validators`, cli-output `CliValidators` and its Display): every vote account with its
 * identity, commission, last vote and root (with their distance from the highest), skip rate this epoch,
 * credits this epoch, version and active stake; then the average skip rates, the stake totals and the
 * stake by version. Stakes are exact: the Solana CLI prints them through an f64 with nine decimals, which
 * can be off in the last digit above 9 million SOL; solrpc prints the same nine decimals exactly.
 */
import type { ClusterNode, VoteAccountInfo } from '../../index.js';
import { CliError } from '../cliError.js';
import type { Command } from '../command.js';
import { balanceMessage, formatLamports, formatSol, pad, safe } from '../format.js';
import { EXIT } from '../io.js';

/** The Solana CLI's `--sort` values. */
const SORTS = [
  'delinquent',
  'commission',
  'credits',
  'identity',
  'last-vote',
  'root',
  'skip-rate',
  'stake',
  'version',
  'vote-account',
] as const;
type Sort = (typeof SORTS)[number];

interface Validator {
  identityPubkey: string;
  voteAccountPubkey: string;
  commission: number;
  lastVote: number;
  rootSlot: number;
  /** Lifetime credits at the current epoch's entry, 0 without one. */
  credits: number;
  /** Credits earned this epoch. */
  epochCredits: number;
  activatedStake: bigint;
  /** Its gossip version as semver text, or `unknown`. */
  version: string;
  delinquent: boolean;
  /** Percent of its leader slots this epoch without a block; `null` when it has led none (or production is unknown). */
  skipRate: number | null;
}

export const validators: Command = {
  positionals: { min: 0, max: 0 },
  options: ['sort', 'reverse', 'number', 'lamports', 'keep-unstaked-delinquents', 'delinquent-slot-distance'],
  async run(ctx, _args, options) {
    const sort = (options.sort ?? 'stake') as Sort;
    if (!SORTS.includes(sort)) throw new CliError(`--sort must be one of ${SORTS.join(', ')}`);
    const distanceText = options['delinquent-slot-distance'];
    const distance = distanceText === undefined ? undefined : Number(distanceText);
    if (
      distance !== undefined &&
      !(Number.isSafeInteger(distance) && distance >= 0 && /^\d+$/.test(distanceText ?? ''))
    ) {
      throw new CliError('--delinquent-slot-distance must be a whole number of slots');
    }
    const { signal } = ctx.call;
    const [epochInfo, votes] = await Promise.all([
      ctx.rpc.getEpochInfo(ctx.call),
      ctx.rpc.getVoteAccounts({
        ...ctx.call,
        keepUnstakedDelinquents: options['keep-unstaked-delinquents'] === true,
        ...(distance === undefined ? {} : { delinquentSlotDistance: distance }),
      }),
    ]);
    // As the Solana CLI: skip rates are left out when block production cannot be read.
    const production = await ctx.rpc.getBlockProduction(ctx.call).catch((error: unknown) => {
      if (signal?.aborted) throw error;
      return undefined;
    });
    const nodes = await ctx.rpc.getClusterNodes(signal ? { signal } : {});

    const versionOf = versionsByIdentity(nodes);
    const skipRateOf = (identity: string): number | null => {
      const entry = production?.value.byIdentity[identity];
      if (!entry) return null;
      const [leaderSlots, produced] = entry;
      return (100 * Math.max(0, leaderSlots - produced)) / leaderSlots;
    };
    const build = (info: VoteAccountInfo, delinquent: boolean): Validator => {
      const entry = info.epochCredits.find(([epoch]) => epoch === epochInfo.epoch);
      return {
        identityPubkey: info.nodePubkey,
        voteAccountPubkey: info.votePubkey,
        commission: info.commission,
        lastVote: info.lastVote,
        rootSlot: info.rootSlot,
        credits: entry ? entry[1] : 0,
        epochCredits: entry ? Math.max(0, entry[1] - entry[2]) : 0,
        activatedStake: info.activatedStake,
        version: versionOf.get(info.nodePubkey) ?? 'unknown',
        delinquent,
        skipRate: skipRateOf(info.nodePubkey),
      };
    };
    const list = [...votes.current.map((v) => build(v, false)), ...votes.delinquent.map((v) => build(v, true))];
    const summary = summarize(list);

    if (ctx.json) {
      ctx.printJson({
        totalActiveStake: summary.totalActive,
        totalCurrentStake: summary.totalActive - summary.totalDelinquent,
        totalDelinquentStake: summary.totalDelinquent,
        validators: list,
        averageSkipRate: summary.averageSkipRate,
        averageStakeWeightedSkipRate: summary.weightedSkipRate,
        stakeByVersion: Object.fromEntries(summary.byVersion),
      });
      return EXIT.ok;
    }
    ctx.print(
      table(list, summary, {
        sort,
        reverse: options.reverse === true,
        number: options.number === true,
        lamports: options.lamports === true,
        bold: ctx.paint.bold,
      }),
    );
    return EXIT.ok;
  },
};

/** Each node's version from gossip, as the Solana CLI reads it: semver text, `unknown` otherwise. */
function versionsByIdentity(nodes: ClusterNode[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const node of nodes) {
    const version = node.version === null ? '' : safe(node.version, 40);
    map.set(node.pubkey, SEMVER.test(version) ? version : 'unknown');
  }
  return map;
}

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

interface VersionStake {
  currentValidators: number;
  delinquentValidators: number;
  currentActiveStake: bigint;
  delinquentActiveStake: bigint;
}

function summarize(list: Validator[]) {
  let totalActive = 0n;
  let totalDelinquent = 0n;
  let rated = 0;
  let rateSum = 0;
  let weightedSum = 0;
  const byVersion = new Map<string, VersionStake>();
  for (const v of list) {
    totalActive += v.activatedStake;
    if (v.delinquent) totalDelinquent += v.activatedStake;
    if (v.skipRate !== null) {
      rated++;
      rateSum += v.skipRate;
      weightedSum += v.skipRate * Number(v.activatedStake);
    }
    const entry = byVersion.get(v.version) ?? {
      currentValidators: 0,
      delinquentValidators: 0,
      currentActiveStake: 0n,
      delinquentActiveStake: 0n,
    };
    if (v.delinquent) {
      entry.delinquentValidators++;
      entry.delinquentActiveStake += v.activatedStake;
    } else {
      entry.currentValidators++;
      entry.currentActiveStake += v.activatedStake;
    }
    byVersion.set(v.version, entry);
  }
  // The Solana CLI's fallback when nothing could be rated: 100% both.
  const some = rated > 0 && totalActive > 0n;
  return {
    totalActive,
    totalDelinquent,
    averageSkipRate: some ? rateSum / rated : 100,
    weightedSkipRate: some ? weightedSum / Number(totalActive) : 100,
    // Ascending versions, `unknown` first, as the Solana CLI's BTreeMap orders them.
    byVersion: [...byVersion.entries()].sort(([a], [b]) => compareVersions(a, b)),
  };
}

/** Semver order of two version texts; `unknown` below every version. */
function compareVersions(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'unknown') return -1;
  if (b === 'unknown') return 1;
  const parts = (v: string) => (v.split(/[-+]/)[0] ?? '').split('.').map(Number);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  // A pre-release sorts below its release.
  const pre = (v: string) => v.split('+')[0]?.includes('-') ?? false;
  return pre(a) === pre(b) ? (a < b ? -1 : 1) : pre(a) ? -1 : 1;
}

const compareBig = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The Solana CLI's orders (all ascending; `--reverse` turns them around). Sorting is stable, as Rust's. */
const ORDER: Record<Sort, (a: Validator, b: Validator) => number> = {
  delinquent: (a, b) => Number(a.delinquent) - Number(b.delinquent),
  commission: (a, b) => a.commission - b.commission,
  credits: (a, b) => a.epochCredits - b.epochCredits,
  identity: (a, b) => compareText(a.identityPubkey, b.identityPubkey),
  'last-vote': (a, b) => a.lastVote - b.lastVote,
  root: (a, b) => a.rootSlot - b.rootSlot,
  // No skip rate sorts after every rate.
  'skip-rate': (a, b) =>
    a.skipRate === null ? (b.skipRate === null ? 0 : 1) : b.skipRate === null ? -1 : a.skipRate - b.skipRate,
  stake: (a, b) => compareBig(a.activatedStake, b.activatedStake),
  version: (a, b) => compareVersions(a.version, b.version) || compareBig(a.activatedStake, b.activatedStake),
  'vote-account': (a, b) => compareText(a.voteAccountPubkey, b.voteAccountPubkey),
};

const right = (text: string, width: number) => (text.length >= width ? text : ' '.repeat(width - text.length) + text);
const percent = (part: bigint, total: bigint) => ((100 * Number(part)) / Number(total)).toFixed(2);

/** A slot, with its distance from the highest when within 100 of it; `-` for none (0). */
function slotCell(slot: number, highest: number): string {
  if (slot === 0) return '        -      ';
  if (slot === highest) return `${right(String(slot), 9)} (  0)`;
  if (slot > highest - 100) return `${right(String(slot), 9)} (${right(String(slot - highest), 3)})`;
  return `${right(String(slot), 9)}      `;
}

function table(
  list: Validator[],
  summary: ReturnType<typeof summarize>,
  view: { sort: Sort; reverse: boolean; number: boolean; lamports: boolean; bold: (text: string) => string },
): string {
  const sorted = [...list].sort(ORDER[view.sort]);
  if (view.reverse) sorted.reverse();
  const padding = view.number ? Math.floor(Math.log10(sorted.length + 1)) + 1 : 0;
  // The Solana CLI's format string: "{:padding$} {:<44}  {:<38}  {}  {}  {} {}  {}  {}  {:>22}".
  const header = view.bold(
    [
      `${pad(' ', padding + 2)} ${pad('Identity', 44)}`,
      pad('Vote Account', 38),
      'Commission',
      'Last Vote      ',
      'Root Slot     Skip Rate',
      'Credits',
      'Version',
      right('Active Stake', 22),
    ].join('  '),
  );
  const highestRoot = Math.max(0, ...sorted.map((v) => v.rootSlot));
  const highestVote = Math.max(0, ...sorted.map((v) => v.lastVote));
  const lines = [header];
  sorted.forEach((v, i) => {
    const number = padding > 0 ? `${right(String(view.reverse ? i + 1 : sorted.length - i), padding)} ` : '';
    const stake = view.lamports ? formatLamports(v.activatedStake) : `${formatSol(v.activatedStake, true)} SOL`;
    const share = summary.totalActive > 0n ? percent(v.activatedStake, summary.totalActive) : 'NaN';
    lines.push(
      `${number}${v.delinquent ? '⚠️' : '\u00a0'} ${pad(v.identityPubkey, 44)}  ${pad(v.voteAccountPubkey, 44)}  ${right(String(v.commission), 3)}%  ${right(slotCell(v.lastVote, highestVote), 14)}  ${right(slotCell(v.rootSlot, highestRoot), 14)} ${right(v.skipRate === null ? '-   ' : `${v.skipRate.toFixed(2)}%`, 7)} ${right(String(v.epochCredits), 8)}  ${right(v.version, 7)}  ${right(stake, 22)} (${share}%)`,
    );
  });
  // The header has long scrolled away: the Solana CLI prints it again as a footer.
  if (list.length > 100) lines.push(header);
  const { totalActive, totalDelinquent } = summary;
  const balance = (lamports: bigint) => balanceMessage(lamports, view.lamports);
  lines.push(
    '',
    `${view.bold('Average Stake-Weighted Skip Rate:')} ${summary.weightedSkipRate.toFixed(2)}%`,
    `${view.bold('Average Unweighted Skip Rate:    ')} ${summary.averageSkipRate.toFixed(2)}%`,
    '',
    `${view.bold('Active Stake:')} ${balance(totalActive)}`,
  );
  if (totalDelinquent > 0n) {
    const current = totalActive - totalDelinquent;
    lines.push(
      `${view.bold('Current Stake:')} ${balance(current)} (${percent(current, totalActive)}%)`,
      `${view.bold('Delinquent Stake:')} ${balance(totalDelinquent)} (${percent(totalDelinquent, totalActive)}%)`,
    );
  }
  lines.push('', view.bold('Stake By Version:'));
  for (const [version, stake] of [...summary.byVersion].reverse()) {
    const delinquent =
      stake.delinquentValidators > 0
        ? ` ${right(String(stake.delinquentValidators), 3)} delinquent validators (${right(percent(stake.delinquentActiveStake, totalActive), 5)}%)`
        : '';
    lines.push(
      `${pad(version, 7)} - ${right(String(stake.currentValidators), 4)} current validators (${right(percent(stake.currentActiveStake, totalActive), 5)}%)${delinquent}`,
    );
  }
  return lines.join('\n');
}
