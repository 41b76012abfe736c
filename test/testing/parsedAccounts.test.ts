/**
 * The test cluster holds the accounts agave's jsonParsed knows (stake accounts in every state, a durable
 * nonce, an address lookup table, validator info and the stake config, an upgradeable program, the
 * sysvars) and serves each through getAccountInfo, getMultipleAccounts and getProgramAccounts (filters
 * included) in every encoding, the encodings agreeing byte for byte. The layouts are read here by offset,
 * independently of solrpc's decoders, and checked against the cluster's own state: rent-exempt reserves,
 * the bank's slot and epoch, its blockhashes, the validators' stake.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeBase58 } from '../../src/codecs/base58Text.js';
import { decodeBase64 } from '../../src/codecs/base64.js';
import { parseJson } from '../../src/codecs/json.js';
import { decompressZstd, loadZstd } from '../../src/codecs/zstd.js';
import { parseAccountData } from '../../src/decoders/parseAccountData.js';
import { createRpc, type Rpc } from '../../src/index.js';
import { type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import { TOKEN_HOLDINGS } from '../../src/testing/simulatedTokens.js';
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM,
  BPF_UPGRADEABLE_LOADER,
  CONFIG_PROGRAM,
  SIMULATION,
  SLOTS_PER_EPOCH,
  STAKE_CONFIG,
  STAKE_PROGRAM,
  SYSTEM_PROGRAM,
  SYSVAR_OWNER,
  SYSVARS,
  TOKEN_PROGRAM,
} from '../../src/testing/simulationCast.js';
import { rawCall } from './ledgerKit.js';

const SOL = 1_000_000_000n;
const NO_EPOCH = 18_446_744_073_709_551_615n;
let cluster: SimulatedCluster;
let rpc: Rpc;

beforeAll(async () => {
  await loadZstd();
  // A fixed clock: the slot holds still, so every call reads the same banks.
  cluster = await startSimulatedCluster({ now: () => 1_754_900_754_000, providerMethods: ['getProgramAccountsV2'] });
  rpc = createRpc(cluster.url, { retry: false, timeoutMs: 10_000 });
});
afterAll(async () => {
  await cluster.close();
});

const infoAccounts = SIMULATION.validators.filter((v) => v.name !== 'epsilon').map((v) => v.info);
/** Every account added for jsonParsed, with its owner. */
const ACCOUNTS: [string, string][] = [
  ...Object.values(SIMULATION.stakes).map((a): [string, string] => [a, STAKE_PROGRAM]),
  [SIMULATION.nonce, SYSTEM_PROGRAM],
  [SIMULATION.lookupTable, ADDRESS_LOOKUP_TABLE_PROGRAM],
  ...infoAccounts.map((a): [string, string] => [a, CONFIG_PROGRAM]),
  [STAKE_CONFIG, CONFIG_PROGRAM],
  [SIMULATION.program.address, BPF_UPGRADEABLE_LOADER],
  [SIMULATION.program.programData, BPF_UPGRADEABLE_LOADER],
  ...Object.values(SYSVARS).map((a): [string, string] => [a, SYSVAR_OWNER]),
];

interface UiAccount {
  data: [string, string] | string | { program: string; parsed: unknown; space: number };
  executable: boolean;
  lamports: number;
  owner: string;
  space: number;
}

async function call(method: string, params: unknown[]) {
  const body = await rawCall(cluster.url, method, params);
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result as { context: { slot: number }; value: unknown };
}

/** The bytes of a `[text, encoding]` data pair, whichever encoding. */
function bytesOf(data: UiAccount['data']): Uint8Array {
  if (typeof data === 'string') return decodeBase58(data, 1 << 20) as Uint8Array;
  if (!Array.isArray(data)) throw new Error('parsed data has no bytes');
  const [text, encoding] = data;
  if (encoding === 'base58') return decodeBase58(text, 1 << 20) as Uint8Array;
  const raw = decodeBase64(text) as Uint8Array;
  return encoding === 'base64+zstd' ? decompressZstd(raw, 1 << 20) : raw;
}

async function accountBytes(address: string): Promise<Uint8Array> {
  const { value } = await call('getAccountInfo', [address, { encoding: 'base64' }]);
  return bytesOf((value as UiAccount).data);
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const u64 = (bytes: Uint8Array, at: number) => view(bytes).getBigUint64(at, true);
const key = (bytes: Uint8Array, at: number) => encodeBase58(bytes.subarray(at, at + 32));

describe('every account in every encoding', () => {
  it.each(ACCOUNTS)(
    '%s: base64, base58, base64+zstd and binary hold the same bytes; owner and space agree',
    async (address, owner) => {
      const base64 = (await call('getAccountInfo', [address, { encoding: 'base64' }])).value as UiAccount;
      expect(base64.owner).toBe(owner);
      const bytes = bytesOf(base64.data);
      expect(base64.space).toBe(bytes.length);
      expect(base64.lamports).toBe(
        Number(await rpc.getMinimumBalanceForRentExemption(bytes.length)) + (await stakeOf(address)),
      );
      const zstd = (await call('getAccountInfo', [address, { encoding: 'base64+zstd' }])).value as UiAccount;
      expect(bytesOf(zstd.data)).toEqual(bytes);
      const base58 = await rawCall(cluster.url, 'getAccountInfo', [address, { encoding: 'base58' }]);
      if (bytes.length <= 128) {
        expect(bytesOf((base58.result as { value: UiAccount }).value.data)).toEqual(bytes);
        const binary = (await call('getAccountInfo', [address])).value as UiAccount;
        expect(bytesOf(binary.data)).toEqual(bytes);
      } else {
        // As agave: base58 of more than 128 bytes is refused by getAccountInfo.
        expect((base58.error as { code: number }).code).toBe(-32600);
      }
      // The same account through getMultipleAccounts and the program scan.
      const multiple = (await call('getMultipleAccounts', [[address], { encoding: 'base64+zstd' }]))
        .value as UiAccount[];
      expect(bytesOf((multiple[0] as UiAccount).data)).toEqual(bytes);
      const scan = (await rawCall(cluster.url, 'getProgramAccounts', [owner, { encoding: 'base64' }])).result as {
        pubkey: string;
        account: UiAccount;
      }[];
      const listed = scan.find((a) => a.pubkey === address);
      expect(listed && bytesOf(listed.account.data)).toEqual(bytes);
    },
  );

  it('the solrpc client reads them all in one getMultipleAccounts', async () => {
    const { value } = await rpc.getMultipleAccounts(ACCOUNTS.map(([a]) => a));
    expect(value.map((a) => a?.owner)).toEqual(ACCOUNTS.map(([, owner]) => owner));
    for (const [i, [address]] of ACCOUNTS.entries()) expect(value[i]?.data).toEqual(await accountBytes(address));
  });

  it('the program is executable; its program data is not', async () => {
    const { value } = await rpc.getMultipleAccounts([SIMULATION.program.address, SIMULATION.program.programData]);
    expect(value.map((a) => a?.executable)).toEqual([true, false]);
  });
});

/** The delegated stake in a stake account's lamports beside its reserve (0 for any other account). */
async function stakeOf(address: string): Promise<number> {
  if (!Object.values(SIMULATION.stakes).includes(address)) return 0;
  const bytes = await accountBytes(address);
  return bytes[0] === 2 ? Number(u64(bytes, 156)) : 10 * Number(SOL);
}

describe('stake accounts', () => {
  async function stake(address: string) {
    const bytes = await accountBytes(address);
    return {
      variant: view(bytes).getUint32(0, true),
      reserve: u64(bytes, 4),
      staker: key(bytes, 12),
      withdrawer: key(bytes, 44),
      lockup: { unixTimestamp: view(bytes).getBigInt64(76, true), epoch: u64(bytes, 84), custodian: key(bytes, 92) },
      voter: key(bytes, 124),
      stake: u64(bytes, 156),
      activation: u64(bytes, 164),
      deactivation: u64(bytes, 172),
      rate: view(bytes).getFloat64(180, true),
      length: bytes.length,
    };
  }

  it('hold the rent-exempt reserve of 200 bytes, the wallet as staker and withdrawer', async () => {
    const reserve = await rpc.getMinimumBalanceForRentExemption(200);
    for (const address of Object.values(SIMULATION.stakes)) {
      const s = await stake(address);
      expect(s.length).toBe(200);
      expect(s.reserve).toBe(reserve);
      expect([s.staker, s.withdrawer]).toEqual([SIMULATION.wallet.address, SIMULATION.wallet.address]);
    }
  });

  it('go through every state of a delegation, relative to the bank’s epoch', async () => {
    const epoch = BigInt((await rpc.getEpochInfo()).epoch);
    const v = (name: string) => SIMULATION.validators.find((x) => x.name === name)?.vote;
    const { active, lockedUp, activating, deactivating, deactivated, initialized } = SIMULATION.stakes;
    expect(await stake(active)).toMatchObject({
      variant: 2,
      voter: v('alpha'),
      stake: 500n * SOL,
      activation: epoch - 60n,
      deactivation: NO_EPOCH,
      rate: 0.25,
    });
    expect(await stake(lockedUp)).toMatchObject({ variant: 2, voter: v('beta'), deactivation: NO_EPOCH });
    expect(await stake(activating)).toMatchObject({ variant: 2, voter: v('gamma'), activation: epoch });
    expect(await stake(deactivating)).toMatchObject({ variant: 2, voter: v('beta'), deactivation: epoch });
    expect(await stake(deactivated)).toMatchObject({ variant: 2, voter: v('delta'), deactivation: epoch - 3n });
    expect((await stake(initialized)).variant).toBe(1);
  });

  it('with and without lockup', async () => {
    expect((await stake(SIMULATION.stakes.active)).lockup).toEqual({
      unixTimestamp: 0n,
      epoch: 0n,
      custodian: SYSTEM_PROGRAM,
    });
    for (const address of [SIMULATION.stakes.lockedUp, SIMULATION.stakes.initialized]) {
      expect((await stake(address)).lockup).toEqual({
        unixTimestamp: 1_893_456_000n,
        epoch: 1_000n,
        custodian: SIMULATION.stakeCustodian,
      });
    }
  });

  it('count among the largest accounts, with the balances getBalance reads', async () => {
    const { value } = await rpc.getLargestAccounts();
    const stakes = Object.values(SIMULATION.stakes);
    const listed = value.filter((a) => stakes.includes(a.address));
    expect(listed.map((a) => a.address).sort()).toEqual([...stakes].sort());
    for (const { address, lamports } of listed) expect((await rpc.getBalance(address)).value).toBe(lamports);
  });

  it('earned inflation rewards for the epochs they were effective in, less their validator’s commission', async () => {
    const { active, lockedUp, activating, deactivating, deactivated, initialized } = SIMULATION.stakes;
    const epoch = (await rpc.getEpochInfo()).epoch;
    const addresses = [active, lockedUp, activating, deactivating, deactivated, initialized];
    const rewards = await rpc.getInflationReward(addresses);
    const alpha = SIMULATION.validators[0]?.commission as number;
    const reserve = await rpc.getMinimumBalanceForRentExemption(200);
    expect(rewards[0]).toStrictEqual({
      amount: (((500n * SOL * 252n) / 1_000_000n) * BigInt(100 - alpha)) / 100n,
      commission: alpha,
      effectiveSlot: epoch * SLOTS_PER_EPOCH,
      epoch: epoch - 1,
      postBalance: reserve + 500n * SOL,
    });
    // Activating this epoch, deactivated three epochs ago, never delegated: nothing for the last epoch.
    expect(rewards.map((r) => r !== null)).toEqual([true, true, false, true, false, false]);
    // Deactivating this epoch, it was still effective in the last, through its validator (beta).
    const beta = SIMULATION.validators[1]?.commission as number;
    expect(rewards[3]?.amount).toBe((((300n * SOL * 252n) / 1_000_000n) * BigInt(100 - beta)) / 100n);
  });

  it('getProgramAccounts filters them by size, state, staker and voter (memcmp)', async () => {
    const scan = async (filters: unknown[]) =>
      (
        (await rawCall(cluster.url, 'getProgramAccounts', [STAKE_PROGRAM, { encoding: 'base64', filters }])).result as {
          pubkey: string;
        }[]
      )
        .map((a) => a.pubkey)
        .sort();
    const all = Object.values(SIMULATION.stakes).sort();
    expect(await scan([{ dataSize: 200 }])).toEqual(all);
    expect(await scan([{ dataSize: 201 }])).toEqual([]);
    expect(await scan([{ memcmp: { offset: 12, bytes: SIMULATION.wallet.address } }])).toEqual(all);
    const delegated = encodeBase58(new Uint8Array([2, 0, 0, 0]));
    expect(await scan([{ memcmp: { offset: 0, bytes: delegated } }])).toEqual(
      all.filter((a) => a !== SIMULATION.stakes.initialized),
    );
    const alpha = SIMULATION.validators[0]?.vote as string;
    expect(await scan([{ dataSize: 200 }, { memcmp: { offset: 124, bytes: alpha } }])).toEqual([
      SIMULATION.stakes.active,
    ]);
  });
});

describe('the sysvars are the cluster’s own state', () => {
  it('clock: the bank’s slot, epoch and block time', async () => {
    const { context, value } = await call('getAccountInfo', [
      SYSVARS.clock,
      { encoding: 'base64', commitment: 'confirmed' },
    ]);
    const bytes = bytesOf((value as UiAccount).data);
    const slot = context.slot;
    expect(u64(bytes, 0)).toBe(BigInt(slot));
    expect(u64(bytes, 16)).toBe(BigInt(Math.floor(slot / SLOTS_PER_EPOCH)));
    expect(u64(bytes, 24)).toBe(BigInt(Math.floor(slot / SLOTS_PER_EPOCH) + 1));
    expect(view(bytes).getBigInt64(32, true)).toBe(BigInt((await rpc.getBlockTime(slot)) as number));
  });

  it('rent and epoch schedule: what getMinimumBalanceForRentExemption and getEpochSchedule answer', async () => {
    const rent = await accountBytes(SYSVARS.rent);
    expect([u64(rent, 0), view(rent).getFloat64(8, true), rent[16]]).toEqual([3_480n, 2, 50]);
    const schedule = await accountBytes(SYSVARS.epochSchedule);
    const answered = await rpc.getEpochSchedule();
    expect(u64(schedule, 0)).toBe(BigInt(answered.slotsPerEpoch));
    expect(u64(schedule, 8)).toBe(BigInt(answered.leaderScheduleSlotOffset));
    expect(schedule[16]).toBe(answered.warmup ? 1 : 0);
  });

  it('stake history: the validators’ stake this epoch, the cast’s delegations moving it before', async () => {
    const bytes = await accountBytes(SYSVARS.stakeHistory);
    const epoch = (await rpc.getEpochInfo()).epoch;
    const count = Number(u64(bytes, 0));
    expect(count).toBe(Math.min(512, epoch));
    const entry = (i: number) => ({
      epoch: Number(u64(bytes, 8 + i * 32)),
      effective: u64(bytes, 16 + i * 32),
      activating: u64(bytes, 24 + i * 32),
      deactivating: u64(bytes, 32 + i * 32),
    });
    const total = SIMULATION.validators.reduce((sum, v) => sum + v.stake, 0n);
    expect(entry(0)).toEqual({ epoch: epoch - 1, effective: total, activating: 0n, deactivating: 0n });
    // Three epochs ago the deactivated account was still effective, and deactivating.
    expect(entry(2)).toEqual({
      epoch: epoch - 3,
      effective: total + 75n * SOL,
      activating: 0n,
      deactivating: 75n * SOL,
    });
    // The deactivating one was delegated 30 epochs ago: activating then, not yet effective.
    expect(entry(29)).toMatchObject({
      epoch: epoch - 30,
      activating: 300n * SOL,
      effective: total - 300n * SOL + 75n * SOL,
    });
  });

  it('slot hashes and recent blockhashes: the blocks before the bank, newest first', async () => {
    const { context, value } = await call('getAccountInfo', [SYSVARS.recentBlockhashes, { encoding: 'base64' }]);
    const recent = bytesOf((value as UiAccount).data);
    expect(u64(recent, 0)).toBe(150n);
    const newest = key(recent, 8);
    expect(u64(recent, 40)).toBe(5_000n);
    const blocks = await rpc.getBlocksWithLimit(context.slot - 3, 3);
    const last = blocks.filter((s) => s < context.slot).at(-1) as number;
    const block = await rpc.getBlock(last, {
      transactionDetails: 'none',
      rewards: false,
      maxSupportedTransactionVersion: 0,
    });
    expect(newest).toBe(block?.blockhash);
    const hashes = await accountBytes(SYSVARS.slotHashes);
    expect(u64(hashes, 0)).toBe(512n);
    expect(Number(u64(hashes, 8))).toBe(last);
  });

  it('last restart slot and epoch rewards', async () => {
    expect(u64(await accountBytes(SYSVARS.lastRestartSlot), 0)).toBe(0n);
    const rewards = await accountBytes(SYSVARS.epochRewards);
    expect(rewards.length).toBe(81);
    expect(u64(rewards, 64)).toBe(u64(rewards, 72)); // distributed all of it
    expect(rewards[80]).toBe(0); // inactive
  });
});

describe('nonce, lookup table, validator info, program', () => {
  it('the nonce account: initialized, the wallet its authority, a durable nonce, 5,000 lamports a signature', async () => {
    const bytes = await accountBytes(SIMULATION.nonce);
    expect(bytes.length).toBe(80);
    expect([view(bytes).getUint32(0, true), view(bytes).getUint32(4, true)]).toEqual([1, 1]);
    expect(key(bytes, 8)).toBe(SIMULATION.wallet.address);
    expect(u64(bytes, 72)).toBe(5_000n);
  });

  it('the lookup table: active, the wallet its authority, seven addresses after its 56-byte header', async () => {
    const bytes = await accountBytes(SIMULATION.lookupTable);
    expect(bytes.length).toBe(56 + 7 * 32);
    expect(u64(bytes, 4)).toBe(NO_EPOCH);
    expect(bytes[21]).toBe(1);
    expect(key(bytes, 22)).toBe(SIMULATION.wallet.address);
    expect(key(bytes, 56)).toBe(SIMULATION.wallet.address);
  });

  it('validator info as the CLI writes it: the info key, the identity as signer, then the JSON', async () => {
    for (const v of SIMULATION.validators.filter((x) => x.name !== 'epsilon')) {
      const bytes = await accountBytes(v.info);
      expect(bytes[0]).toBe(2);
      expect([key(bytes, 1), bytes[33], key(bytes, 34), bytes[66]]).toEqual([
        'Va1idator1nfo111111111111111111111111111111',
        0,
        v.identity,
        1,
      ]);
      const length = Number(u64(bytes, 67));
      const info = JSON.parse(new TextDecoder().decode(bytes.subarray(75, 75 + length)));
      expect(typeof info.name).toBe('string');
      expect(bytes.length).toBe(67 + 576);
    }
    const config = (
      await rawCall(cluster.url, 'getProgramAccounts', [
        CONFIG_PROGRAM,
        {
          encoding: 'base64',
          filters: [{ memcmp: { offset: 1, bytes: 'Va1idator1nfo111111111111111111111111111111' } }],
        },
      ])
    ).result as { pubkey: string }[];
    expect(config.map((a) => a.pubkey).sort()).toEqual([...infoAccounts].sort());
  });

  it('the program points at its program data; the program data names its upgrade authority', async () => {
    const program = await accountBytes(SIMULATION.program.address);
    expect(program.length).toBe(36);
    expect(key(program, 4)).toBe(SIMULATION.program.programData);
    const data = await accountBytes(SIMULATION.program.programData);
    expect(view(data).getUint32(0, true)).toBe(3);
    expect([data[12], key(data, 13)]).toEqual([1, SIMULATION.program.authority]);
    expect([...data.subarray(45, 49)]).toEqual([0x7f, 0x45, 0x4c, 0x46]);
  });
});

/** A call's JSON read as solrpc reads it: integers beyond 2^53 exact, as parseAccountData gives them. */
async function exactCall(url: string, method: string, params: unknown[]) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return parseJson(await response.text()) as { result: { context: { slot: number }; value: unknown } };
}

describe('jsonParsed is parseAccountData of the same bytes', () => {
  it.each(ACCOUNTS)(
    '%s, as getAccountInfo, getMultipleAccounts and getProgramAccounts serve it',
    async (address, owner) => {
      // The same bank for both reads: the clock is fixed.
      const bytes = await accountBytes(address);
      const expected = parseAccountData(bytes, { owner, address }) ?? [expect.any(String), 'base64'];
      const single = (await exactCall(cluster.url, 'getAccountInfo', [address, { encoding: 'jsonParsed' }])).result;
      expect((single.value as UiAccount).data).toStrictEqual(expected);
      const multiple = (await exactCall(cluster.url, 'getMultipleAccounts', [[address], { encoding: 'jsonParsed' }]))
        .result.value as UiAccount[];
      expect(multiple[0]?.data).toStrictEqual(expected);
      const scan = (await exactCall(cluster.url, 'getProgramAccounts', [owner, { encoding: 'jsonParsed' }]))
        .result as unknown as { pubkey: string; account: UiAccount }[];
      expect(scan.find((a) => a.pubkey === address)?.account.data).toStrictEqual(expected);
    },
  );

  it('the stake, nonce, lookup table, validator info, program and sysvar accounts all parse', async () => {
    const programs = new Set<string>();
    for (const [address, owner] of ACCOUNTS) {
      const parsed = parseAccountData(await accountBytes(address), { owner, address });
      if (parsed) programs.add(parsed.program);
    }
    expect([...programs].sort()).toEqual([
      'address-lookup-table',
      'bpf-upgradeable-loader',
      'config',
      'nonce',
      'stake',
      'sysvar',
    ]);
  });

  it('the token mint and accounts too, with the mint’s decimals', async () => {
    const mint = await accountBytes(SIMULATION.mint);
    for (const address of [SIMULATION.mint, ...TOKEN_HOLDINGS.map((h) => h.address)]) {
      const bytes = await accountBytes(address);
      const { value } = (await exactCall(cluster.url, 'getAccountInfo', [address, { encoding: 'jsonParsed' }])).result;
      expect((value as UiAccount).data).toStrictEqual(parseAccountData(bytes, { owner: TOKEN_PROGRAM, address, mint }));
    }
  });

  it('an account the cluster was started with is parsed as the cast’s are; bytes agave refuses come as base64', async () => {
    const stakeBytes = await accountBytes(SIMULATION.stakes.lockedUp);
    const preloadedStake = 'Bj1Bt6hGRm8vsWtPzkRFGjXADPvYt7iCLVHMvXNZHoha';
    const refused = 'F4Ht9dxJcnsk4SszzFpzGCH9R46dvRuPYEYaRLNhKkvp';
    const other = await startSimulatedCluster({
      now: () => 1_754_900_754_000,
      accounts: {
        [preloadedStake]: { lamports: 5n * SOL, owner: STAKE_PROGRAM, data: stakeBytes },
        [refused]: { lamports: 5n * SOL, owner: STAKE_PROGRAM, data: new Uint8Array([9, 9, 9]) },
      },
    });
    try {
      const read = async (address: string) =>
        (
          (await exactCall(other.url, 'getAccountInfo', [address, { encoding: 'jsonParsed' }])).result
            .value as UiAccount
        ).data;
      expect(await read(preloadedStake)).toStrictEqual(
        parseAccountData(stakeBytes, { owner: STAKE_PROGRAM, address: preloadedStake }),
      );
      expect(await read(refused)).toEqual(['CQkJ', 'base64']);
    } finally {
      await other.close();
    }
  });
});

describe('the paged scan and the subscriptions serve them too', () => {
  it('getProgramAccountsV2 pages the stake accounts, filters and jsonParsed as getProgramAccounts', async () => {
    const params = [STAKE_PROGRAM, { encoding: 'jsonParsed', filters: [{ dataSize: 200 }], limit: 1_000 }];
    const page = (await exactCall(cluster.url, 'getProgramAccountsV2', params)).result as unknown as {
      accounts: { pubkey: string; account: UiAccount }[];
      paginationKey: string | null;
    };
    expect(page.accounts.map((a) => a.pubkey).sort()).toEqual(Object.values(SIMULATION.stakes).sort());
    for (const { pubkey, account } of page.accounts) {
      const bytes = await accountBytes(pubkey);
      expect(account.data).toStrictEqual(parseAccountData(bytes, { owner: STAKE_PROGRAM, address: pubkey }));
    }
  });

  it('accountSubscribe and programSubscribe notify a change to the nonce account in jsonParsed', async () => {
    const clock = { ms: 1_754_900_754_000 };
    const moving = await startSimulatedCluster({ now: () => clock.ms, slotMs: 100 });
    const ws = new WebSocket(moving.wsUrl);
    try {
      await once(ws, 'open');
      // `params` is read only off notifications, which always carry it.
      const messages: { id?: number; method?: string; params: { result: { value: unknown } } }[] = [];
      ws.on('message', (text) => messages.push(JSON.parse(String(text))));
      const until = async <T>(find: () => T | undefined): Promise<T> => {
        for (let i = 0; i < 200; i++) {
          const found = find();
          if (found !== undefined) return found;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        throw new Error('no such message');
      };
      const config = { commitment: 'processed', encoding: 'jsonParsed' };
      ws.send(
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: [SIMULATION.nonce, config] }),
      );
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'programSubscribe', params: [SYSTEM_PROGRAM, config] }));
      await until(() => messages.find((m) => m.id === 2));
      const read = await rawCall(moving.url, 'getAccountInfo', [
        SIMULATION.nonce,
        { encoding: 'base64', commitment: 'processed' },
      ]);
      const before = bytesOf((read.result as { value: UiAccount }).value.data);
      await rawCall(moving.url, 'requestAirdrop', [SIMULATION.nonce, 1_000_000_000]);
      clock.ms += 300;
      const expected = parseAccountData(before, { owner: SYSTEM_PROGRAM, address: SIMULATION.nonce });
      const account = await until(() => messages.find((m) => m.method === 'accountNotification'));
      expect((account.params.result.value as UiAccount).data).toEqual(expected);
      const program = await until(() =>
        messages.find(
          (m) =>
            m.method === 'programNotification' &&
            (m.params.result.value as { pubkey: string }).pubkey === SIMULATION.nonce,
        ),
      );
      expect((program.params.result.value as { account: UiAccount }).account.data).toEqual(expected);
    } finally {
      ws.close();
      await moving.close();
    }
  });
});

describe('the clock, slot hashes and recent blockhashes notify each block', () => {
  it('accountSubscribe to the clock hears every bank after its own, its slot the context’s', async () => {
    const clock = { ms: 1_754_900_754_000 };
    const moving = await startSimulatedCluster({ now: () => clock.ms, slotMs: 100 });
    const ws = new WebSocket(moving.wsUrl);
    try {
      await once(ws, 'open');
      const notes: { context: { slot: number }; value: UiAccount }[] = [];
      let subscribed = false;
      ws.on('message', (text) => {
        const message = JSON.parse(String(text));
        if (message.id === 1) subscribed = true;
        if (message.method === 'accountNotification') notes.push(message.params.result);
      });
      const config = { commitment: 'processed', encoding: 'base64' };
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: [SYSVARS.clock, config] }));
      while (!subscribed) await new Promise((resolve) => setTimeout(resolve, 5));
      const start = moving.slot();
      clock.ms += 2_300; // 23 slots: one in 23 is skipped, and has no bank to notify
      for (let i = 0; i < 200 && notes.length < 22; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(notes).toHaveLength(22);
      for (const note of notes) {
        expect(note.context.slot).toBeGreaterThan(start);
        expect(u64(bytesOf(note.value.data), 0)).toBe(BigInt(note.context.slot));
      }
    } finally {
      ws.close();
      await moving.close();
    }
  });
});

describe('a young cluster', () => {
  it.each([0, 5, 1_000_000])(
    'started at slot %i holds every one, and each parses (or falls back) as on an old one',
    async (startSlot) => {
      const young = await startSimulatedCluster({ now: () => 0, startSlot });
      try {
        const { value } = (
          await exactCall(young.url, 'getMultipleAccounts', [
            ACCOUNTS.map(([a]) => a),
            { encoding: 'base64', commitment: 'processed' },
          ])
        ).result as { value: UiAccount[] };
        expect(value.map((a) => a.owner)).toEqual(ACCOUNTS.map(([, owner]) => owner));
        for (const [i, [address, owner]] of ACCOUNTS.entries()) {
          const bytes = bytesOf((value[i] as UiAccount).data);
          if (address !== STAKE_CONFIG) expect(parseAccountData(bytes, { owner, address })).not.toBeNull();
        }
        const clock = bytesOf((value[ACCOUNTS.findIndex(([a]) => a === SYSVARS.clock)] as UiAccount).data);
        expect(u64(clock, 0)).toBe(BigInt(startSlot));
      } finally {
        await young.close();
      }
    },
  );
});
