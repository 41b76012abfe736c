/**
 * The simulated cluster's SPL token: its mint (6 decimals, its supply the sum of every account of it) and
 * the token accounts of it, as bytes in the Token program's layouts. Their jsonParsed view is the
 * library's parseAccountData of these bytes (src/testing/parsedView.ts), as for any account.
 */
import { putU32le, putU64le } from './bytes.js';
import { decodeAddress } from './simulatedLedger.js';
import { SIMULATION, type SimulatedValidator, simulatedAddress, TOKEN_PROGRAM } from './simulationCast.js';

/** A token account of the simulated mint (6 decimals), as the simulation holds it. */
export interface TokenHolding {
  address: string;
  owner: string;
  amount: bigint;
  delegate?: string;
}

/**
 * Every account of the simulated mint: the wallet's (with a delegate) and two validators'. Largest first,
 * as getTokenLargestAccounts lists them.
 */
export const TOKEN_HOLDINGS: readonly TokenHolding[] = [
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
function tokenAccountBytes(holding: TokenHolding): Uint8Array {
  const bytes = new Uint8Array(165);
  const key = (address: string, offset: number) => bytes.set(decodeAddress(address), offset);
  key(SIMULATION.mint, 0);
  key(holding.owner, 32);
  putU64le(bytes, holding.amount, 64);
  if (holding.delegate) {
    putU32le(bytes, 1, 72); // delegate: Some
    key(holding.delegate, 76);
    putU64le(bytes, holding.amount, 121); // delegated amount: all of it
  }
  bytes[108] = 1; // state: initialized
  return bytes;
}

export function storedHolding(holding: TokenHolding) {
  return {
    bytes: tokenAccountBytes(holding),
    owner: TOKEN_PROGRAM,
    lamports: 2_039_280n,
  };
}

/** The simulated mint's authority: it minted every token the cast holds. */
const MINT_AUTHORITY = simulatedAddress('mint/authority');

/** The simulated mint's supply: exactly what its accounts hold, as the Token program keeps it. */
function mintSupply(): bigint {
  return TOKEN_HOLDINGS.reduce((sum, h) => sum + h.amount, 0n);
}

/** The mint's 82 bytes (spl-token's Mint): authority Some, supply, decimals 6, initialized, no freeze authority. */
export function mintBytes(): Uint8Array {
  const bytes = new Uint8Array(82);
  putU32le(bytes, 1, 0);
  bytes.set(decodeAddress(MINT_AUTHORITY), 4);
  putU64le(bytes, mintSupply(), 36);
  bytes[44] = 6;
  bytes[45] = 1;
  return bytes;
}

/** A token amount at `decimals`, as agave writes it: uiAmountString exact and trimmed. */
export function tokenAmountAt(raw: bigint, decimals: number) {
  const scale = 10n ** BigInt(decimals);
  const whole = raw / scale;
  const fraction = decimals === 0 ? '' : (raw % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  return { amount: String(raw), decimals, uiAmount: Number(text), uiAmountString: text };
}
