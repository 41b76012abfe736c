import type { ParsedNonceData } from '../types/nonce.js';
import { address, blockhash } from './address.js';
import { memo } from './memo.js';
import { safeInteger } from './numbers.js';
import { dynamic, enums, literal, type Schema, string, type } from './struct.js';

const initialized = /* @__PURE__ */ memo(() =>
  type({
    type: literal('initialized'),
    info: type({
      authority: address(),
      blockhash: blockhash(),
      feeCalculator: type({ lamportsPerSignature: string() }),
    }),
  }),
);

// Older nodes showed an uninitialized nonce so; current ones leave it unparsed.
const uninitialized = /* @__PURE__ */ memo(() => type({ type: literal('uninitialized') }));

// Any other `type` is refused by name.
const knownType = /* @__PURE__ */ memo(() => type({ type: enums(['initialized', 'uninitialized']) }));

/** A system account's `jsonParsed` data: a nonce, checked by its `type`. */
export const parsedNonceProgram = /* @__PURE__ */ memo(
  (): Schema<ParsedNonceData> =>
    type({
      program: literal('nonce'),
      parsed: dynamic<unknown>((parsed): Schema<unknown> => {
        const kind = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
        if (kind === 'initialized') return initialized() as Schema<unknown>;
        if (kind === 'uninitialized') return uninitialized() as Schema<unknown>;
        return knownType() as Schema<unknown>;
      }),
      space: safeInteger(),
    }) as unknown as Schema<ParsedNonceData>,
);
