/**
 * `solrpc validators`, as the newest Solana CLI's `solana validators` prints it (agave cli/src/cluster_query.rs
 * `process_show_validators`, cli-output `CliValidators` and its Display): every vote account with its
 * identity, commission, last vote and root (with their distance from the highest), skip rate this epoch,
 * credits this epoch, version, client id and active stake; then the average skip rates, the stake totals,
 * the stake by version and the stake by client id. Stakes are exact: the Solana CLI prints them through an
 * f64 with nine decimals, which can be off in the last digit above 9 million SOL; solrpc prints the same
 * nine decimals exactly.
 */

import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import { showsEmoji } from '../emoji.js';
import { alignRight, balanceMessage, formatLamports, formatSol, JsonF64, pad, rustFixed } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import type { VoteAccountInfo } from '../library.js';

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
  'client-id',
  'vote-account',
] as const;
type Sort = (typeof SORTS)[number];

interface Validator {
  identityPubkey: string;
  voteAccountPubkey: string;
  /** The inflation rewards commission in basis points, as the node sends it (or its percent × 100). */
  commissionBps: number;
  lastVote: number;
  rootSlot: number;
  /** Lifetime credits at the current epoch's entry, 0 without one. */
  credits: number;
  /** Credits earned this epoch. */
  epochCredits: number;
  activatedStake: bigint;
  /** Its gossip version as semver text, or `unknown`. */
  version: string;
  /** The client its node runs, as gossip names it (`Agave`, `JitoLabs`, `Unknown(42)`), or `Unknown`. */
  clientId: string;
  delinquent: boolean;
  /** Percent of its leader slots this epoch without a block; `null` when it has led none. */
  skipRate: number | null;
}

/** A row of the table: the validator with its parsed version and raw client id, which order the sorts. */
interface Row extends Validator {
  parsedVersion: Version | null;
  /** The node's `clientId`, `null` where gossip has none (`CliClientId(None)`). */
  rawClientId: string | null;
}

/** How the Solana CLI's `CliClientId` writes a missing client id, in the table and as a JSON key. */
const UNKNOWN_CLIENT = 'Unknown';

export const validators = defineCommand({
  name: 'validators',
  aliases: ['show-validators'],
  synopsis: 'validators',
  summary: 'Every vote account: votes, root, skip rate, credits, version, client, stake',
  help: `solrpc validators — every validator, as the Solana CLI's table shows them

Usage: solrpc validators [--sort ORDER] [--reverse] [--number] [--lamports]
                         [--keep-unstaked-delinquents] [--delinquent-slot-distance SLOTS] [options]

Options:
      --sort <ORDER>                       delinquent, commission, credits, identity, last-vote, root,
                                           skip-rate, stake (default), version, client-id or
                                           vote-account; ascending
  -r, --reverse                            Reverse the order
  -n, --number                             Number the rows
      --lamports                           Stakes in lamports
      --keep-unstaked-delinquents          Keep delinquent validators without stake
      --delinquent-slot-distance <SLOTS>   Votes this far behind make a validator delinquent (node default 128)

⚠️ marks a delinquent validator (! when LANG does not end in UTF-8, as the Solana CLI prints it).
Stakes are exact.

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 0 },
  options: {
    sort: { type: 'string' },
    reverse: { type: 'boolean', short: 'r' },
    number: { type: 'boolean', short: 'n' },
    lamports: { type: 'boolean' },
    'keep-unstaked-delinquents': { type: 'boolean' },
    'delinquent-slot-distance': { type: 'string' },
  },
  async run(ctx, _args, options) {
    const sort = (options.sort ?? 'stake') as Sort;
    if (!SORTS.includes(sort)) throw new CliError(`--sort must be one of ${SORTS.join(', ')}`);
    const distance = slotDistance(options['delinquent-slot-distance']);
    const { signal } = ctx.call;
    const bare = signal ? { signal } : {};
    // The Solana CLI's requests: epoch info at the configured commitment; vote accounts, block production
    // and gossip with no commitment (the node's default, finalized), `keepUnstakedDelinquents` always sent.
    // Any of them failing fails the command, block production included.
    const [epochInfo, votes, production, nodes] = await Promise.all([
      ctx.rpc.getEpochInfo(ctx.call),
      ctx.rpc.getVoteAccounts({
        ...bare,
        keepUnstakedDelinquents: options['keep-unstaked-delinquents'] === true,
        ...(distance === undefined ? {} : { delinquentSlotDistance: distance }),
      }),
      ctx.rpc.getBlockProduction(bare),
      ctx.rpc.getClusterNodes(bare),
    ]);

    // Each node by identity, from gossip; a later entry wins, as in the Solana CLI's HashMap.
    const nodeOf = new Map(nodes.map((node) => [node.pubkey, node]));
    const skipRateOf = (identity: string): number | null => {
      const entry = production.value.byIdentity[identity];
      if (!entry) return null;
      const [leaderSlots, produced] = entry;
      return (100 * Math.max(0, leaderSlots - produced)) / leaderSlots;
    };
    const build = (info: VoteAccountInfo, delinquent: boolean): Row => {
      const entry = info.epochCredits.find(([epoch]) => epoch === epochInfo.epoch);
      const node = nodeOf.get(info.nodePubkey);
      // A node absent from gossip has no version and no client id.
      const parsedVersion = parseVersion(node?.version ?? null);
      // The client as the newest agave's RPC names it (`Agave`, `Firedancer`, `Unknown(42)`), taken as it comes.
      const rawClientId = node?.clientId ?? null;
      return {
        identityPubkey: info.nodePubkey,
        voteAccountPubkey: info.votePubkey,
        commissionBps: info.inflationRewardsCommissionBps ?? info.commission * 100,
        lastVote: info.lastVote,
        rootSlot: info.rootSlot,
        credits: entry ? entry[1] : 0,
        epochCredits: entry ? Math.max(0, entry[1] - entry[2]) : 0,
        activatedStake: info.activatedStake,
        version: parsedVersion?.text ?? 'unknown',
        clientId: rawClientId ?? UNKNOWN_CLIENT,
        delinquent,
        skipRate: skipRateOf(info.nodePubkey),
        parsedVersion,
        rawClientId,
      };
    };
    const list = [...votes.current.map((v) => build(v, false)), ...votes.delinquent.map((v) => build(v, true))];
    const summary = summarize(list);

    if (ctx.json) {
      ctx.printJson({
        totalActiveStake: summary.totalActive,
        totalCurrentStake: summary.totalActive - summary.totalDelinquent,
        totalDelinquentStake: summary.totalDelinquent,
        validators: list.map(cliValidator),
        // serde_json's float text: a whole rate keeps its point (`100.0`), as the Solana CLI writes it.
        averageSkipRate: new JsonF64(summary.averageSkipRate),
        averageStakeWeightedSkipRate: new JsonF64(summary.weightedSkipRate),
        stakeByVersion: Object.fromEntries(summary.byVersion.map(([version, entry]) => [version, entry.stake])),
        stakeByClientId: Object.fromEntries(summary.byClientId.map(([clientId, entry]) => [clientId, entry.stake])),
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
        marker: delinquentMarker(ctx.io.env),
      }),
    );
    return EXIT.ok;
  },
});

/** `CliValidator` as serde writes it: these fields, in this order, the skip rate as an f64. */
function cliValidator(row: Row): Omit<Validator, 'skipRate'> & { skipRate: JsonF64 | null } {
  return {
    identityPubkey: row.identityPubkey,
    voteAccountPubkey: row.voteAccountPubkey,
    commissionBps: row.commissionBps,
    lastVote: row.lastVote,
    rootSlot: row.rootSlot,
    credits: row.credits,
    epochCredits: row.epochCredits,
    activatedStake: row.activatedStake,
    version: row.version,
    clientId: row.clientId,
    delinquent: row.delinquent,
    skipRate: row.skipRate === null ? null : new JsonF64(row.skipRate),
  };
}

/** `--delinquent-slot-distance`: a u64, as the Solana CLI's `is_slot` takes it. */
function slotDistance(text: string | undefined): number | bigint | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || BigInt(text) > 0xffff_ffff_ffff_ffffn) {
    throw new CliError('--delinquent-slot-distance must be a whole number of slots');
  }
  const value = BigInt(text);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/**
 * A version as the Solana CLI's `CliVersion` holds it: a semver 1.0 `Version` parsed from the gossip text,
 * or none (`unknown`) when the text is missing or not strict semver.
 */
interface Version {
  text: string;
  core: [bigint, bigint, bigint];
  pre: string[];
  build: string[];
}

const NUMBER = '(0|[1-9]\\d*)';
const IDENTIFIERS = '[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*';
const SEMVER = new RegExp(`^${NUMBER}\\.${NUMBER}\\.${NUMBER}(?:-(${IDENTIFIERS}))?(?:\\+(${IDENTIFIERS}))?$`);
const U64_MAX = 0xffff_ffff_ffff_ffffn;

function parseVersion(text: string | null): Version | null {
  const match = text === null ? null : SEMVER.exec(text);
  if (!match || text === null) return null;
  const core = [BigInt(match[1] ?? ''), BigInt(match[2] ?? ''), BigInt(match[3] ?? '')] as [bigint, bigint, bigint];
  const pre = match[4] === undefined ? [] : match[4].split('.');
  // semver refuses numbers above u64 and a numeric pre-release identifier with a leading zero.
  if (core.some((part) => part > U64_MAX) || pre.some((id) => /^0\d+$/.test(id))) return null;
  return { text, core, pre, build: match[5] === undefined ? [] : match[5].split('.') };
}

/** `CliClientId`'s derived order (an `Option<String>`): none first, then the names by their bytes. */
function compareClientIds(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

const sign = <T extends bigint | number | string>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
const isDigits = (id: string) => /^\d*$/.test(id);

/** semver's order of pre-release identifiers (an empty list is a release, above every pre-release). */
function comparePre(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return sign(b.length, a.length);
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? '';
    const y = b[i];
    if (y === undefined) return 1;
    if (isDigits(x) !== isDigits(y)) return isDigits(x) ? -1 : 1;
    const order = isDigits(x) ? sign(x.length, y.length) || sign(x, y) : sign(x, y);
    if (order !== 0) return order;
  }
  return a.length < b.length ? -1 : 0;
}

/** semver's order of build metadata: numbers by value (then by their leading zeros), the rest as text. */
function compareBuild(a: string[], b: string[]): number {
  const x = a.length === 0 ? [''] : a;
  const y = b.length === 0 ? [''] : b;
  for (let i = 0; i < x.length; i++) {
    const l = x[i] ?? '';
    const r = y[i];
    if (r === undefined) return 1;
    if (isDigits(l) !== isDigits(r)) return isDigits(l) ? -1 : 1;
    let order: number;
    if (isDigits(l)) {
      const [lv, rv] = [l.replace(/^0+/, ''), r.replace(/^0+/, '')];
      order = sign(lv.length, rv.length) || sign(lv, rv) || sign(l.length, r.length);
    } else order = sign(l, r);
    if (order !== 0) return order;
  }
  return x.length < y.length ? -1 : 0;
}

/** `CliVersion`'s derived order: none (`unknown`) first, then semver 1.0's `Ord` (build metadata included). */
function compareVersions(a: Version | null, b: Version | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  for (let i = 0; i < 3; i++) {
    const order = sign(a.core[i] ?? 0n, b.core[i] ?? 0n);
    if (order !== 0) return order;
  }
  return comparePre(a.pre, b.pre) || compareBuild(a.build, b.build);
}

/**
 * The delinquent marker: the Solana CLI prints a `console` Emoji, "⚠️" where that crate expects a terminal
 * to show emoji (macOS always, Windows Terminal, elsewhere a LANG ending in UTF-8) and "!" otherwise.
 */
function delinquentMarker(env: Readonly<Record<string, string | undefined>>): string {
  return showsEmoji(env) ? '⚠️' : '!';
}

interface VersionStake {
  currentValidators: number;
  delinquentValidators: number;
  currentActiveStake: bigint;
  delinquentActiveStake: bigint;
}

/** Counts a validator and its stake into its group (a version, a client id). */
function tally<K>(groups: Map<string, { key: K; stake: VersionStake }>, name: string, key: K, v: Row) {
  const entry = groups.get(name) ?? {
    key,
    stake: { currentValidators: 0, delinquentValidators: 0, currentActiveStake: 0n, delinquentActiveStake: 0n },
  };
  if (v.delinquent) {
    entry.stake.delinquentValidators++;
    entry.stake.delinquentActiveStake += v.activatedStake;
  } else {
    entry.stake.currentValidators++;
    entry.stake.currentActiveStake += v.activatedStake;
  }
  groups.set(name, entry);
}

function summarize(list: Row[]) {
  let totalActive = 0n;
  let totalDelinquent = 0n;
  let rated = 0;
  let rateSum = 0;
  let weightedSum = 0;
  const byVersion = new Map<string, { key: Version | null; stake: VersionStake }>();
  const byClientId = new Map<string, { key: string | null; stake: VersionStake }>();
  for (const v of list) {
    totalActive += v.activatedStake;
    if (v.delinquent) totalDelinquent += v.activatedStake;
    if (v.skipRate !== null) {
      rated++;
      rateSum += v.skipRate;
      weightedSum += v.skipRate * Number(v.activatedStake);
    }
    tally(byVersion, v.version, v.parsedVersion, v);
    tally(byClientId, v.clientId, v.rawClientId, v);
  }
  // The Solana CLI's fallback when nothing could be rated: 100% both.
  const some = rated > 0 && totalActive > 0n;
  return {
    totalActive,
    totalDelinquent,
    averageSkipRate: some ? rateSum / rated : 100,
    weightedSkipRate: some ? weightedSum / Number(totalActive) : 100,
    // Ascending, `unknown` first, as the Solana CLI's BTreeMaps order them.
    byVersion: [...byVersion.entries()].sort(([, a], [, b]) => compareVersions(a.key, b.key)),
    byClientId: [...byClientId.entries()].sort(([, a], [, b]) => compareClientIds(a.key, b.key)),
  };
}

/** The Solana CLI's orders (all ascending; `--reverse` turns them around). Sorting is stable, as Rust's. */
const ORDER: Record<Sort, (a: Row, b: Row) => number> = {
  delinquent: (a, b) => Number(a.delinquent) - Number(b.delinquent),
  commission: (a, b) => a.commissionBps - b.commissionBps,
  credits: (a, b) => a.epochCredits - b.epochCredits,
  identity: (a, b) => sign(a.identityPubkey, b.identityPubkey),
  'last-vote': (a, b) => a.lastVote - b.lastVote,
  root: (a, b) => a.rootSlot - b.rootSlot,
  // No skip rate sorts after every rate.
  'skip-rate': (a, b) =>
    a.skipRate === null ? (b.skipRate === null ? 0 : 1) : b.skipRate === null ? -1 : a.skipRate - b.skipRate,
  stake: (a, b) => sign(a.activatedStake, b.activatedStake),
  version: (a, b) => compareVersions(a.parsedVersion, b.parsedVersion) || sign(a.activatedStake, b.activatedStake),
  'client-id': (a, b) => compareClientIds(a.rawClientId, b.rawClientId) || sign(a.activatedStake, b.activatedStake),
  'vote-account': (a, b) => sign(a.voteAccountPubkey, b.voteAccountPubkey),
};

/** Rust's `{:.2}` of `100. * part as f64 / total as f64`: `NaN` when the total is 0. */
const percent = (part: bigint, total: bigint) => rustFixed((100 * Number(part)) / Number(total), 2);

/** A slot, with its distance from the highest when within 100 of it; `-` for none (0). */
function slotCell(slot: number, highest: number): string {
  if (slot === 0) return '        -      ';
  if (slot === highest) return `${alignRight(String(slot), 9)} (  0)`;
  if (slot > highest - 100) return `${alignRight(String(slot), 9)} (${alignRight(String(slot - highest), 3)})`;
  return `${alignRight(String(slot), 9)}      `;
}

interface View {
  sort: Sort;
  reverse: boolean;
  number: boolean;
  lamports: boolean;
  bold: (text: string) => string;
  /** What marks a delinquent validator: "⚠️" or "!". */
  marker: string;
}

function table(list: Row[], summary: ReturnType<typeof summarize>, view: View): string {
  const sorted = [...list].sort(ORDER[view.sort]);
  if (view.reverse) sorted.reverse();
  const padding = view.number ? Math.floor(Math.log10(sorted.length + 1)) + 1 : 0;
  // The Solana CLI's format string: "{:padding$} {:<44}  {:<40}  {}  {}  {} {}  {}  {} {:<14} {:>22}".
  const header = view.bold(
    [
      `${pad(' ', padding + 2)} ${pad('Identity', 44)}`,
      pad('Vote Account', 40),
      'Commission',
      'Last Vote      ',
      'Root Slot     Skip Rate',
      'Credits',
      `Version ${pad('Client Id', 14)} ${alignRight('Active Stake', 22)}`,
    ].join('  '),
  );
  const highestRoot = Math.max(0, ...sorted.map((v) => v.rootSlot));
  const highestVote = Math.max(0, ...sorted.map((v) => v.lastVote));
  const lines = [header];
  sorted.forEach((v, i) => {
    const number = padding > 0 ? `${alignRight(String(view.reverse ? i + 1 : sorted.length - i), padding)} ` : '';
    const stake = view.lamports ? formatLamports(v.activatedStake) : `${formatSol(v.activatedStake, true)} SOL`;
    const share = percent(v.activatedStake, summary.totalActive);
    lines.push(
      `${number}${v.delinquent ? view.marker : '\u00a0'} ${pad(v.identityPubkey, 44)}  ${pad(v.voteAccountPubkey, 44)}  ${alignRight(bpsPercent(v.commissionBps), 7)}  ${alignRight(slotCell(v.lastVote, highestVote), 14)}  ${alignRight(slotCell(v.rootSlot, highestRoot), 14)} ${alignRight(v.skipRate === null ? '-   ' : `${rustFixed(v.skipRate, 2)}%`, 7)} ${alignRight(String(v.epochCredits), 8)}  ${alignRight(v.version, 7)} ${pad(v.clientId, 14)} ${alignRight(stake, 22)} (${share}%)`,
    );
  });
  // The header has long scrolled away: the Solana CLI prints it again as a footer.
  if (list.length > 100) lines.push(header);
  const { totalActive, totalDelinquent } = summary;
  const balance = (lamports: bigint) => balanceMessage(lamports, view.lamports);
  lines.push(
    '',
    `${view.bold('Average Stake-Weighted Skip Rate:')} ${rustFixed(summary.weightedSkipRate, 2)}%`,
    `${view.bold('Average Unweighted Skip Rate:    ')} ${rustFixed(summary.averageSkipRate, 2)}%`,
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
  // "{:<W} - {:4} current validators ({:>5.2}%)" and, when some are delinquent, " {:3} delinquent …".
  const group = (name: string, width: number, stake: VersionStake) => {
    const delinquent =
      stake.delinquentValidators > 0
        ? ` ${alignRight(String(stake.delinquentValidators), 3)} delinquent validators (${alignRight(percent(stake.delinquentActiveStake, totalActive), 5)}%)`
        : '';
    return `${pad(name, width)} - ${alignRight(String(stake.currentValidators), 4)} current validators (${alignRight(percent(stake.currentActiveStake, totalActive), 5)}%)${delinquent}`;
  };
  // Versions newest first; client ids ascending, `Unknown` first.
  lines.push('', view.bold('Stake By Version:'));
  for (const [version, { stake }] of [...summary.byVersion].reverse()) lines.push(group(version, 7, stake));
  lines.push('', view.bold('Stake By Client ID:'));
  for (const [clientId, { stake }] of summary.byClientId) lines.push(group(clientId, 14, stake));
  return lines.join('\n');
}

/** Rust's `{:.2}%` of basis points / 100, in integers: `500` is `5.00%`, `10000` is `100.00%`. */
function bpsPercent(bps: number): string {
  return `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}%`;
}
