/**
 * Type tests of the decoders: `decodeTokenAccount`'s overloads (with decimals, without, and options held in
 * a variable), and the result types of `decodeMint` and `decodeVoteAccount`.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { decodeMint } from '../../src/decoders/mint.js';
import {
  type DecodeTokenAccountOptions,
  decodeTokenAccount,
  type RawTokenAccountInfo,
  type RawTokenAmount,
} from '../../src/decoders/tokenAccount.js';
import { decodeVoteAccount, type VoteAccountState, type VoteLockout } from '../../src/decoders/voteAccount.js';
import type { MintInfo, TokenAccountInfo, TokenAmount } from '../../src/types/token.js';

// Type tests are compiled, never run.
const bytes = new Uint8Array(165);

describe('decodeTokenAccount', () => {
  it('with decimals: the full TokenAccountInfo of jsonParsed', () => {
    expectTypeOf(decodeTokenAccount(bytes, { decimals: 6 })).toEqualTypeOf<TokenAccountInfo>();
    expectTypeOf(decodeTokenAccount(bytes, { decimals: 6 }).tokenAmount).toEqualTypeOf<TokenAmount>();
    const options = { decimals: 9 };
    expectTypeOf(decodeTokenAccount(bytes, options)).toEqualTypeOf<TokenAccountInfo>();
  });

  it('without decimals: raw amounts only', () => {
    expectTypeOf(decodeTokenAccount(bytes)).toEqualTypeOf<RawTokenAccountInfo>();
    expectTypeOf(decodeTokenAccount(bytes, {})).toEqualTypeOf<RawTokenAccountInfo>();
    expectTypeOf(decodeTokenAccount(bytes, { decimals: undefined })).toEqualTypeOf<RawTokenAccountInfo>();
    expectTypeOf(decodeTokenAccount(bytes).tokenAmount).toEqualTypeOf<RawTokenAmount>();
    // @ts-expect-error: no uiAmount without decimals
    decodeTokenAccount(bytes).tokenAmount.uiAmount;
  });

  it('options in a variable whose decimals may be absent: raw amounts, which a full result also satisfies', () => {
    const options: DecodeTokenAccountOptions = {};
    expectTypeOf(decodeTokenAccount(bytes, options)).toEqualTypeOf<RawTokenAccountInfo>();
    expectTypeOf<TokenAccountInfo>().toExtend<RawTokenAccountInfo>();
  });

  it('refuses what is not bytes or options', () => {
    // @ts-expect-error: bytes must be a Uint8Array
    decodeTokenAccount('base64');
    // @ts-expect-error: decimals is a number
    decodeTokenAccount(bytes, { decimals: '6' });
  });
});

describe('decodeMint and decodeVoteAccount', () => {
  it('return MintInfo and VoteAccountState', () => {
    expectTypeOf(decodeMint(bytes)).toEqualTypeOf<MintInfo>();
    expectTypeOf(decodeVoteAccount(bytes)).toEqualTypeOf<VoteAccountState>();
    expectTypeOf(decodeVoteAccount(bytes).votes).toEqualTypeOf<VoteLockout[]>();
    expectTypeOf(decodeVoteAccount(bytes).rootSlot).toEqualTypeOf<number | null>();
  });
});
