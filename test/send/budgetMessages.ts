/**
 * Messages compiled by @solana/kit and @solana/web3.js for setComputeBudget's tests, and each message
 * read back by both libraries into what its instructions do: program, accounts (lookup-resolved) with
 * their signer and writable flags, and data. solrpc's own reader is never used to judge its writer.
 */
import {
  AccountRole,
  type Address,
  type AddressesByLookupTableAddress,
  address,
  appendTransactionMessageInstructions,
  compileTransactionMessage,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  decompileTransactionMessage,
  getAddressDecoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  setTransactionMessageLifetimeUsingDurableNonce,
} from '@solana/kit';
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  VersionedMessage,
} from '@solana/web3.js';

export const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
export const SYSTEM = '11111111111111111111111111111111';
export const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';

/** A made-up address, distinct for each `seed` (any 32 bytes are an address). */
export function addressOf(seed: number): Address {
  const bytes = new Uint8Array(32).fill(7);
  bytes[0] = seed & 0xff;
  bytes[1] = seed >> 8;
  return getAddressDecoder().decode(bytes);
}

/** One instruction as the libraries read it back: `address:role` per account, role 0-3 as kit's AccountRole. */
export interface Resolved {
  program: string;
  accounts: string[];
  data: string;
}

const hex = (data: ArrayLike<number> | undefined) => Buffer.from(Uint8Array.from(data ?? [])).toString('hex');

/** The compute budget instructions as web3.js writes them, in the form `Resolved` compares. */
export const limitOf = (units: number): Resolved => ({
  program: COMPUTE_BUDGET,
  accounts: [],
  data: hex(ComputeBudgetProgram.setComputeUnitLimit({ units }).data),
});
export const priceOf = (microLamports: bigint): Resolved => ({
  program: COMPUTE_BUDGET,
  accounts: [],
  data: hex(ComputeBudgetProgram.setComputeUnitPrice({ microLamports }).data),
});

/** Kit instructions: the compute budget ones (data from web3.js), heap frame, loaded-accounts limit, any program. */
export const kitLimit = (units: number): Instruction =>
  budgetIx(ComputeBudgetProgram.setComputeUnitLimit({ units }).data);
export const kitPrice = (microLamports: bigint): Instruction =>
  budgetIx(ComputeBudgetProgram.setComputeUnitPrice({ microLamports }).data);
export const kitHeap = (bytes: number): Instruction => budgetIx(ComputeBudgetProgram.requestHeapFrame({ bytes }).data);
export const kitLoadedLimit = (bytes: number): Instruction => {
  const data = new Uint8Array(5);
  data[0] = 4;
  new DataView(data.buffer).setUint32(1, bytes, true);
  return budgetIx(data);
};
const budgetIx = (data: Uint8Array): Instruction => ({
  programAddress: address(COMPUTE_BUDGET),
  data: Uint8Array.from(data),
});

/** An instruction of `program` over `accounts` given as [address, role]. */
export function kitIx(program: Address, accounts: [Address, AccountRole][], data: number[] = [1, 2, 3]): Instruction {
  return {
    programAddress: program,
    accounts: accounts.map(([account, role]) => ({ address: account, role })),
    data: Uint8Array.from(data),
  };
}

export interface KitBuild {
  payer: Address;
  instructions: Instruction[];
  version: 'legacy' | 0;
  tables?: AddressesByLookupTableAddress;
  nonce?: { account: Address; authority: Address };
  /** The lifetime's blockhash (or the nonce's value); BLOCKHASH when left out. */
  blockhash?: string;
}

/** The transaction message kit builds, compressed with `tables` when given, ready for kit's compile. */
export function kitMessageOf({ payer, instructions, version, tables, nonce, blockhash = BLOCKHASH }: KitBuild) {
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) =>
      nonce
        ? setTransactionMessageLifetimeUsingDurableNonce(
            { nonce: blockhash as never, nonceAccountAddress: nonce.account, nonceAuthorityAddress: nonce.authority },
            m,
          )
        : setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as never, lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return (
    tables ? compressTransactionMessageUsingAddressLookupTables(message as never, tables) : message
  ) as Parameters<typeof compileTransactionMessage>[0];
}

/** The message kit compiles, as bytes (getCompiledTransactionMessageEncoder). */
export function kitMessage(build: KitBuild): Uint8Array {
  return new Uint8Array(getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(kitMessageOf(build))));
}

/** The message web3.js compiles (legacy, or v0 with `tables`), as bytes (`message.serialize()`). */
export function web3Message(
  payer: Address,
  instructions: TransactionInstruction[],
  tables?: AddressesByLookupTableAddress,
): Uint8Array {
  const message = new TransactionMessage({
    payerKey: new PublicKey(payer),
    recentBlockhash: BLOCKHASH,
    instructions,
  });
  return tables
    ? message.compileToV0Message(web3Tables(tables)).serialize()
    : message.compileToLegacyMessage().serialize();
}

/** A web3.js instruction from a kit one. */
export function web3Ix(instruction: Instruction): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(instruction.programAddress),
    keys: (instruction.accounts ?? []).map((account) => ({
      pubkey: new PublicKey(account.address),
      isSigner: account.role >= AccountRole.READONLY_SIGNER,
      isWritable: (account.role & 1) === 1,
    })),
    data: Buffer.from(instruction.data ?? []),
  });
}

function web3Tables(tables: AddressesByLookupTableAddress): AddressLookupTableAccount[] {
  return Object.entries(tables).map(
    ([key, addresses]) =>
      new AddressLookupTableAccount({
        key: new PublicKey(key),
        state: {
          deactivationSlot: 2n ** 64n - 1n,
          lastExtendedSlot: 0,
          lastExtendedSlotStartIndex: 0,
          addresses: addresses.map((entry) => new PublicKey(entry)),
        },
      }),
  );
}

/** The instructions as kit decodes and decompiles the message. */
export function viaKit(bytes: Uint8Array, tables: AddressesByLookupTableAddress = {}): Resolved[] {
  const compiled = getCompiledTransactionMessageDecoder().decode(bytes);
  const message = decompileTransactionMessage(compiled as never, { addressesByLookupTableAddress: tables });
  return message.instructions.map((instruction) => ({
    program: instruction.programAddress,
    accounts: (instruction.accounts ?? []).map((account) => `${account.address}:${account.role}`),
    data: hex(instruction.data),
  }));
}

/** The instructions as web3.js deserializes and decompiles the message. */
export function viaWeb3(bytes: Uint8Array, tables: AddressesByLookupTableAddress = {}): Resolved[] {
  const message = VersionedMessage.deserialize(bytes);
  const used = message.addressTableLookups.map((lookup) => lookup.accountKey.toBase58());
  const accounts = web3Tables(Object.fromEntries(used.map((key) => [key, tables[key as Address] ?? []])));
  return TransactionMessage.decompile(message, { addressLookupTableAccounts: accounts }).instructions.map(
    (instruction) => ({
      program: instruction.programId.toBase58(),
      accounts: instruction.keys.map(
        (key) =>
          `${key.pubkey.toBase58()}:${(key.isSigner ? AccountRole.READONLY_SIGNER : 0) + (key.isWritable ? 1 : 0)}`,
      ),
      data: hex(instruction.data),
    }),
  );
}

/** Both libraries' reading, checked to agree with each other. */
export function resolve(bytes: Uint8Array, tables: AddressesByLookupTableAddress = {}): Resolved[] {
  const kit = viaKit(bytes, tables);
  const web3 = viaWeb3(bytes, tables);
  if (JSON.stringify(kit) !== JSON.stringify(web3)) {
    throw new Error(`kit and web3.js read the message differently:\n${JSON.stringify({ kit, web3 }, null, 1)}`);
  }
  return kit;
}
