import type { BodyReader } from './codecs/listReader.js';
import { withHint } from './errors/withHint.js';
import { type OptionChecks, prepareCall } from './options/config.js';
import type { Schema } from './schemas/struct.js';
import { explainMismatch, SchemaMismatch, validateResult } from './schemas/validate.js';
import type { CallOptions, DecodeContext, Transport } from './types/index.js';

/** A call checked and ready to send. `TShape` is whatever the method needs to pick its result schema. */
export interface PreparedCall<TShape = unknown> {
  /** Positional wire params. */
  params: unknown[];
  /** The per-call options found in the caller's config. */
  options?: CallOptions;
  /**
   * Work that must finish before decoding, started now so it overlaps the request (loading zstd). If it
   * fails, its error is the call's: make it a typed one (`zstdReady` in options/accountConfig.ts does).
   */
  ready?: Promise<unknown>;
  /** Which result shape the request asked for, for methods whose result depends on their params. */
  shape?: TShape;
  /** The wire method to call when the caller names it (`request`); the definition's name otherwise. */
  method?: string;
}

/**
 * The contract every RPC method fulfils. `TSignature` is the method's public, hand-written overloaded
 * signature; it exists only in types, so `createRpc` can expose every overload exactly.
 */
export interface MethodDefinition<TSignature, TShape = unknown> {
  /** The wire method name. */
  readonly name: string;
  /**
   * Whether only a node started with `--full-rpc-api` serves it, as agave splits its methods: false for
   * the 12 of its `Minimal` trait, which every node serves, written on each of them; true, and left out,
   * for all the others (`BankData`, `AccountsData`, `AccountsScan`, `Full`), as agave has it: the full API
   * is every method outside `Minimal`. A -32601 "Method not found" hint is made from it (errors/hints.ts).
   */
  readonly fullApi?: boolean;
  /**
   * A faster way to read the response body than the exact parser, for a method that knows where its
   * integers above 2^53 can be: `parseSafeJson` where nowhere (slot indexes, ports), or
   * `parseJsonExactAt` with the keys of every u64/i64 field. Leave it out where that is long or unsure.
   * Only the methods that name a reader carry its code.
   */
  readonly parse?: (body: string) => unknown;
  /**
   * For a method whose answer is one long list: its reader from the body's bytes (codecs/listReader.ts),
   * which never holds the body as one string and parses while the rest downloads.
   */
  readonly read?: BodyReader;
  /** Checks the caller's arguments and builds the request; throws `InvalidInputError` before any I/O. */
  prepare(args: readonly unknown[]): PreparedCall<TShape>;
  /** Validates the wire result and decodes it into the public shape, in one step. */
  decode(result: unknown, context: DecodeContext, prepared: PreparedCall<TShape>): unknown;
  /**
   * For a method one request cannot serve (more inputs than the node takes at once), or with work of its
   * own around the request (sendTransaction: the layout check before, a -32002 decoded after): runs the
   * whole call in place of `callMethod`, with the same arguments, making its requests through
   * `callMethod` with the same transport and context. Plain methods leave it out.
   */
  readonly run?: typeof callMethod;
  /** Type-only: never set at run time. */
  readonly signature?: TSignature;
}

/**
 * A plain method, described rather than written: its positional arguments and config options (each a
 * shared check from options/config.ts), the schema of its result, and how the checked result becomes
 * the public value. `defineMethod` writes its `prepare` and `decode` from this.
 */
export interface MethodSpec<TWire> {
  /** The wire method name: the only place a method file writes it. */
  readonly name: string;
  /** As in `MethodDefinition`. */
  readonly fullApi?: boolean;
  /** As in `MethodDefinition`. */
  readonly parse?: (body: string) => unknown;
  /** The arguments before the config, in order, by name (for messages), each with its check. */
  readonly args?: OptionChecks;
  /** The config options sent on the wire, each with its check; `signal` and `timeoutMs` come with every method. */
  readonly config?: OptionChecks;
  /** The result's wire schema (a memoised builder). */
  readonly result: () => Schema<TWire>;
  /** The public value from the checked result; the checked result itself when left out. */
  readonly decode?: (wire: TWire) => unknown;
}

/**
 * Declares a plain method from its `MethodSpec`, writing its `prepare` and `decode`. `TSignature` is the
 * method's hand-written overloaded signature; `TWire` what its result schema checks for.
 */
export function defineMethod<TSignature, TWire = unknown>(spec: MethodSpec<TWire>): MethodDefinition<TSignature> {
  const { name, args = {}, config = {}, result, decode } = spec;
  // The spec's own fields (name, parse, fullApi…) carry over as they are; `decode` is replaced.
  return {
    ...spec,
    prepare: (input) => prepareCall(name, args, config, input),
    decode(value, context) {
      const wire = validateResult(context.method, value, result());
      return decode ? decode(wire) : wire;
    },
  };
}

/**
 * Declares a method with its own `prepare` and `decode`: one whose request or result shape depends on its
 * arguments (encodings, positional forms). `prepare` is told the method's name, so the file writes it once.
 */
export function defineCustomMethod<TSignature, TShape = unknown>(
  definition: Omit<MethodDefinition<TSignature, TShape>, 'signature' | 'prepare'> & {
    /** As `MethodDefinition.prepare`, told the method's name for its messages. */
    prepare(args: readonly unknown[], method: string): PreparedCall<TShape>;
  },
): MethodDefinition<TSignature, TShape> {
  const { name, prepare } = definition;
  return { ...definition, prepare: (args) => prepare(args, name) };
}

/** The wire type a memoised schema builder checks for: what a `MethodSpec`'s `decode` receives. */
export type WireOf<TBuilder> = TBuilder extends () => Schema<infer T> ? T : never;

/**
 * Runs one call of a method over a transport: prepare, send, finish what `prepare` started, decode. On
 * the way out, a result its schema refuses becomes a `ValidationError` (as in `decodeResult`); any other
 * error, an RPC or HTTP one, gets its code name and hint,
 * made from the facts on the definition and the params sent. One try for all of it rather than a function
 * wrapped in another: smaller in every app's bundle.
 */
export async function callMethod(
  definition: MethodDefinition<unknown>,
  transport: Transport,
  args: readonly unknown[],
  context: DecodeContext,
): Promise<unknown> {
  // A refused input (InvalidInputError) has no hint to add: it leaves before the try.
  const prepared = definition.prepare(args);
  try {
    const result = await transport({
      method: prepared.method ?? definition.name,
      params: prepared.params,
      // The call's signal and timeoutMs: callOptionsOf (options/check.ts) gives those two keys alone.
      ...prepared.options,
      parse: definition.parse,
      read: definition.read,
    });
    // Fails with its own typed error (see `zstdReady`).
    await prepared.ready;
    return await definition.decode(result, context, prepared);
  } catch (error) {
    if (error instanceof SchemaMismatch) throw await explainMismatch(error);
    throw await withHint(error, definition, prepared);
  }
}

/**
 * Runs a method's decoder on a result, as `callMethod` does after the request. A result its schema refuses
 * becomes the `ValidationError` naming the field, with superstruct loaded to find it (schemas/validate.ts).
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
