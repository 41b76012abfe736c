import { callMethod, defineCustomMethod, type PreparedCall } from '../defineMethod.js';
import { InvalidInputError } from '../errors/InvalidInputError.js';
import { ValidationError } from '../errors/ValidationError.js';
import { checkArity, checkSignature, describe } from '../options/check.js';
import { flag, prepareConfig } from '../options/config.js';
import { decodeContext, rpcContext } from '../schemas/context.js';
import { memo } from '../schemas/memo.js';
import { safeInteger } from '../schemas/numbers.js';
import { array, enums, nullable, type } from '../schemas/struct.js';
import { transactionError, transactionStatus } from '../schemas/transaction.js';
import { validateResult } from '../schemas/validate.js';
import type { CallOptions, Commitment, RpcResult, Signature } from '../types/index.js';
import type { TransactionError, TransactionStatus } from '../types/transaction.js';

// 1. Config

/** Options of `getSignatureStatuses` (agave's `RpcSignatureStatusConfig`: no commitment, no minContextSlot). */
export interface GetSignatureStatusesConfig extends CallOptions {
  /**
   * Also look in the node's ledger for signatures older than its status cache (about 300 blocks). Needs a
   * node with transaction history (-32011 otherwise); only rooted transactions are found there.
   */
  searchTransactionHistory?: boolean;
}

// 2. Result

/** Where a transaction stands. */
export interface SignatureStatus {
  /** The slot of the block that holds the transaction. */
  slot: number;
  /** Blocks built on top of it since; `null` once it is rooted (finalized by a supermajority). */
  confirmations: number | null;
  /** Why the transaction failed; `null` if it succeeded. */
  err: TransactionError | null;
  /** Deprecated mirror of `err`: `{ Ok: null }` or `{ Err: error }`. */
  status: TransactionStatus;
  /** The commitment it has reached; `null` from old nodes that did not send it. */
  confirmationStatus: Commitment | null;
}

/**
 * One entry per signature asked about, in the same order: `null` for a signature the node does not know
 * (not landed, too old without `searchTransactionHistory`, or dropped).
 */
export interface SignatureStatusesResult extends RpcResult<(SignatureStatus | null)[]> {}

// 3. Signature

/** Reads where transactions stand. */
export interface GetSignatureStatuses {
  /**
   * Reads the status of each signature, read from the node's processed bank. Any number of signatures:
   * more than agave's 256 per request are sent as several requests at once, and the statuses come back
   * in the order asked, under the lowest `context.slot` of those requests (every status is at least that
   * recent). If any request fails, the call fails with its error and returns nothing.
   * @example
   * const { value: [status] } = await rpc.getSignatureStatuses([signature]);
   * if (status?.confirmationStatus === 'finalized') console.log('rooted');
   */
  (signatures: readonly Signature[], config?: GetSignatureStatusesConfig): Promise<SignatureStatusesResult>;
}

// 4. Wire schema

const statusesResult = /* @__PURE__ */ memo(() =>
  type({
    context: rpcContext(),
    value: array(
      nullable(
        type({
          slot: safeInteger(),
          confirmations: nullable(safeInteger()),
          err: nullable(transactionError()),
          status: transactionStatus(),
          confirmationStatus: nullable(enums(['processed', 'confirmed', 'finalized'])),
        }),
      ),
    ),
  }),
);

/**
 * Refuses a status that contradicts itself or the answer it came in: `err` and its deprecated mirror
 * `status` disagreeing, or a block slot beyond the slot of the bank that answered (a bank holds only
 * blocks up to its own slot). Taken as an outcome, such a lie would read as a success or a failure.
 */
export function checkSignatureStatus(method: string, status: SignatureStatus, contextSlot: number, path: string) {
  const mirrorFailed = 'Err' in status.status;
  if ((status.err !== null) !== mirrorFailed) {
    throw new ValidationError({
      method,
      path: `${path}.status`,
      expected: `${status.err === null ? '{"Ok":null}, as err is null' : '{"Err":…}, as err is set'}`,
      received: mirrorFailed ? '{"Err":…}' : '{"Ok":null}',
    });
  }
  if (status.slot > contextSlot) {
    throw new ValidationError({
      method,
      path: `${path}.slot`,
      expected: `at most the answer's context slot ${contextSlot}`,
      received: String(status.slot),
    });
  }
}

/** agave's `MAX_GET_SIGNATURE_STATUSES_QUERY_ITEMS`: it refuses more in one request. */
const PER_REQUEST = 256;

function prepare(args: readonly unknown[], method: string): PreparedCall {
  checkArity(method, args, 2);
  const [signatures, config] = args;
  if (!Array.isArray(signatures)) {
    throw new InvalidInputError({
      method,
      param: 'signatures',
      problem: `expected an array of signatures, got ${describe(signatures)}`,
    });
  }
  const checked = signatures.map((signature, i) => checkSignature(method, `signatures.${i}`, signature));
  const { wire, options } = prepareConfig(method, { searchTransactionHistory: flag }, config);
  return { params: Object.keys(wire).length > 0 ? [checked, wire] : [checked], options };
}

// 5. Definition

/**
 * `getSignatureStatuses`: the status of each signature, `null` where unknown. Full-API nodes serve it. A
 * call with more than 256 signatures is split (its `run`): every signature is checked before any request,
 * the pieces go out together, and their statuses are joined in order.
 */
export const getSignatureStatuses = /* @__PURE__ */ defineCustomMethod<GetSignatureStatuses>({
  name: 'getSignatureStatuses',
  prepare,
  decode(result, context): SignatureStatusesResult {
    const wire = validateResult(context.method, result, statusesResult());
    const decoded = decodeContext(wire.context);
    return {
      context: decoded,
      value: wire.value.map((entry, i) => {
        if (entry == null) return null;
        const status: SignatureStatus = {
          slot: entry.slot,
          confirmations: entry.confirmations ?? null,
          err: entry.err ?? null,
          status: 'Err' in entry.status ? { Err: entry.status.Err } : { Ok: null },
          confirmationStatus: entry.confirmationStatus ?? null,
        };
        checkSignatureStatus(context.method, status, decoded.slot, `result.value.${i}`);
        return status;
      }),
    };
  },
  async run(definition, transport, args, context) {
    // One request: callMethod's prepare checks the signatures, once.
    if (!Array.isArray(args[0]) || args[0].length <= PER_REQUEST)
      return callMethod(definition, transport, args, context);
    // Several: every signature is checked before any request (each piece is checked again as it is sent).
    const [signatures] = prepare(args, definition.name).params as [Signature[]];
    const pieces: Promise<unknown>[] = [];
    for (let start = 0; start < signatures.length; start += PER_REQUEST) {
      // The caller's config as given (signal and timeoutMs included), so each piece is prepared like a plain call.
      const piece = [signatures.slice(start, start + PER_REQUEST), args[1]];
      pieces.push(callMethod(definition, transport, piece, context));
    }
    const results = (await Promise.all(pieces)) as SignatureStatusesResult[];
    // Each piece's statuses are as of its own slot; the lowest is the one all of them are at least as recent as.
    const oldest = results.reduce((low, piece) => (piece.context.slot < low.context.slot ? piece : low));
    return { context: oldest.context, value: results.flatMap((piece) => piece.value) };
  },
});
