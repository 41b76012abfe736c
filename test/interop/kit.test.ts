/**
 * solrpc and @solana/kit together at run time, as test/interop/kit.test-d.ts proves them at compile time:
 * a transfer built by kit on solrpc's blockhash lifetime as it is, sent by solrpc as kit's encoder gave
 * it (read-only bytes, not copied), confirmed with the bigint height getLatestBlockhash gave, against the
 * litesvm JSON-RPC server over real HTTP. The chain moves only through the server's advance(), driven by
 * the injected clock, so no outcome depends on the machine's speed; the timeouts only guard against a hang.
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  type BlockhashLifetimeConstraint,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConfirmClock,
  confirmTransaction,
  createRpc,
  isSolRpcError,
  type Rpc,
  sendAndConfirmTransaction,
} from '../../src/index.js';
import { type LitesvmRpcServer, startLitesvmRpc } from '../support/litesvmRpc.js';

const HANG = { timeout: 60_000 };
const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
let server: LitesvmRpcServer;
let rpc: Rpc;
let payer: KeyPairSigner;

/** Time measured in blocks: each wait produces one block. */
function chainClock(): ConfirmClock {
  let time = 0;
  return {
    now: () => time,
    async sleep(ms) {
      time += ms;
      server.advance(1);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/** A signed transfer of `amount` lamports built by kit on `lifetime`, and kit's wire bytes of it. */
async function transfer(lifetime: BlockhashLifetimeConstraint, to: string, amount: bigint) {
  const data = new Uint8Array(12);
  new DataView(data.buffer).setUint32(0, 2, true);
  new DataView(data.buffer).setBigUint64(4, amount, true);
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstruction(
          {
            programAddress: SYSTEM_PROGRAM,
            accounts: [
              { address: payer.address, role: AccountRole.WRITABLE_SIGNER, signer: payer },
              { address: address(to), role: AccountRole.WRITABLE },
            ],
            data,
          },
          m,
        ),
    ),
  );
  return { signature: getSignatureFromTransaction(signed), wire: getTransactionEncoder().encode(signed) };
}

beforeAll(async () => {
  server = await startLitesvmRpc();
  rpc = createRpc(server.url, { timeoutMs: 10_000, retry: false, batch: false });
  payer = await generateKeyPairSigner();
  server.svm.airdrop(payer.address, lamports(100_000_000_000n));
}, 60_000);
afterAll(() => server?.close());

describe('a kit transaction on solrpc values, sent by solrpc', () => {
  it('getLatestBlockhash into kit, kit bytes and the bigint height into sendAndConfirmTransaction', HANG, async () => {
    const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' });
    expect(typeof value.lastValidBlockHeight).toBe('bigint');
    const to = (await generateKeyPairSigner()).address;
    const { signature, wire } = await transfer(value, to, 1_000_000n);
    // kit's bytes as they are: its encoder's array, not a copy.
    expect(wire).toBeInstanceOf(Uint8Array);
    const result = await sendAndConfirmTransaction(rpc, wire, {
      lastValidBlockHeight: value.lastValidBlockHeight,
      clock: chainClock(),
    });
    expect(result).toMatchObject({ signature, commitment: 'confirmed' });
    expect((await rpc.getBalance(to)).value).toBe(1_000_000n);
  });

  it("a simulation's replacement blockhash is a lifetime kit signs on, and it lands", HANG, async () => {
    const stale = { blockhash: '11111111111111111111111111111111', lastValidBlockHeight: 0n };
    const to = (await generateKeyPairSigner()).address;
    const first = await transfer(stale as BlockhashLifetimeConstraint, to, 2_000_000n);
    const { value } = await rpc.simulateTransaction(first.wire, { replaceRecentBlockhash: true });
    const replacement = value.replacementBlockhash;
    if (!replacement) throw new Error('the server gave no replacement blockhash');
    expect(replacement.blockhash).not.toBe(stale.blockhash);
    expect(typeof replacement.lastValidBlockHeight).toBe('bigint');
    const { signature, wire } = await transfer(replacement, to, 2_000_000n);
    const sent = await rpc.sendTransaction(wire);
    expect(sent).toBe(signature);
    const done = await confirmTransaction(rpc, signature, {
      transaction: wire,
      lastValidBlockHeight: replacement.lastValidBlockHeight,
      clock: chainClock(),
    });
    expect(done.signature).toBe(signature);
    expect((await rpc.getBalance(to)).value).toBe(2_000_000n);
  });

  it('a bigint height that is no block height is refused before any request, named', async () => {
    const { value } = await rpc.getLatestBlockhash();
    const { signature, wire } = await transfer(value, (await generateKeyPairSigner()).address, 1n);
    const before = server.requests.length;
    for (const height of [-1n, 2n ** 53n]) {
      const error = await confirmTransaction(rpc, signature, { transaction: wire, lastValidBlockHeight: height }).catch(
        (e: unknown) => e,
      );
      expect(isSolRpcError(error, 'InvalidInputError')).toBe(true);
      expect(error).toMatchObject({ param: 'options.lastValidBlockHeight' });
    }
    expect(server.requests.length).toBe(before);
  });
});
