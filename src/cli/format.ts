/** Text formatting shared by the commands: exact SOL amounts, JSON with exact integers, terminal safety. */
import { sanitizeText } from './library.js';

const LAMPORTS_PER_SOL = 1_000_000_000n;

/**
 * Formats lamports as SOL the way the Solana CLI does (`1 SOL`, `1.5 SOL`, `0.000000001 SOL`; all nine
 * decimals when `keepZeros`), but exactly for every u64: integer arithmetic, never a float.
 */
export function formatSol(lamports: bigint, keepZeros = false): string {
  const negative = lamports < 0n;
  const abs = negative ? -lamports : lamports;
  const whole = abs / LAMPORTS_PER_SOL;
  let fraction = (abs % LAMPORTS_PER_SOL).toString().padStart(9, '0');
  if (!keepZeros) fraction = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * SOL as the newest Solana CLI's `build_balance_message(lamports, false, false)` writes it (supply, largest
 * accounts, rewards): `lamports as f64 / 1e9` written with Rust's `{:.9}`, then trailing zeros and a trailing
 * point dropped. Above 2^53 lamports that f64 holds fewer digits than the lamports, and `{:.9}` writes the
 * double's own digits (625013130859440403 lamports print as 625013130.859440327): the Solana CLI rounds
 * there, so matching it means rounding where it does; `--output json` keeps the exact lamports.
 */
export function solAsBalanceMessage(lamports: bigint): string {
  // Number(bigint) rounds to nearest, ties to even, as Rust's `u64 as f64` does.
  const text = rustFixed(Number(lamports) / 1e9, 9);
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * An f64 that `toJson` writes as serde_json writes one (ryu's shortest digits): `7.0` and `0.0` keep their
 * point, exponents start below 1e-5 and at 1e16 (`1e-7`, `1.5e16`), NaN and infinities are `null`.
 */
export class JsonF64 {
  constructor(readonly value: number) {}

  toJSON(): number {
    return this.value;
  }
}

/** The text serde_json writes for an f64 (see `JsonF64`). */
export function rustJsonF64(value: number): string {
  if (!Number.isFinite(value)) return 'null';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  // toExponential() gives the shortest digits that read back to the same double, as ryu does.
  const [mantissa = '', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  // The decimal point sits after `point` digits: value = 0.digits × 10^point.
  const point = Number(exponentText) + 1;
  let text: string;
  if (point >= digits.length && point <= 16) text = `${digits}${'0'.repeat(point - digits.length)}.0`;
  else if (point > 0 && point <= 16) text = `${digits.slice(0, point)}.${digits.slice(point)}`;
  else if (point > -5 && point <= 0) text = `0.${'0'.repeat(-point)}${digits}`;
  else text = `${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${point - 1}`;
  return sign + text;
}

/**
 * A reward amount as the newest Solana CLI writes it (`CliBlock`, `CliKeyedEpochRewards`): `{:.9}` applied to
 * `build_balance_message`'s text, which, on a string, keeps its first nine characters (`398.47490` for
 * 398.474902211 SOL). `--output json` keeps the exact lamports.
 */
export function rewardSol(lamports: bigint): string {
  return solAsBalanceMessage(lamports).slice(0, 9);
}

/**
 * An f64 as Rust's `format!("{:.N}", value)` writes it. Both round the exact binary value, but on an exact
 * tie Rust rounds to even where `toFixed` rounds up: 0.125 is `0.12` in Rust and `0.13` in JavaScript (a
 * skip rate of 1 slot in 800 is such a tie). Non-finite values print as Rust prints them.
 */
export function rustFixed(value: number, digits: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const negative = value < 0 || Object.is(value, -0);
  // |value| = mantissa * 2^exponent, exactly.
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(value));
  const bits = view.getBigUint64(0);
  const biased = Number(bits >> 52n);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  const scaled = mantissa * 10n ** BigInt(digits);
  let units: bigint;
  if (exponent >= 0) units = scaled << BigInt(exponent);
  else {
    const divisor = 1n << BigInt(-exponent);
    units = scaled / divisor;
    const twice = (scaled % divisor) * 2n;
    if (twice > divisor || (twice === divisor && units % 2n === 1n)) units += 1n;
  }
  const text = units.toString().padStart(digits + 1, '0');
  const point = text.length - digits;
  return `${negative ? '-' : ''}${text.slice(0, point)}${digits > 0 ? `.${text.slice(point)}` : ''}`;
}

/** `1500000000 lamports`, `1 lamport`. */
export function formatLamports(lamports: bigint): string {
  return `${lamports} lamport${lamports === 1n ? '' : 's'}`;
}

/** The Solana CLI's balance text: SOL trimmed (all nine decimals when verbose), or lamports. */
export function balanceMessage(lamports: bigint, inLamports: boolean, verbose = false): string {
  return inLamports ? formatLamports(lamports) : `${formatSol(lamports, verbose)} SOL`;
}

/**
 * JSON with exact integers: bigints are written as plain JSON numbers with every digit (as agave and
 * the Solana CLI write u64s), so `--output json` never rounds. Pretty (2 spaces) or compact.
 */
export function toJson(value: unknown, pretty: boolean): string {
  const indent = pretty ? '  ' : '';
  const write = (item: unknown, depth: number): string => {
    if (typeof item === 'bigint') return item.toString();
    if (item instanceof JsonF64) return rustJsonF64(item.value);
    if (item === null || typeof item !== 'object') {
      if (item === undefined) return 'null';
      // JSON.stringify leaves DEL and the C1 controls raw; some terminals act on them.
      return (JSON.stringify(item) ?? 'null').replace(
        /[\u007f-\u009f]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
    }
    const pad = pretty ? `\n${indent.repeat(depth + 1)}` : '';
    const end = pretty ? `\n${indent.repeat(depth)}` : '';
    if (Array.isArray(item)) {
      if (item.length === 0) return '[]';
      return `[${item.map((v) => pad + write(v, depth + 1)).join(',')}${end}]`;
    }
    const entries = Object.keys(item).filter((key) => (item as Record<string, unknown>)[key] !== undefined);
    if (entries.length === 0) return '{}';
    const sep = pretty ? ': ' : ':';
    const body = entries.map(
      (key) => `${pad}${JSON.stringify(key)}${sep}${write((item as Record<string, unknown>)[key], depth + 1)}`,
    );
    return `{${body.join(',')}${end}}`;
  };
  return write(value, 0);
}

/** Server text made safe for a terminal: no control or escape sequences, one line, bounded. */
export function safe(text: string | null | undefined, max = 120): string {
  return text === null || text === undefined ? '' : sanitizeText(text, max, true);
}

/** Right-aligns text in a field of `width`, like Rust's `{:>width}`. */
export function alignRight(text: string, width: number): string {
  return text.padStart(width);
}

/** Left-aligns text in a field of `width`, like Rust's `{:width}` for strings. */
export function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** An RFC 3339 UTC time with seconds (`2024-01-01T00:00:00Z`), as the Solana CLI prints timestamps. */
export function rfc3339(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  if (Number.isNaN(date.getTime())) return `UnixTimestamp ${unixSeconds}`;
  const year = date.getUTCFullYear();
  // As chrono writes years outside 0000–9999: with a sign, and at least four digits.
  const yearText =
    year > 9999 ? `+${year}` : year < 0 ? `-${String(-year).padStart(4, '0')}` : String(year).padStart(4, '0');
  const two = (n: number) => String(n).padStart(2, '0');
  return `${yearText}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}Z`;
}

/**
 * A whole number of seconds as humantime's `format_duration` writes it for the Solana CLI: `1day 2h 3m 4s`,
 * zero units left out, with its year of 365.25 days and month of 30.44 days (`1year 2months 3days`).
 */
export function humanDuration(totalSeconds: number): string {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts: string[] = [];
  const plural = (value: number, unit: string) => {
    if (value) parts.push(`${value}${unit}${value > 1 ? 's' : ''}`);
  };
  const take = (size: number) => {
    const count = Math.floor(rest / size);
    rest -= count * size;
    return count;
  };
  plural(take(31_557_600), 'year');
  plural(take(2_630_016), 'month');
  plural(take(86_400), 'day');
  const hours = take(3600);
  const minutes = take(60);
  if (hours) parts.push(`${hours}h`);
  if (minutes) parts.push(`${minutes}m`);
  if (rest) parts.push(`${rest}s`);
  return parts.length ? parts.join(' ') : '0s';
}

/** Colour helpers that do nothing unless colour is on (a TTY, and no NO_COLOR). */
export function colors(enabled: boolean) {
  const wrap = (code: number) => (text: string) => (enabled ? `\u001b[${code}m${text}\u001b[0m` : text);
  return { bold: wrap(1), red: wrap(31), green: wrap(32), yellow: wrap(33), dim: wrap(2) };
}
