/**
 * Kit-built transfers for landTransaction tests: signed on the blockhash, with the limit and price the
 * build input gives, from a payer (optionally with a second signer's transfer too).
 */
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getTransactionEncoder,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
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

/** A kit transfer as landTransaction asks; `twoSigners` adds a second signer's transfer. */
export async function kitTransfer(
  parties: Parties,
  input: LandingBuildInput,
  options: { lamports?: bigint; twoSigners?: boolean; from?: KeyPairSigner } = {},
): Promise<Uint8Array> {
  const lamports = options.lamports ?? 1_000_000n;
  const from = options.from ?? parties.payer;
  const instructions = [
    limitIx(input.unitLimit),
    priceIx(input.unitPrice),
    transferIx(from, parties.recipient, lamports),
  ];
  if (options.twoSigners) instructions.push(transferIx(parties.cosigner, parties.recipient, 1n));
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(input, m),
    (m) => appendTransactionMessageInstructions(instructions as never, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return new Uint8Array(getTransactionEncoder().encode(signed));
}
