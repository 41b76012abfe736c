/**
 * Kit-built transfers for landing and estimate tests: signed on the blockhash, with the limit and price the
 * build input gives, from a payer (optionally with a second signer's transfer too); and the signers a test
 * file makes once for them.
 */
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { beforeAll } from 'vitest';
import type { LandingBuildInput } from '../../src/index.js';

const SYSTEM = address('11111111111111111111111111111111');
const COMPUTE_BUDGET = address('ComputeBudget111111111111111111111111111111');

export interface Parties {
  payer: KeyPairSigner;
  cosigner: KeyPairSigner;
  recipient: KeyPairSigner;
}

const limitIx = (units: number) => {
  const data = new Uint8Array(5);
  data[0] = 2;
  new DataView(data.buffer).setUint32(1, units, true);
  return { programAddress: COMPUTE_BUDGET, data };
};
const priceIx = (microLamports: bigint) => {
  const data = new Uint8Array(9);
  data[0] = 3;
  new DataView(data.buffer).setBigUint64(1, microLamports, true);
  return { programAddress: COMPUTE_BUDGET, data };
};
const transferIx = (from: KeyPairSigner, to: KeyPairSigner, lamports: bigint) => {
  const data = new Uint8Array(12);
  data[0] = 2;
  new DataView(data.buffer).setBigUint64(4, lamports, true);
  return {
    programAddress: SYSTEM,
    accounts: [
      { address: from.address, role: 3 as const, signer: from },
      { address: to.address, role: 1 as const },
    ],
    data,
  };
};

export interface KitTransferOptions {
  lamports?: bigint;
  twoSigners?: boolean;
  from?: KeyPairSigner;
  /** false: no compute-budget instructions (the input's limit and price unused), as a bare draft. */
  budget?: boolean;
}

/** A kit transfer as landTransaction asks; `twoSigners` adds a second signer's transfer (the cosigner's). */
export async function kitTransfer(
  parties: Omit<Parties, 'cosigner'> & { cosigner?: KeyPairSigner },
  input: Pick<LandingBuildInput, 'blockhash' | 'lastValidBlockHeight' | 'unitLimit' | 'unitPrice'>,
  options: KitTransferOptions = {},
): Promise<Uint8Array> {
  const lamports = options.lamports ?? 1_000_000n;
  const from = options.from ?? parties.payer;
  const instructions = [
    ...(options.budget === false ? [] : [limitIx(input.unitLimit), priceIx(input.unitPrice)]),
    transferIx(from, parties.recipient, lamports),
  ];
  if (options.twoSigners) {
    if (!parties.cosigner) throw new Error('kitTransfer: twoSigners needs parties.cosigner');
    instructions.push(transferIx(parties.cosigner, parties.recipient, 1n));
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(input, m),
    (m) => appendTransactionMessageInstructions(instructions as never, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return new Uint8Array(getTransactionEncoder().encode(signed));
}

/**
 * Fresh signers made in a beforeAll of the calling file (registered first, so the file's own hooks can fund
 * them), and a kit transfer between them. Read `parties` inside tests and hooks only: before that hook it
 * has none to give.
 */
export function useParties(): {
  parties: Parties;
  transfer(input: LandingBuildInput, options?: KitTransferOptions): Promise<Uint8Array>;
} {
  let made: Parties | undefined;
  beforeAll(async () => {
    made = {
      payer: await generateKeyPairSigner(),
      cosigner: await generateKeyPairSigner(),
      recipient: await generateKeyPairSigner(),
    };
  });
  const get = (): Parties => {
    if (!made) throw new Error('useParties: its signers are made in a beforeAll; read them in a test or hook');
    return made;
  };
  const parties: Parties = {
    get payer() {
      return get().payer;
    },
    get cosigner() {
      return get().cosigner;
    },
    get recipient() {
      return get().recipient;
    },
  };
  return { parties, transfer: (input, options = {}) => kitTransfer(parties, input, options) };
}
