/**
 * A plain method's unit tests as a table, over the msw server of test/msw/server.ts (the file calls
 * `useMswServer()` itself). Each row is one test that declares the call it expects and asserts:
 *
 * - `cases`: exactly what was sent (method and params, `toStrictEqual`) and the exact decoded result;
 * - `refusals`: a `ValidationError` naming the method and the refused field's path, after exactly the
 *   expected request;
 * - `inputErrors`: an `InvalidInputError` naming the method and the parameter, and no request at all.
 *
 * Answers are raw JSON text of the `result` (u64 values above 2^53 survive as written) or an msw handler
 * such as `serveFixture(...)`. What a table cannot say (two calls compared, bigints checked in the exact
 * request body, RPC errors with hints) stays an ordinary test in the same file.
 */
import { describe, expect, it } from 'vitest';
import { createRpc } from '../../src/index.js';
import { calls, firstLine, mockRpc, RPC_URL, type RpcHandler, rejectsWith, reply, sent } from '../msw/server.js';
import type { MethodName } from './methodProfiles.js';

/** An answer: the `result` member as raw JSON text, or a handler (e.g. `serveFixture(name, edits)`). */
export type Answer = string | RpcHandler;

/** A call that succeeds; what it leaves out comes from the table's `defaults`. */
export interface TableCase {
  name: string;
  /** The arguments, after the types' checks are switched off (so the table may hold any value). */
  args?: readonly unknown[];
  /** The params that must go on the wire, as `JSON.parse` reads them back. */
  sent?: readonly unknown[];
  answer?: Answer;
  /** The decoded result, compared with `toStrictEqual` (bigints, `null` against absent, classes). */
  expect?: unknown;
}

/** A result the method must refuse with a `ValidationError` at `path`. */
export interface TableRefusal {
  name: string;
  answer: Answer;
  /** The field the error names, e.g. `result.value.lamports`. */
  path: string;
  /** What the error says it received, where the test pins it (`'nothing (the field is missing)'`). */
  received?: string;
  /** The call to make; the table's `defaults` when left out. */
  args?: readonly unknown[];
  sent?: readonly unknown[];
}

/** Arguments refused before any request, naming `param`. */
export interface TableInputError {
  name: string;
  args: readonly unknown[];
  /** The parameter the error names, e.g. `config.minContextSlot`. */
  param: string;
}

export interface MethodTable {
  /**
   * What a row leaves out: the call (`args`, `sent`; no arguments and no params unless given), and for
   * the cases the `answer` and the decoded result `expect`.
   */
  defaults?: { args?: readonly unknown[]; sent?: readonly unknown[]; answer?: Answer; expect?: unknown };
  cases?: readonly TableCase[];
  refusals?: readonly TableRefusal[];
  inputErrors?: readonly TableInputError[];
  /** Each test's deadline. Default 5 s. */
  timeoutMs?: number;
}

/** The client of every table: no retries, so each answer is judged as the server sent it. */
const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });

/** Calls `method` with `args`, whatever their types (tables hold arguments the types forbid). */
export function callUntyped(method: MethodName, args: readonly unknown[]): Promise<unknown> {
  const client = rpc() as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  return (client[method] as (...a: unknown[]) => Promise<unknown>)(...args);
}

const handlerOf = (answer: Answer) => (typeof answer === 'string' ? reply.resultText(answer) : answer);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Registers `describe(method)` with one test per row of the table. */
export function describeMethod(method: MethodName, table: MethodTable): void {
  const defaults = { args: [], sent: [], ...table.defaults };
  const expected = (row: TableCase): unknown => {
    if (Object.hasOwn(row, 'expect')) return row.expect;
    if (Object.hasOwn(defaults, 'expect')) return defaults.expect;
    throw new Error(`${method} table: case "${row.name}" says no expect, and there is no default`);
  };
  const answerOf = (row: { name: string; answer?: Answer }): Answer => {
    const answer = row.answer ?? defaults.answer;
    if (answer === undefined) throw new Error(`${method} table: "${row.name}" says no answer, and there is no default`);
    return answer;
  };
  describe(method, { timeout: table.timeoutMs ?? 5_000 }, () => {
    if (table.cases?.length) {
      describe('what is sent and what comes back', () => {
        it.each(table.cases ?? [])('$name', async (row) => {
          mockRpc({ [method]: handlerOf(answerOf(row)) });
          const result = await callUntyped(method, row.args ?? defaults.args);
          expect(sent()).toStrictEqual([{ method, params: row.sent ?? defaults.sent }]);
          expect(calls[0]).toMatchObject({ jsonrpc: '2.0', id: expect.any(Number) });
          expect(result).toStrictEqual(expected(row));
        });
      });
    }

    if (table.refusals?.length) {
      describe('refused results', () => {
        it.each(table.refusals ?? [])('$name → ValidationError at $path', async (row) => {
          mockRpc({ [method]: handlerOf(row.answer) });
          const error = await rejectsWith(callUntyped(method, row.args ?? defaults.args), 'ValidationError');
          expect(sent()).toStrictEqual([{ method, params: row.sent ?? defaults.sent }]);
          expect(error).toMatchObject({ method, path: row.path });
          if (row.received !== undefined) expect(error.received).toBe(row.received);
          expect(firstLine(error)).toMatch(new RegExp(`^${method}: invalid result: ${escapeRegExp(row.path)} must be`));
        });
      });
    }

    if (table.inputErrors?.length) {
      describe('bad input is refused before any request', () => {
        it.each(table.inputErrors ?? [])('$name', async ({ args, param }) => {
          // Answered, so that a request sent by mistake is recorded (and fails below), not merely refused.
          mockRpc({ [method]: reply.error(-32602, 'this request should not have been sent') });
          const error = await rejectsWith(callUntyped(method, args), 'InvalidInputError');
          expect(error).toMatchObject({ method, param });
          expect(firstLine(error)).toMatch(new RegExp(`^${method}: invalid ${escapeRegExp(param)}: `));
          expect(calls).toHaveLength(0);
        });
      });
    }
  });
}
