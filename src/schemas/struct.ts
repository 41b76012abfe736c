/**
 * The combinators response schemas are written with. They mirror superstruct's (`type`, `array`,
 * `tuple`, `union`, `optional`, `nullable`, `define`, `dynamic`, `refine`…) and mean exactly what
 * superstruct's mean, but each schema is two things:
 *
 * - `check`, a plain predicate answering what `superstruct.is(value, struct)` answers, run on every
 *   response. On a 5,000-account response superstruct checks ~225,000 values at ~0.6 µs each, garbage
 *   included (docs/performance.md); the predicates do the same checks in a tenth of the time.
 * - `toStruct`, the recipe for the equivalent superstruct struct, built only for a response that fails
 *   the predicate, so that superstruct finds and names the first failing field (`explain.ts`).
 *
 * superstruct itself is imported by `explain.ts` alone, which is loaded on the first refused response:
 * an app whose responses are all valid never downloads it (docs/tree-shaking.md). Only its types are
 * used here. test/schemas/struct.test.ts holds each combinator's predicate to superstruct's verdict on
 * edge values, struct.differential.test.ts on fuzzed responses of every method.
 */
import type { Context, Result, Struct } from 'superstruct';

/**
 * The superstruct combinators the schemas build with, as `explain.ts` hands them to a schema's `toStruct`.
 * A schema that needs another one adds its name here and in explain.ts.
 */
export type Superstruct = Pick<
  typeof import('superstruct'),
  | 'array'
  | 'boolean'
  | 'define'
  | 'dynamic'
  | 'enums'
  | 'literal'
  | 'nullable'
  | 'number'
  | 'optional'
  | 'refine'
  | 'string'
  | 'tuple'
  | 'type'
  | 'union'
  | 'unknown'
>;

/** A yes/no check equivalent to `superstruct.is(value, struct)`. */
export type Check = (value: unknown) => boolean;

// biome-ignore lint/suspicious/noExplicitAny: structs and schemas of every type
export type AnyStruct = Struct<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: structs and schemas of every type
export type AnySchema = Schema<any>;

/** A response schema of values of type `T`. */
export interface Schema<T> {
  /** Whether a value matches: what superstruct would answer, without its paths and failure objects. */
  readonly check: Check;
  /**
   * Builds the superstruct struct with the same meaning. `inner` builds (once) the struct of a schema
   * this one contains.
   */
  readonly toStruct: (superstruct: Superstruct, inner: (schema: AnySchema) => AnyStruct) => AnyStruct;
  /** Type-only: never set at run time. */
  readonly infer?: T;
}

/** The type of the values a schema accepts. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** An object type as superstruct's `type()` infers it: keys whose schema accepts `undefined` are optional. */
type ObjectOf<S extends Record<string, AnySchema>> = Simplify<
  { [K in keyof S as undefined extends Infer<S[K]> ? never : K]: Infer<S[K]> } & {
    [K in keyof S as undefined extends Infer<S[K]> ? K : never]?: Infer<S[K]>;
  }
>;

// The context superstruct gives validators, refiners and dynamic choosers. A predicate only needs their
// verdict, and a verdict never depends on the path (ours use it only to name a failing field).
const CONTEXT: Context = { path: [], branch: [] };

function schema<T>(check: Check, toStruct: Schema<T>['toStruct']): Schema<T> {
  return { check, toStruct };
}

/** How superstruct reads a validator's or refiner's result: `true`, or an iterable of nothing but `true`. */
function passes(result: unknown): boolean {
  if (result === true) return true;
  if (typeof result !== 'object' || result === null || !(Symbol.iterator in result)) return false;
  for (const item of result as Iterable<unknown>) if (item !== true) return false;
  return true;
}

/** An object with at least the given fields; other fields pass, as nodes add fields (superstruct `type`). */
export function type<S extends Record<string, AnySchema>>(shape: S): Schema<ObjectOf<S>> {
  const keys = Object.keys(shape);
  const fields = keys.map((key) => (shape[key] as AnySchema).check);
  return schema(
    (value) => {
      // superstruct's type() takes any non-array object and reads keys through the prototype chain.
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const record = value as Record<string, unknown>;
      for (let i = 0; i < keys.length; i++) {
        if (!(fields[i] as Check)(record[keys[i] as string])) return false;
      }
      return true;
    },
    (s, inner) => s.type(Object.fromEntries(keys.map((key) => [key, inner(shape[key] as AnySchema)]))),
  );
}

export function array<T>(element: Schema<T>): Schema<T[]> {
  const check = element.check;
  return schema(
    (value) => {
      if (!Array.isArray(value)) return false;
      // Holes read as undefined, as superstruct's entries() gives them.
      for (let i = 0; i < value.length; i++) if (!check(value[i])) return false;
      return true;
    },
    (s, inner) => s.array(inner(element)),
  );
}

export function tuple<A extends AnySchema[]>(elements: [...A]): Schema<{ [K in keyof A]: Infer<A[K]> }> {
  const checks = elements.map((element) => element.check);
  return schema(
    (value) => {
      // Elements past the schema's length fail superstruct's never().
      if (!Array.isArray(value) || value.length > checks.length) return false;
      for (let i = 0; i < checks.length; i++) if (!(checks[i] as Check)(value[i])) return false;
      return true;
    },
    (s, inner) => s.tuple(elements.map(inner) as [AnyStruct, ...AnyStruct[]]),
  );
}

export function union<A extends AnySchema[]>(options: [...A]): Schema<Infer<A[number]>> {
  const checks = options.map((option) => option.check);
  return schema(
    (value) => checks.some((check) => check(value)),
    (s, inner) => s.union(options.map(inner) as [AnyStruct, ...AnyStruct[]]),
  );
}

export function optional<T>(inside: Schema<T>): Schema<T | undefined> {
  const check = inside.check;
  return schema(
    (value) => value === undefined || check(value),
    (s, inner) => s.optional(inner(inside)),
  );
}

/**
 * A value that may be `null`, and so may also be missing: older nodes, proxies and the documented
 * examples leave such keys out. The wire type says `undefined` too; a decoder turns it into `null`
 * (docs/numbers-and-encodings.md, "Validation: present, null or missing"). In superstruct's terms this
 * is `optional(nullable(inside))`; a value that must be present and may be null has no combinator.
 */
export function nullable<T>(inside: Schema<T>): Schema<T | null | undefined> {
  const check = inside.check;
  return schema(
    (value) => value === null || value === undefined || check(value),
    (s, inner) => s.optional(s.nullable(inner(inside))),
  );
}

export function string(): Schema<string> {
  return schema(
    (value) => typeof value === 'string',
    (s) => s.string(),
  );
}

export function boolean(): Schema<boolean> {
  return schema(
    (value) => typeof value === 'boolean',
    (s) => s.boolean(),
  );
}

export function number(): Schema<number> {
  return schema(
    (value) => typeof value === 'number' && !Number.isNaN(value),
    (s) => s.number(),
  );
}

export function unknown(): Schema<unknown> {
  return schema(
    () => true,
    (s) => s.unknown(),
  );
}

export function literal<const T extends string | number | boolean | null>(constant: T): Schema<T> {
  return schema(
    (value) => value === constant,
    (s) => s.literal(constant as string),
  );
}

export function enums<const T extends string>(values: readonly T[]): Schema<T> {
  return schema(
    (value) => (values as readonly unknown[]).includes(value),
    (s) => s.enums(values),
  );
}

/**
 * A value checked by a function: `true` to accept, or a message (`expected(...)` in numbers.ts) that
 * superstruct reports for the failing field.
 */
export function define<T>(name: string, validator: (value: unknown, context: Context) => Result): Schema<T> {
  return schema(
    (value) => passes(validator(value, CONTEXT)),
    (s) => s.define(name, validator),
  );
}

/** A schema chosen by the value itself (a token account's `parsed.type`, say). */
export function dynamic<T>(choose: (value: unknown, context: Context) => Schema<T>): Schema<T> {
  return schema(
    (value) => choose(value, CONTEXT).check(value),
    (s, inner) => s.dynamic((value, context) => inner(choose(value, context))),
  );
}

/** A schema with a further check that runs only on values the schema accepted, as in superstruct. */
export function refine<T>(base: Schema<T>, name: string, refiner: (value: T, context: Context) => Result): Schema<T> {
  const check = base.check;
  return schema(
    (value) => check(value) && passes(refiner(value as T, CONTEXT)),
    (s, inner) => s.refine(inner(base), name, refiner),
  );
}
