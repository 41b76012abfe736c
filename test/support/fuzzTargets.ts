/**
 * The seeds each response fuzzer starts from, one target per method and encoding: real responses
 * (conformance fixtures and recorded cases) that mutations then break. Shared by the fuzz files and the
 * schema predicates' differential test (test/schemas/struct.differential.test.ts).
 */

import { readdirSync } from 'node:fs';
import {
  getAccountInfo,
  getBalance,
  getClusterNodes,
  getEpochInfo,
  getLeaderSchedule,
  getTokenAccountsByDelegate,
  getTransaction,
  getVoteAccounts,
} from '../../src/index.js';
import { allMethods } from '../../src/methods/index.js';
import { callParams } from './conformanceExpect.js';
import { seedOf } from './decodeHarness.js';
import type { FuzzTarget } from './fuzzHarness.js';
import { cloneJson } from './jsonText.js';
import { METHOD_NAMES, type MethodName, profileOf } from './methodProfiles.js';

/** Every method but getTransaction. */
export const responseTargets: FuzzTarget[] = [
  {
    name: 'getAccountInfo base58',
    definition: getAccountInfo,
    seeds: [
      seedOf('conformance/getAccountInfo.base58.nonce-account.json'),
      seedOf('conformance/getAccountInfo.default-encoding.legacy-binary-string.json'),
    ],
  },
  {
    name: 'getAccountInfo base64',
    definition: getAccountInfo,
    seeds: [
      seedOf('conformance/getAccountInfo.base64.token-account.json'),
      seedOf('conformance/getAccountInfo.base64.executable-program.json'),
      seedOf('conformance/getAccountInfo.base64.not-found.json'),
      seedOf('conformance/getAccountInfo.base64.token2022-account.json'),
      seedOf('conformance/malformed.getAccountInfo.lamports-as-string.json'),
      seedOf('getAccountInfo/base64.dataSlice-owner.json'),
      seedOf('getAccountInfo/base64.lamports-above-2-53.json'),
    ],
  },
  {
    name: 'getAccountInfo base64+zstd',
    definition: getAccountInfo,
    decompresses: true,
    seeds: [
      seedOf('conformance/getAccountInfo.base64zstd.token-account.json'),
      seedOf('getAccountInfo/base64zstd.multi-block.json'),
    ],
  },
  {
    name: 'getAccountInfo jsonParsed',
    definition: getAccountInfo,
    seeds: [
      seedOf('conformance/getAccountInfo.jsonParsed.mint.json'),
      seedOf('conformance/getAccountInfo.jsonParsed.no-parser-fallback.json'),
      seedOf('conformance/getAccountInfo.jsonParsed.nonce-account.json'),
      seedOf('conformance/getAccountInfo.jsonParsed.stake-account-legacy-warmup.json'),
      seedOf('conformance/getAccountInfo.jsonParsed.token-account-no-delegate-zero-balance.json'),
      seedOf('conformance/getAccountInfo.jsonParsed.token-account.json'),
      seedOf('conformance/getAccountInfo.jsonParsed.token2022-account-extensions.json'),
      seedOf('getAccountInfo/jsonParsed.token2022-mint-extensions.json'),
    ],
  },
  {
    name: 'getBalance',
    definition: getBalance,
    seeds: [
      seedOf('conformance/getBalance.basic.json'),
      seedOf('conformance/getBalance.nonexistent-account-zero.json'),
      seedOf('getBalance/lamports-above-2-53.json'),
      seedOf('getBalance/context-slot-above-max-safe.json'),
    ],
  },
  {
    name: 'getTokenAccountsByDelegate binary',
    definition: getTokenAccountsByDelegate,
    decompresses: true,
    seeds: [
      seedOf('conformance/getTokenAccountsByDelegate.base64.programId-filter.json'),
      seedOf('getTokenAccountsByDelegate/base58.dataSlice-mint-owner.json'),
      seedOf('getTokenAccountsByDelegate/base64zstd.mint-filter.json'),
    ],
  },
  {
    name: 'getTokenAccountsByDelegate jsonParsed',
    definition: getTokenAccountsByDelegate,
    seeds: [
      seedOf('conformance/getTokenAccountsByDelegate.jsonParsed.mint-filter.json'),
      seedOf('conformance/getTokenAccountsByDelegate.jsonParsed.token2022.json'),
      seedOf('conformance/getTokenAccountsByDelegate.empty.json'),
    ],
  },
  {
    name: 'getClusterNodes',
    definition: getClusterNodes,
    seeds: [
      seedOf('conformance/getClusterNodes.current-shape.json'),
      seedOf('getClusterNodes/client-id.json'),
      seedOf('getClusterNodes/older-seven-keys.json'),
      seedOf('getClusterNodes/v1.17-nine-keys.json'),
    ],
  },
  {
    name: 'getVoteAccounts',
    definition: getVoteAccounts,
    seeds: [
      seedOf('conformance/getVoteAccounts.filtered-by-votePubkey.json'),
      seedOf('conformance/getVoteAccounts.filter-no-match.json'),
      seedOf('getVoteAccounts/bps-only.json'),
      seedOf('getVoteAccounts/commission-and-bps.json'),
      seedOf('getVoteAccounts/current-and-delinquent.json'),
      seedOf('getVoteAccounts/never-voted-unstaked.json'),
    ],
  },
  {
    // Seeds of both shapes: the current epoch (no slot: never null) and an explicit slot (null allowed).
    name: 'getLeaderSchedule with and without slot',
    definition: getLeaderSchedule,
    nullPrototypeAt: 'result',
    seeds: [
      seedOf('conformance/getLeaderSchedule.current-epoch.json'),
      seedOf('conformance/getLeaderSchedule.identity-filter.json'),
      seedOf('getLeaderSchedule/identity-no-slots.json'),
      seedOf('getLeaderSchedule/next-epoch-identity.json'),
      seedOf('getLeaderSchedule/slot-not-available.json'),
    ],
  },
  {
    name: 'getEpochInfo',
    definition: getEpochInfo,
    seeds: [
      seedOf('conformance/getEpochInfo.t0.json'),
      seedOf('conformance/getEpochInfo.t1.json'),
      seedOf('getEpochInfo/absolute-slot-above-max-safe.json'),
      seedOf('getEpochInfo/epoch-first-slot.json'),
      seedOf('getEpochInfo/epoch-last-slot.json'),
      seedOf('getEpochInfo/transaction-count-absent.json'),
      seedOf('getEpochInfo/transaction-count-null.json'),
    ],
  },
];

/** The same response asked for without maxSupportedTransactionVersion: a legacy request has no `version`. */
const legacy = {
  params: (params: unknown[]) => {
    const config = { ...(params[1] as Record<string, unknown>) };
    delete config.maxSupportedTransactionVersion;
    return [params[0], config];
  },
  result: (result: unknown) => {
    const copy = cloneJson(result) as Record<string, unknown>;
    delete copy.version;
    return copy;
  },
};

// Each target mixes legacy and versioned requests (the schema differs: `version` and loadedAddresses
// are required only for versioned ones), so every encoding gets `fuzzRuns` inputs across both.
export const transactionTargets: FuzzTarget[] = [
  {
    name: 'getTransaction json, legacy and versioned',
    definition: getTransaction,
    seeds: [
      seedOf('conformance/getTransaction.json.legacy.json'),
      seedOf('getTransaction/json.2020-era-transfer.json'),
      seedOf('conformance/getTransaction.json.legacy-max-version-0.json'),
      seedOf('conformance/getTransaction.json.v0-lookup-table.json'),
      seedOf('conformance/getTransaction.json.failed-custom-error.json'),
      seedOf('getTransaction/json.v0-agave4-return-data-rewards.json'),
      seedOf('conformance/getTransaction.not-found.json'),
    ],
  },
  {
    name: 'getTransaction jsonParsed, legacy and versioned',
    definition: getTransaction,
    seeds: [
      seedOf('getTransaction/jsonParsed.legacy-memo.json'),
      seedOf('conformance/getTransaction.jsonParsed.legacy-system-transfer.json', legacy),
      seedOf('conformance/getTransaction.jsonParsed.legacy-system-transfer.json'),
      seedOf('getTransaction/jsonParsed.v0-lookup-table.json'),
    ],
  },
  {
    name: 'getTransaction base64, legacy and versioned',
    definition: getTransaction,
    seeds: [
      seedOf('conformance/getTransaction.base64.legacy.json', legacy),
      seedOf('conformance/getTransaction.base64.legacy.json'),
      seedOf('conformance/getTransaction.base64.v0.json'),
    ],
  },
  {
    name: 'getTransaction base58, legacy and versioned',
    definition: getTransaction,
    seeds: [seedOf('getTransaction/base58.legacy.json'), seedOf('getTransaction/base58.v0.json')],
  },
];

const CONFORMANCE = new URL('../fixtures/conformance/', import.meta.url);

/** The path of a method's server-keyed map in its decoded value, from its profile. */
function nullPrototypeAt(method: MethodName): string | undefined {
  const profile = profileOf(method);
  if (profile.keyedResult) return 'result';
  return profile.keyedAt ? ['result', ...profile.keyedAt].join('.') : undefined;
}

/**
 * A target for every method of the profile table that has no hand-written one above: its conformance
 * cases that answer with a result are its seeds. A new method is fuzzed from its first fixture on, and
 * the fuzz budget (budget.ts) shares its runs with it, so the total time holds.
 */
export const profileTargets: FuzzTarget[] = (() => {
  const handWritten = new Set([...responseTargets, ...transactionTargets].map((t) => t.definition.name));
  const files = readdirSync(CONFORMANCE);
  return METHOD_NAMES.filter((method) => !handWritten.has(method)).map((method) => ({
    name: method,
    definition: allMethods[method],
    nullPrototypeAt: nullPrototypeAt(method),
    seeds: files
      .filter((file) => file.startsWith(`${method}.`) && !file.includes('.error.'))
      .map((file) => seedOf(`conformance/${file}`, { params: (params) => callParams(method, params) })),
  }));
})();

/** Every target: the hand-written ones and those derived from the profile table. */
export const allTargets: FuzzTarget[] = [...responseTargets, ...transactionTargets, ...profileTargets];
