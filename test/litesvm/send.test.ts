/**
 * sendTransaction and simulateTransaction through createRpc against the litesvm server
 * (test/support/litesvmRpc.ts): real transactions built and signed with @solana/kit, executed by the
 * Solana runtime. Each test's timeout only guards against a hang.
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, isPreflightFailure, isSolRpcError, type Rpc } from '../../src/index.js';
import { type LitesvmRpcServer, startLitesvmRpc } from '../support/litesvmRpc.js';

const HANG = { timeout: 30_000 };
const SYSTEM = address('11111111111111111111111111111111');
let server: LitesvmRpcServer;
let rpc: Rpc;
let payer: KeyPairSigner;
let poor: KeyPairSigner;

function transfer(source: KeyPairSigner, destination: string, amount: bigint): Instruction {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, amount, true);
  return {
    programAddress: SYSTEM,
    accounts: [
      { address: source.address, role: AccountRole.WRITABLE_SIGNER, signer: source } as never,
      { address: destination as never, role: AccountRole.WRITABLE },
    ],
    data,
  };
}

/** A signed v0 transaction's wire bytes and signature. */
async function build(signer: KeyPairSigner, instructions: Instruction[]) {
  const reply = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [] }),
  });
  const { blockhash, lastValidBlockHeight } = (await reply.json()).result.value;
  const tx = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) },
          m,
        ),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
  return { bytes: new Uint8Array(getTransactionEncoder().encode(tx)), signature: getSignatureFromTransaction(tx) };
}

beforeAll(async () => {
  server = await startLitesvmRpc();
  rpc = createRpc(server.url, { retry: false });
  payer = await generateKeyPairSigner();
  poor = await generateKeyPairSigner();
  server.svm.airdrop(payer.address, lamports(10_000_000_000n));
  server.svm.airdrop(poor.address, lamports(1_000_000n));
}, 60_000);
afterAll(() => server?.close());

describe('sendTransaction over litesvm', () => {
  it('sends a signed transfer as base64 and resolves to its signature; the transfer lands', HANG, async () => {
    const to = await generateKeyPairSigner();
    const { bytes, signature } = await build(payer, [transfer(payer, to.address, 1_000_000n)]);
    await expect(rpc.sendTransaction(bytes)).resolves.toBe(signature);
    expect((server.requests.at(-1)?.params as unknown[] | undefined)?.[1]).toStrictEqual({ encoding: 'base64' });
    expect((await rpc.getBalance(to.address)).value).toBe(1_000_000n);
    // The same bytes again: the same signature, and the transfer is not made twice.
    await expect(rpc.sendTransaction(bytes, { skipPreflight: true })).resolves.toBe(signature);
    expect((await rpc.getBalance(to.address)).value).toBe(1_000_000n);
  });

  it('insufficient funds: a typed -32002 with err decoded and the logs', HANG, async () => {
    const to = await generateKeyPairSigner();
    const { bytes } = await build(poor, [transfer(poor, to.address, 2_000_000n)]);
    const error = await rpc.sendTransaction(bytes).catch((e: unknown) => e);
    expect(isPreflightFailure(error)).toBe(true);
    if (!isPreflightFailure(error)) return;
    expect(error.data.err).toStrictEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(error.data.logs?.at(-1)).toBe('Program 11111111111111111111111111111111 failed: custom program error: 0x1');
    expect(error.data.unitsConsumed).toBeGreaterThan(0);
    expect(error.message).toContain('custom program error: 0x1');
    expect(error.message).toMatch(/\n {2}Transfer: insufficient lamports \d+, need 2000000/);
  });

  it('a forged signature: -32003 with its hint', HANG, async () => {
    const to = await generateKeyPairSigner();
    const { bytes } = await build(payer, [transfer(payer, to.address, 1_000n)]);
    bytes[10] = (bytes[10] as number) ^ 1;
    const error = await rpc.sendTransaction(bytes).catch((e: unknown) => e);
    expect(isSolRpcError(error, 'RpcError') && error.code).toBe(-32003);
    expect(isSolRpcError(error) && error.hint).toContain('a signature does not match the message');
  });
});

describe('simulateTransaction over litesvm', () => {
  it('returns the accounts after the transaction, decoded', HANG, async () => {
    const to = await generateKeyPairSigner();
    const { bytes } = await build(payer, [transfer(payer, to.address, 3_000_000n)]);
    const { value } = await rpc.simulateTransaction(bytes, {
      sigVerify: true,
      accounts: { addresses: [to.address, payer.address] },
    });
    expect(value.err).toBeNull();
    expect(value.accounts?.[0]).toStrictEqual({
      lamports: 3_000_000n,
      owner: SYSTEM,
      data: new Uint8Array(0),
      executable: false,
      rentEpoch: 18446744073709551615n,
      space: 0,
    });
    expect(value.logs).toContain('Program 11111111111111111111111111111111 success');
    // Nothing was sent: the account still does not exist.
    expect((await rpc.getBalance(to.address)).value).toBe(0n);
  });

  it('a failing simulation resolves with err and one null per account', HANG, async () => {
    const to = await generateKeyPairSigner();
    const { bytes } = await build(poor, [transfer(poor, to.address, 5_000_000n)]);
    const { value } = await rpc.simulateTransaction(bytes, {
      replaceRecentBlockhash: true,
      accounts: { addresses: [poor.address] },
    });
    expect(value.err).toStrictEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(value.accounts).toStrictEqual([null]);
    expect(value.replacementBlockhash?.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });
});
