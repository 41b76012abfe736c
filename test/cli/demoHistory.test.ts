/**
 * The simulated cluster's address history and token holdings: getSignaturesForAddress paged as agave
 * pages it (several pages for the wallet, so signaturesOf has pages to walk), every entry a transaction
 * getTransaction and getSignatureStatuses know too; getTokenAccountsByOwner and getTokenLargestAccounts
 * over the same token accounts getAccountInfo serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRpc,
  decodeTokenAccount,
  isSolRpcError,
  type Rpc,
  type SignatureInfo,
  signaturesOf,
} from '../../src/index.js';
import { SIMULATION, type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import { fundedPayers, signedWalletTransfer } from '../support/walletTransfer.js';

const NOW = 1_754_900_754_000;
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const [alpha] = SIMULATION.validators as [(typeof SIMULATION.validators)[number]];

let cluster: SimulatedCluster;
let rpc: Rpc;
beforeAll(async () => {
  cluster = await startSimulatedCluster({ now: () => NOW });
  rpc = createRpc(cluster.url, { timeoutMs: 10_000 });
});
afterAll(async () => {
  await cluster.close();
});

async function rawCall(method: string, params: unknown[]): Promise<{ error?: { code: number; message: string } }> {
  const response = await fetch(cluster.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { error?: { code: number; message: string } };
}

describe('the simulated address history', { timeout: 30_000 }, () => {
  it('the wallet: 2,402 transactions over three pages, newest first, the failed transfer on top', async () => {
    const all: SignatureInfo[] = [];
    for await (const info of signaturesOf(rpc, SIMULATION.wallet.address, { commitment: 'confirmed' })) all.push(info);
    expect(all).toHaveLength(2_402);
    expect(new Set(all.map((info) => info.signature)).size).toBe(2_402);
    expect(all.every((info, i) => i === 0 || info.slot < (all[i - 1] as SignatureInfo).slot)).toBe(true);
    // 30 slots deep: confirmed, not yet rooted.
    expect(all[0]).toMatchObject({ err: { InstructionError: [0, { Custom: 1 }] }, confirmationStatus: 'confirmed' });
    expect(all[1]).toMatchObject({ err: null, memo: null, confirmationStatus: 'finalized' });
    expect(all.filter((info) => info.memo !== null)).toHaveLength(96);
    expect(all.slice(-3).map((info) => info.blockTime)).toStrictEqual([null, null, null]);
    expect(all.slice(0, -3).every((info) => typeof info.blockTime === 'number')).toBe(true);
    expect(all.every((info) => !('transactionIndex' in info))).toBe(true);
  });

  it('finalized, the default, leaves out what is not rooted yet', async () => {
    const finalized = await rpc.getSignaturesForAddress(SIMULATION.wallet.address, { limit: 2 });
    const confirmed = await rpc.getSignaturesForAddress(SIMULATION.wallet.address, {
      limit: 3,
      commitment: 'confirmed',
    });
    expect(finalized).toStrictEqual(confirmed.slice(1));
  });

  it('before, until and limit page it as agave does', async () => {
    const first = await rpc.getSignaturesForAddress(SIMULATION.wallet.address, { limit: 10 });
    const next = await rpc.getSignaturesForAddress(SIMULATION.wallet.address, {
      before: first[4]?.signature,
      until: first[8]?.signature,
    });
    expect(next).toStrictEqual(first.slice(5, 8));
    const unknown = (first[0] as SignatureInfo).signature.replace(/.$/, (c) => (c === '1' ? '2' : '1'));
    await expect(rpc.getSignaturesForAddress(SIMULATION.wallet.address, { before: unknown })).resolves.toStrictEqual(
      [],
    );
    await expect(rpc.getSignaturesForAddress(alpha.vote)).resolves.toStrictEqual([]);
  });

  it('each entry is a transaction getTransaction and getSignatureStatuses know, memo and time alike', async () => {
    const page = await rpc.getSignaturesForAddress(SIMULATION.delegate, { limit: 30 });
    const withMemo = page.find((info) => info.memo !== null) as SignatureInfo;
    expect(withMemo.memo).toMatch(/^\[\d+\] invoice \d+$/);
    const transaction = await rpc.getTransaction(withMemo.signature);
    expect(transaction?.slot).toBe(withMemo.slot);
    expect(transaction?.blockTime).toBe(withMemo.blockTime);
    expect(transaction?.meta?.logMessages).toContain('Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr success');
    const { value } = await rpc.getSignatureStatuses([withMemo.signature]);
    expect(value[0]).toMatchObject({ slot: withMemo.slot, err: null, confirmationStatus: 'finalized' });
  });

  it("refuses what agave refuses: 'processed', limit 0 or above 1,000", async () => {
    const address = SIMULATION.wallet.address;
    expect((await rawCall('getSignaturesForAddress', [address, { commitment: 'processed' }])).error).toStrictEqual({
      code: -32602,
      message: 'Method does not support commitment below `confirmed`',
    });
    for (const limit of [0, 1001]) {
      expect((await rawCall('getSignaturesForAddress', [address, { limit }])).error).toStrictEqual({
        code: -32602,
        message: 'Invalid limit; max 1000',
      });
    }
  });
});

describe('the simulated token holdings', { timeout: 30_000 }, () => {
  it("getTokenAccountsByOwner: the wallet's account, the same bytes getAccountInfo serves", async () => {
    const { value } = await rpc.getTokenAccountsByOwner(
      SIMULATION.wallet.address,
      { programId: TOKEN_PROGRAM },
      { encoding: 'jsonParsed' },
    );
    expect(value.map(({ pubkey }) => pubkey)).toStrictEqual([SIMULATION.tokenAccount]);
    const data = value[0]?.account.data as { parsed: { info: { tokenAmount: unknown } } } | undefined;
    const info = data?.parsed.info;
    expect(info?.tokenAmount).toStrictEqual({
      amount: '48200000',
      decimals: 6,
      uiAmount: 48.2,
      uiAmountString: '48.2',
    });
    const bytes = await rpc.getTokenAccountsByOwner(alpha.identity, { mint: SIMULATION.mint });
    const decoded = decodeTokenAccount(bytes.value[0]?.account.data as Uint8Array, { decimals: 6 });
    expect(decoded).toMatchObject({ owner: alpha.identity, mint: SIMULATION.mint });
    expect(decoded.tokenAmount.uiAmountString).toBe('1250.5');
    const t22 = await rpc.getTokenAccountsByOwner(SIMULATION.wallet.address, { programId: TOKEN_2022_PROGRAM });
    expect(t22.value).toStrictEqual([]);
  });

  it('getTokenLargestAccounts: the three accounts of the mint, largest first, exact', async () => {
    const { value } = await rpc.getTokenLargestAccounts(SIMULATION.mint);
    expect(value.map(({ amount, uiAmountString }) => [amount, uiAmountString])).toStrictEqual([
      ['1250500000', '1250.5'],
      ['48200000', '48.2'],
      ['1', '0.000001'],
    ]);
    expect(value[1]?.address).toBe(SIMULATION.tokenAccount);
    for (const [account, message] of [
      [alpha.vote, 'Invalid param: Token mint could not be unpacked'],
      [alpha.withdrawer, 'Invalid param: could not find mint'],
    ]) {
      const error = await rpc.getTokenLargestAccounts(account as string).catch((reason: unknown) => reason);
      expect(isSolRpcError(error, 'RpcError') && [error.code, error.serverMessage]).toStrictEqual([-32602, message]);
    }
  });
});

describe('a transaction sent to the simulated cluster joins the history once it lands', { timeout: 30_000 }, () => {
  let clock = NOW;
  let own: SimulatedCluster;
  beforeAll(async () => {
    own = await startSimulatedCluster({ now: () => clock, accounts: await fundedPayers(9) });
  });
  afterAll(async () => {
    await own.close();
  });

  it("confirmed the slot after it lands, finalized 32 slots on, at the top of both parties' histories", async () => {
    const client = createRpc(own.url, { timeoutMs: 10_000 });
    const { value: blockhash } = await client.getLatestBlockhash();
    const { wire, signature, payer } = await signedWalletTransfer(9, blockhash);
    await client.sendTransaction(wire, { encoding: 'base64' });
    const top = async (who: string, commitment: 'confirmed' | 'finalized') =>
      (await client.getSignaturesForAddress(who, { limit: 1, commitment }))[0];

    clock += 400; // the slot it lands in
    expect((await top(SIMULATION.wallet.address, 'confirmed'))?.signature).not.toBe(signature);
    clock += 400; // one slot on: confirmed
    expect(await top(SIMULATION.wallet.address, 'confirmed')).toMatchObject({
      signature,
      err: null,
      memo: null,
      confirmationStatus: 'confirmed',
    });
    expect((await top(payer, 'confirmed'))?.signature).toBe(signature);
    expect((await top(SIMULATION.wallet.address, 'finalized'))?.signature).not.toBe(signature);
    clock += 32 * 400; // rooted
    expect(await top(SIMULATION.wallet.address, 'finalized')).toMatchObject({
      signature,
      confirmationStatus: 'finalized',
    });
  });
});
