import { describe, expectTypeOf, it } from 'vitest';
import {
  createRpc,
  createRpcWith,
  getBalance,
  getProgramAccounts,
  type KeyedAccount,
  type ParsedAccountData,
  type StreamProgramAccountsConfig,
  streamProgramAccounts,
} from '../../src/index.js';

// Type tests are compiled, never run: no request is ever made.
const url = 'http://127.0.0.1:8899';
const program = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
type Stream<T> = AsyncGenerator<KeyedAccount<T>, void, undefined>;

describe('streamProgramAccounts', () => {
  it('narrows data by encoding, and takes the full client or one with getProgramAccounts', () => {
    expectTypeOf(streamProgramAccounts(createRpc(url), program)).toEqualTypeOf<Stream<Uint8Array>>();
    expectTypeOf(
      streamProgramAccounts(createRpcWith(url, { getProgramAccounts }), program, { encoding: 'base64+zstd' }),
    ).toEqualTypeOf<Stream<Uint8Array>>();
    expectTypeOf(streamProgramAccounts(createRpc(url), program, { encoding: 'jsonParsed' })).toEqualTypeOf<
      Stream<ParsedAccountData | Uint8Array>
    >();
  });

  it('resolves a config known only at run time to the widest data', () => {
    const config: StreamProgramAccountsConfig = { encoding: Math.random() > 0.5 ? 'jsonParsed' : 'base64' };
    expectTypeOf(streamProgramAccounts(createRpc(url), program, config)).toEqualTypeOf<
      Stream<ParsedAccountData | Uint8Array>
    >();
  });

  it('rejects a client without getProgramAccounts, withContext and wrong option types', () => {
    // @ts-expect-error the client must have getProgramAccounts
    streamProgramAccounts(createRpcWith(url, { getBalance }), program);
    // @ts-expect-error a stream yields accounts: no withContext
    streamProgramAccounts(createRpc(url), program, { withContext: true });
    // @ts-expect-error paging is 'auto', 'v2' or 'none'
    streamProgramAccounts(createRpc(url), program, { paging: 'pages' });
    // @ts-expect-error pageSize is a number
    streamProgramAccounts(createRpc(url), program, { pageSize: 10n });
  });
});
