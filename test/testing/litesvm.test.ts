/**
 * With the optional peer dependency `litesvm` installed and option `litesvm: true`, the test cluster runs
 * transactions in LiteSVM, so real programs execute: a System transfer, the SPL Memo program's own log, and
 * the SPL Token program creating a mint and an account and minting to it, read back through
 * getAccountInfo, getTokenSupply and getTokenAccountBalance over loopback HTTP. The same cluster without
 * the option runs the built-in ledger, which refuses the Token program's instructions it cannot run.
 */
import { AccountRole, address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, decodeMint, type Rpc } from '../../src/index.js';
import { type SimulatedCluster, startSimulatedCluster } from '../../src/testing/simulatedCluster.js';
import {
  keyOf,
  MEMO_PROGRAM,
  memoInstruction,
  rawCall,
  SYSTEM_PROGRAM,
  signed,
  transferInstruction,
} from './ledgerKit.js';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SOL = 1_000_000_000n;
let clock = 1_754_900_754_000;
let cluster: SimulatedCluster;
let rpc: Rpc;
let payer: KeyPairSigner;
let mint: KeyPairSigner;
let holder: KeyPairSigner;

beforeAll(async () => {
  [payer, mint, holder] = await Promise.all([keyOf(41), keyOf(42), keyOf(43)]);
  cluster = await startSimulatedCluster({
    now: () => clock,
    litesvm: true,
    accounts: { [payer.address]: { lamports: 10n * SOL } },
  });
  rpc = createRpc(cluster.url, { retry: false, timeoutMs: 10_000 });
});
afterAll(async () => {
  await cluster?.close();
});

const blockhash = async () => (await rpc.getLatestBlockhash({ commitment: 'processed' })).value.blockhash as string;
const slots = (n: number) => {
  clock += n * 400;
};
/** Sends with preflight at processed (what the previous transaction wrote is there) and lets it land. */
async function land(instructions: Instruction[]): Promise<string> {
  const { wire, signature } = await signed(payer, await blockhash(), instructions);
  await rpc.sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'processed' });
  slots(2);
  return signature;
}

function createAccount(account: KeyPairSigner, lamports: bigint, space: number, owner: string): Instruction {
  const data = new Uint8Array(52);
  const view = new DataView(data.buffer);
  view.setUint32(0, 0, true);
  view.setBigUint64(4, lamports, true);
  view.setBigUint64(12, BigInt(space), true);
  data.set(Buffer.from(addressBytes(owner)), 20);
  return {
    programAddress: address(SYSTEM_PROGRAM),
    accounts: [
      { address: payer.address, role: AccountRole.WRITABLE_SIGNER, signer: payer } as never,
      { address: account.address, role: AccountRole.WRITABLE_SIGNER, signer: account } as never,
    ],
    data,
  };
}

function addressBytes(text: string): Uint8Array {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let value = 0n;
  for (const char of text) value = value * 58n + BigInt(alphabet.indexOf(char));
  return Uint8Array.from({ length: 32 }, (_, i) => Number((value >> BigInt(8 * (31 - i))) & 0xffn));
}

/** Token's InitializeMint2 (20): decimals, the mint authority, no freeze authority. */
const initializeMint = (decimals: number, authority: string): Instruction => ({
  programAddress: address(TOKEN_PROGRAM),
  accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
  data: Uint8Array.from([20, decimals, ...addressBytes(authority), 0]),
});
/** Token's InitializeAccount3 (18): the account of `owner` for the mint. */
const initializeAccount = (owner: string): Instruction => ({
  programAddress: address(TOKEN_PROGRAM),
  accounts: [
    { address: holder.address, role: AccountRole.WRITABLE },
    { address: mint.address, role: AccountRole.READONLY },
  ],
  data: Uint8Array.from([18, ...addressBytes(owner)]),
});
/** Token's MintTo (7): `amount` to the account, signed by the mint authority (the payer). */
const mintTo = (amount: bigint): Instruction => {
  const data = new Uint8Array(9);
  data[0] = 7;
  new DataView(data.buffer).setBigUint64(1, amount, true);
  return {
    programAddress: address(TOKEN_PROGRAM),
    accounts: [
      { address: mint.address, role: AccountRole.WRITABLE },
      { address: holder.address, role: AccountRole.WRITABLE },
      { address: payer.address, role: AccountRole.READONLY_SIGNER, signer: payer } as never,
    ],
    data,
  };
};

describe('transactions run in LiteSVM', () => {
  it('a System transfer moves lamports and charges the fee', async () => {
    const to = (await keyOf(44)).address;
    const signature = await land([transferInstruction(payer, to, SOL)]);
    expect((await rpc.getBalance(to, { commitment: 'processed' })).value).toBe(SOL);
    const tx = await rpc.getTransaction(signature, { commitment: 'confirmed' });
    expect(tx?.meta?.fee).toBe(5_000n);
    expect(tx?.meta?.postBalances.slice(0, 2)).toEqual([10n * SOL - SOL - 5_000n, SOL]);
  });

  it('the SPL Memo program runs and prints its own log', async () => {
    const signature = await land([memoInstruction(payer, 'hello from litesvm')]);
    const tx = await rpc.getTransaction(signature, { commitment: 'confirmed' });
    expect(tx?.meta?.err).toBeNull();
    expect(tx?.meta?.logMessages).toEqual([
      `Program ${MEMO_PROGRAM} invoke [1]`,
      'Program log: Signed by:',
      `Program log: ${payer.address}`,
      'Program log: Memo (len 18)',
      'Program log: hello from litesvm',
      expect.stringMatching(
        /^Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr consumed \d+ of 200000 compute units$/,
      ),
      `Program ${MEMO_PROGRAM} success`,
    ]);
  });

  it('the SPL Token program: a mint, an account, tokens minted; the token methods read them', async () => {
    const rent = async (space: number) => await rpc.getMinimumBalanceForRentExemption(space);
    await land([createAccount(mint, await rent(82), 82, TOKEN_PROGRAM), initializeMint(2, payer.address)]);
    await land([createAccount(holder, await rent(165), 165, TOKEN_PROGRAM), initializeAccount(payer.address)]);
    const signature = await land([mintTo(12_345n)]);
    expect((await rpc.getSignatureStatuses([signature])).value[0]?.err).toBeNull();

    const { value: mintAccount } = await rpc.getAccountInfo(mint.address, { commitment: 'processed' });
    expect(mintAccount?.owner).toBe(TOKEN_PROGRAM);
    expect(decodeMint(mintAccount?.data as Uint8Array)).toMatchObject({ decimals: 2, supply: '12345' });
    expect((await rpc.getTokenSupply(mint.address, { commitment: 'processed' })).value).toMatchObject({
      amount: '12345',
      decimals: 2,
      uiAmountString: '123.45',
    });
    expect((await rpc.getTokenAccountBalance(holder.address, { commitment: 'processed' })).value.amount).toBe('12345');
  });
});

describe('without litesvm', () => {
  it('the built-in ledger refuses what it cannot run, in agave’s shape', async () => {
    const plain = await startSimulatedCluster({ now: () => clock, accounts: { [payer.address]: { lamports: SOL } } });
    try {
      const { value } = await createRpc(plain.url, { retry: false }).getLatestBlockhash();
      const { wire } = await signed(payer, value.blockhash, [initializeMint(2, payer.address)]);
      const body = await rawCall(plain.url, 'sendTransaction', [wire, { encoding: 'base64' }]);
      expect(body.error).toMatchObject({
        code: -32002,
        data: { err: { InstructionError: [0, 'UnsupportedProgramId'] } },
      });
    } finally {
      await plain.close();
    }
  });
});
