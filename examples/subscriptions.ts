/**
 * Subscriptions over WebSocket: it follows a few slots, then watches the logs of transactions that
 * mention an address while it pays that address, confirming the payment with `signatureSubscribe` racing
 * the HTTP poll. Every connection change is printed, as a bot should log it.
 *
 *   npm run example -- subscriptions              offline: the simulated cluster, a fresh key pays its wallet
 *   npm run example -- subscriptions https://rpc.example.com wss://rpc.example.com ADDRESS
 *
 * With a real node it only follows slots and the logs that mention ADDRESS (it pays nothing). Environment:
 * SLOTS (how many slots to follow, default 3), LOGS (how many transactions' logs, default 1).
 *
 * In your own project, import from 'solrpc' instead of '../src/index.js'. The simulated cluster belongs
 * to this repository (it is what `solrpc demo` runs), not to the package.
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { createRpc, createRpcSubscriptions, sendAndConfirmTransaction } from '../src/index.js';
import { SIMULATION, startSimulatedCluster } from '../src/testing/simulatedCluster.js';

const SLOTS = Number(process.env.SLOTS ?? 3);
const LOGS = Number(process.env.LOGS ?? 1);

const [httpUrl, wsUrl, watched] = process.argv.slice(2);
if (httpUrl && (!wsUrl || !watched)) {
  console.error('usage: subscriptions [RPC_URL WS_URL ADDRESS]');
  process.exit(2);
}
// The payer of the payment sent to the simulated cluster: funded there with 1 SOL, as it keeps balances.
const payer = httpUrl ? undefined : await generateKeyPairSigner();
const cluster = payer
  ? await startSimulatedCluster({ accounts: { [payer.address]: { lamports: 1_000_000_000 } } })
  : undefined;
if (cluster) console.log(`simulated cluster at ${cluster.url}, subscriptions at ${cluster.wsUrl}`);
const rpc = createRpc(httpUrl ?? (cluster as { url: string }).url);
const subs = createRpcSubscriptions(wsUrl ?? (cluster as { wsUrl: string }).wsUrl);
subs.onConnectionChange((event) => {
  if (event.state === 'reconnecting') console.log(`  (lost: ${event.reason}; attempt ${event.attempt})`);
  if (event.state === 'connected' && event.reconnected) console.log('  (back: logs in between may be missing)');
});

try {
  // A few slots: `break` ends the iteration and unsubscribes.
  let seen = 0;
  for await (const { slot, parent, root } of subs.slotSubscribe()) {
    console.log(`slot ${slot} (parent ${parent}, root ${root})`);
    if (++seen === SLOTS) break;
  }

  // The logs of what mentions the address, read while (offline) a payment to it is sent and confirmed.
  const target = watched ?? SIMULATION.wallet.address;
  const logs = subs.logsSubscribe({ mentions: [address(target)] }, { commitment: 'confirmed' });
  const reading = (async () => {
    let count = 0;
    for await (const { context, value } of logs) {
      console.log(`logs of ${value.signature} in slot ${context.slot}: ${value.err ? 'failed' : 'ok'}`);
      for (const line of value.logs) console.log(`  ${line}`);
      if (++count === LOGS) break;
    }
  })();

  if (cluster && payer) {
    const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' });
    const data = new Uint8Array(12);
    new DataView(data.buffer).setUint32(0, 2, true);
    new DataView(data.buffer).setBigUint64(4, 1n, true);
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        appendTransactionMessageInstruction(
          {
            programAddress: address('11111111111111111111111111111111'),
            accounts: [
              { address: payer.address, role: AccountRole.WRITABLE_SIGNER },
              { address: address(target), role: AccountRole.WRITABLE },
            ],
            data,
          },
          m,
        ),
    );
    const bytes = getTransactionEncoder().encode(await signTransactionMessageWithSigners(message));
    const { signature, slot } = await sendAndConfirmTransaction(rpc, bytes, {
      lastValidBlockHeight: latest.lastValidBlockHeight,
      // signatureSubscribe wakes the poll: the answer comes as soon as the node notifies, read over HTTP.
      subscriptions: subs,
    });
    // The logs and the confirmation come at the same commitment, in either order (the poll may see the
    // status before the logs notification is read): the logs are printed first, so every run reads alike.
    await reading;
    console.log(`confirmed: ${signature} in slot ${slot}`);
  }
  await reading;
} finally {
  subs.close();
  await cluster?.close();
}
