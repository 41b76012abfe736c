/**
 * The test cluster's clock is its slots': every value it takes from the time (the Clock sysvar, a block's
 * time, a vote account's last timestamp) is the same for every read of one slot, and a block's time never
 * changes as later slots come, as on a node. Before, they were read from the wall clock at each request,
 * so two reads of one slot 400 ms apart could differ by a second across a second's boundary. The clock is
 * injected: no sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, type Rpc } from '../../src/index.js';
import { startTestCluster, type TestCluster } from '../../src/testing/index.js';

const CLOCK_SYSVAR = 'SysvarC1ock11111111111111111111111111111111';
const SLOT_MS = 400;
// The cluster's first slot begins 100 ms before a second's boundary: its first 400 ms straddle it.
const STARTED = 1_795_000_000_900;
const clock = { ms: STARTED };

let cluster: TestCluster;
let rpc: Rpc;

beforeAll(async () => {
  cluster = await startTestCluster({ now: () => clock.ms, slotMs: SLOT_MS });
  rpc = createRpc(cluster.url, { retry: false });
});
afterAll(async () => {
  await cluster?.close();
});

type ClockInfo = { slot: number; unixTimestamp: number; epochStartTimestamp: number };

async function clockSysvar(): Promise<{ slot: number; info: ClockInfo }> {
  const { context, value } = await rpc.getAccountInfo(CLOCK_SYSVAR, { encoding: 'jsonParsed' });
  const data = value?.data as { parsed: { info: ClockInfo } };
  return { slot: Number(context.slot), info: data.parsed.info };
}

describe('the test cluster’s clock follows its slots', () => {
  it('two reads of one slot, either side of a second’s boundary, give the same clock and block time', async () => {
    clock.ms = STARTED + 10;
    const before = await clockSysvar();
    const slot = before.slot;
    const blockTime = await rpc.getBlockTime(slot - 1);
    clock.ms = STARTED + 390; // the same slot, past the boundary
    const after = await clockSysvar();
    expect(after.slot).toBe(slot);
    expect(after.info).toStrictEqual(before.info);
    expect(await rpc.getBlockTime(slot - 1)).toBe(blockTime);
  });

  it('a block’s time is its bank’s Clock timestamp, and stays so as later slots come', async () => {
    clock.ms = STARTED + 10;
    const { slot, info } = await clockSysvar();
    const times = [];
    for (let later = 0; later < 12; later++) {
      clock.ms = STARTED + 10 + later * SLOT_MS;
      times.push(await rpc.getBlockTime(slot));
    }
    expect(new Set(times)).toEqual(new Set([info.unixTimestamp]));
  });
});
