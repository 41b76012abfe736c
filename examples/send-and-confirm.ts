/**
 * A bot that pays: it builds a System Program transfer with @solana/kit, signs it, hands the signed bytes
 * to `sendAndConfirmTransaction`, prints each step (sent, processed, confirmed) and how it ended.
 *
 *   npm run example -- send-and-confirm           offline: a fresh key pays 1 lamport to the simulated wallet
 *   npm run example -- send-and-confirm https://api.devnet.solana.com KEYPAIR_FILE DESTINATION LAMPORTS
 *
 * Environment: RPC_URL (instead of the first argument), TIMEOUT_MS (how long to wait for confirmation,
 * default 60000). Exit 0 when confirmed, 1 when the transaction failed or expired, 2 on bad arguments.
 *
 * In your own project, import from 'solrpc' instead of '../src/index.js'. The simulated cluster belongs
 * to this repository (it is what `solrpc demo` runs), not to the package: it checks the signature and the
 * blockhash, then lets every transaction succeed, tracking no balances.
 */
import { readFileSync } from 'node:fs';
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  createKeyPairSignerFromBytes,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { createRpc, isSolRpcError, sendAndConfirmTransaction } from '../src/index.js';
import { SIMULATION, startSimulatedCluster } from '../src/testing/simulatedCluster.js';

const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS ?? 60_000);

const [givenUrl = process.env.RPC_URL || undefined, keypairFile, destinationText, lamportsText] = process.argv.slice(2);
if (givenUrl && (!keypairFile || !destinationText || !lamportsText || !/^\d+$/.test(lamportsText))) {
  console.error('usage: send-and-confirm [RPC_URL KEYPAIR_FILE DESTINATION LAMPORTS]');
  process.exit(2);
}

// No URL: start the simulated cluster on a loopback port; a fresh key, funded there with 1 SOL, pays the
// simulated wallet (the cluster keeps balances: an unfunded payer is refused as on a node).
const freshPayer = keypairFile ? undefined : await generateKeyPairSigner();
const cluster = givenUrl
  ? undefined
  : await startSimulatedCluster({ accounts: { [(freshPayer as KeyPairSigner).address]: { lamports: 1_000_000_000 } } });
const url = givenUrl ?? (cluster as { url: string }).url;
if (cluster) console.log(`simulated cluster at ${cluster.url}`);

/** A System Program transfer: instruction 2, then the amount as a little-endian u64. */
function transfer(source: KeyPairSigner, destination: string, lamports: bigint) {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: source.address, role: AccountRole.WRITABLE_SIGNER },
      { address: address(destination), role: AccountRole.WRITABLE },
    ],
    data,
  };
}

try {
  const payer = keypairFile
    ? await createKeyPairSignerFromBytes(new Uint8Array(JSON.parse(readFileSync(keypairFile, 'utf8')) as number[]))
    : (freshPayer as KeyPairSigner);
  const destination = destinationText ?? SIMULATION.wallet.address;
  const lamports = BigInt(lamportsText ?? 1);

  const rpc = createRpc(url);
  const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' });
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    // getLatestBlockhash's value is kit's blockhash lifetime as it is.
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstruction(transfer(payer, destination, lamports), m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  // kit's read-only bytes, taken as they are.
  const bytes = getTransactionEncoder().encode(signed);
  console.log(`${payer.address} pays ${lamports} lamport(s) to ${destination}`);

  const { signature, slot, commitment } = await sendAndConfirmTransaction(rpc, bytes, {
    lastValidBlockHeight: latest.lastValidBlockHeight,
    commitment: 'confirmed',
    timeoutMs: TIMEOUT_MS,
    onProgress: (event) => console.log(`  ${event.stage}${'slot' in event ? ` in slot ${event.slot}` : ''}`),
  });
  console.log(`${commitment}: ${signature} in slot ${slot}`);
} catch (error) {
  // The outcomes a bot acts on: the transaction failed (its error and logs), or expired unlanded.
  if (isSolRpcError(error, 'TransactionFailedError') || isSolRpcError(error, 'TransactionExpiredError')) {
    console.log(`${error.name}: ${error.message}`);
    process.exitCode = 1;
  } else {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
} finally {
  await cluster?.close();
}
