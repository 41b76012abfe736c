// @solana/kit's subscriptions client, all defaults: createSolanaRpcSubscriptions(url), then
// accountNotifications / slotNotifications subscribed with an AbortSignal, and `for await` over them.
import { address, createSolanaRpcSubscriptions } from '@solana/kit';

export const name = 'kit';
export const note =
  "createSolanaRpcSubscriptions(url), for await over accountNotifications(address, { encoding: 'base64' }).subscribe({ abortSignal }) / slotNotifications()";

async function follow(pending, onValue, abort) {
  const iterable = await pending.subscribe({ abortSignal: abort.signal });
  const done = (async () => {
    for await (const value of iterable) if (onValue(value)) break;
  })();
  return { done, stop: async () => abort.abort() };
}

export const subscribe = {
  account(url, _httpUrl, account, onValue) {
    const subs = createSolanaRpcSubscriptions(url);
    const abort = new AbortController();
    const pending = subs.accountNotifications(address(account), { encoding: 'base64', commitment: 'confirmed' });
    return follow(pending, onValue, abort);
  },
  slot(url, _httpUrl, onValue) {
    const subs = createSolanaRpcSubscriptions(url);
    return follow(subs.slotNotifications(), onValue, new AbortController());
  },
};

/** kit leaves base64 data as a [text, 'base64'] pair: the check decodes it (outside the timed part). */
export const views = {
  account: (v) => ({
    slot: v.context.slot,
    lamports: v.value.lamports,
    data: Buffer.from(v.value.data[0], 'base64'),
    dataAsGiven: 'base64 text',
    rentEpoch: v.value.rentEpoch,
  }),
  slot: (v) => v,
};
