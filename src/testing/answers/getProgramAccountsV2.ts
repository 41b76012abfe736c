/**
 * getProgramAccountsV2: getProgramAccounts in pages, as providers (Helius, Alchemy) serve it; agave does
 * not, so the cluster answers it only when started with it in `providerMethods`. A page walks `limit` of
 * the program's accounts in pubkey byte order and returns those that pass the filters, as a provider
 * filters after paging: a page may be short, or empty, with more to come. Only a null `paginationKey`
 * ends the walk. The key is opaque: base58 of the program and the last pubkey walked, so a key given for
 * another program, or none this node gave, is refused.
 */
import { encodeBase58 } from '../../codecs/base58.js';
import { decodeBase58 } from '../../codecs/base58Text.js';
import { compareBytes, equalBytes } from '../bytes.js';
import { type ProgramAccountsConfig, passesFilters, programAccount, programScan } from '../simulatedAccounts.js';
import { decodeAddress, RpcFailure } from '../simulatedLedger.js';
import { SIMULATION } from '../simulationCast.js';
import { type AnswerContext, defineAnswer } from './answer.js';
import { verifyPubkey } from './parse.js';
import { atBank, bankOf, lastConfig } from './shared.js';

interface ProgramAccountsV2Config extends ProgramAccountsConfig {
  commitment?: string;
  limit?: number | bigint | null;
  paginationKey?: string | null;
  changedSinceSlot?: number | bigint | null;
}

/** The largest page a provider serves, and the page it serves when none is asked for. */
export const MAX_PAGE = 10_000;
const DEFAULT_PAGE = 1_000;

const invalid = (message: string) => new RpcFailure({ code: -32602, message: `Invalid params: ${message}` });

const isWhole = (value: unknown): value is number | bigint =>
  (typeof value === 'number' && Number.isSafeInteger(value)) || typeof value === 'bigint';

function pageSize(limit: unknown): number {
  if (limit === undefined || limit === null) return DEFAULT_PAGE;
  if (!isWhole(limit) || limit < 1 || limit > MAX_PAGE)
    throw invalid(`limit must be a whole number from 1 to ${MAX_PAGE}, got ${JSON.stringify(String(limit))}`);
  return Number(limit);
}

/** The pubkey bytes the previous page ended at, from a key this node gave for `program`; undefined on the first page. */
function resumeAfter(key: unknown, program: Uint8Array): Uint8Array | undefined {
  if (key === undefined || key === null) return undefined;
  const bytes = typeof key === 'string' ? decodeBase58(key, 64) : undefined;
  if (bytes?.length !== 64 || !equalBytes(bytes.subarray(0, 32), program))
    throw invalid('paginationKey is not one this node gave for this program; start again without it');
  return bytes.subarray(32);
}

function sinceSlot(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isWhole(value) || value < 0)
    throw invalid(`changedSinceSlot must be a slot, got ${JSON.stringify(String(value))}`);
  return Number(value);
}

/**
 * The slot an account was last written in, as of the bank at `bank`: a transaction's landing slot from
 * the ledger; a validator's vote account votes every slot; what the cluster started with counts as
 * written at genesis (slot 0).
 */
function lastWritten(ctx: AnswerContext, address: string, bank: number): number {
  const written = ctx.ledger.accounts.writtenAt(address, bank);
  if (written !== undefined) return written;
  return SIMULATION.validators.some((v) => v.vote === address) ? bank : 0;
}

export const getProgramAccountsV2 = defineAnswer({
  method: 'getProgramAccountsV2',
  minimal: false,
  required: ['string'],
  optional: [{ struct: 'RpcProgramAccountsV2Config' }],
  minContextSlot: {},
  answer(ctx, params) {
    const program = verifyPubkey(params[0]);
    const config = lastConfig<ProgramAccountsV2Config>(params.slice(1));
    const limit = pageSize(config.limit);
    const after = resumeAfter(config.paginationKey, decodeAddress(program));
    const since = sinceSlot(config.changedSinceSlot);
    const bank = bankOf(ctx, config);
    const keep = (address: string, bytes: Uint8Array) =>
      passesFilters(bytes, config.filters) && (since === undefined || lastWritten(ctx, address, bank) >= since);
    const owned = programScan(program, undefined, ctx.slot, ctx.nowMs, ctx.ledger, bank)
      .map((found) => ({ ...found, key: decodeAddress(found.address) }))
      .sort((a, b) => compareBytes(a.key, b.key));
    const start = after === undefined ? 0 : owned.findIndex((found) => compareBytes(found.key, after) > 0);
    const rest = start < 0 ? [] : owned.slice(start);
    const walked = rest.slice(0, limit);
    const accounts = walked
      .filter(({ address, stored }) => keep(address, stored.bytes))
      .map(({ address, stored }) => programAccount(address, stored, config));
    const last = walked.at(-1);
    const paginationKey =
      rest.length > limit && last ? encodeBase58(new Uint8Array([...decodeAddress(program), ...last.key])) : null;
    if (config.withContext) return atBank(bank, { accounts, paginationKey });
    const totalResults = owned.filter(({ address, stored }) => keep(address, stored.bytes)).length;
    return { accounts, paginationKey, totalResults };
  },
});
