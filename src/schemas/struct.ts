/**
 * superstruct's combinators, each also registering a plain predicate that answers what
 * `superstruct.is(value, struct)` answers, without superstruct's per-value generators, paths and
 * failure objects. Schemas import their combinators from here, not from 'superstruct'.
 *
 * Why: on a 5,000-account response superstruct checks ~225,000 values at ~0.6 µs each, garbage
 * included (docs/performance.md); the predicates do the same checks in a tenth of the time. The
 * superstruct structs stay the schemas: `validateResult` asks the predicate first and hands a response
 * that fails it to superstruct, whose first failure names the field. test/schemas/struct.test.ts
 * compares the two on each combinator's edge cases, struct.differential.test.ts on fuzzed responses of
 * every method and on every single-position change of every recorded response.
 */
import {
  type Context,
  is,
  type Struct,
  array as superstructArray,
  boolean as superstructBoolean,
  define as superstructDefine,
  dynamic as superstructDynamic,
  enums as superstructEnums,
  literal as superstructLiteral,
  nullable as superstructNullable,
  number as superstructNumber,
  optional as superstructOptional,
  refine as superstructRefine,
  string as superstructString,
  tuple as superstructTuple,
  type as superstructType,
  union as superstructUnion,
  unknown as superstructUnknown,
} from 'superstruct';

export type { Struct } from 'superstruct';

/** A yes/no check equivalent to `superstruct.is(value, struct)`. */
export type Check = (value: unknown) => boolean;

// biome-ignore lint/suspicious/noExplicitAny: a registry of structs of every type
type AnyStruct = Struct<any, any>;

const checks = /* @__PURE__ */ new WeakMap<AnyStruct, Check>();

// The context superstruct gives validators, refiners and dynamic choosers. A predicate only needs their
// verdict, and a verdict never depends on the path (ours use it only to name a failing field).
const CONTEXT: Context = { path: [], branch: [] };

function register<S extends AnyStruct>(struct: S, check: Check): S {
  checks.set(struct, check);
  return struct;
}

/** The predicate for a struct: the registered one, or superstruct itself for a struct built elsewhere. */
export function checkOf(struct: AnyStruct): Check {
  return checks.get(struct) ?? ((value) => is(value, struct));
}

/** How superstruct reads a validator's or refiner's result: `true`, or an iterable of nothing but `true`. */
function passes(result: unknown): boolean {
  if (result === true) return true;
  if (typeof result !== 'object' || result === null || !(Symbol.iterator in result)) return false;
  for (const item of result as Iterable<unknown>) if (item !== true) return false;
  return true;
}

export const type: typeof superstructType = (schema) => {
  const keys = Object.keys(schema);
  const fields = keys.map((key) => checkOf(schema[key] as AnyStruct));
  return register(superstructType(schema), (value) => {
    // superstruct's type() takes any non-array object and reads keys through the prototype chain.
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    for (let i = 0; i < keys.length; i++) {
      if (!(fields[i] as Check)(record[keys[i] as string])) return false;
    }
    return true;
  });
};

export const array = ((element: AnyStruct) => {
  const check = checkOf(element);
  return register(superstructArray(element), (value) => {
    if (!Array.isArray(value)) return false;
    // Holes read as undefined, as superstruct's entries() gives them.
    for (let i = 0; i < value.length; i++) if (!check(value[i])) return false;
    return true;
  });
}) as typeof superstructArray;

export const tuple: typeof superstructTuple = (structs) => {
  const elements = structs.map(checkOf);
  return register(superstructTuple(structs), (value) => {
    // Elements past the schema's length fail superstruct's never().
    if (!Array.isArray(value) || value.length > elements.length) return false;
    for (let i = 0; i < elements.length; i++) if (!(elements[i] as Check)(value[i])) return false;
    return true;
  });
};

export const union: typeof superstructUnion = (structs) => {
  const options = structs.map(checkOf);
  return register(superstructUnion(structs), (value) => options.some((check) => check(value)));
};

export const optional: typeof superstructOptional = (struct) => {
  const check = checkOf(struct);
  return register(superstructOptional(struct), (value) => value === undefined || check(value));
};

export const nullable: typeof superstructNullable = (struct) => {
  const check = checkOf(struct);
  return register(superstructNullable(struct), (value) => value === null || check(value));
};

export const string: typeof superstructString = () =>
  register(superstructString(), (value) => typeof value === 'string');

export const boolean: typeof superstructBoolean = () =>
  register(superstructBoolean(), (value) => typeof value === 'boolean');

export const number: typeof superstructNumber = () =>
  register(superstructNumber(), (value) => typeof value === 'number' && !Number.isNaN(value));

export const unknown: typeof superstructUnknown = () => register(superstructUnknown(), () => true);

export const literal = ((constant: unknown) =>
  register(superstructLiteral(constant), (value) => value === constant)) as typeof superstructLiteral;

export const enums = ((values: readonly unknown[]) =>
  register(superstructEnums(values as readonly string[]), (value) =>
    values.includes(value),
  )) as typeof superstructEnums;

export const define: typeof superstructDefine = (name, validator) =>
  register(superstructDefine(name, validator), (value) => passes(validator(value, CONTEXT)));

export const dynamic: typeof superstructDynamic = (choose) =>
  register(superstructDynamic(choose), (value) => checkOf(choose(value, CONTEXT))(value));

export const refine: typeof superstructRefine = (struct, name, refiner) => {
  const check = checkOf(struct);
  // The refiner sees only values the struct accepted, as in superstruct.
  return register(
    superstructRefine(struct, name, refiner),
    (value) => check(value) && passes(refiner(value as Parameters<typeof refiner>[0], CONTEXT)),
  );
};
