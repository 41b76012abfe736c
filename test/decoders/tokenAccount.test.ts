import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeTokenAccount } from '../../src/decoders/tokenAccount.js';
import { InvalidInputError } from '../../src/errors/InvalidInputError.js';
import {
  applyEdits,
  concat,
  decodeErrorOf,
  type Edit,
  fixture,
  hexBytes,
  le,
  parsedInfoOf,
  propertyTimeout,
  resultOrDecodeError,
  runs,
  seed,
  tlv,
  token2022Account,
} from './helpers.js';

console.info(`fast-check seed ${seed}, ${runs} runs`);

const TOKEN_ACCOUNT = fixture('conformance/getAccountInfo.base64.token-account.json');
const TOKEN_2022 = fixture('conformance/getAccountInfo.base64.token2022-account.json');
const BY_DELEGATE = fixture('conformance/getTokenAccountsByDelegate.base64.programId-filter.json');
const tokenAccountBytes = hexBytes(TOKEN_ACCOUNT.expect['value.data.hex']!);
const token2022Bytes = hexBytes(TOKEN_2022.expect['value.data.hex']!);
const byDelegate = (i: number) => hexBytes(BY_DELEGATE.expect[`value.${i}.account.data.hex`]!);

describe('decodeTokenAccount: the binary and jsonParsed views of one account agree', () => {
  it('SPL Token: getAccountInfo base64 bytes decode to the jsonParsed info', () => {
    expect(decodeTokenAccount(tokenAccountBytes, { decimals: 6 })).toStrictEqual(
      parsedInfoOf('conformance/getAccountInfo.jsonParsed.token-account.json'),
    );
  });

  it('the base64+zstd case holds the same bytes', () => {
    const zstd = fixture('conformance/getAccountInfo.base64zstd.token-account.json');
    expect(hexBytes(zstd.expect['value.data.hex']!)).toEqual(tokenAccountBytes);
  });

  it('Token-2022 with extensions (immutableOwner, transferFeeAmount, transferHookAccount)', () => {
    const info = parsedInfoOf('conformance/getAccountInfo.jsonParsed.token2022-account-extensions.json');
    expect(decodeTokenAccount(token2022Bytes, { decimals: 6 })).toStrictEqual(info);
    expect(parsedInfoOf('conformance/getTokenAccountsByDelegate.jsonParsed.token2022.json', 0)).toStrictEqual(info);
  });

  it('getTokenAccountsByDelegate: base64 items decode to the jsonParsed items of the same accounts', () => {
    const parsed = 'conformance/getTokenAccountsByDelegate.jsonParsed.mint-filter.json';
    // Both lists are sorted by pubkey: K9nQ… is item 0 of both, 9jvS… item 3 of the base64 list.
    expect(decodeTokenAccount(byDelegate(0), { decimals: 6 })).toStrictEqual(parsedInfoOf(parsed, 0));
    expect(decodeTokenAccount(byDelegate(3), { decimals: 6 })).toStrictEqual(parsedInfoOf(parsed, 1));
  });

  it("matches every case's decoded.* table (mint, amount, delegate, delegatedAmount, state)", () => {
    const cases: [Uint8Array, Record<string, string>, string][] = [
      [tokenAccountBytes, TOKEN_ACCOUNT.expect, 'value.data.decoded.'],
      [token2022Bytes, TOKEN_2022.expect, 'value.data.decoded.'],
      ...[0, 1, 2, 3, 4].map(
        (i) =>
          [byDelegate(i), BY_DELEGATE.expect, `value.${i}.account.data.decoded.`] as [
            Uint8Array,
            Record<string, string>,
            string,
          ],
      ),
    ];
    for (const [bytes, table, prefix] of cases) {
      const info = decodeTokenAccount(bytes);
      const got: Record<string, string | undefined> = {
        mint: info.mint,
        owner: info.owner,
        amount: info.tokenAmount.amount,
        delegate: info.delegate,
        delegatedAmount: info.delegatedAmount?.amount,
        state: info.state,
        accountType: bytes.length > 165 ? String(bytes[165]) : undefined,
        extensionTypes: info.extensions ? TOKEN_2022.expect['value.data.decoded.extensionTypes'] : undefined,
      };
      for (const [key, want] of Object.entries(table)) {
        if (key.startsWith(prefix)) expect(got[key.slice(prefix.length)], key).toBe(want);
      }
    }
  });

  it('wrapped SOL: isNative with its rent-exempt reserve; u64::MAX amounts stay exact', () => {
    const native = decodeTokenAccount(byDelegate(2), { decimals: 9 });
    expect(native.isNative).toBe(true);
    expect(native.rentExemptReserve).toStrictEqual({
      amount: '2039280',
      decimals: 9,
      uiAmount: 0.00203928,
      uiAmountString: '0.00203928',
    });
    const max = decodeTokenAccount(byDelegate(4), { decimals: 6 });
    expect(max.tokenAmount).toStrictEqual({
      amount: '18446744073709551615',
      decimals: 6,
      uiAmount: 18446744073709.55,
      uiAmountString: '18446744073709.551615',
    });
  });

  it('a close authority comes through; absent options are absent keys, not undefined', () => {
    const info = decodeTokenAccount(byDelegate(1));
    expect(info.closeAuthority).toBe(info.owner);
    expect(Object.keys(decodeTokenAccount(tokenAccountBytes))).toEqual([
      'mint',
      'owner',
      'tokenAmount',
      'delegate',
      'state',
      'isNative',
      'delegatedAmount',
    ]);
  });

  it('without decimals every amount is raw', () => {
    const info = decodeTokenAccount(byDelegate(2));
    expect(info.tokenAmount).toStrictEqual({ amount: '1500000000' });
    expect(info.rentExemptReserve).toStrictEqual({ amount: '2039280' });
    expect(info.delegatedAmount).toStrictEqual({ amount: '1000000000' });
  });
});

/** A 165-byte SPL Token account with `amount`, nothing else set, state initialized. */
function accountWithAmount(amount: bigint): Uint8Array {
  const bytes = new Uint8Array(165);
  new DataView(bytes.buffer).setBigUint64(64, amount, true);
  bytes[108] = 1;
  return bytes;
}

describe('decodeTokenAccount: amounts as agave computes them (token_amount_to_ui_amount)', () => {
  const table: [bigint, number, number | null, string][] = [
    [1n, 0, 1, '1'],
    [10n, 0, 10, '10'],
    [1n, 9, 0.000000001, '0.000000001'],
    [1_000_000_000n, 9, 1, '1'],
    [1_234_567_890n, 3, 1234567.89, '1234567.89'],
    [0n, 6, 0, '0'],
    [1_234_567_890n, 19, 1.23456789e-10, '0.000000000123456789'],
    [1_234_567_890n, 20, null, '0.0000000000123456789'],
    [18446744073709551615n, 0, 2 ** 64, '18446744073709551615'],
    [18446744073709551615n, 255, null, `0.${'0'.repeat(235)}18446744073709551615`],
  ];
  it.each(table)('amount %s with %s decimals: uiAmount %s, uiAmountString %s', (amount, decimals, ui, text) => {
    expect(decodeTokenAccount(accountWithAmount(amount), { decimals }).tokenAmount).toStrictEqual({
      amount: amount.toString(),
      decimals,
      uiAmount: ui,
      uiAmountString: text,
    });
  });

  it('refuses decimals that are not an integer from 0 to 255, before reading anything', () => {
    for (const decimals of [-1, 256, 1.5, Number.NaN]) {
      expect(() => decodeTokenAccount(new Uint8Array(0), { decimals })).toThrow(InvalidInputError);
    }
    expect(() => decodeTokenAccount([1, 2] as unknown as Uint8Array)).toThrow(InvalidInputError);
  });
});

describe('decodeTokenAccount: malformed bytes', () => {
  it('names the field where truncated bytes end, at every length short of 165', () => {
    const fields: [number, string][] = [
      [0, 'mint'],
      [32, 'owner'],
      [64, 'amount'],
      [72, 'delegate'],
      [108, 'state'],
      [109, 'isNative'],
      [121, 'delegatedAmount'],
      [129, 'closeAuthority'],
    ];
    for (let length = 0; length < 165; length++) {
      if (length === 82) continue;
      const error = decodeErrorOf(() => decodeTokenAccount(tokenAccountBytes.subarray(0, length)));
      const [start, field] = [...fields].reverse().find(([start]) => start <= length)!;
      // A COption's tag and value are one field: a cut value is reported after its 4-byte tag.
      const isOption = field === 'delegate' || field === 'isNative' || field === 'closeAuthority';
      const offset = isOption && length >= start + 4 ? start + 4 : start;
      expect({ field: error.field, offset: error.offset }, `length ${length}`).toEqual({ field, offset });
    }
  });

  it("refuses a mint's and a multisig's sizes, and more than an account can hold", () => {
    expect(decodeErrorOf(() => decodeTokenAccount(new Uint8Array(82))).message).toMatch(/decodeMint/);
    expect(decodeErrorOf(() => decodeTokenAccount(new Uint8Array(355))).message).toMatch(/multisig/);
    const huge = decodeErrorOf(() => decodeTokenAccount(new Uint8Array(10 * 1024 * 1024 + 1)));
    expect({ field: huge.field, offset: huge.offset }).toEqual({ field: 'bytes', offset: 10 * 1024 * 1024 });
  });

  it('refuses a COption tag other than 0 or 1, and a state above 2', () => {
    const at = (offset: number, value: number) => {
      const bytes = tokenAccountBytes.slice();
      bytes[offset] = value;
      const error = decodeErrorOf(() => decodeTokenAccount(bytes));
      return { field: error.field, offset: error.offset };
    };
    expect(at(72, 2)).toEqual({ field: 'delegate', offset: 72 });
    expect(at(75, 1)).toEqual({ field: 'delegate', offset: 72 });
    expect(at(108, 3)).toEqual({ field: 'state', offset: 108 });
    expect(at(109, 7)).toEqual({ field: 'isNative', offset: 109 });
    expect(at(129, 1 << 7)).toEqual({ field: 'closeAuthority', offset: 129 });
  });

  it("refuses a mint's account type, an unknown one, and a 166-byte account whose type is missing", () => {
    const withType = (type: number) => concat(tokenAccountBytes, [type]);
    expect(decodeErrorOf(() => decodeTokenAccount(withType(1))).message).toMatch(/mint.*decodeMint/);
    const unknown = decodeErrorOf(() => decodeTokenAccount(withType(3)));
    expect({ field: unknown.field, offset: unknown.offset }).toEqual({ field: 'accountType', offset: 165 });
    // Account type 0 is an account allocated for extensions but not yet initialized: only valid then.
    expect(decodeErrorOf(() => decodeTokenAccount(withType(0))).field).toBe('accountType');
    const blank = concat(new Uint8Array(165), [0]);
    expect(decodeTokenAccount(blank).state).toBe('uninitialized');
  });

  it('refuses extensions that run past the end, naming the entry', () => {
    const cut = (bytes: Uint8Array) => {
      const error = decodeErrorOf(() => decodeTokenAccount(bytes));
      return { field: error.field, offset: error.offset };
    };
    // 187 bytes: type 7 len 0 | type 2 len 8 + 8 | type 15 len 1 + 1. Cut inside the second value:
    expect(cut(token2022Bytes.subarray(0, 180))).toEqual({ field: 'extensions.1', offset: 174 });
    // A type with no length after it:
    expect(cut(token2022Bytes.subarray(0, 172))).toEqual({ field: 'extensions.1.length', offset: 172 });
    // A single trailing byte is room to grow (agave stops there), not an error:
    expect(decodeTokenAccount(token2022Bytes.subarray(0, 171)).extensions).toEqual([{ extension: 'immutableOwner' }]);
  });
});

describe('decodeTokenAccount: extensions as agave parses them', () => {
  const base = tokenAccountBytes;
  const extensionsOf = (...entries: Uint8Array[]) => decodeTokenAccount(token2022Account(base, ...entries)).extensions;

  it('decodes the account extensions', () => {
    const elgamal = Uint8Array.from({ length: 32 }, (_, i) => i);
    const ciphertext = new Uint8Array(64).fill(0xab);
    const ae = new Uint8Array(36).fill(0xcd);
    const confidential = concat(
      [1],
      elgamal,
      ciphertext,
      ciphertext,
      ciphertext,
      ae,
      [1, 0],
      le.u64(1),
      le.u64(2n ** 64n - 1n),
      le.u64(3),
      le.u64(4),
    );
    expect(
      extensionsOf(
        tlv(7, []),
        tlv(8, [1]),
        tlv(11, [0]),
        tlv(13, []),
        tlv(27, []),
        tlv(2, le.u64(2n ** 53n)),
        tlv(15, [5]),
        tlv(17, ciphertext),
        tlv(5, confidential),
      ),
    ).toStrictEqual([
      { extension: 'immutableOwner' },
      { extension: 'memoTransfer', state: { requireIncomingTransferMemos: true } },
      { extension: 'cpiGuard', state: { lockCpi: false } },
      { extension: 'nonTransferableAccount' },
      { extension: 'pausableAccount' },
      { extension: 'transferFeeAmount', state: { withheldAmount: 2n ** 53n } },
      // Any non-zero byte is true, as spl-pod's PodBool reads it.
      { extension: 'transferHookAccount', state: { transferring: true } },
      {
        extension: 'confidentialTransferFeeAmount',
        state: { withheldAmount: Buffer.from(ciphertext).toString('base64') },
      },
      {
        extension: 'confidentialTransferAccount',
        state: {
          approved: true,
          elgamalPubkey: Buffer.from(elgamal).toString('base64'),
          pendingBalanceLo: Buffer.from(ciphertext).toString('base64'),
          pendingBalanceHi: Buffer.from(ciphertext).toString('base64'),
          availableBalance: Buffer.from(ciphertext).toString('base64'),
          decryptableAvailableBalance: Buffer.from(ae).toString('base64'),
          allowConfidentialCredits: true,
          allowNonConfidentialCredits: false,
          pendingBalanceCreditCounter: 1,
          maximumPendingBalanceCreditCounter: 18446744073709551615n,
          expectedPendingBalanceCreditCounter: 3,
          actualPendingBalanceCreditCounter: 4,
        },
      },
    ]);
  });

  it('reports an unknown type by number with its bytes, and carries on', () => {
    expect(extensionsOf(tlv(29, new Uint8Array(32).fill(9)), tlv(500, [1, 2]), tlv(7, []))).toStrictEqual([
      { extension: 'unknownExtension', state: { extensionType: 29, data: new Uint8Array(32).fill(9) } },
      { extension: 'unknownExtension', state: { extensionType: 500, data: Uint8Array.from([1, 2]) } },
      { extension: 'immutableOwner' },
    ]);
  });

  it('calls a wrong-sized value or a mint extension unparseable, as agave does', () => {
    expect(extensionsOf(tlv(2, le.u32(1)), tlv(1, new Uint8Array(108)), tlv(8, [1, 0]))).toStrictEqual([
      { extension: 'unparseableExtension' },
      { extension: 'unparseableExtension' },
      { extension: 'unparseableExtension' },
    ]);
  });

  it('stops at an Uninitialized entry: what follows is room to grow', () => {
    expect(extensionsOf(tlv(7, []), tlv(0, [9, 9, 9]), tlv(8, [1]))).toStrictEqual([{ extension: 'immutableOwner' }]);
    expect(decodeTokenAccount(token2022Account(base, new Uint8Array(40))).extensions).toBeUndefined();
  });

  it('shows a type written twice with its first value both times, as agave reads extensions by type', () => {
    expect(extensionsOf(tlv(8, [1]), tlv(8, [0]))).toStrictEqual([
      { extension: 'memoTransfer', state: { requireIncomingTransferMemos: true } },
      { extension: 'memoTransfer', state: { requireIncomingTransferMemos: true } },
    ]);
  });
});

const edits: fc.Arbitrary<Edit[]> = fc.array(
  fc.record({
    kind: fc.constantFrom<Edit['kind']>('set', 'set', 'set', 'delete', 'insert', 'truncate'),
    at: fc.nat({ max: 400 }),
    value: fc.integer({ min: 0, max: 255 }),
  }),
  { minLength: 1, maxLength: 4 },
);

const realAccounts = [tokenAccountBytes, token2022Bytes, ...[0, 1, 2, 3, 4].map(byDelegate)];

describe('decodeTokenAccount: fuzz (DecodeError or a result, never another error)', () => {
  it(
    'random bytes, mostly of token-account sizes',
    () => {
      const sized = fc.oneof(
        fc.uint8Array({ maxLength: 400 }),
        fc.uint8Array({ minLength: 165, maxLength: 165 }),
        fc
          .tuple(fc.uint8Array({ minLength: 165, maxLength: 165 }), fc.uint8Array({ maxLength: 120 }))
          .map(([head, tail]) => {
            // Valid option tags and state, account type 2: the random part reaches the extensions.
            const bytes = concat(head, [2], tail);
            for (const at of [72, 109, 129]) bytes.set([head[at]! & 1, 0, 0, 0], at);
            bytes[108] = 1 + (head[108]! % 2);
            return bytes;
          }),
      );
      fc.assert(
        fc.property(sized, (bytes) => {
          resultOrDecodeError((b) => decodeTokenAccount(b, { decimals: 6 }), bytes);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'edits of the real accounts',
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...realAccounts), edits, (bytes, list) => {
          resultOrDecodeError((b) => decodeTokenAccount(b, { decimals: 9 }), applyEdits(bytes, list));
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'edits of random Token-2022 accounts with random extension entries',
    () => {
      const entry = fc
        .tuple(fc.integer({ min: 0, max: 30 }), fc.uint8Array({ maxLength: 300 }))
        .map(([type, value]) => tlv(type, value));
      fc.assert(
        fc.property(fc.array(entry, { maxLength: 6 }), edits, (entries, list) => {
          resultOrDecodeError(decodeTokenAccount, applyEdits(token2022Account(tokenAccountBytes, ...entries), list));
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );
});

describe('decodeTokenAccount: properties', () => {
  const key = fc.uint8Array({ minLength: 32, maxLength: 32 });
  const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });

  it('decodes every valid 165-byte account to its fields', () => {
    fc.assert(
      fc.property(
        fc.record({
          mint: key,
          owner: key,
          amount: u64,
          delegate: fc.option(key, { nil: undefined }),
          state: fc.constantFrom(1, 2),
          reserve: fc.option(u64, { nil: undefined }),
          delegatedAmount: u64,
          closeAuthority: fc.option(key, { nil: undefined }),
          decimals: fc.integer({ min: 0, max: 255 }),
        }),
        (a) => {
          const coption = (value: Uint8Array | number[] | undefined, size: number) =>
            value === undefined ? concat(le.u32(0), new Uint8Array(size)) : concat(le.u32(1), value);
          const bytes = concat(
            a.mint,
            a.owner,
            le.u64(a.amount),
            coption(a.delegate, 32),
            [a.state],
            coption(a.reserve === undefined ? undefined : le.u64(a.reserve), 8),
            le.u64(a.delegatedAmount),
            coption(a.closeAuthority, 32),
          );
          const info = decodeTokenAccount(bytes, { decimals: a.decimals });
          expect(info.mint).toBe(encodeBase58(a.mint));
          expect(info.owner).toBe(encodeBase58(a.owner));
          expect(info.tokenAmount.amount).toBe(a.amount.toString());
          // The exact decimal, trimmed: read back with the decimals, it is the amount again.
          const [whole, fraction = ''] = info.tokenAmount.uiAmountString.split('.');
          expect(BigInt(whole! + fraction.padEnd(a.decimals, '0'))).toBe(a.amount);
          expect(info.tokenAmount.uiAmountString).not.toMatch(/\.(\d*0)?$/);
          expect(info.delegate).toBe(a.delegate && encodeBase58(a.delegate));
          expect(info.delegatedAmount?.amount).toBe(a.delegate && a.delegatedAmount.toString());
          expect(info.state).toBe(a.state === 1 ? 'initialized' : 'frozen');
          expect(info.isNative).toBe(a.reserve !== undefined);
          expect(info.rentExemptReserve?.amount).toBe(a.reserve?.toString());
          expect(info.closeAuthority).toBe(a.closeAuthority && encodeBase58(a.closeAuthority));
          expect('extensions' in info).toBe(false);
        },
      ),
      { seed, numRuns: Math.min(runs, 1000) },
    );
  });
});
