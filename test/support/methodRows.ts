/**
 * Table rows many plain methods share, for `describeMethod`: the calls of a method that takes no wire
 * config (call options only), and what a method answering a bare slot accepts and refuses. A method's
 * test file spreads these and adds what is its own.
 */
import { resultTextOf } from '../msw/fixtures.js';
import type { TableCase, TableInputError, TableRefusal } from './methodTable.js';

/** A method with no wire config: every call sends `[]`, whatever call options it carries. */
export const CALL_OPTIONS_ONLY_CASES: readonly TableCase[] = [
  { name: 'no config: params []' },
  { name: 'an empty config: params []', args: [{}] },
  {
    name: 'call options only (signal, timeoutMs): nothing on the wire',
    args: [{ signal: new AbortController().signal, timeoutMs: 1_000 }],
  },
  { name: 'options set to undefined are left out', args: [{ signal: undefined, timeoutMs: undefined }] },
];

/** What such a method refuses before any request: any wire option, and a config that is not one. */
export const CALL_OPTIONS_ONLY_INPUT_ERRORS: readonly TableInputError[] = [
  { name: 'commitment: not an option of this method', args: [{ commitment: 'confirmed' }], param: 'config.commitment' },
  {
    name: 'minContextSlot: not an option of this method',
    args: [{ minContextSlot: 1 }],
    param: 'config.minContextSlot',
  },
  { name: 'config: a string', args: ['confirmed'], param: 'config' },
  { name: 'config: null', args: [null], param: 'config' },
  { name: 'config: a slot number', args: [356139473], param: 'config' },
  { name: 'signal: not an AbortSignal', args: [{ signal: 'abort' }], param: 'config.signal' },
  { name: 'timeoutMs: zero', args: [{ timeoutMs: 0 }], param: 'config.timeoutMs' },
  { name: 'a second argument', args: [{}, {}], param: 'arguments' },
];

/** A bare slot within 2^53 is kept exactly, however the number is written. */
export function slotCases(fixture: string, slot: number): TableCase[] {
  return [
    { name: 'the largest safe slot', answer: '9007199254740991', expect: 9007199254740991 },
    {
      name: 'an integer written as a float token within 2^53 is the same integer',
      answer: resultTextOf(fixture, [[String(slot), `${slot}.0`]]),
      expect: slot,
    },
  ];
}

/** A bare slot that is not one: refused at `result`, never rounded. */
export function slotRefusals(fixture: string, slot: number): TableRefusal[] {
  return [
    {
      name: 'a slot above Number.MAX_SAFE_INTEGER (not a rounded number)',
      answer: '9007199254740993',
      path: 'result',
      received: '9007199254740993',
    },
    { name: 'u64::MAX', answer: '18446744073709551615', path: 'result' },
    { name: 'a slot as a string', answer: resultTextOf(fixture, [[String(slot), `"${slot}"`]]), path: 'result' },
    { name: 'a negative slot', answer: '-1', path: 'result' },
    { name: 'a fractional slot', answer: `${slot}.5`, path: 'result' },
    { name: 'null', answer: 'null', path: 'result' },
    { name: 'an object (a context-wrapped answer)', answer: `{"context":{"slot":1},"value":${slot}}`, path: 'result' },
  ];
}
