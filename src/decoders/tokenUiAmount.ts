/**
 * The UI amounts agave shows for a token account whose mint is interest-bearing or scaled
 * (`token_amount_to_ui_amount_v3` in agave's `parse_token.rs`, which calls spl-token-2022's
 * `amount_to_ui_amount` of `InterestBearingConfig` and `ScaledUiAmountConfig`).
 *
 * Both compute in f64, write the float with `decimals` fixed places (`format!("{:.*}")`), trim trailing
 * zeros, and parse that text back as `uiAmount`. Each step is reproduced bit for bit:
 * - `exp`: Rust's `f64::exp` is the platform libm's; agave runs on x86-64 Linux with glibc, whose `exp`
 *   (Arm's optimized-routines algorithm, built with FMA on every current server CPU) is not correctly
 *   rounded near ties, and V8's `Math.exp` (fdlibm) differs from it in the last bit for about 3 % of the
 *   exponents a rate produces. `exp` below is glibc's algorithm with its published constants, its table
 *   rebuilt from its definition and each multiply-add fused as GCC contracts it: it agreed with Rust on
 *   glibc 2.36 for 210,000 exponents out of 210,000 (and for the 1,600 cases in test/decoders).
 * - powers of ten: `10f64.powi(d)` (compiler-rt's `__powidf2`) and num-traits' `pow(10f64, d)` multiply in
 *   different orders, which differ from each other and from `10 ** d` beyond 10^22; each order is reproduced here.
 * - fixed places: Rust writes the exact binary value rounded half to even; `toFixed` rounds half up and
 *   stops at 100 places, so the digits are made here from the exact value.
 * - JSON: serde_json writes a non-finite `uiAmount` as `null`.
 * @module
 */

/** `ONE_IN_BASIS_POINTS` and `SECONDS_PER_YEAR` of spl-token-2022's interest-bearing extension. */
const ONE_IN_BASIS_POINTS = 10_000;
const SECONDS_PER_YEAR = 60 * 60 * 24 * 365.24;

/** An interest-bearing mint's rates, as its extension stores them. */
export interface InterestRates {
  initializationTimestamp: bigint;
  preUpdateAverageRate: number;
  lastUpdateTimestamp: bigint;
  currentRate: number;
}

/** A scaled-UI-amount mint's multipliers, as its extension stores them. */
export interface UiMultipliers {
  multiplier: number;
  newMultiplierEffectiveTimestamp: bigint;
  newMultiplier: number;
}

/** `uiAmount` and `uiAmountString` as agave shows them for one amount. */
export interface UiAmounts {
  uiAmount: number | null;
  uiAmountString: string;
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/** `i64::checked_sub`: `undefined` where Rust's would overflow. */
function checkedSub(a: bigint, b: bigint): bigint | undefined {
  const difference = a - b;
  return difference < I64_MIN || difference > I64_MAX ? undefined : difference;
}

/** `exp((rate * timespan) as f64 / SECONDS_PER_YEAR / ONE_IN_BASIS_POINTS)`; the i128 product cannot overflow. */
function rateExp(rate: number, timespan: bigint): number {
  return exp(Number(BigInt(rate) * timespan) / SECONDS_PER_YEAR / ONE_IN_BASIS_POINTS);
}

/**
 * `InterestBearingConfig::amount_to_ui_amount`: continuous compounding at the average rate up to the last
 * update, then at the current rate up to `unixTimestamp`. A timespan that overflows i64 gives agave no
 * string: it then shows `uiAmountString: ""` and `uiAmount: null`.
 */
export function interestUiAmounts(
  amount: bigint,
  decimals: number,
  rates: InterestRates,
  unixTimestamp: bigint,
): UiAmounts {
  const before = checkedSub(rates.lastUpdateTimestamp, rates.initializationTimestamp);
  const after = checkedSub(unixTimestamp, rates.lastUpdateTimestamp);
  if (before === undefined || after === undefined) return { uiAmount: null, uiAmountString: '' };
  const scale = (rateExp(rates.preUpdateAverageRate, before) * rateExp(rates.currentRate, after)) / powi10(decimals);
  return fromText(trimmed(toFixed(Number(amount) * scale, decimals), decimals));
}

/**
 * `ScaledUiAmountConfig::amount_to_ui_amount`: the multiplier in force at `unixTimestamp` (the new one from
 * its effective time on), the product truncated toward zero in base units, then shifted by the decimals.
 */
export function scaledUiAmounts(
  amount: bigint,
  decimals: number,
  multipliers: UiMultipliers,
  unixTimestamp: bigint,
): UiAmounts {
  const multiplier =
    unixTimestamp >= multipliers.newMultiplierEffectiveTimestamp ? multipliers.newMultiplier : multipliers.multiplier;
  const truncated = Math.trunc(Number(amount) * multiplier) / numTraitsPow10(decimals);
  return fromText(trimmed(toFixed(truncated, decimals), decimals));
}

/** agave parses the text back for `uiAmount` (`f64::from_str`); serde_json writes a non-finite one as `null`. */
function fromText(uiAmountString: string): UiAmounts {
  const value = Number(uiAmountString);
  return { uiAmount: Number.isFinite(value) ? value : null, uiAmountString };
}

/** spl-token-2022's `trim_ui_amount_string`: trailing zeros, then a bare point, go when there are decimals. */
function trimmed(text: string, decimals: number): string {
  if (decimals === 0) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/** compiler-rt's `__powidf2(10, n)`, which `f64::powi` compiles to: square and multiply from the low bit. */
function powi10(n: number): number {
  let base = 10;
  let result = 1;
  let b = n;
  for (;;) {
    if (b & 1) result *= base;
    b >>= 1;
    if (b === 0) break;
    base *= base;
  }
  return result;
}

/** num-traits' `pow(10f64, n)`: its own square-and-multiply order. */
function numTraitsPow10(n: number): number {
  if (n === 0) return 1;
  let base = 10;
  let e = n;
  while ((e & 1) === 0) {
    base *= base;
    e >>= 1;
  }
  if (e === 1) return base;
  let acc = base;
  while (e > 1) {
    e >>= 1;
    base *= base;
    if (e & 1) acc *= base;
  }
  return acc;
}

const view = /* @__PURE__ */ new DataView(new ArrayBuffer(8));

/** A finite double as `mantissa * 2^exponent`, exactly. */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & 0xfffffffffffffn;
  if (biased !== 0) mantissa |= 1n << 52n;
  if (bits >> 63n) mantissa = -mantissa;
  return { mantissa, exponent: (biased === 0 ? 1 : biased) - 1075 };
}

/**
 * Rust's `format!("{:.*}", places, x)`: the exact binary value rounded half to even at `places` decimals,
 * every digit written out; `inf`, `-inf`, `NaN` as such, and the sign of `-0` kept.
 */
export function toFixed(x: number, places: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const negative = x < 0 || Object.is(x, -0);
  const { mantissa, exponent } = decompose(Math.abs(x));
  // value * 10^places = mantissa * 2^exponent * 10^places, rounded half to even to an integer.
  let numerator = mantissa * 10n ** BigInt(places);
  let denominator = 1n;
  if (exponent >= 0) numerator <<= BigInt(exponent);
  else denominator <<= BigInt(-exponent);
  let q = numerator / denominator;
  const twice = (numerator - q * denominator) * 2n;
  if (twice > denominator || (twice === denominator && (q & 1n) === 1n)) q += 1n;
  const digits = q.toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${text}` : text;
}

/** The nearest double to `n × 2^e` (ties to even), subnormals included: one rounding of an exact value. */
function nearestDouble(n: bigint, e: number): number {
  if (n === 0n) return 0;
  const negative = n < 0n;
  let magnitude = negative ? -n : n;
  let exponent = e;
  const top = magnitude.toString(2).length - 1 + exponent;
  if (top > 1023) return negative ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  const ulp = Math.max(top - 52, -1074);
  const drop = ulp - exponent;
  if (drop > 0) {
    const shift = BigInt(drop);
    let kept = magnitude >> shift;
    const rest = magnitude - (kept << shift);
    const half = 1n << (shift - 1n);
    if (rest > half || (rest === half && (kept & 1n) === 1n)) kept += 1n;
    magnitude = kept;
    exponent = ulp;
  }
  // magnitude ≤ 2^53 now, and a power of two times it is exact (or overflows, as rounding up may).
  const value = Number(magnitude) * 2 ** exponent;
  return negative ? -value : value;
}

/** Exact `a × b + c`, rounded once: the fused multiply-add the compiler emits for glibc's FMA build. */
function fma(a: number, b: number, c: number): number {
  if (!(Number.isFinite(a) && Number.isFinite(b) && Number.isFinite(c))) return a * b + c;
  const x = decompose(a);
  const y = decompose(b);
  const z = decompose(c);
  const productExponent = x.exponent + y.exponent;
  const low = Math.min(productExponent, z.exponent);
  const sum = ((x.mantissa * y.mantissa) << BigInt(productExponent - low)) + (z.mantissa << BigInt(z.exponent - low));
  if (sum === 0n) return a * b + c; // the sign of an exact zero follows IEEE addition
  return nearestDouble(sum, low);
}

const asDouble = (bits: bigint): number => {
  view.setBigUint64(0, BigInt.asUintN(64, bits));
  return view.getFloat64(0);
};
const asBits = (x: number): bigint => {
  view.setFloat64(0, x);
  return view.getBigUint64(0);
};

/** Fraction bits of the fixed-point arithmetic that builds glibc's table of 2^(k/128). */
const FRACTION_BITS = 256n;

/** ln 2 × 2^256, from ln 2 = Σ 1 / (k 2^k), summed with guard bits. */
function ln2Fixed(): bigint {
  const guard = 16n;
  const one = 1n << (FRACTION_BITS + guard);
  let sum = 0n;
  for (let k = 1n; ; k++) {
    const term = one / (k << k);
    if (term === 0n) break;
    sum += term;
  }
  return sum >> guard;
}

/** e^(r / 2^256) × 2^256 for a small r, by its Taylor series. */
function expFixed(r: bigint): bigint {
  const one = 1n << FRACTION_BITS;
  let sum = one;
  let term = one;
  for (let n = 1n; term !== 0n; n++) {
    term = (term * r) / (one * n);
    sum += term;
  }
  return sum;
}

const TABLE_BITS = 7;
const N = 1 << TABLE_BITS;
let table: { tail: number; sbits: bigint }[] | undefined;

/**
 * glibc's `__exp_data.tab`, rebuilt from its definition: for k in [0, 128), H = the double nearest
 * 2^(k/128), T = (2^(k/128) − H) / H rounded to a double; stored as T and H's bits less k × 2^45.
 */
function expTable(): { tail: number; sbits: bigint }[] {
  if (table) return table;
  const ln2 = ln2Fixed();
  table = [];
  for (let k = 0; k < N; k++) {
    const exact = expFixed((BigInt(k) * ln2) / BigInt(N));
    const head = nearestDouble(exact, -Number(FRACTION_BITS));
    const { mantissa, exponent } = decompose(head);
    // (exact − H) / H, computed with 200 more bits than the double keeps.
    const difference = exact - (mantissa << (BigInt(exponent) + FRACTION_BITS));
    const tail = nearestDouble((difference << 200n) / mantissa, -Number(FRACTION_BITS) - 200 - exponent);
    table.push({ tail, sbits: asBits(head) - (BigInt(k) << 45n) });
  }
  return table;
}

// glibc's exp (from Arm's optimized-routines): its constants, as published in exp_data.c.
const INV_LN2_N = Math.LOG2E * N; // 0x1.71547652b82fep0 × 128
const SHIFT = 0x18000000000000; // 0x1.8p52
const NEG_LN2_HI_N = -0.005415212348111709; // -0x1.62e42fefa0000p-8
const NEG_LN2_LO_N = -1.2864023111638346e-14; // -0x1.cf79abc9e3b3ap-47
const C2 = 0.49999999999996786; // 0x1.ffffffffffdbdp-2
const C3 = 0.16666666666665886; // 0x1.555555555543cp-3
const C4 = 0.0416666808410674; // 0x1.55555cf172b91p-5
const C5 = 0.008333335853059549; // 0x1.1111167a4d017p-7

/**
 * `exp` as glibc computes it on x86-64 with FMA (the build every current validator CPU selects): reduce by
 * k ln2 / 128, look 2^(k/128) up, a degree-5 polynomial, every `a × b + c` fused as GCC contracts it.
 */
export function exp(x: number): number {
  const top = Number(asBits(x) >> 52n) & 0x7ff;
  let special = false;
  if ((top - 0x3c9) >>> 0 >= 0x408 - 0x3c9) {
    if (((top - 0x3c9) | 0) < 0) return 1 + x; // |x| < 2^-54
    if (top >= 0x409) {
      if (x === Number.NEGATIVE_INFINITY) return 0;
      if (top >= 0x7ff) return 1 + x;
      return x < 0 ? 0 : Number.POSITIVE_INFINITY;
    }
    special = true; // |x| in [512, 1024): the scale may leave the normal range
  }
  const shifted = fma(INV_LN2_N, x, SHIFT);
  const ki = asBits(shifted);
  const kd = shifted - SHIFT;
  const r = fma(kd, NEG_LN2_LO_N, fma(kd, NEG_LN2_HI_N, x));
  const entry = expTable()[Number(ki % BigInt(N))]!;
  let sbits = BigInt.asUintN(64, entry.sbits + (ki << BigInt(52 - TABLE_BITS)));
  const r2 = r * r;
  const tmp = fma(r2 * r2, fma(r, C5, C4), fma(r2, fma(r, C3, C2), entry.tail + r));
  if (!special) {
    const scale = asDouble(sbits);
    return fma(scale, tmp, scale);
  }
  if ((ki & 0x80000000n) === 0n) {
    // k > 0: the scale's exponent may have overflowed; take 2^1009 out and put it back after.
    sbits -= 1009n << 52n;
    const scale = asDouble(sbits);
    return 2 ** 1009 * fma(scale, tmp, scale);
  }
  // k < 0: round at the right precision before scaling into the subnormal range, as glibc does.
  sbits += 1022n << 52n;
  const scale = asDouble(sbits);
  let y = fma(scale, tmp, scale);
  if (y < 1) {
    let lo = fma(scale, tmp, scale - y);
    const hi = 1 + y;
    lo = 1 - hi + y + lo;
    y = hi + lo - 1;
    if (y === 0) y = 0;
  }
  return 2 ** -1022 * y;
}
