import { SolRpcError } from './errors/SolRpcError.js';
import { withHint } from './errors/withHint.js';
import { explainMismatch, SchemaMismatch } from './schemas/validate.js';
import type { CallOptions, DecodeContext, Transport } from './types/index.js';

/** A call checked and ready to send. `TShape` is whatever the method needs to pick its result schema. */
export interface PreparedCall<TShape = unknown> {
  /** Positional wire params. */
  params: unknown[];
  /** The per-call options found in the caller's config. */
  options?: CallOptions;
  /** Work that must finish before decoding, started now so it overlaps the request (loading zstd). */
  ready?: Promise<unknown>;
  /** Which result shape the request asked for, for methods whose result depends on their params. */
  shape?: TShape;
}

/**
 * The contract every RPC method fulfils. `TSignature` is the method's public, hand-written overloaded
 * signature; it exists only in types, so `createRpc` can expose every overload exactly.
 */
export interface MethodDefinition<TSignature, TShape = unknown> {
  /** The wire method name. */
  readonly name: string;
  /**
   * A faster way to read the response body than the exact parser, for a method that knows where its
   * integers above 2^53 can be: `parseSafeJson` where nowhere (slot indexes, ports), or
   * `parseJsonExactAt` with the keys of every u64/i64 field. Leave it out where that is long or unsure.
   * Only the methods that name a reader carry its code.
   */
  readonly parse?: (body: string) => unknown;
  /** Checks the caller's arguments and builds the request; throws `InvalidInputError` before any I/O. */
  prepare(args: readonly unknown[]): PreparedCall<TShape>;
  /** Validates the wire result and decodes it into the public shape, in one step. */
  decode(result: unknown, context: DecodeContext, prepared: PreparedCall<TShape>): unknown;
  /** Type-only: never set at run time. */
  readonly signature?: TSignature;
}

/** Declares a method. The identity at run time; it fixes the definition's types. */
export function defineMethod<TSignature, TShape = unknown>(
  definition: Omit<MethodDefinition<TSignature, TShape>, 'signature'>,
): MethodDefinition<TSignature, TShape> {
  return definition;
}

/**
 * Runs one call of a method over a transport: prepare, send, finish what `prepare` started, decode. An
 * RPC or HTTP error gets its code name and hint on the way out.
 */
export async function callMethod(
  definition: MethodDefinition<unknown>,
  transport: Transport,
  args: readonly unknown[],
  context: DecodeContext,
): Promise<unknown> {
  try {
    return await runMethod(definition, transport, args, context);
  } catch (error) {
    throw await withHint(error);
  }
}

async function runMethod(
  definition: MethodDefinition<unknown>,
  transport: Transport,
  args: readonly unknown[],
  context: DecodeContext,
): Promise<unknown> {
  const prepared = definition.prepare(args);
  const result = await transport({
    method: definition.name,
    params: prepared.params,
    signal: prepared.options?.signal,
    timeoutMs: prepared.options?.timeoutMs,
    parse: definition.parse,
  });
  if (prepared.ready) {
    await prepared.ready.catch((cause: unknown) => {
      throw new SolRpcError('could not load a decoder this response needs', {
        method: definition.name,
        cause,
        retryable: true,
      });
    });
  }
  return decodeResult(definition, result, context, prepared);
}

/**
 * Runs a method's decoder on a result. A result its schema refuses becomes the `ValidationError` naming
 * the field, with superstruct loaded to find it (schemas/validate.ts).
 */
export async function decodeResult(
  definition: MethodDefinition<unknown>,
  result: unknown,
  context: DecodeContext,
  prepared: PreparedCall,
): Promise<unknown> {
  try {
    return await definition.decode(result, context, prepared);
  } catch (error) {
    if (error instanceof SchemaMismatch) throw await explainMismatch(error);
    throw error;
  }
}
