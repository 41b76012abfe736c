/**
 * agave's rent, as its `Rent::default()` and the runtime's rent-state check apply it: an account must hold
 * at least two years of rent for its size, or nothing at all.
 */

/** Lamports a byte-year (agave's DEFAULT_LAMPORTS_PER_BYTE_YEAR). */
const LAMPORTS_PER_BYTE_YEAR = 3_480n;
/** Years of rent an account must hold to be exempt (DEFAULT_EXEMPTION_THRESHOLD). */
const EXEMPTION_YEARS = 2n;
/** Bytes every account is charged for beyond its data (ACCOUNT_STORAGE_OVERHEAD). */
const ACCOUNT_OVERHEAD = 128n;

/** getMinimumBalanceForRentExemption: (128 + data length) × 3,480 × 2 lamports. */
export function rentExemptMinimum(dataLength: number | bigint): bigint {
  return (ACCOUNT_OVERHEAD + BigInt(dataLength)) * LAMPORTS_PER_BYTE_YEAR * EXEMPTION_YEARS;
}

type RentState = 'uninitialized' | 'exempt' | { paying: { lamports: bigint; size: number } };

function rentState(account: { lamports: bigint; data: Uint8Array } | undefined): RentState {
  if (!account || account.lamports === 0n) return 'uninitialized';
  if (account.lamports >= rentExemptMinimum(account.data.length)) return 'exempt';
  return { paying: { lamports: account.lamports, size: account.data.length } };
}

/**
 * The runtime's rule for a writable account after a transaction (agave's `transition_allowed`): it may end
 * empty or rent-exempt; it may stay below the minimum only if it already was, at the same size, and
 * did not gain lamports.
 */
export function rentTransitionAllowed(
  pre: { lamports: bigint; data: Uint8Array } | undefined,
  post: { lamports: bigint; data: Uint8Array } | undefined,
): boolean {
  const after = rentState(post);
  if (after === 'uninitialized' || after === 'exempt') return true;
  const before = rentState(pre);
  if (before === 'uninitialized' || before === 'exempt') return false;
  return before.paying.size === after.paying.size && after.paying.lamports <= before.paying.lamports;
}
