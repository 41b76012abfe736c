/**
 * Every subscription's notification decoder against mutated real-format notifications (fast-check, the
 * fuzz suites' mutations: values replaced, keys deleted or added, `__proto__` keys, huge strings and
 * arrays, numbers beyond 2^64): each one decodes or is refused with the `ValidationError` naming a field
 * (or another typed error); nothing else is thrown, nothing hangs, and no prototype changes.
 *
 * Budget: SUBSCRIPTION_FUZZ_RUNS inputs in all, shared by the notification kinds, so adding one does not
 * add time (FC_SEED sets the seed, as in the other fuzz suites).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJsonExact } from '../../src/codecs/json.js';
import { isSolRpcError } from '../../src/index.js';
import { explainMismatch, SchemaMismatch } from '../../src/schemas/validate.js';
import type { SubscriptionDefinition } from '../../src/subscriptions/defineSubscription.js';
import { allSubscriptions } from '../../src/subscriptions/methods/index.js';
import { applyMutations, mutation } from '../support/fuzzMutations.js';
import { toJsonText } from '../support/jsonText.js';

const SUBSCRIPTION_FUZZ_RUNS = 2_700;
const ADDRESS = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const HASH = '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZAMdL4VZHirAn';
const CONTEXT = { slot: 356_139_456 };
const ACCOUNT = {
  lamports: 2_039_280,
  owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  data: ['AQIDBAU=', 'base64'],
  executable: false,
  rentEpoch: 18_446_744_073_709_551_615n,
  space: 5,
};
/** The same account as the client gives it: lamports exact, the data's bytes decoded. */
const DECODED_ACCOUNT = { ...ACCOUNT, lamports: 2_039_280n, data: Uint8Array.of(1, 2, 3, 4, 5) };

/**
 * Each kind: its params (as a caller gives them), one real-format notification `result`, and what the
 * client makes of it when that is not the result itself (`decoded`).
 */
const CASES: { name: keyof typeof allSubscriptions; args: unknown[]; result: unknown; decoded?: unknown }[] = [
  {
    name: 'accountSubscribe',
    args: [ADDRESS, { encoding: 'base64' }],
    result: { context: CONTEXT, value: ACCOUNT },
    decoded: { context: CONTEXT, value: DECODED_ACCOUNT },
  },
  {
    name: 'programSubscribe',
    args: [ADDRESS, { encoding: 'base64' }],
    result: { context: CONTEXT, value: { pubkey: ADDRESS, account: ACCOUNT } },
    decoded: { context: CONTEXT, value: { pubkey: ADDRESS, account: DECODED_ACCOUNT } },
  },
  {
    name: 'signatureSubscribe',
    args: [SIGNATURE],
    result: { context: CONTEXT, value: { err: { InstructionError: [0, { Custom: 1 }] } } },
  },
  {
    name: 'logsSubscribe',
    args: ['all'],
    result: { context: CONTEXT, value: { signature: SIGNATURE, err: null, logs: ['Program log: hi'] } },
  },
  { name: 'slotSubscribe', args: [], result: { slot: 356_139_456, parent: 356_139_455, root: 356_139_424 } },
  { name: 'rootSubscribe', args: [], result: 356_139_424 },
  {
    name: 'slotsUpdatesSubscribe',
    args: [],
    result: { type: 'createdBank', slot: 356_139_456, parent: 356_139_455, timestamp: 1_754_900_754_123 },
  },
  {
    name: 'voteSubscribe',
    args: [],
    result: { votePubkey: ADDRESS, slots: [356_139_455], hash: HASH, timestamp: 1_754_900_754, signature: SIGNATURE },
  },
  {
    name: 'blockSubscribe',
    args: ['all', { transactionDetails: 'signatures', maxSupportedTransactionVersion: 0 }],
    result: {
      context: CONTEXT,
      value: {
        slot: 356_139_456,
        err: null,
        block: {
          blockhash: HASH,
          previousBlockhash: HASH,
          parentSlot: 356_139_455,
          blockTime: 1_754_900_754,
          blockHeight: 334_287_113,
          rewards: [],
          signatures: [SIGNATURE],
        },
      },
    },
  },
];

const DROPPED = Symbol('dropped');
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;

/** Decodes as the connection does: a schema mismatch becomes the ValidationError naming the field. */
async function decode(definition: SubscriptionDefinition, args: unknown[], text: string): Promise<unknown> {
  const prepared = definition.prepare(args);
  await prepared.ready;
  let parsed: unknown;
  try {
    parsed = parseJsonExact(text);
  } catch (error) {
    // A frame that does not parse never reaches a decoder: the connection ignores text that is not JSON and
    // ends the subscription of JSON nested too deep with an InvalidResponseError (hostile.test.ts).
    if (error instanceof JsonSyntaxError) return DROPPED;
    throw error;
  }
  try {
    return await definition.decode(parsed, { method: definition.name, maxDecompressedBytes: 1 << 20 }, prepared);
  } catch (error) {
    throw error instanceof SchemaMismatch ? await explainMismatch(error) : error;
  }
}

describe('subscription notifications, fuzzed', () => {
  it.each(CASES)('$name decodes its real-format sample to what the client gives', async (sample) => {
    const { name, args, result } = sample;
    const decoded = Object.hasOwn(sample, 'decoded') ? sample.decoded : result;
    expect(await decode(allSubscriptions[name], args, toJsonText(result))).toStrictEqual(decoded);
  });

  it.each(CASES)(
    '$name: a mutated notification decodes or is refused with a typed error',
    async ({ name, args, result }) => {
      const definition = allSubscriptions[name] as SubscriptionDefinition;
      await fc.assert(
        fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
          const text = toJsonText(applyMutations(result, mutations));
          try {
            await decode(definition, args, text);
          } catch (error) {
            if (!isSolRpcError(error)) throw error;
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }),
        { numRuns: Math.ceil(SUBSCRIPTION_FUZZ_RUNS / CASES.length), seed },
      );
    },
  );
});
