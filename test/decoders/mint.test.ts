import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rustFloatString } from '../../src/decoders/jsonValues.js';
import { decodeMint } from '../../src/decoders/mint.js';
import { decodeTokenAccount } from '../../src/decoders/tokenAccount.js';
import { InvalidInputError } from '../../src/errors/InvalidInputError.js';
import type { MintInfo } from '../../src/types/token.js';
import {
  applyEdits,
  borshString,
  concat,
  decodeErrorOf,
  type Edit,
  fixture,
  hexBytes,
  keyBytes,
  le,
  parsedInfoOf,
  propertyTimeout,
  resultOrDecodeError,
  runs,
  seed,
  tlv,
  token2022Mint,
  tokenMetadataValue,
} from './helpers.js';

console.info(`fast-check seed ${seed}, ${runs} runs`);

const KEY_A = 'B2SZgXTBQgwJEJbGqJBSqwAUfKweUkB3K1xpynAVLKzi';
const KEY_B = '3zGvSLm63F1RcftnaU9JD9C4bY7V3za5vMF5EK4HzMyC';
const ZERO = new Uint8Array(32);

const coptionKey = (key: string | null) => (key === null ? concat(le.u32(0), ZERO) : concat(le.u32(1), keyBytes(key)));
const optionalKey = (key: string | null) => (key === null ? ZERO : keyBytes(key));

/** The 82-byte base state, written from the layout (not by the decoder under test). */
function mintBase(info: Omit<MintInfo, 'extensions'>): Uint8Array {
  return concat(
    coptionKey(info.mintAuthority),
    le.u64(BigInt(info.supply)),
    [info.decimals, info.isInitialized ? 1 : 0],
    coptionKey(info.freezeAuthority),
  );
}

interface Fee {
  epoch: number | bigint;
  maximumFee: number | bigint;
  transferFeeBasisPoints: number;
}
interface FeeConfig {
  transferFeeConfigAuthority: string | null;
  withdrawWithheldAuthority: string | null;
  withheldAmount: number | bigint;
  olderTransferFee: Fee;
  newerTransferFee: Fee;
}
const fee = (f: Fee) => concat(le.u64(f.epoch), le.u64(f.maximumFee), le.u16(f.transferFeeBasisPoints));

// The jsonParsed views have no binary twin in the fixtures: the bytes are written here from the layouts,
// and decoding them must give back exactly what agave showed.
const USDC = parsedInfoOf('conformance/getAccountInfo.jsonParsed.mint.json') as MintInfo;
const usdcBytes = mintBase(USDC);
const EXTENDED = parsedInfoOf('getAccountInfo/jsonParsed.token2022-mint-extensions.json') as MintInfo;
const extendedBytes = (() => {
  const states = EXTENDED.extensions!.map((e) => e.state);
  const feeConfig = states[0] as unknown as FeeConfig;
  const hook = states[1] as { authority: string | null; programId: string | null };
  const pointer = states[2] as { authority: string | null; metadataAddress: string | null };
  const metadata = states[3] as unknown as Parameters<typeof tokenMetadataValue>[0];
  return token2022Mint(
    mintBase(EXTENDED),
    tlv(
      1,
      concat(
        optionalKey(feeConfig.transferFeeConfigAuthority),
        optionalKey(feeConfig.withdrawWithheldAuthority),
        le.u64(feeConfig.withheldAmount),
        fee(feeConfig.olderTransferFee),
        fee(feeConfig.newerTransferFee),
      ),
    ),
    tlv(14, concat(optionalKey(hook.authority), optionalKey(hook.programId))),
    tlv(18, concat(optionalKey(pointer.authority), optionalKey(pointer.metadataAddress))),
    tlv(19, tokenMetadataValue(metadata)),
  );
})();

describe('decodeMint: the binary and jsonParsed views of one mint agree', () => {
  it('SPL Token mint (USDC): 82 bytes, no extensions key', () => {
    expect(usdcBytes).toHaveLength(82);
    expect(decodeMint(usdcBytes)).toStrictEqual(USDC);
    expect('extensions' in decodeMint(usdcBytes)).toBe(false);
  });

  it('Token-2022 mint with transferFeeConfig, transferHook, metadataPointer and tokenMetadata', () => {
    // The fixture's `space` is 542: the layouts written here take exactly that.
    expect(extendedBytes).toHaveLength(542);
    const decoded = decodeMint(extendedBytes);
    expect(decoded).toStrictEqual(EXTENDED);
    // u64::MAX maximumFee stays exact, as the exact JSON parser gives it.
    expect((decoded.extensions![0]!.state as { newerTransferFee: Fee }).newerTransferFee.maximumFee).toBe(
      18446744073709551615n,
    );
  });

  it('no authorities are null (not absent), as in jsonParsed', () => {
    const info = { mintAuthority: null, supply: '0', decimals: 0, isInitialized: true, freezeAuthority: null };
    expect(decodeMint(mintBase(info))).toStrictEqual(info);
  });
});

describe('decodeMint: extensions as agave parses them', () => {
  const base = mintBase(USDC);
  const extensionsOf = (...entries: Uint8Array[]) => decodeMint(token2022Mint(base, ...entries)).extensions;
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

  it('pointers, authorities, groups, interest, pausable, default state, non-transferable', () => {
    expect(
      extensionsOf(
        tlv(3, ZERO),
        tlv(12, keyBytes(KEY_A)),
        tlv(20, concat(keyBytes(KEY_A), ZERO)),
        tlv(22, concat(ZERO, keyBytes(KEY_B))),
        tlv(21, concat(ZERO, keyBytes(KEY_B), le.u64(3), le.u64(2n ** 64n - 1n))),
        tlv(23, concat(keyBytes(KEY_B), keyBytes(KEY_A), le.u64(7))),
        tlv(10, concat(keyBytes(KEY_A), le.i64(-5), le.u16(0x8000), le.i64(2n ** 62n), le.u16(500))),
        tlv(26, concat(keyBytes(KEY_A), [1])),
        tlv(6, [2]),
        tlv(9, []),
      ),
    ).toStrictEqual([
      { extension: 'mintCloseAuthority', state: { closeAuthority: null } },
      { extension: 'permanentDelegate', state: { delegate: KEY_A } },
      { extension: 'groupPointer', state: { authority: KEY_A, groupAddress: null } },
      { extension: 'groupMemberPointer', state: { authority: null, memberAddress: KEY_B } },
      {
        extension: 'tokenGroup',
        state: { updateAuthority: null, mint: KEY_B, size: 3, maxSize: 18446744073709551615n },
      },
      { extension: 'tokenGroupMember', state: { mint: KEY_B, group: KEY_A, memberNumber: 7 } },
      {
        extension: 'interestBearingConfig',
        state: {
          rateAuthority: KEY_A,
          initializationTimestamp: -5,
          preUpdateAverageRate: -32768,
          lastUpdateTimestamp: 2n ** 62n,
          currentRate: 500,
        },
      },
      { extension: 'pausableConfig', state: { authority: KEY_A, paused: true } },
      { extension: 'defaultAccountState', state: { accountState: 'frozen' } },
      { extension: 'nonTransferable' },
    ]);
    // agave shows a state byte it does not know as the default, uninitialized.
    expect(extensionsOf(tlv(6, [9]))).toStrictEqual([
      { extension: 'defaultAccountState', state: { accountState: 'uninitialized' } },
    ]);
  });

  it('confidential extensions: ElGamal keys and ciphertexts in base64, a zero key as null', () => {
    const pubkey = new Uint8Array(32).fill(1);
    const ciphertext = new Uint8Array(64).fill(2);
    const ae = new Uint8Array(36).fill(3);
    expect(extensionsOf(tlv(4, concat(keyBytes(KEY_A), [1], ZERO)))).toStrictEqual([
      {
        extension: 'confidentialTransferMint',
        state: { authority: KEY_A, autoApproveNewAccounts: true, auditorElgamalPubkey: null },
      },
    ]);
    expect(
      extensionsOf(
        tlv(4, concat(ZERO, [0], pubkey)),
        tlv(16, concat(ZERO, pubkey, [1], ciphertext)),
        tlv(24, concat(ciphertext, ae, pubkey, ciphertext)),
      ),
    ).toStrictEqual([
      {
        extension: 'confidentialTransferMint',
        state: { authority: null, autoApproveNewAccounts: false, auditorElgamalPubkey: b64(pubkey) },
      },
      {
        extension: 'confidentialTransferFeeConfig',
        state: {
          authority: null,
          withdrawWithheldAuthorityElgamalPubkey: b64(pubkey),
          harvestToMintEnabled: true,
          withheldAmount: b64(ciphertext),
        },
      },
      {
        extension: 'confidentialMintBurn',
        state: {
          confidentialSupply: b64(ciphertext),
          decryptableSupply: b64(ae),
          supplyElgamalPubkey: b64(pubkey),
          pendingBurn: b64(ciphertext),
        },
      },
    ]);
  });

  it('scaledUiAmountConfig: multipliers as Rust prints an f64, the timestamp signed', () => {
    const f64 = (value: number) => {
      const bytes = new Uint8Array(8);
      new DataView(bytes.buffer).setFloat64(0, value, true);
      return bytes;
    };
    expect(extensionsOf(tlv(25, concat(ZERO, f64(1), le.i64(-1), f64(1.5))))).toStrictEqual([
      {
        extension: 'scaledUiAmountConfig',
        state: { authority: null, multiplier: '1', newMultiplierEffectiveTimestamp: -1, newMultiplier: '1.5' },
      },
    ]);
  });

  it("Rust's f64 Display: shortest digits, never an exponent", () => {
    const table: [number, string][] = [
      [1, '1'],
      [0.1, '0.1'],
      [1.5e-7, '0.00000015'],
      [1e21, '1000000000000000000000'],
      [1.5e21, '1500000000000000000000'],
      [-2.5e-9, '-0.0000000025'],
      [123456.789, '123456.789'],
      [5e-324, `0.${'0'.repeat(323)}5`],
      [Number.MAX_VALUE, `17976931348623157${'0'.repeat(292)}`],
      [-0, '-0'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'inf'],
      [Number.NEGATIVE_INFINITY, '-inf'],
    ];
    for (const [value, text] of table) expect(rustFloatString(value), String(value)).toBe(text);
    // Every finite value reads back to itself.
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(Number(rustFloatString(value))).toBe(value);
        expect(rustFloatString(value)).not.toMatch(/e/);
      }),
      { seed, numRuns: Math.min(runs, 2000) },
    );
  });

  it('tokenMetadata: additionalMetadata pairs, any UTF-8, bytes after the last pair ignored', () => {
    const state = {
      updateAuthority: null,
      mint: KEY_B,
      name: 'Ünïcødé 🪙',
      symbol: '',
      uri: 'https://example.com/x.json',
      additionalMetadata: [
        ['color', 'blue'],
        ['', 'empty key'],
      ] as [string, string][],
    };
    expect(extensionsOf(tlv(19, concat(tokenMetadataValue(state), [0, 0, 7])))).toStrictEqual([
      { extension: 'tokenMetadata', state },
    ]);
  });

  it('tokenMetadata that does not parse is unparseable, as agave reports it', () => {
    const good = tokenMetadataValue({
      updateAuthority: KEY_A,
      mint: KEY_B,
      name: 'a',
      symbol: 'b',
      uri: 'c',
      additionalMetadata: [],
    });
    const badUtf8 = concat(ZERO, keyBytes(KEY_B), le.u32(2), [0xc3, 0x28], borshString(''), borshString(''), le.u32(0));
    const hugeCount = concat(good.subarray(0, good.length - 4), le.u32(0xffffffff));
    expect(
      extensionsOf(tlv(19, good.subarray(0, good.length - 1)), tlv(19, badUtf8), tlv(20, new Uint8Array(63))),
    ).toStrictEqual([
      { extension: 'unparseableExtension' },
      { extension: 'unparseableExtension' },
      { extension: 'unparseableExtension' },
    ]);
    // A pair count the bytes cannot hold is refused before any loop.
    expect(decodeMint(token2022Mint(base, tlv(19, hugeCount))).extensions).toStrictEqual([
      { extension: 'unparseableExtension' },
    ]);
  });

  it('an account extension on a mint is unparseable; a unit one is named whatever its value', () => {
    expect(extensionsOf(tlv(2, le.u64(1)), tlv(7, [1, 2, 3]))).toStrictEqual([
      { extension: 'unparseableExtension' },
      { extension: 'immutableOwner' },
    ]);
  });
});

describe('decodeMint: malformed bytes', () => {
  const fieldAt = (bytes: Uint8Array) => {
    const error = decodeErrorOf(() => decodeMint(bytes));
    return { field: error.field, offset: error.offset };
  };

  it('names the field where truncated bytes end', () => {
    expect(fieldAt(new Uint8Array(0))).toEqual({ field: 'mintAuthority', offset: 0 });
    expect(fieldAt(usdcBytes.subarray(0, 20))).toEqual({ field: 'mintAuthority', offset: 4 });
    expect(fieldAt(usdcBytes.subarray(0, 40))).toEqual({ field: 'supply', offset: 36 });
    expect(fieldAt(usdcBytes.subarray(0, 44))).toEqual({ field: 'decimals', offset: 44 });
    expect(fieldAt(usdcBytes.subarray(0, 45))).toEqual({ field: 'isInitialized', offset: 45 });
    expect(fieldAt(usdcBytes.subarray(0, 60))).toEqual({ field: 'freezeAuthority', offset: 50 });
  });

  it('refuses 83 to 165 bytes: a longer mint holds its account type at byte 165', () => {
    for (let length = 83; length <= 164; length++) {
      expect(fieldAt(concat(usdcBytes, new Uint8Array(length - 82)))).toEqual({ field: 'accountType', offset: length });
    }
    expect(decodeErrorOf(() => decodeMint(new Uint8Array(165))).message).toMatch(/token account.*decodeTokenAccount/);
  });

  it('refuses non-zero padding, a token account type, and a bool other than 0 or 1', () => {
    const padded = token2022Mint(usdcBytes);
    padded[100] = 1;
    expect(fieldAt(padded)).toEqual({ field: 'padding', offset: 100 });
    const account = token2022Mint(usdcBytes);
    account[165] = 2;
    expect(decodeErrorOf(() => decodeMint(account)).message).toMatch(/decodeTokenAccount/);
    const initialized = usdcBytes.slice();
    initialized[45] = 2;
    expect(fieldAt(initialized)).toEqual({ field: 'isInitialized', offset: 45 });
    const tag = usdcBytes.slice();
    tag[46] = 5;
    expect(fieldAt(tag)).toEqual({ field: 'freezeAuthority', offset: 46 });
  });

  it('refuses TLV entries that run past the end', () => {
    expect(fieldAt(extendedBytes.subarray(0, 300))).toEqual({ field: 'extensions.1', offset: 282 });
    expect(fieldAt(extendedBytes.subarray(0, 280))).toEqual({ field: 'extensions.1.length', offset: 280 });
  });

  it('tells a Token-2022 mint and a token account apart by their account type, before reading either', () => {
    const account = hexBytes(
      fixture('conformance/getAccountInfo.base64.token2022-account.json').expect['value.data.hex']!,
    );
    const asMint = decodeErrorOf(() => decodeMint(account));
    expect({ field: asMint.field, offset: asMint.offset }).toEqual({ field: 'accountType', offset: 165 });
    expect(asMint.message).toMatch(/decodeTokenAccount/);
    const asAccount = decodeErrorOf(() => decodeTokenAccount(extendedBytes));
    expect({ field: asAccount.field, offset: asAccount.offset }).toEqual({ field: 'accountType', offset: 165 });
    expect(asAccount.message).toMatch(/decodeMint/);
  });

  it("refuses a multisig's size and what is not a Uint8Array", () => {
    expect(decodeErrorOf(() => decodeMint(new Uint8Array(355))).message).toMatch(/multisig/);
    expect(() => decodeMint('AAAA' as unknown as Uint8Array)).toThrow(InvalidInputError);
  });

  it('an uninitialized mint decodes with isInitialized false (agave would not parse it)', () => {
    expect(decodeMint(new Uint8Array(82)).isInitialized).toBe(false);
    expect(decodeMint(concat(new Uint8Array(166))).isInitialized).toBe(false);
  });
});

const edits: fc.Arbitrary<Edit[]> = fc.array(
  fc.record({
    kind: fc.constantFrom<Edit['kind']>('set', 'set', 'set', 'delete', 'insert', 'truncate'),
    at: fc.nat({ max: 600 }),
    value: fc.integer({ min: 0, max: 255 }),
  }),
  { minLength: 1, maxLength: 4 },
);

describe('decodeMint: fuzz (DecodeError or a result, never another error)', () => {
  it(
    'random bytes, mostly of mint sizes',
    () => {
      const sized = fc.oneof(
        fc.uint8Array({ maxLength: 400 }),
        fc.uint8Array({ minLength: 82, maxLength: 82 }),
        fc.uint8Array({ maxLength: 300 }).map((tail) => concat(usdcBytes, new Uint8Array(83), [1], tail)),
      );
      fc.assert(
        fc.property(sized, (bytes) => {
          resultOrDecodeError(decodeMint, bytes);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'edits of the mints rebuilt from the fixtures',
    () => {
      fc.assert(
        fc.property(fc.constantFrom(usdcBytes, extendedBytes), edits, (bytes, list) => {
          resultOrDecodeError(decodeMint, applyEdits(bytes, list));
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );

  it(
    'random extension entries of every known size, edited',
    () => {
      const sizes = [108, 32, 65, 1, 52, 64, 129, 80, 72, 196, 56, 33, 0];
      const entry = fc.oneof(
        fc
          .tuple(fc.integer({ min: 1, max: 28 }), fc.constantFrom(...sizes))
          .chain(([type, size]) => fc.uint8Array({ minLength: size, maxLength: size }).map((v) => tlv(type, v))),
        fc.uint8Array({ maxLength: 200 }).map((v) => tlv(19, v)),
      );
      fc.assert(
        fc.property(fc.array(entry, { maxLength: 6 }), fc.option(edits, { nil: undefined }), (entries, list) => {
          const bytes = token2022Mint(usdcBytes, ...entries);
          resultOrDecodeError(decodeMint, list ? applyEdits(bytes, list) : bytes);
        }),
        { seed, numRuns: runs },
      );
    },
    propertyTimeout,
  );
});
