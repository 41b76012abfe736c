import type { Account } from '../types/index.js';

/** The system program: the owner agave shows for an account that no longer exists. */
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/**
 * An account that no longer exists, as agave's pubsub notifies it: the default account (0 lamports, the
 * system program as owner, no data, not executable, rent epoch 0, space 0) through its usual encoder, whose
 * `jsonParsed` falls back to base64 for empty system data, so the data is bytes in every encoding. A read
 * over HTTP answers `null` for it instead; a resync delivers this, as a notification would have been.
 */
export function closedAccount(): Account<Uint8Array> {
  return {
    lamports: 0n,
    owner: SYSTEM_PROGRAM,
    data: new Uint8Array(0),
    executable: false,
    rentEpoch: 0n,
    space: 0,
  };
}
