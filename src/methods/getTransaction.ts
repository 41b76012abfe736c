import { parseJsonExact } from '../codecs/json.js';
import { decodeTransactionResult } from '../decoders/transactionResult.js';
import { defineCustomMethod } from '../defineMethod.js';
import { checkArity, checkOneOf, checkSignature } from '../options/check.js';
import { confirmedCommitment, maxSupportedTransactionVersion, oneOf, prepareConfig } from '../options/config.js';
import { type TransactionShape, transactionResultSchema } from '../schemas/transaction.js';
import { validateResult } from '../schemas/validate.js';
import type { CallOptions, Signature } from '../types/index.js';
import type {
  LegacyTransactionWithMetaBytes,
  LegacyTransactionWithMetaJson,
  LegacyTransactionWithMetaParsed,
  TransactionWithMetaBytes,
  TransactionWithMetaJson,
  TransactionWithMetaParsed,
} from '../types/transaction.js';

// 1. Config

/** How the server encodes the transaction. `json` is the default. */
export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58';

/** Options of `getTransaction`. */
export interface GetTransactionConfig extends CallOptions {
  /** `json` (default), `jsonParsed`, or the wire bytes as `base64` / `base58`. */
  encoding?: TransactionEncoding;
  /** `confirmed` or `finalized` (the server's default); the server refuses `processed` for this method. */
  commitment?: 'confirmed' | 'finalized';
  /**
   * Pass `0` to receive versioned (v0) transactions: the result then carries `version`. Without it the
   * server answers -32015 for any v0 transaction.
   */
  maxSupportedTransactionVersion?: 0;
}

/** `json` with versioned transactions allowed. */
export interface GetTransactionJsonConfig extends GetTransactionConfig {
  encoding?: 'json';
  maxSupportedTransactionVersion: 0;
}
/** `json`, legacy transactions only. */
export interface GetLegacyTransactionJsonConfig extends GetTransactionConfig {
  encoding?: 'json';
  maxSupportedTransactionVersion?: undefined;
}
/** `jsonParsed` with versioned transactions allowed. */
export interface GetTransactionParsedConfig extends GetTransactionConfig {
  encoding: 'jsonParsed';
  maxSupportedTransactionVersion: 0;
}
/** `jsonParsed`, legacy transactions only. */
export interface GetLegacyTransactionParsedConfig extends GetTransactionConfig {
  encoding: 'jsonParsed';
  maxSupportedTransactionVersion?: undefined;
}
/** Wire bytes with versioned transactions allowed. */
export interface GetTransactionBytesConfig extends GetTransactionConfig {
  encoding: 'base64' | 'base58';
  maxSupportedTransactionVersion: 0;
}
/** Wire bytes, legacy transactions only. */
export interface GetLegacyTransactionBytesConfig extends GetTransactionConfig {
  encoding: 'base64' | 'base58';
  maxSupportedTransactionVersion?: undefined;
}

// 2. Results

/** What every `getTransaction` result holds. */
export interface TransactionResultBase {
  /** The slot of the block that holds the transaction. */
  slot: number;
  /** The block's estimated production time (Unix seconds); `null` where unknown (old blocks) or not sent. */
  blockTime: number | null;
  /** The transaction's position in its block, on newer nodes. */
  transactionIndex?: number;
}
/** `json`, requested without `maxSupportedTransactionVersion`: a legacy transaction, no `version`. */
export interface LegacyTransactionJsonResult extends TransactionResultBase, LegacyTransactionWithMetaJson {}
/** `json` with versioned transactions allowed. */
export interface TransactionJsonResult extends TransactionResultBase, TransactionWithMetaJson {}
/** `jsonParsed`, without `maxSupportedTransactionVersion`. */
export interface LegacyTransactionParsedResult extends TransactionResultBase, LegacyTransactionWithMetaParsed {}
/** `jsonParsed` with versioned transactions allowed. */
export interface TransactionParsedResult extends TransactionResultBase, TransactionWithMetaParsed {}
/** Wire bytes (decode them with `decodeTransaction`), without `maxSupportedTransactionVersion`. */
export interface LegacyTransactionBytesResult extends TransactionResultBase, LegacyTransactionWithMetaBytes {}
/** Wire bytes with versioned transactions allowed. */
export interface TransactionBytesResult extends TransactionResultBase, TransactionWithMetaBytes {}
/** Any `getTransaction` result, for a config known only at run time. */
export type AnyTransactionResult =
  | LegacyTransactionJsonResult
  | TransactionJsonResult
  | LegacyTransactionParsedResult
  | TransactionParsedResult
  | LegacyTransactionBytesResult
  | TransactionBytesResult;

// 3. Signature

/**
 * Fetches a confirmed transaction with its status metadata, or `null` when the node has not got it.
 * Overloads narrow the result by `encoding` and by `maxSupportedTransactionVersion`.
 */
export interface GetTransaction {
  /**
   * The transaction in the `json` encoding, versioned ones included: `version` is `'legacy'` or `0`,
   * v0 messages carry `addressTableLookups`, and `meta.loadedAddresses` lists the keys they loaded.
   * @example
   * const tx = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
   * if (tx?.meta?.err) console.log('failed:', tx.meta.err);
   */
  (signature: Signature, config: GetTransactionJsonConfig): Promise<TransactionJsonResult | null>;
  /**
   * The transaction in the `json` encoding, legacy transactions only (a v0 one fails with -32015).
   * @example
   * const tx = await rpc.getTransaction(signature);
   * tx?.transaction.message.accountKeys; // string[]
   */
  (signature: Signature, config?: GetLegacyTransactionJsonConfig): Promise<LegacyTransactionJsonResult | null>;
  /**
   * The transaction parsed by the node, versioned ones included.
   * @example
   * const tx = await rpc.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 });
   * for (const ix of tx?.transaction.message.instructions ?? []) if ('parsed' in ix) console.log(ix.program, ix.parsed);
   */
  (signature: Signature, config: GetTransactionParsedConfig): Promise<TransactionParsedResult | null>;
  /**
   * The transaction parsed by the node, legacy transactions only.
   * @example
   * const tx = await rpc.getTransaction(signature, { encoding: 'jsonParsed' });
   */
  (signature: Signature, config: GetLegacyTransactionParsedConfig): Promise<LegacyTransactionParsedResult | null>;
  /**
   * The signed transaction's wire bytes, versioned ones included; `decodeTransaction` reads them.
   * @example
   * const tx = await rpc.getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 });
   * if (tx) console.log(decodeTransaction(tx.transaction).message.accountKeys);
   */
  (signature: Signature, config: GetTransactionBytesConfig): Promise<TransactionBytesResult | null>;
  /**
   * The signed transaction's wire bytes, legacy transactions only.
   * @example
   * const tx = await rpc.getTransaction(signature, { encoding: 'base58' });
   */
  (signature: Signature, config: GetLegacyTransactionBytesConfig): Promise<LegacyTransactionBytesResult | null>;
  /**
   * The deprecated positional form, `getTransaction(signature, 'json')`, as older code writes it.
   * @example
   * const tx = await rpc.getTransaction(signature, 'jsonParsed');
   */
  (signature: Signature, encoding: 'json'): Promise<LegacyTransactionJsonResult | null>;
  (signature: Signature, encoding: 'jsonParsed'): Promise<LegacyTransactionParsedResult | null>;
  (signature: Signature, encoding: 'base64' | 'base58'): Promise<LegacyTransactionBytesResult | null>;
  /**
   * A config known only at run time: any of the results above.
   * @example
   * const config: GetTransactionConfig = { encoding: userChoice };
   * const tx = await rpc.getTransaction(signature, config);
   */
  (signature: Signature, config?: GetTransactionConfig): Promise<AnyTransactionResult | null>;
}

// 4. Request checks

const ENCODINGS: readonly TransactionEncoding[] = ['json', 'jsonParsed', 'base64', 'base58'];

const OPTIONS = { encoding: oneOf(ENCODINGS), commitment: confirmedCommitment, maxSupportedTransactionVersion };

// 5. Definition

/** `getTransaction`: one confirmed transaction and its status metadata. */
export const getTransaction = /* @__PURE__ */ defineCustomMethod<GetTransaction, TransactionShape>({
  name: 'getTransaction',
  // Balances, fees and rewards above 2^53 can be anywhere in it: JSON.parse, then those tokens put back.
  parse: parseJsonExact,
  prepare(args, method) {
    checkArity(method, args, 2);
    const signature = checkSignature(method, 'signature', args[0]);
    if (typeof args[1] === 'string') {
      // The deprecated positional form, sent as written.
      const encoding = checkOneOf(method, 'encoding', args[1], ENCODINGS) as TransactionEncoding;
      return { params: [signature, encoding], shape: { encoding, versioned: false } };
    }
    const checked = prepareConfig(method, OPTIONS, args[1]);
    const wire: Record<string, unknown> = { encoding: 'json', ...checked.wire };
    const shape: TransactionShape = {
      encoding: wire.encoding as TransactionEncoding,
      versioned: wire.maxSupportedTransactionVersion !== undefined,
    };
    return { params: [signature, wire], options: checked.options, shape };
  },
  decode(result, context, prepared) {
    const shape = prepared.shape as TransactionShape;
    const checked = validateResult(context.method, result, transactionResultSchema(shape));
    return decodeTransactionResult(context.method, checked, shape.versioned);
  },
});
