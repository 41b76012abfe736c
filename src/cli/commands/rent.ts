/**
 * `solrpc rent`, as agave's `process_calculate_rent` (cli/src/cluster_query.rs): the rent-exempt minimum of
 * an account of the given data length, computed from the Rent sysvar (read as bytes, parsed here) with
 * `Rent::minimum_balance`, printed as `CliRentCalculation`.
 */
import { parsedData, requireAccount, SYSVAR_RENT } from '../accountReads.js';
import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import { balanceText } from '../stakeState.js';

const U64 = 1n << 64n;
/** solana-system-interface MAX_PERMITTED_DATA_LENGTH: 10 MiB. */
const MAX_PERMITTED_DATA_LENGTH = 10_485_760n;
/** Bytes every account is charged for besides its data. */
const ACCOUNT_STORAGE_OVERHEAD = 128n;
/** The Solana CLI's monikers: the data length of a nonce, stake, system and vote (VoteStateV3) account. */
const MONIKERS: Readonly<Record<string, bigint>> = { nonce: 80n, stake: 200n, system: 0n, vote: 3762n };

export const rent = defineCommand({
  name: 'rent',
  synopsis: 'rent <DATA_LENGTH_OR_MONIKER>',
  summary: 'The rent-exempt minimum balance of an account of a given size',
  help: `solrpc rent — the rent-exempt minimum balance for an account's data length

Usage: solrpc rent <DATA_LENGTH_OR_MONIKER> [options]

Prints the balance an account with that many bytes of data must hold, from the cluster's Rent sysvar, as
the Solana CLI's rent does. Instead of a length, a moniker: nonce (80 bytes), stake (200), system (0) or
vote (3762). Above 10 MiB, the most an account may hold, it warns and still computes.

Options:
      --lamports     Print the minimum in lamports

${GLOBAL_HELP}`,
  positionals: { min: 1, max: 1 },
  options: {
    lamports: { type: 'boolean' },
  },
  async run(ctx, args, options) {
    const length = dataLength(args[0] as string);
    if (length > MAX_PERMITTED_DATA_LENGTH) {
      ctx.warn(`Maximum account size is ${MAX_PERMITTED_DATA_LENGTH} bytes, ${length} provided`);
    }
    const account = await requireAccount(ctx, SYSVAR_RENT);
    const data = parsedData(account);
    if (data?.program !== 'sysvar' || data.parsed.type !== 'rent') {
      throw new CliError('Failed to deserialize rent sysvar', EXIT.failed);
    }
    // jsonParsed no longer shows the deprecated threshold; its 8 bytes still decide the formula.
    const threshold = account.bytes.subarray(8, 16);
    const { info } = data.parsed;
    const perByte = 'lamportsPerByte' in info ? info.lamportsPerByte : info.lamportsPerByteYear;
    const minimum = minimumBalance(BigInt(perByte), threshold, length);
    // `CliRentCalculation`: the per-year and per-epoch rates are kept at 0, as the Solana CLI keeps them.
    const report = { lamportsPerByteYear: 0n, lamportsPerEpoch: 0n, rentExemptMinimumLamports: minimum };
    if (ctx.json) ctx.printJson(report);
    else ctx.print(`${ctx.paint.bold('Rent-exempt minimum:')} ${balanceText(minimum, options.lamports === true)}`);
    return EXIT.ok;
  },
});

/** `RentLengthValue::from_str`: a moniker (any case) or a usize. */
function dataLength(text: string): bigint {
  const lower = text.toLowerCase();
  const moniker = MONIKERS[lower];
  if (moniker !== undefined && Object.hasOwn(MONIKERS, lower)) return moniker;
  if (/^\+?[0-9]+$/.test(lower) && BigInt(lower) < U64) return BigInt(lower);
  throw new CliError(`Invalid value for '<DATA_LENGTH_OR_MONIKER>': expected number or moniker, got "${lower}"`);
}

const ONE = [0, 0, 0, 0, 0, 0, 240, 63];
const TWO = [0, 0, 0, 0, 0, 0, 0, 64];

/**
 * `Rent::minimum_balance` (solana-rent 4): `(128 + length) * lamports_per_byte` when the deprecated
 * exemption threshold is 1.0 (SIMD-0194), twice that when it is still 2.0, else the old f64 product
 * truncated by `as u64` (saturating, NaN to 0). u64 products wrap, as in the Solana CLI's release build.
 */
export function minimumBalance(lamportsPerByte: bigint, threshold: Uint8Array, length: bigint): bigint {
  const product = (((ACCOUNT_STORAGE_OVERHEAD + length) % U64) * lamportsPerByte) % U64;
  const is = (bytes: number[]) => threshold.length === 8 && bytes.every((byte, i) => threshold[i] === byte);
  if (is(ONE)) return product;
  if (is(TWO)) return (2n * product) % U64;
  const factor = new DataView(threshold.buffer, threshold.byteOffset, 8).getFloat64(0, true);
  const value = Number(product) * factor;
  if (!(value > 0)) return 0n;
  if (value >= 2 ** 64) return U64 - 1n;
  return BigInt(Math.trunc(value));
}
