/**
 * The test cluster keeps a ledger as a node does, seen over loopback HTTP by solrpc's client and by plain
 * fetch: balances per commitment, System transfers that move lamports, the fee (5,000 lamports a signature)
 * charged to the payer and shown in meta.fee, preBalances and postBalances of getTransaction and getBlock,
 * payers without funds refused (AccountNotFound, InsufficientFundsForFee, custom program error 1) and
 * a failed transaction landed with skipPreflight still paying its fee, the rent rule (a new account below
 * the rent-exempt minimum: InsufficientFundsForRent), airdrops, signatures verified (-32003), blockhashes
 * expiring after 150 blocks (BlockhashNotFound, isBlockhashValid false), and statuses moving processed ->
 * confirmed -> finalized with `confirmations` counting until null. The clock is injected: no sleeps.
 */
import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, isSolRpcError, type Rpc } from '../../src/index.js';
import { SIMULATION, type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import { keyOf, memoInstruction, rawCall, signed, transferInstruction } from './ledgerKit.js';

const SOL = 1_000_000_000n;
let clock = 1_754_900_754_000;
let cluster: SimulatedCluster;
let rpc: Rpc;
let payer: KeyPairSigner;
let poor: KeyPairSigner;
let stranger: KeyPairSigner;
const fresh = (byte: number) => keyOf(byte).then((k) => k.address as string);

beforeAll(async () => {
  [payer, poor, stranger] = await Promise.all([keyOf(21), keyOf(22), keyOf(23)]);
  cluster = await startSimulatedCluster({
    now: () => clock,
    accounts: { [payer.address]: { lamports: 10n * SOL }, [poor.address]: { lamports: 4_000 } },
  });
  rpc = createRpc(cluster.url, { retry: false, timeoutMs: 10_000 });
});
afterAll(async () => {
  await cluster.close();
});

const blockhash = async () => (await rpc.getLatestBlockhash()).value.blockhash as string;
const sendRaw = (wire: string, config: Record<string, unknown> = {}) =>
  rawCall(cluster.url, 'sendTransaction', [wire, { encoding: 'base64', ...config }]);
const balance = async (address: string, commitment: 'processed' | 'confirmed' | 'finalized') =>
  (await rpc.getBalance(address, { commitment })).value;
const slots = (n: number) => {
  clock += n * 400;
};

describe('a transfer moves lamports and charges the fee', () => {
  it('balances per commitment, meta in getTransaction and getBlock, statuses as slots pass', async () => {
    const to = await fresh(31);
    const { wire, signature } = await signed(payer, await blockhash(), [transferInstruction(payer, to, SOL / 2n)]);
    expect(await rpc.sendTransaction(wire, { encoding: 'base64' })).toBe(signature);
    expect((await rpc.getSignatureStatuses([signature])).value[0]).toBeNull();

    slots(1); // it lands: processed
    const processed = (await rpc.getSignatureStatuses([signature])).value[0];
    expect(processed).toMatchObject({ confirmationStatus: 'processed', confirmations: 0, err: null });
    expect(await balance(to, 'processed')).toBe(SOL / 2n);
    expect(await balance(to, 'confirmed')).toBe(0n);
    expect(await balance(payer.address, 'processed')).toBe(10n * SOL - SOL / 2n - 5_000n);
    // getTransaction sees it once its block reaches the commitment asked (never at processed).
    expect(await rpc.getTransaction(signature, { commitment: 'confirmed' })).toBeNull();
    expect((await rawCall(cluster.url, 'getTransaction', [signature, { commitment: 'processed' }])).error).toEqual({
      code: -32602,
      message: 'Method does not support commitment below `confirmed`',
    });

    slots(1); // confirmed
    expect((await rpc.getSignatureStatuses([signature])).value[0]).toMatchObject({
      confirmationStatus: 'confirmed',
      confirmations: 1,
    });
    const tx = await rpc.getTransaction(signature, { commitment: 'confirmed' });
    expect(tx?.meta?.fee).toBe(5_000n);
    expect(tx?.meta?.preBalances).toEqual([10n * SOL, 0n, 1n]);
    expect(tx?.meta?.postBalances).toEqual([10n * SOL - SOL / 2n - 5_000n, SOL / 2n, 1n]);
    const block = await rpc.getBlock(tx?.slot as number, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    const inBlock = block?.transactions?.find((t) => t.transaction.signatures[0] === signature);
    expect(inBlock?.meta?.preBalances).toEqual(tx?.meta?.preBalances);
    expect(inBlock?.meta?.postBalances).toEqual(tx?.meta?.postBalances);

    slots(30); // 31 blocks on top: still confirmed, counting
    expect((await rpc.getSignatureStatuses([signature])).value[0]).toMatchObject({
      confirmationStatus: 'confirmed',
      confirmations: 31,
    });
    expect(await balance(to, 'finalized')).toBe(0n);
    expect(await rpc.getTransaction(signature)).toBeNull();
    slots(1); // rooted
    expect((await rpc.getTransaction(signature))?.meta?.fee).toBe(5_000n);
    expect((await rpc.getSignatureStatuses([signature])).value[0]).toMatchObject({
      confirmationStatus: 'finalized',
      confirmations: null,
    });
    expect(await balance(to, 'finalized')).toBe(SOL / 2n);
  });

  it('the wire: u64 balances as plain JSON numbers, context the bank read', async () => {
    const body = await rawCall(cluster.url, 'getBalance', [payer.address, { commitment: 'processed' }]);
    expect(body.result).toEqual({
      context: { apiVersion: '2.3.7', slot: cluster.slot() },
      value: expect.any(Number),
    });
  });
});

describe('a payer that cannot pay', () => {
  it('no account: preflight -32002 AccountNotFound in agave’s words and shape', async () => {
    const { wire } = await signed(stranger, await blockhash(), [
      transferInstruction(stranger, SIMULATION.wallet.address, 1n),
    ]);
    const body = await sendRaw(wire);
    expect(body.error).toEqual({
      code: -32002,
      message: 'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
      data: {
        accounts: null,
        err: 'AccountNotFound',
        innerInstructions: null,
        loadedAccountsDataSize: 0,
        logs: [],
        replacementBlockhash: null,
        returnData: null,
        unitsConsumed: 0,
      },
    });
  });

  it('less than the fee: InsufficientFundsForFee; skipPreflight takes it and it never lands', async () => {
    const { wire, signature } = await signed(poor, await blockhash(), [
      transferInstruction(poor, SIMULATION.wallet.address, 1n),
    ]);
    const body = await sendRaw(wire);
    expect(body.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Insufficient funds for fee',
    });
    expect((body.error as { data: { err: unknown } }).data.err).toBe('InsufficientFundsForFee');
    expect((await sendRaw(wire, { skipPreflight: true })).result).toBe(signature);
    slots(2);
    expect((await rpc.getSignatureStatuses([signature])).value[0]).toBeNull();
    expect(await balance(poor.address, 'processed')).toBe(4_000n);
  });

  it('more than it holds: custom program error 1; landed with skipPreflight it fails and pays its fee', async () => {
    const before = await balance(payer.address, 'processed');
    const { wire, signature } = await signed(payer, await blockhash(), [
      transferInstruction(payer, SIMULATION.wallet.address, before * 2n),
    ]);
    const error = await rpc.sendTransaction(wire, { encoding: 'base64' }).catch((e: unknown) => e);
    expect(isSolRpcError(error, 'RpcError') && error.code).toBe(-32002);
    const body = await sendRaw(wire);
    expect(body.error).toMatchObject({
      message: 'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
      data: {
        err: { InstructionError: [0, { Custom: 1 }] },
        logs: [
          `Program 11111111111111111111111111111111 invoke [1]`,
          `Transfer: insufficient lamports ${before - 5_000n}, need ${before * 2n}`,
          'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
        ],
        unitsConsumed: 150,
      },
    });
    expect(await rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true })).toBe(signature);
    slots(2);
    expect((await rpc.getSignatureStatuses([signature])).value[0]).toMatchObject({
      err: { InstructionError: [0, { Custom: 1 }] },
    });
    expect(await balance(payer.address, 'processed')).toBe(before - 5_000n);
    const tx = await rpc.getTransaction(signature, { commitment: 'confirmed' });
    expect(tx?.meta?.fee).toBe(5_000n);
    expect(tx?.meta?.postBalances[0]).toBe(before - 5_000n);
  });
});

describe('rent', () => {
  it('getMinimumBalanceForRentExemption is (128 + data length) × 3,480 × 2', async () => {
    expect(await rpc.getMinimumBalanceForRentExemption(0)).toBe(890_880n);
    expect(await rpc.getMinimumBalanceForRentExemption(165)).toBe(2_039_280n);
  });

  it('a new account left below the minimum: InsufficientFundsForRent for its index', async () => {
    const to = await fresh(32);
    const { wire } = await signed(payer, await blockhash(), [transferInstruction(payer, to, 890_879n)]);
    const body = await sendRaw(wire);
    expect(body.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Transaction results in an account (1) with insufficient funds for rent',
      data: { err: { InsufficientFundsForRent: { account_index: 1 } } },
    });
    const exact = await signed(payer, await blockhash(), [transferInstruction(payer, to, 890_880n)]);
    expect((await sendRaw(exact.wire)).result).toBe(exact.signature);
  });
});

describe('airdrops', () => {
  it('credit the account; the signature’s status moves; getTransaction shows the faucet’s transfer', async () => {
    const to = await fresh(33);
    const signature = await rpc.requestAirdrop(to, 2n * SOL);
    expect(await balance(to, 'processed')).toBe(0n);
    slots(1);
    expect(await balance(to, 'processed')).toBe(2n * SOL);
    expect((await rpc.getSignatureStatuses([signature])).value[0]).toMatchObject({ confirmationStatus: 'processed' });
    slots(1);
    const tx = await rpc.getTransaction(signature, { commitment: 'confirmed' });
    expect(tx?.transaction.message.accountKeys[1]).toBe(to);
    expect(tx?.meta?.postBalances[1]).toBe(2n * SOL);
  });
});

describe('memos', () => {
  it('the Memo program runs and logs as the SPL Memo build LiteSVM runs prints (test/testing/litesvm.test.ts)', async () => {
    const { wire, signature } = await signed(payer, await blockhash(), [memoInstruction(payer, 'invoice "7"')]);
    await rpc.sendTransaction(wire, { encoding: 'base64' });
    slots(2);
    const tx = await rpc.getTransaction(signature, { commitment: 'confirmed' });
    expect(tx?.meta?.logMessages).toEqual([
      'Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr invoke [1]',
      'Program log: Signed by:',
      `Program log: ${payer.address}`,
      'Program log: Memo (len 11)',
      'Program log: invoice "7"',
      expect.stringMatching(
        /^Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr consumed \d+ of 200000 compute units$/,
      ),
      'Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr success',
    ]);
    // The memo column of getSignaturesForAddress, as agave writes it: "[length] text".
    const [entry] = await rpc.getSignaturesForAddress(payer.address, { limit: 1, commitment: 'confirmed' });
    expect(entry).toMatchObject({ signature, memo: '[11] invoice "7"' });
  });
});

describe('signatures and blockhashes', () => {
  it('a signature that does not verify: -32003 before preflight', async () => {
    const { wire } = await signed(payer, await blockhash(), [
      transferInstruction(payer, SIMULATION.wallet.address, 1n),
    ]);
    const bytes = Buffer.from(wire, 'base64');
    bytes[bytes.length - 1] = (bytes.at(-1) as number) ^ 1;
    expect((await sendRaw(bytes.toString('base64'))).error).toEqual({
      code: -32003,
      message: 'Transaction signature verification failure',
    });
  });

  it('a blockhash 151 blocks old, or one never issued: BlockhashNotFound, isBlockhashValid false', async () => {
    const old = await blockhash();
    expect((await rpc.isBlockhashValid(old)).value).toBe(true);
    slots(150);
    expect((await rpc.isBlockhashValid(old)).value).toBe(true);
    slots(1);
    expect((await rpc.isBlockhashValid(old)).value).toBe(false);
    const { wire } = await signed(payer, old, [transferInstruction(payer, SIMULATION.wallet.address, 1n)]);
    expect((await sendRaw(wire)).error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound' },
    });
    const never = SIMULATION.wallet.address; // 32 bytes of base58, never a blockhash here
    expect((await rpc.isBlockhashValid(never)).value).toBe(false);
  });
});

describe('the slot time', () => {
  it('block times count back from the clock at the cluster’s slotMs', async () => {
    const fast = await startSimulatedCluster({ now: () => clock, slotMs: 100 });
    try {
      const rpc100 = createRpc(fast.url, { retry: false });
      const tip = fast.slot();
      // 60 slots of 100 ms: 6 s before the clock (400 ms slots would say 24 s). One slot in 23 is skipped.
      const slot = (tip - 60) % 23 === 5 ? tip - 61 : tip - 60;
      expect(await rpc100.getBlockTime(slot)).toBe(Math.floor(clock / 1000) - Math.floor(((tip - slot) * 100) / 1000));
      expect(tip - slot).toBeLessThan(62);
    } finally {
      await fast.close();
    }
  });
});

describe('sending again', () => {
  it('the same transaction twice: its signature both times, executed once (the leader drops the duplicate)', async () => {
    const to = await fresh(34);
    const { wire, signature } = await signed(payer, await blockhash(), [transferInstruction(payer, to, SOL)]);
    expect(await rpc.sendTransaction(wire, { encoding: 'base64' })).toBe(signature);
    expect(await rpc.sendTransaction(wire, { encoding: 'base64' })).toBe(signature);
    slots(1);
    // Once the preflight bank holds it, its status cache refuses it (AlreadyProcessed); skipPreflight takes it.
    const again = await rpc
      .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'processed' })
      .catch((e: unknown) => e);
    expect(isSolRpcError(again, 'RpcError') && again.code).toBe(-32002);
    expect(await rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true })).toBe(signature);
    slots(1);
    expect(await balance(to, 'processed')).toBe(SOL);
  });
});

describe('simulateTransaction', () => {
  it('changes nothing, and with `accounts` shows them as the simulation left them', async () => {
    const to = await fresh(35);
    const { wire } = await signed(payer, await blockhash(), [transferInstruction(payer, to, SOL)]);
    const before = await balance(payer.address, 'finalized');
    const body = await rawCall(cluster.url, 'simulateTransaction', [
      wire,
      { encoding: 'base64', accounts: { addresses: [to, payer.address], encoding: 'base64' } },
    ]);
    const value = (body.result as { value: { err: unknown; accounts: { lamports: number }[] } }).value;
    expect(value.err).toBeNull();
    expect(value.accounts.map((a) => BigInt(a.lamports))).toEqual([SOL, before - SOL - 5_000n]);
    slots(2);
    expect(await balance(to, 'processed')).toBe(0n);
    expect(
      (
        await rawCall(cluster.url, 'simulateTransaction', [
          wire,
          { encoding: 'base64', accounts: { addresses: [to], encoding: 'base58' } },
        ])
      ).error,
    ).toEqual({ code: -32602, message: 'base58 encoding not supported' });
  });
});

describe('getLargestAccounts', () => {
  it('reads the same bank as getBalance: a funded account shows with its balance', async () => {
    const whale = await keyOf(36);
    const big = await startSimulatedCluster({
      now: () => clock,
      accounts: { [whale.address]: { lamports: 90_000_000n * SOL } },
    });
    try {
      const rpcBig = createRpc(big.url, { retry: false });
      const { value } = await rpcBig.getLargestAccounts();
      expect(value[0]).toEqual({ address: whale.address, lamports: 90_000_000n * SOL });
      for (const { address, lamports } of value.slice(0, 5)) {
        expect((await rpcBig.getBalance(address)).value).toBe(lamports);
      }
    } finally {
      await big.close();
    }
  });
});

describe('a cluster started at a low slot', () => {
  it('keeps every block from slot 0: a sent transaction is in its block', async () => {
    const low = await startSimulatedCluster({
      now: () => clock,
      startSlot: 1_000,
      accounts: { [payer.address]: { lamports: SOL } },
    });
    try {
      const lowRpc = createRpc(low.url, { retry: false });
      expect(await lowRpc.getFirstAvailableBlock()).toBe(0);
      const { value } = await lowRpc.getLatestBlockhash();
      const { wire, signature } = await signed(payer, value.blockhash, [
        transferInstruction(payer, SIMULATION.wallet.address, 1n),
      ]);
      await lowRpc.sendTransaction(wire, { encoding: 'base64' });
      clock += 800;
      const tx = await lowRpc.getTransaction(signature, { commitment: 'confirmed' });
      const block = await lowRpc.getBlock(tx?.slot as number, {
        commitment: 'confirmed',
        transactionDetails: 'signatures',
      });
      expect(block?.signatures).toContain(signature);
      // Sent in the slot it started at, landed in the next.
      expect(tx?.slot).toBe(1_001);
    } finally {
      await low.close();
    }
  });
});
