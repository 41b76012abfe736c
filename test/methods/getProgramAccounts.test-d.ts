/**
 * Type tests of `getProgramAccounts`: `encoding` narrows the data, `withContext` the result's shape.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Address,
  createRpc,
  type GetProgramAccountsConfig,
  type ParsedProgramAccounts,
  type ParsedProgramAccountsResult,
  type ProgramAccounts,
  type ProgramAccountsResult,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const rpc = createRpc('http://127.0.0.1:8899');
const program: Address = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

describe('getProgramAccounts', () => {
  it('bytes in a plain array by default', () => {
    expectTypeOf(rpc.getProgramAccounts(program)).toEqualTypeOf<Promise<ProgramAccounts>>();
    expectTypeOf(rpc.getProgramAccounts(program, { filters: [{ dataSize: 165 }] })).toEqualTypeOf<
      Promise<ProgramAccounts>
    >();
    expectTypeOf(rpc.getProgramAccounts(program, { encoding: 'base64+zstd', withContext: false })).toEqualTypeOf<
      Promise<ProgramAccounts>
    >();
  });

  it('withContext: true wraps them in { context, value }', () => {
    expectTypeOf(rpc.getProgramAccounts(program, { withContext: true })).toEqualTypeOf<
      Promise<ProgramAccountsResult>
    >();
    expectTypeOf(rpc.getProgramAccounts(program, { encoding: 'jsonParsed', withContext: true })).toEqualTypeOf<
      Promise<ParsedProgramAccountsResult>
    >();
  });

  it('jsonParsed narrows the data', () => {
    expectTypeOf(rpc.getProgramAccounts(program, { encoding: 'jsonParsed' })).toEqualTypeOf<
      Promise<ParsedProgramAccounts>
    >();
  });

  it('filters: memcmp with text or bytes, dataSize, tokenAccountState', () => {
    rpc.getProgramAccounts(program, {
      filters: [
        { memcmp: { offset: 32, bytes: new Uint8Array(32) } },
        { memcmp: { offset: 0, bytes: 'AQID', encoding: 'base64' } },
        { dataSize: 165n },
        'tokenAccountState',
      ],
    });
    // @ts-expect-error a filter agave does not know
    rpc.getProgramAccounts(program, { filters: [{ size: 165 }] });
  });

  it('a config known only at run time gets the union', () => {
    const config: GetProgramAccountsConfig = {};
    expectTypeOf(rpc.getProgramAccounts(program, config)).toEqualTypeOf<
      Promise<ParsedProgramAccounts | ParsedProgramAccountsResult>
    >();
  });
});
