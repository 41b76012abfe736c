/**
 * `solrpc block-production` against the Solana CLI's `CliBlockProduction`: leaders by identity with their
 * slots, produced blocks and skips over the epoch up to the finalized slot, the total line, `--slot-limit`,
 * `--epoch`, the minimum-ledger note, `-v`'s per-slot list, snake_case JSON, bad input, the simulation.
 */
import { describe, expect, it } from 'vitest';
import { reply } from '../msw/server.js';
import { useSimulatedCluster } from '../support/simulatedCluster.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const sim = useSimulatedCluster();

const A = '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL';
const B = '5TXPNTbCkDfsh7ayDHTqvTUZJbRrWS6kzDwgF17LJKxy';
const FIRST = 824 * 432_000;

/** mainnet-beta's schedule: 432,000-slot epochs, no warmup. */
const EPOCH_SCHEDULE = reply.result({
  slotsPerEpoch: 432000,
  leaderScheduleSlotOffset: 432000,
  warmup: false,
  firstNormalEpoch: 0,
  firstNormalSlot: 0,
});

/** Epoch 824 at slot index 9: A leads slots 0-3 and 8-9, B 4-7; slots 2, 5 and 6 hold no block. */
function cluster(minimumLedgerSlot = FIRST - 1000) {
  return scripted({
    getEpochSchedule: EPOCH_SCHEDULE,
    getEpochInfo: reply.result({
      absoluteSlot: FIRST + 9,
      blockHeight: 1,
      epoch: 824,
      slotIndex: 9,
      slotsInEpoch: 432000,
    }),
    minimumLedgerSlot: reply.result(minimumLedgerSlot),
    getBlocks: (request) => {
      const [start, end] = request.params as [number, number];
      const all = [0, 1, 3, 4, 7, 8, 9].map((i) => FIRST + i);
      return reply.result(all.filter((slot) => slot >= start && slot <= end));
    },
    getLeaderSchedule: reply.result({ [A]: [0, 1, 2, 3, 8, 9], [B]: [4, 5, 6, 7] }),
  });
}

const row = (id: string, slots: number, produced: number, skipped: number, percent: string) =>
  `  ${id.padEnd(44)}  ${String(slots).padStart(15)}  ${String(produced).padStart(15)}  ${String(skipped).padStart(15)}  ${percent.padStart(22)}%`;
// The newest agave's header: `Skip Rate` right-aligned in 15 (older CLIs wrote `Skipped Slot Percentage`).
const HEADER = `  ${'Identity'.padEnd(44)}     Leader Slots  Blocks Produced    Skipped Slots        Skip Rate`;

describe('block-production', { timeout: 10_000 }, () => {
  it('prints the Solana CLI table for the epoch up to the finalized slot', async () => {
    const rpc = await cluster();
    const result = await runCli(['block-production', '-u', rpc.url]);
    expect(result).toEqual({
      code: 0,
      out: [
        '',
        HEADER,
        row(B, 4, 2, 2, '50.00'),
        row(A, 6, 5, 1, '16.67'),
        '',
        row('Epoch 824 total:', 10, 7, 3, '30.00'),
        `  (using data from 10 slots: ${FIRST} to ${FIRST + 9})`,
        '',
      ].join('\n'),
      err: '',
    });
    expect(rpc.calls.find((c) => c.method === 'getEpochInfo')?.params).toEqual([{ commitment: 'finalized' }]);
    expect(rpc.calls.find((c) => c.method === 'getBlocks')?.params).toEqual([
      FIRST,
      FIRST + 9,
      { commitment: 'finalized' },
    ]);
  });

  it('--slot-limit keeps the last slots; -v lists each slot, SKIPPED where no block holds it', async () => {
    const rpc = await cluster();
    const result = await runCli(['block-production', '-u', rpc.url, '--slot-limit', '3', '-v']);
    expect(result.out.split('\n').slice(2)).toEqual([
      row(B, 2, 1, 1, '50.00'),
      row(A, 2, 2, 0, '0.00'),
      '',
      row('Epoch 824 total:', 4, 3, 1, '25.00'),
      `  (using data from 4 slots: ${FIRST + 6} to ${FIRST + 9})`,
      '',
      '',
      `  ${'Slot'.padEnd(15)} ${'Identity Pubkey'.padEnd(44)}`,
      `  ${String(FIRST + 6).padEnd(15)} ${B} SKIPPED`,
      `  ${String(FIRST + 7).padEnd(15)} ${B}`,
      `  ${String(FIRST + 8).padEnd(15)} ${A}`,
      `  ${String(FIRST + 9).padEnd(15)} ${A}`,
      '',
    ]);
  });

  it('--output json: CliBlockProduction, its own keys snake_case, every slot listed', async () => {
    const rpc = await cluster();
    const json = JSON.parse((await runCli(['block-production', '-u', rpc.url, '--output', 'json'])).out);
    expect(json).toMatchObject({
      epoch: 824,
      start_slot: FIRST,
      end_slot: FIRST + 9,
      total_slots: 10,
      total_blocks_produced: 7,
      total_slots_skipped: 3,
      leaders: [
        { identityPubkey: B, leaderSlots: 4, blocksProduced: 2, skippedSlots: 2 },
        { identityPubkey: A, leaderSlots: 6, blocksProduced: 5, skippedSlots: 1 },
      ],
    });
    expect(json.individual_slot_status).toHaveLength(10);
    expect(json.individual_slot_status[2]).toEqual({ slot: FIRST + 2, leader: A, skipped: true });
  });

  it('a slot the schedule gives nobody counts under ?; rates round half to even as Rust {:.2} does', async () => {
    // 800 slots, the last skipped: 1/800 = 0.125%, an exact tie that Rust writes 0.12 (toFixed: 0.13).
    const first = 824 * 432_000;
    const rpc = await scripted({
      getEpochSchedule: EPOCH_SCHEDULE,
      getEpochInfo: reply.result({
        absoluteSlot: first + 799,
        blockHeight: 1,
        epoch: 824,
        slotIndex: 799,
        slotsInEpoch: 432000,
      }),
      minimumLedgerSlot: reply.result(0),
      getBlocks: reply.result(Array.from({ length: 799 }, (_, i) => first + i)),
      // Slot index 0 has no leader in this schedule.
      getLeaderSchedule: reply.result({ [A]: Array.from({ length: 799 }, (_, i) => i + 1) }),
    });
    const result = await runCli(['block-production', '-u', rpc.url]);
    // Sorted by identity as bytes: '9…' before '?'.
    expect(result.out.split('\n').slice(2, 4)).toEqual([row(A, 799, 798, 1, '0.13'), row('?', 1, 1, 0, '0.00')]);
    expect(result.out).toContain(row('Epoch 824 total:', 800, 799, 1, '0.12'));
  });

  it('starts at the minimum ledger slot, saying so; refuses a future epoch and bad numbers', async () => {
    const rpc = await cluster(FIRST + 5);
    const result = await runCli(['block-production', '-u', rpc.url]);
    expect(result.err).toBe(`Note: Requested start slot was ${FIRST} but minimum ledger slot is ${FIRST + 5}\n`);
    expect(result.out).toContain(`(using data from 5 slots: ${FIRST + 5} to ${FIRST + 9})`);
    const future = await runCli(['block-production', '-u', rpc.url, '--epoch', '825']);
    expect(future).toMatchObject({ code: 1, out: '', err: 'Error: Epoch 825 is in the future\n' });
    const calls = rpc.calls.length;
    for (const bad of [
      ['--epoch', 'last'],
      ['--slot-limit', '-5'],
    ]) {
      expect((await runCli(['block-production', '-u', rpc.url, ...bad])).code).toBe(2);
    }
    expect(rpc.calls).toHaveLength(calls);
  });

  it('works against the simulated cluster', async () => {
    const result = await runCli(['block-production', '-u', sim.cluster.url, '--slot-limit', '1000']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/\(using data from 1001 slots: \d+ to \d+\)/);
  });
});
