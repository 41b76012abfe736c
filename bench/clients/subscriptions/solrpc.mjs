// solrpc's subscriptions client from the built package (dist/), all defaults: `for await` over each
// subscription's iterator; `break` unsubscribes.
import { createRpcSubscriptions } from '../../../dist/index.js';

export const name = 'solrpc';
export const note =
  "createRpcSubscriptions(url), for await over accountSubscribe(address, { encoding: 'base64' }) / slotSubscribe()";

function follow(iterator, onValue, subs) {
  const done = (async () => {
    for await (const value of iterator) if (onValue(value)) break;
  })();
  return { done, stop: async () => subs.close() };
}

export const subscribe = {
  account(url, _httpUrl, address, onValue) {
    const subs = createRpcSubscriptions(url);
    return follow(subs.accountSubscribe(address, { encoding: 'base64', commitment: 'confirmed' }), onValue, subs);
  },
  slot(url, _httpUrl, onValue) {
    const subs = createRpcSubscriptions(url);
    return follow(subs.slotSubscribe(), onValue, subs);
  },
};

/** What a decoded notification says, for the checks: slot, lamports, data bytes, rentEpoch as given. */
export const views = {
  account: (v) => ({
    slot: v.context.slot,
    lamports: v.value.lamports,
    data: v.value.data,
    rentEpoch: v.value.rentEpoch,
  }),
  slot: (v) => v,
};
