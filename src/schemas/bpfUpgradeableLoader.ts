import type { ParsedBpfUpgradeableLoaderData } from '../types/bpfUpgradeableLoader.js';
import { address } from './address.js';
import { memo } from './memo.js';
import { safeInteger, u64 } from './numbers.js';
import { dynamic, enums, literal, nullable, type Schema, string, tuple, type } from './struct.js';

/** Bytes inside a parsed account: `[base64 text, 'base64']`. */
const base64Data = /* @__PURE__ */ memo(() => tuple([string(), literal('base64')]));

const parsedByType = {
  uninitialized: /* @__PURE__ */ memo(() => type({ type: literal('uninitialized') })),
  buffer: /* @__PURE__ */ memo(() =>
    type({ type: literal('buffer'), info: type({ authority: nullable(address()), data: base64Data() }) }),
  ),
  program: /* @__PURE__ */ memo(() => type({ type: literal('program'), info: type({ programData: address() }) })),
  programData: /* @__PURE__ */ memo(() =>
    type({
      type: literal('programData'),
      info: type({ slot: u64(), authority: nullable(address()), data: base64Data() }),
    }),
  ),
};

// Any other `type` is refused by name.
const knownType = /* @__PURE__ */ memo(() =>
  type({ type: enums(Object.keys(parsedByType) as (keyof typeof parsedByType)[]) }),
);

/** An upgradeable loader account's `jsonParsed` data, checked by its `type`. */
export const parsedBpfUpgradeableLoaderProgram = /* @__PURE__ */ memo(
  (): Schema<ParsedBpfUpgradeableLoaderData> =>
    type({
      program: literal('bpf-upgradeable-loader'),
      parsed: dynamic<unknown>((parsed): Schema<unknown> => {
        const kind = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
        const choose = Object.hasOwn(parsedByType, kind as string)
          ? parsedByType[kind as keyof typeof parsedByType]
          : knownType;
        return choose() as Schema<unknown>;
      }),
      space: safeInteger(),
    }) as unknown as Schema<ParsedBpfUpgradeableLoaderData>,
);
