/**
 * A loopback node that holds accounts as bytes and answers the account reads the account commands make
 * (getAccountInfo in base64, getProgramAccounts with its memcmp and dataSize filters applied, as agave
 * applies them), in agave's wire format. The bytes come from src/testing/accountBytes, the layouts the
 * programs write.
 */
import { decodeBase58 } from '../../src/codecs/base58Text.js';
import { clockBytes, rentBytes, stakeHistoryBytes } from '../../src/testing/accountBytes/sysvar.js';
import { type RpcHandler, type RpcRequest, reply } from '../msw/server.js';

export const STAKE_PROGRAM = 'Stake11111111111111111111111111111111111111';
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const CONFIG_PROGRAM = 'Config1111111111111111111111111111111111111';
export const LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
export const SYSVAR_OWNER = 'Sysvar1111111111111111111111111111111111111';
export const FEATURE_PROGRAM = 'Feature111111111111111111111111111111111111';
export const CLOCK = 'SysvarC1ock11111111111111111111111111111111';
export const RENT = 'SysvarRent111111111111111111111111111111111';
export const STAKE_HISTORY = 'SysvarStakeHistory1111111111111111111111111';
export const NEW_RATE_FEATURE = 'GwtDQBghCTBgmX2cpEGNPxTEBUTQRaDMGTr5qychdGMj';

const CONTEXT = { apiVersion: '2.3.7', slot: 356139456 };
const RENT_EPOCH = 18446744073709551615n;

/** An account the node holds. */
export interface Held {
  address: string;
  owner: string;
  lamports: bigint;
  bytes: Uint8Array;
}

export function held(address: string, owner: string, lamports: bigint, bytes: Uint8Array): Held {
  return { address, owner, lamports, bytes };
}

function wireAccount(account: Held) {
  return {
    data: [Buffer.from(account.bytes).toString('base64'), 'base64'],
    executable: false,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EPOCH,
    space: account.bytes.length,
  };
}

interface Filter {
  memcmp?: { offset: number; bytes: string; encoding?: string };
  dataSize?: number;
}

function passes(account: Held, filters: Filter[]): boolean {
  return filters.every((filter) => {
    if (filter.dataSize !== undefined) return account.bytes.length === filter.dataSize;
    const memcmp = filter.memcmp;
    if (memcmp === undefined) return false;
    const bytes =
      memcmp.encoding === 'base64'
        ? new Uint8Array(Buffer.from(memcmp.bytes, 'base64'))
        : (decodeBase58(memcmp.bytes, 128) as Uint8Array);
    const at = account.bytes.subarray(memcmp.offset, memcmp.offset + bytes.length);
    return at.length === bytes.length && at.every((byte, i) => byte === bytes[i]);
  });
}

/** The feature account of reduce_stake_warmup_cooldown, active since `slot` (bincode Option<u64>). */
export function featureAccount(slot: bigint): Held {
  const bytes = new Uint8Array(9);
  bytes[0] = 1;
  new DataView(bytes.buffer).setBigUint64(1, slot, true);
  return held(NEW_RATE_FEATURE, FEATURE_PROGRAM, 1_454_640n, bytes);
}

/** The clock, at an epoch and time. */
export function clockAccount(epoch: number, unixTimestamp: number): Held {
  const bytes = clockBytes({
    slot: epoch * 432_000 + 1000,
    epochStartTimestamp: unixTimestamp - 400,
    epoch,
    leaderScheduleEpoch: epoch + 1,
    unixTimestamp,
  });
  return held(CLOCK, SYSVAR_OWNER, 1_169_280n, bytes);
}

export function stakeHistoryAccount(
  entries: { epoch: number; effective: bigint; activating: bigint; deactivating: bigint }[],
): Held {
  return held(STAKE_HISTORY, SYSVAR_OWNER, 114_979_200n, stakeHistoryBytes(entries));
}

/** Mainnet's rent: 3480 lamports per byte-year, exempt at two years. */
export function rentAccount(lamportsPerByteYear = 3480n, threshold = 2): Held {
  return held(RENT, SYSVAR_OWNER, 1_009_200n, rentBytes(lamportsPerByteYear, threshold, 50));
}

/** Mainnet's epoch schedule (no warmup), as getEpochSchedule answers. */
export const EPOCH_SCHEDULE = {
  firstNormalEpoch: 0,
  firstNormalSlot: 0,
  leaderScheduleSlotOffset: 432000,
  slotsPerEpoch: 432000,
  warmup: false,
};

/**
 * Handlers answering every account read from `accounts`: getAccountInfo (base64; null when absent),
 * getProgramAccounts (the owner's accounts that pass the filters) and getEpochSchedule.
 */
export function accountHandlers(accounts: readonly Held[]): Record<string, RpcHandler> {
  const byAddress = new Map(accounts.map((account) => [account.address, account]));
  return {
    getAccountInfo: (request: RpcRequest) => {
      const [address, config] = request.params as [string, { encoding?: string }];
      if (config?.encoding !== 'base64') return reply.error(-32602, `unexpected encoding ${config?.encoding}`);
      const account = byAddress.get(address);
      return reply.result({ context: CONTEXT, value: account === undefined ? null : wireAccount(account) });
    },
    getProgramAccounts: (request: RpcRequest) => {
      const [program, config] = request.params as [string, { encoding?: string; filters?: Filter[] }];
      if (config?.encoding !== 'base64') return reply.error(-32602, `unexpected encoding ${config?.encoding}`);
      const matching = accounts.filter((a) => a.owner === program && passes(a, config.filters ?? []));
      return reply.result(matching.map((account) => ({ pubkey: account.address, account: wireAccount(account) })));
    },
    getEpochSchedule: () => reply.result(EPOCH_SCHEDULE),
  };
}
