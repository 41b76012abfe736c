/**
 * solrpc and @solana/kit together, with no cast anywhere: what solrpc reads goes into kit's functions, and
 * what kit's encoders make goes into solrpc's parameters. Compiled against the installed kit by
 * `npm run typecheck` (tsc over test/), as every type test here is; never run, so no request is made.
 */
import {
  appendTransactionMessageInstruction,
  type BlockhashLifetimeConstraint,
  compileTransaction,
  createTransactionMessage,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  type Blockhash as KitBlockhash,
  type ReadonlyUint8Array as KitReadonlyUint8Array,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionMessageWithBlockhashLifetime,
  address as toAddress,
} from '@solana/kit';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Blockhash,
  confirmTransaction,
  createRpc,
  decodeMint,
  decodeTokenAccount,
  decodeTransaction,
  decodeVoteAccount,
  type ReadonlyUint8Array,
  sendAndConfirmTransaction,
} from '../../src/index.js';

const rpc = createRpc('http://127.0.0.1:8899');
const payer = toAddress('B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi');
const TOKEN_PROGRAM = toAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');

/** A transaction built by kit on a blockhash read by solrpc. */
async function kitTransaction() {
  const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' });
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(value, m),
    (m) => appendTransactionMessageInstruction({ programAddress: TOKEN_PROGRAM }, m),
  );
  return { value, transaction: compileTransaction(message), message };
}

describe('from solrpc into kit', () => {
  it("getLatestBlockhash's value is kit's blockhash lifetime as it is", async () => {
    const { value, message } = await kitTransaction();
    expectTypeOf(value).toExtend<BlockhashLifetimeConstraint>();
    expectTypeOf(value.blockhash).toExtend<KitBlockhash>();
    expectTypeOf(message).toExtend<TransactionMessageWithBlockhashLifetime>();
    const lifetime: BlockhashLifetimeConstraint = value;
    expectTypeOf(lifetime.lastValidBlockHeight).toEqualTypeOf<bigint>();
  });

  it("a simulation's replacement blockhash is one too", async () => {
    const { transaction } = await kitTransaction();
    const { value } = await rpc.simulateTransaction(getBase64EncodedWireTransaction(transaction), {
      replaceRecentBlockhash: true,
    });
    if (!value.replacementBlockhash) return;
    const message = setTransactionMessageLifetimeUsingBlockhash(
      value.replacementBlockhash,
      setTransactionMessageFeePayer(payer, createTransactionMessage({ version: 0 })),
    );
    expectTypeOf(message.lifetimeConstraint.blockhash).toEqualTypeOf<KitBlockhash>();
  });

  it('a blockhash stays a string to solrpc and to the app', async () => {
    const { value } = await kitTransaction();
    expectTypeOf(value.blockhash).toExtend<string>();
    expectTypeOf(rpc.isBlockhashValid).toBeCallableWith(value.blockhash);
    expectTypeOf(rpc.isBlockhashValid).toBeCallableWith('AkVsbq27KPvLSfSbvaup1jSHcHceUntzVbWbSBx9R4US');
    // solrpc's brand is kit's: a plain string is neither.
    // @ts-expect-error a plain string is not a Blockhash
    const notOne: Blockhash = 'AkVsbq27KPvLSfSbvaup1jSHcHceUntzVbWbSBx9R4US';
    // @ts-expect-error nor kit's
    const notKits: KitBlockhash = 'AkVsbq27KPvLSfSbvaup1jSHcHceUntzVbWbSBx9R4US';
    expectTypeOf(notOne).toEqualTypeOf<Blockhash>();
    expectTypeOf(notKits).toEqualTypeOf<KitBlockhash>();
  });
});

describe("from kit into solrpc: kit's read-only bytes wherever solrpc takes bytes", () => {
  it("solrpc's ReadonlyUint8Array and kit's are the same shape, and a Uint8Array is one", () => {
    // Each is assignable to the other (kit's is generic over its buffer, solrpc's is not, so that it
    // compiles on TypeScript before 5.7 too).
    expectTypeOf<KitReadonlyUint8Array>().toExtend<ReadonlyUint8Array>();
    expectTypeOf<ReadonlyUint8Array>().toExtend<KitReadonlyUint8Array>();
    expectTypeOf<Uint8Array>().toExtend<ReadonlyUint8Array>();
    expectTypeOf<Uint8Array<ArrayBuffer>>().toExtend<ReadonlyUint8Array>();
  });

  it('sendTransaction, simulateTransaction, getFeeForMessage take the encoder output and message bytes', async () => {
    const { transaction } = await kitTransaction();
    const wire = getTransactionEncoder().encode(transaction);
    // Read-only: a parameter typed Uint8Array would refuse it (it lacks set, fill, sort...).
    expectTypeOf(wire).toExtend<KitReadonlyUint8Array>();
    expectTypeOf(wire).not.toExtend<Uint8Array>();
    expectTypeOf(await rpc.sendTransaction(wire)).toEqualTypeOf<string>();
    expectTypeOf(await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction))).toEqualTypeOf<string>();
    const binary = await rpc.simulateTransaction(wire, { sigVerify: false });
    expectTypeOf(binary.value.err).not.toBeAny();
    const parsed = await rpc.simulateTransaction(wire, { accounts: { addresses: [payer], encoding: 'jsonParsed' } });
    expectTypeOf(parsed.value.accounts).not.toBeAny();
    const fee = await rpc.getFeeForMessage(transaction.messageBytes);
    expectTypeOf(fee.value).toEqualTypeOf<bigint | null>();
  });

  it("a memcmp filter takes kit's encoded address", async () => {
    const owner = getAddressEncoder().encode(payer);
    const accounts = await rpc.getProgramAccounts(TOKEN_PROGRAM, {
      filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: owner } }],
    });
    expectTypeOf(accounts[0]?.account.data).toEqualTypeOf<Uint8Array | undefined>();
  });

  it('sending and confirming take the bytes and the bigint height as kit and getLatestBlockhash give them', async () => {
    const { value, transaction } = await kitTransaction();
    const wire = getTransactionEncoder().encode(transaction);
    await sendAndConfirmTransaction(rpc, wire, { lastValidBlockHeight: value.lastValidBlockHeight });
    await confirmTransaction(rpc, '1'.repeat(64), {
      transaction: wire,
      lastValidBlockHeight: value.lastValidBlockHeight,
    });
    await confirmTransaction(rpc, '1'.repeat(64), { blockhash: value.blockhash, lastValidBlockHeight: 10 });
  });

  it('the decoders take read-only bytes', () => {
    const bytes = getAddressEncoder().encode(payer);
    expectTypeOf(decodeTransaction).toBeCallableWith(bytes);
    expectTypeOf(decodeMint).toBeCallableWith(bytes);
    expectTypeOf(decodeTokenAccount).toBeCallableWith(bytes, { decimals: 6 });
    expectTypeOf(decodeVoteAccount).toBeCallableWith(bytes);
  });
});
