import { memo } from './memo.js';
import { expected } from './numbers.js';
import { define, type Schema } from './struct.js';

/** A base58 address's text: alphabet and length. Map keys that are addresses are checked with it too. */
export const ADDRESS_TEXT = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * A base58 address in a response. Checked by alphabet and length only: decoding every key of a
 * 5,000-account response would cost more than the rest of the validation together.
 */
export const address = /* @__PURE__ */ memo((): Schema<string> => {
  // The last address passed: a list's accounts repeat their owner (20,000 token accounts, one owner),
  // and a string compare is cheaper than the pattern.
  let last: string | undefined;
  return define('address', (value) => {
    if (value === last && last !== undefined) return true;
    if (typeof value === 'string' && ADDRESS_TEXT.test(value)) {
      last = value;
      return true;
    }
    return expected('a base58 address', value);
  });
});

/** A base58 32-byte hash (a blockhash) in a response, checked by alphabet and length like `address`. */
export const blockhash = /* @__PURE__ */ memo(
  (): Schema<string> =>
    define('blockhash', (value) =>
      typeof value === 'string' && ADDRESS_TEXT.test(value) ? true : expected('a base58 blockhash', value),
    ),
);

const SIGNATURE_TEXT = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

/** A base58 signature in a response, checked by alphabet and length like `address`. */
export const signature = /* @__PURE__ */ memo(
  (): Schema<string> =>
    define('signature', (value) =>
      typeof value === 'string' && SIGNATURE_TEXT.test(value) ? true : expected('a base58 signature', value),
    ),
);
