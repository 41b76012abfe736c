/**
 * Differential test against @solana/spl-token (a dev dependency, never shipped): random accounts and
 * mints are written with its layouts, then read both by its `unpackAccount` / `unpackMint` and extension
 * layouts and by our decoders, and the two readings must agree field for field.
 */
import {
  ACCOUNT_SIZE,
  AccountLayout,
  CpiGuardLayout,
  DefaultAccountStateLayout,
  GroupMemberPointerLayout,
  GroupPointerLayout,
  getExtensionData,
  getExtensionTypes,
  getTokenGroupMemberState,
  getTokenGroupState,
  InterestBearingMintConfigStateLayout,
  MemoTransferLayout,
  MetadataPointerLayout,
  MINT_SIZE,
  type Mint,
  MintCloseAuthorityLayout,
  MintLayout,
  PausableConfigLayout,
  PermanentDelegateLayout,
  ScaledUiAmountConfigLayout,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  TransferFeeAmountLayout,
  TransferFeeConfigLayout,
  TransferHookAccountLayout,
  TransferHookLayout,
  unpackAccount,
  unpackMint,
} from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMint } from '../../src/decoders/mint.js';
import { decodeTokenAccount } from '../../src/decoders/tokenAccount.js';
import { DecodeError } from '../../src/errors/DecodeError.js';
import type { TokenExtension } from '../../src/types/token.js';
import { concat, le, propertyTimeout, runs, seed, tlv, token2022Account, token2022Mint } from './helpers.js';

console.info(`fast-check seed ${seed}, ${runs} runs`);

const ADDRESS = PublicKey.default;
const info = (data: Uint8Array, owner: PublicKey) => ({
  data: Buffer.from(data),
  executable: false,
  lamports: 1,
  owner,
});

/** A PublicKey as our decoders show it: base58, or `null` for an optional key left zero. */
const key = (value: PublicKey) => value.toBase58();
const optionalKey = (value: PublicKey) => (value.equals(PublicKey.default) ? null : value.toBase58());
/** A u64 as the exact JSON parser would give it. */
const int = (value: bigint | number) =>
  typeof value === 'bigint' && (value > Number.MAX_SAFE_INTEGER || value < Number.MIN_SAFE_INTEGER)
    ? value
    : Number(value);

interface Layout {
  span: number;
  decode(buffer: Buffer): object;
}
// biome-ignore lint/suspicious/noExplicitAny: each layout decodes to its own record; `shape` names the fields it reads
type Decoded = Record<string, any>;

/**
 * Each extension spl-token has a layout for: its number, its layout, and its decoded value in the shape
 * (and names) agave's jsonParsed uses. Token groups go through spl-token's getters instead.
 */
const EXTENSIONS: Record<string, { type: number; layout: Layout; shape: (d: Decoded) => Record<string, unknown> }> = {
  transferFeeConfig: {
    type: 1,
    layout: TransferFeeConfigLayout,
    shape: (d) => ({
      transferFeeConfigAuthority: optionalKey(d.transferFeeConfigAuthority),
      withdrawWithheldAuthority: optionalKey(d.withdrawWithheldAuthority),
      withheldAmount: int(d.withheldAmount),
      olderTransferFee: fee(d.olderTransferFee),
      newerTransferFee: fee(d.newerTransferFee),
    }),
  },
  mintCloseAuthority: {
    type: 3,
    layout: MintCloseAuthorityLayout,
    shape: (d) => ({ closeAuthority: optionalKey(d.closeAuthority) }),
  },
  defaultAccountState: {
    type: 6,
    layout: DefaultAccountStateLayout,
    shape: (d) => ({ accountState: (['uninitialized', 'initialized', 'frozen'] as const)[d.state] ?? 'uninitialized' }),
  },
  interestBearingConfig: {
    type: 10,
    layout: InterestBearingMintConfigStateLayout,
    shape: (d) => ({
      rateAuthority: optionalKey(d.rateAuthority),
      initializationTimestamp: d.initializationTimestamp,
      preUpdateAverageRate: d.preUpdateAverageRate,
      lastUpdateTimestamp: d.lastUpdateTimestamp,
      currentRate: d.currentRate,
    }),
  },
  permanentDelegate: {
    type: 12,
    layout: PermanentDelegateLayout,
    shape: (d) => ({ delegate: optionalKey(d.delegate) }),
  },
  transferHook: {
    type: 14,
    layout: TransferHookLayout,
    shape: (d) => ({ authority: optionalKey(d.authority), programId: optionalKey(d.programId) }),
  },
  metadataPointer: {
    type: 18,
    layout: MetadataPointerLayout,
    shape: (d) => ({ authority: optionalKey(d.authority), metadataAddress: optionalKey(d.metadataAddress) }),
  },
  groupPointer: {
    type: 20,
    layout: GroupPointerLayout,
    shape: (d) => ({ authority: optionalKey(d.authority), groupAddress: optionalKey(d.groupAddress) }),
  },
  groupMemberPointer: {
    type: 22,
    layout: GroupMemberPointerLayout,
    shape: (d) => ({ authority: optionalKey(d.authority), memberAddress: optionalKey(d.memberAddress) }),
  },
  scaledUiAmountConfig: {
    type: 25,
    layout: ScaledUiAmountConfigLayout,
    shape: (d) => ({
      authority: optionalKey(d.authority),
      multiplier: d.multiplier,
      // spl-token reads the timestamp unsigned; agave (and we) signed.
      newMultiplierEffectiveTimestamp: int(BigInt.asIntN(64, d.newMultiplierEffectiveTimestamp)),
      newMultiplier: d.newMultiplier,
    }),
  },
  pausableConfig: {
    type: 26,
    layout: PausableConfigLayout,
    shape: (d) => ({ authority: optionalKey(d.authority), paused: d.paused }),
  },
  transferFeeAmount: {
    type: 2,
    layout: TransferFeeAmountLayout,
    shape: (d) => ({ withheldAmount: int(d.withheldAmount) }),
  },
  memoTransfer: {
    type: 8,
    layout: MemoTransferLayout,
    shape: (d) => ({ requireIncomingTransferMemos: d.requireIncomingTransferMemos }),
  },
  cpiGuard: { type: 11, layout: CpiGuardLayout, shape: (d) => ({ lockCpi: d.lockCpi }) },
  transferHookAccount: {
    type: 15,
    layout: TransferHookAccountLayout,
    shape: (d) => ({ transferring: d.transferring }),
  },
};
const UNIT = { immutableOwner: 7, nonTransferable: 9, nonTransferableAccount: 13, pausableAccount: 27 };
const MINT_EXTENSIONS = [1, 3, 6, 10, 12, 14, 18, 20, 22, 25, 26, 9];
const ACCOUNT_EXTENSIONS = [2, 8, 11, 15, 7, 13, 27];
const TYPE_NUMBER: Record<string, number> = {
  ...Object.fromEntries(Object.entries(EXTENSIONS).map(([name, { type }]) => [name, type])),
  ...UNIT,
  tokenGroup: 21,
  tokenGroupMember: 23,
};
const byType = (type: number) => Object.entries(EXTENSIONS).find(([, spec]) => spec.type === type);

function fee(d: { epoch: bigint; maximumFee: bigint; transferFeeBasisPoints: number }) {
  return { epoch: int(d.epoch), maximumFee: int(d.maximumFee), transferFeeBasisPoints: d.transferFeeBasisPoints };
}

/** Our decoded extensions against spl-token's reading of the same TLV bytes. */
function expectSameExtensions(ours: TokenExtension[] | undefined, tlvData: Buffer, mint?: Mint) {
  const types = getExtensionTypes(tlvData);
  expect((ours ?? []).map((e) => TYPE_NUMBER[e.extension])).toEqual(types);
  for (const extension of ours ?? []) {
    const type = TYPE_NUMBER[extension.extension]!;
    const spec = byType(type)?.[1];
    if (spec) {
      const decoded = spec.layout.decode(getExtensionData(type, tlvData)!) as Decoded;
      const shaped = spec.shape(decoded);
      if (type === 25) {
        // Rust prints the multipliers; they read back to spl-token's f64s.
        const state = extension.state as { multiplier: string; newMultiplier: string };
        expect(Number(state.multiplier)).toBe(shaped.multiplier);
        expect(Number(state.newMultiplier)).toBe(shaped.newMultiplier);
        expect({ ...state, multiplier: 0, newMultiplier: 0 }).toEqual({ ...shaped, multiplier: 0, newMultiplier: 0 });
      } else {
        expect(extension.state).toEqual(shaped);
      }
    } else if (type === 21) {
      const group = getTokenGroupState(mint!)!;
      expect(extension.state).toEqual({
        updateAuthority: group.updateAuthority ? key(group.updateAuthority) : null,
        mint: key(group.mint!),
        size: int(group.size!),
        maxSize: int(group.maxSize!),
      });
    } else if (type === 23) {
      const member = getTokenGroupMemberState(mint!)!;
      expect(extension.state).toEqual({
        mint: key(member.mint!),
        group: key(member.group!),
        memberNumber: int(member.memberNumber!),
      });
    } else {
      expect(extension.state).toBeUndefined();
    }
  }
}

const pubkey = fc.oneof(
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => new PublicKey(bytes)),
  fc.constant(PublicKey.default),
);
const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });

/** An extension value: random bytes of the extension's size (interest timestamps kept within 2^53, which spl-token reads as numbers). */
function extensionEntry(type: number): fc.Arbitrary<Uint8Array> {
  if (type === 10) {
    const safe = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
    return fc
      .tuple(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        safe,
        fc.integer({ min: -32768, max: 32767 }),
        safe,
        fc.integer({ min: -32768, max: 32767 }),
      )
      .map(([authority, init, pre, last, current]) =>
        tlv(type, concat(authority, le.i64(init), le.u16(pre & 0xffff), le.i64(last), le.u16(current & 0xffff))),
      );
  }
  if (type === 21) {
    return fc
      .tuple(fc.uint8Array({ minLength: 64, maxLength: 64 }), u64, u64)
      .map(([keys, size, max]) => tlv(type, concat(keys, le.u64(size), le.u64(max))));
  }
  if (type === 23) return fc.uint8Array({ minLength: 72, maxLength: 72 }).map((v) => tlv(type, v));
  const span = byType(type)?.[1].layout.span ?? 0;
  return fc.uint8Array({ minLength: span, maxLength: span }).map((v) => tlv(type, v));
}

/** Distinct extension types in random order, each with a random value. */
const entries = (types: number[]) =>
  fc
    .shuffledSubarray(types)
    .chain((chosen) => (chosen.length ? fc.tuple(...chosen.map(extensionEntry)) : fc.constant([] as Uint8Array[])));

const accountFields = fc.record({
  mint: pubkey,
  owner: pubkey,
  amount: u64,
  delegateOption: fc.constantFrom(0, 1),
  delegate: pubkey,
  state: fc.constantFrom(0, 1, 2),
  isNativeOption: fc.constantFrom(0, 1),
  isNative: u64,
  delegatedAmount: u64,
  closeAuthorityOption: fc.constantFrom(0, 1),
  closeAuthority: pubkey,
});

const mintFields = fc.record({
  mintAuthorityOption: fc.constantFrom(0, 1),
  mintAuthority: pubkey,
  supply: u64,
  decimals: fc.integer({ min: 0, max: 255 }),
  isInitialized: fc.boolean(),
  freezeAuthorityOption: fc.constantFrom(0, 1),
  freezeAuthority: pubkey,
});

describe('differential: @solana/spl-token layouts', () => {
  it(
    'token accounts (SPL Token, and Token-2022 with account extensions) read the same',
    () => {
      fc.assert(
        fc.property(accountFields, fc.boolean(), entries(ACCOUNT_EXTENSIONS), (fields, is2022, extensions) => {
          const base = new Uint8Array(ACCOUNT_SIZE);
          AccountLayout.encode(fields, base);
          const bytes = is2022 && extensions.length > 0 ? token2022Account(base, ...extensions) : base;
          const program = is2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
          if (bytes.length === 355) {
            // A multisig's size: both refuse it (the program pads such accounts by two bytes).
            expect(() => unpackAccount(ADDRESS, info(bytes, program), program)).toThrow();
            expect(() => decodeTokenAccount(bytes)).toThrow(DecodeError);
            return;
          }
          const theirs = unpackAccount(ADDRESS, info(bytes, program), program);
          const ours = decodeTokenAccount(bytes);
          expect(ours.mint).toBe(key(theirs.mint));
          expect(ours.owner).toBe(key(theirs.owner));
          expect(ours.tokenAmount.amount).toBe(theirs.amount.toString());
          expect(ours.delegate).toBe(theirs.delegate ? key(theirs.delegate) : undefined);
          // jsonParsed shows the delegated amount only with a delegate; spl-token always reads it.
          expect(ours.delegatedAmount?.amount).toBe(theirs.delegate ? theirs.delegatedAmount.toString() : undefined);
          expect(ours.state !== 'uninitialized').toBe(theirs.isInitialized);
          expect(ours.state === 'frozen').toBe(theirs.isFrozen);
          expect(ours.isNative).toBe(theirs.isNative);
          expect(ours.rentExemptReserve?.amount).toBe(theirs.rentExemptReserve?.toString());
          expect(ours.closeAuthority).toBe(theirs.closeAuthority ? key(theirs.closeAuthority) : undefined);
          expectSameExtensions(ours.extensions, theirs.tlvData);
        }),
        { seed, numRuns: Math.min(runs, 2000) },
      );
    },
    propertyTimeout,
  );

  it(
    'mints (SPL Token, and Token-2022 with mint extensions) read the same',
    () => {
      fc.assert(
        fc.property(mintFields, fc.boolean(), entries([...MINT_EXTENSIONS, 21, 23]), (fields, is2022, extensions) => {
          const base = new Uint8Array(MINT_SIZE);
          MintLayout.encode(fields, base);
          const bytes = is2022 && extensions.length > 0 ? token2022Mint(base, ...extensions) : base;
          const program = is2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
          if (bytes.length === 355) {
            // A multisig's size: both refuse it (the program pads such accounts by two bytes).
            expect(() => unpackMint(ADDRESS, info(bytes, program), program)).toThrow();
            expect(() => decodeMint(bytes)).toThrow(DecodeError);
            return;
          }
          const theirs = unpackMint(ADDRESS, info(bytes, program), program);
          const ours = decodeMint(bytes);
          expect(ours.mintAuthority).toBe(theirs.mintAuthority ? key(theirs.mintAuthority) : null);
          expect(ours.supply).toBe(theirs.supply.toString());
          expect(ours.decimals).toBe(theirs.decimals);
          expect(ours.isInitialized).toBe(theirs.isInitialized);
          expect(ours.freezeAuthority).toBe(theirs.freezeAuthority ? key(theirs.freezeAuthority) : null);
          expectSameExtensions(ours.extensions, theirs.tlvData, theirs);
        }),
        { seed, numRuns: Math.min(runs, 2000) },
      );
    },
    propertyTimeout,
  );

  it('the layouts agree on the sizes: 165-byte accounts, 82-byte mints, and every extension value', () => {
    expect([ACCOUNT_SIZE, MINT_SIZE]).toEqual([165, 82]);
    // A value of the right size parses; one byte more is unparseable (agave's rule), for every extension.
    for (const [name, { type, layout }] of Object.entries(EXTENSIONS)) {
      const isMint = MINT_EXTENSIONS.includes(type);
      const decode = (value: Uint8Array) =>
        isMint
          ? decodeMint(token2022Mint(new Uint8Array(82), tlv(type, value))).extensions
          : decodeTokenAccount(token2022Account(new Uint8Array(165), tlv(type, value))).extensions;
      expect(decode(new Uint8Array(layout.span))?.[0]?.extension, name).toBe(name);
      expect(decode(new Uint8Array(layout.span + 1))?.[0]?.extension, name).toBe('unparseableExtension');
    }
  });
});
