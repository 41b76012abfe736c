// @solana/web3.js v1: a Connection with a wsEndpoint, onAccountChange / onSlotChange callbacks.
import { Connection, PublicKey } from '@solana/web3.js';

export const name = 'web3.js';
export const note =
  "new Connection(httpUrl, { wsEndpoint }), onAccountChange(key, cb, { commitment: 'confirmed', encoding: 'base64' }) / onSlotChange(cb)";

function follow(register, remove) {
  let finish;
  const done = new Promise((resolve) => {
    finish = resolve;
  });
  const id = register(finish);
  return { done, stop: () => remove(id) };
}

export const subscribe = {
  account(url, httpUrl, account, onValue) {
    const connection = new Connection(httpUrl, { wsEndpoint: url, commitment: 'confirmed' });
    const key = new PublicKey(account);
    return follow(
      (finish) =>
        connection.onAccountChange(
          key,
          (info, context) => {
            if (onValue({ info, context })) finish();
          },
          { commitment: 'confirmed', encoding: 'base64' },
        ),
      (id) => connection.removeAccountChangeListener(id),
    );
  },
  slot(url, httpUrl, onValue) {
    const connection = new Connection(httpUrl, { wsEndpoint: url, commitment: 'confirmed' });
    return follow(
      (finish) =>
        connection.onSlotChange((info) => {
          if (onValue(info)) finish();
        }),
      (id) => connection.removeSlotChangeListener(id),
    );
  },
};

export const views = {
  account: (v) => ({
    slot: v.context.slot,
    lamports: v.info.lamports,
    data: v.info.data,
    rentEpoch: v.info.rentEpoch,
  }),
  slot: (v) => v,
};
