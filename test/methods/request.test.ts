import { describe, expect, it } from 'vitest';
import { createRpc, createRpcWith, isSolRpcError, request } from '../../src/index.js';
import { calls, mockRpc, RPC_URL, reply, sent, useMswServer } from '../msw/server.js';
import { failure } from '../support/failure.js';

useMswServer();

const rpc = () => createRpc(RPC_URL, { timeoutMs: 2_000, retry: false });
/** `request` without its static types, for arguments the types forbid. */
const call = (...args: unknown[]) => (rpc().request as unknown as (...a: unknown[]) => Promise<unknown>)(...args);

const DEEP = 'expected JSON values nested at most 127 levels, with no cycle';

/** `levels` arrays, one inside the other, around a 1. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

function cyclic(): unknown {
  const node: Record<string, unknown> = { a: 1 };
  node.self = node;
  return node;
}

describe('request: any method by name', { timeout: 5_000 }, () => {
  it('sends the method and params as given, exact integers included, and returns the result unchecked', async () => {
    mockRpc({
      getRecentPrioritizationFees: reply.resultText(
        '[{"slot":348125001,"prioritizationFee":0},{"slot":348125002,"prioritizationFee":18446744073709551615}]',
      ),
    });
    const address = 'CKs1E69a2e9TmH4mKKLrXFF8kD3ZnwKjoEuXa6sz9WqX';
    const result = await rpc().request('getRecentPrioritizationFees', [[address], 9007199254740993n]);
    // The exact text: JSON.parse of the recorded call would round the bigint.
    expect(calls[0]?.method).toBe('getRecentPrioritizationFees');
    expect(calls[0]?.body).toContain(`"params":[["${address}"],9007199254740993]`);
    // Safe integers as numbers, the others as exact bigints: what the exact parser gives, not validated.
    expect(result).toStrictEqual([
      { slot: 348125001, prioritizationFee: 0 },
      { slot: 348125002, prioritizationFee: 18446744073709551615n },
    ]);
  });

  it('sends params nested as deep as a node reads: the body at 128 levels', async () => {
    mockRpc({ getSlot: reply.result(1) });
    await call('getSlot', [nested(126)]);
    expect(calls[0]?.params).toStrictEqual([nested(126)]);
  });

  it('sends no params as an empty list, and takes signal and timeoutMs', async () => {
    mockRpc({ getHealth: reply.result('ok') });
    await expect(rpc().request<string>('getHealth', undefined, { timeoutMs: 1_000 })).resolves.toBe('ok');
    expect(sent()).toStrictEqual([{ method: 'getHealth', params: [] }]);
  });

  it('is a method like any other for createRpcWith', async () => {
    mockRpc({ providerGetThing: reply.result({ answer: 42 }) });
    const small = createRpcWith(RPC_URL, { request });
    await expect(small.request('providerGetThing', ['x'])).resolves.toStrictEqual({ answer: 42 });
    expect(sent()).toStrictEqual([{ method: 'providerGetThing', params: ['x'] }]);
  });

  it('reports an RPC error as a typed RpcError named after the method called, with its code name and hint', async () => {
    mockRpc({ getBlockz: reply.error(-32601, 'Method not found') });
    const error = await failure(rpc().request('getBlockz'));
    expect(isSolRpcError(error, 'RpcError')).toBe(true);
    expect(error).toMatchObject({ code: -32601, codeName: 'METHOD_NOT_FOUND', method: 'getBlockz' });
    expect(error.message.split('\n')[0]).toBe('getBlockz: RPC error -32601 (METHOD_NOT_FOUND): Method not found');
    expect((error as { hint?: string }).hint).toEqual(expect.any(String));
  });

  it.each([
    ['a method that is not a string', [42], 'method', 'expected a method name (letters, digits and _), got 42'],
    ['an empty method', [''], 'method', 'expected a method name (letters, digits and _), got ""'],
    ['a method with a space', ['get Slot'], 'method', 'expected a method name (letters, digits and _), got "get Slot"'],
    [
      'params that are not an array',
      ['getSlot', { commitment: 'confirmed' }],
      'params',
      'expected an array of positional params, got object',
    ],
    [
      'an unknown config key',
      ['getSlot', [], { commitment: 'confirmed' }],
      'config.commitment',
      'not an option of getSlot; the options are signal, timeoutMs',
    ],
    [
      'a bad timeoutMs',
      ['getSlot', [], { timeoutMs: 0 }],
      'config.timeoutMs',
      'expected a positive number up to 2147483647',
    ],
    ['a fourth argument', ['getSlot', [], {}, 'extra'], 'arguments', 'expected at most 3, got 4'],
    ['params nested 100,000 deep', ['getSlot', [nested(100_000)]], 'params', DEEP],
    ['params nested one level too deep (a body of 129)', ['getSlot', [nested(127)]], 'params', DEEP],
    ['cyclic params', ['getSlot', [cyclic()]], 'params', DEEP],
  ])('refuses %s before any request', async (_name, args, param, problem) => {
    mockRpc({ getSlot: reply.result(1) });
    const error = await failure(call(...args));
    expect(isSolRpcError(error, 'InvalidInputError')).toBe(true);
    expect(error).toMatchObject({ param });
    expect(error.message.split('\n')[0]).toContain(`invalid ${param}: ${problem}`);
    expect(calls).toHaveLength(0);
  });
});
