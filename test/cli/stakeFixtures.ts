/**
 * The stake accounts the stake command suites read: an active, an activating (with a lockup in force), a
 * deactivating, a long-deactivated and an undelegated account, with the clock, stake history, rent and the
 * reduce_stake_warmup_cooldown feature they are judged against, as bytes in the programs' layouts.
 */
import { delegatedStakeBytes, initializedStakeBytes, NO_EPOCH } from '../../src/testing/accountBytes/stake.js';
import {
  clockAccount,
  featureAccount,
  type Held,
  held,
  rentAccount,
  STAKE_PROGRAM,
  stakeHistoryAccount,
} from './accountServer.js';

export const VOTER = '8R4SNAWowTjABqR5uWfyb2bMZoz2XmLJNLAkR6bHo1Sk';
export const STAKER = '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL';
export const WITHDRAWER = '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy';
export const CUSTODIAN = '3GoyTXTktQWGbDajUCn7gnZqj1CLLFfRY8XCqYYtzB17';
export const ACTIVE = 'EN719Vqaf3poMXdqcdy6kEAzRDQ6EUXEgc1xGBBvhRGz';
export const ACTIVATING = 'AgWDZzs9T8F8XH4sLBbUkCYvhnpUpGR4c83XtevaVGwz';
export const DEACTIVATING = '7gg3sR26BsRYYp2fQrxLyi1pMsB8L4yneZcz9DhjBLPE';
export const INACTIVE = 'BDR415N48YDhR7LmHfT1ydSEPB5CYcnmctU9jK8FVUiD';
export const UNDELEGATED = 'EebAcZ7pXxKvce3ZzHRHb4B3Lie3AmtF1yGsnXj3wnd6';
export const SOL = 1_000_000_000n;
export const RESERVE = 2_282_880n;

const meta = (lockup?: { unixTimestamp: bigint; epoch: bigint; custodian: string }) => ({
  rentExemptReserve: RESERVE,
  staker: STAKER,
  withdrawer: WITHDRAWER,
  ...(lockup ? { lockup } : {}),
});
const delegated = (stake: bigint, activationEpoch: bigint, deactivationEpoch = NO_EPOCH) =>
  delegatedStakeBytes(meta(), { voter: VOTER, stake, activationEpoch, deactivationEpoch, creditsObserved: 1234n });

/**
 * Epoch 800 at 2025-08-11T08:25:54Z; the 9% rate since epoch 565. Epoch 799 of the history has as much
 * stake warming up and cooling down as is effective, so each account gets 9% of its own stake an epoch.
 */
export function stakeCluster(): Held[] {
  return [
    clockAccount(800, 1_754_900_754),
    featureAccount(244_080_000n),
    stakeHistoryAccount([
      { epoch: 799, effective: 400_000_000n * SOL, activating: 400_000_000n * SOL, deactivating: 400_000_000n * SOL },
      { epoch: 798, effective: 399_000_000n * SOL, activating: 0n, deactivating: 0n },
    ]),
    rentAccount(),
    // Activated before the history's oldest epoch: taken as fully active.
    held(ACTIVE, STAKE_PROGRAM, 1000n * SOL + RESERVE, delegated(1000n * SOL, 500n)),
    held(
      ACTIVATING,
      STAKE_PROGRAM,
      500n * SOL + RESERVE,
      delegatedStakeBytes(meta({ unixTimestamp: 1_900_000_000n, epoch: 0n, custodian: CUSTODIAN }), {
        voter: VOTER,
        stake: 500n * SOL,
        activationEpoch: 799n,
        deactivationEpoch: NO_EPOCH,
        creditsObserved: 1234n,
      }),
    ),
    held(DEACTIVATING, STAKE_PROGRAM, 1000n * SOL + RESERVE, delegated(1000n * SOL, 500n, 799n)),
    held(INACTIVE, STAKE_PROGRAM, 7n * SOL + RESERVE, delegated(7n * SOL, 500n, 700n)),
    held(
      UNDELEGATED,
      STAKE_PROGRAM,
      3n * SOL + RESERVE,
      // A lockup that has expired (epoch 10 < 800): not shown.
      initializedStakeBytes(meta({ unixTimestamp: 0n, epoch: 10n, custodian: CUSTODIAN })),
    ),
  ];
}
