/**
 * Hostile review of issue 33's `parseAccountData`: accounts built byte by byte here (an encoder of this
 * file's own, not the decoders' helpers), compared deep-equal with what agave's account-decoder writes for
 * them, as the exact JSON parser reads it; and bad or huge bytes, which must give a `DecodeError` naming
 * the program and field, never another exception.
 */
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { parseAccountData } from '../../src/decoders/parseAccountData.js';
import { DecodeError } from '../../src/errors/DecodeError.js';
import type { Address } from '../../src/types/index.js';
import { ByteWriter as Writer } from '../support/byteWriter.js';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
const CONFIG = 'Config1111111111111111111111111111111111111' as Address;
const VALIDATOR_INFO = 'Va1idator1nfo111111111111111111111111111111';

const key = (fill: number) => bs58.encode(new Uint8Array(32).fill(fill));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** An initialized mint's 82 bytes: mint authority, supply, decimals, no freeze authority. */
function mintBase(w: Writer, decimals: number): Writer {
  return w.u32(1).key(3).u64(42).u8(decimals).u8(1).u32(0).zeros(32);
}

/** A Token-2022 mint with the given TLV entries: the base, zero padding to 165, account type 1. */
function mint2022(entries: [number, Uint8Array][]): Uint8Array {
  const w = mintBase(new Writer(), 6);
  w.zeros(165 - w.length).u8(1);
  for (const [type, value] of entries) w.u16(type).u16(value.length).raw(value);
  return w.done();
}

function decodeErrorOf(run: () => unknown): DecodeError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeError);
    return error as DecodeError;
  }
  throw new Error('expected a DecodeError, got a value');
}

describe('spl-token: agave parse_token.rs test_parse_token, rebuilt', () => {
  it('a token account with a close authority, decimals 2', () => {
    const w = new Writer().key(2).key(3).u64(42).u32(0).zeros(32).u8(1).u32(0).u64(0).u64(0).u32(1).key(3);
    expect(parseAccountData(w.done(), { owner: TOKEN, decimals: 2 })).toStrictEqual({
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          mint: key(2),
          owner: key(3),
          tokenAmount: { uiAmount: 0.42, decimals: 2, amount: '42', uiAmountString: '0.42' },
          state: 'initialized',
          isNative: false,
          closeAuthority: key(3),
        },
      },
      space: 165,
    });
  });

  it('a mint, and a multisig listing only its set signers', () => {
    const mint = new Writer().u32(1).key(3).u64(42).u8(3).u8(1).u32(1).key(3).done();
    expect(parseAccountData(mint, { owner: TOKEN })).toStrictEqual({
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: { mintAuthority: key(3), supply: '42', decimals: 3, isInitialized: true, freezeAuthority: key(3) },
      },
      space: 82,
    });
    const multisig = new Writer()
      .u8(2)
      .u8(3)
      .u8(1)
      .key(1)
      .key(2)
      .key(3)
      .zeros(32 * 8)
      .done();
    expect(parseAccountData(multisig, { owner: TOKEN })).toStrictEqual({
      program: 'spl-token',
      parsed: {
        type: 'multisig',
        info: { numRequiredSigners: 2, numValidSigners: 3, isInitialized: true, signers: [key(1), key(2), key(3)] },
      },
      space: 355,
    });
  });
});

describe('spl-token-2022: token metadata as spl-token-metadata-interface reads it', () => {
  const metadata = (name: ArrayLike<number>, pairs: [string, string][], tail: number[] = []) => {
    const w = new Writer().key(5).key(6).str(name).str(utf8('SYM')).str(utf8('https://x'));
    w.u32(pairs.length);
    for (const [k, v] of pairs) w.str(utf8(k)).str(utf8(v));
    return w.raw(tail).done();
  };

  it('additional metadata pairs in order, and bytes after them ignored (try_from_slice_unchecked)', () => {
    const bytes = mint2022([
      [
        19,
        metadata(
          utf8('Name'),
          [
            ['a', '1'],
            ['b', ''],
          ],
          [9, 9, 9],
        ),
      ],
    ]);
    const data = parseAccountData(bytes, { owner: TOKEN_2022 }) as { parsed: { info: { extensions: unknown } } };
    expect(data.parsed.info.extensions).toStrictEqual([
      {
        extension: 'tokenMetadata',
        state: {
          updateAuthority: key(5),
          mint: key(6),
          name: 'Name',
          symbol: 'SYM',
          uri: 'https://x',
          additionalMetadata: [
            ['a', '1'],
            ['b', ''],
          ],
        },
      },
    ]);
  });

  it('a name starting with U+FEFF keeps it: Rust String::from_utf8 strips no byte-order mark', () => {
    // EF BB BF is U+FEFF; borsh's String is the bytes as they are. A TextDecoder not told `ignoreBOM`
    // drops it, so the name would lose a character the node shows.
    const bytes = mint2022([[19, metadata([0xef, 0xbb, 0xbf, 0x41], [])]]);
    const data = parseAccountData(bytes, { owner: TOKEN_2022 }) as {
      parsed: { info: { extensions: { state: { name: string } }[] } };
    };
    expect(data.parsed.info.extensions[0]!.state.name).toBe('\ufeffA');
  });

  it('an additional-metadata count of 2^32-1 is unparseable, not a loop or a RangeError', () => {
    const w = new Writer().key(5).key(6).str(utf8('N')).str(utf8('S')).str(utf8('U')).u32(0xffffffff);
    const bytes = mint2022([[19, w.done()]]);
    const data = parseAccountData(bytes, { owner: TOKEN_2022 }) as { parsed: { info: { extensions: unknown } } };
    expect(data.parsed.info.extensions).toStrictEqual([{ extension: 'unparseableExtension' }]);
  });

  it('token group and member (spl-token-group-interface), keys in agave order', () => {
    const group = new Writer()
      .key(0)
      .key(7)
      .u64(3)
      .u64(2n ** 60n)
      .done();
    const member = new Writer().key(7).key(8).u64(1).done();
    const data = parseAccountData(
      mint2022([
        [21, group],
        [23, member],
      ]),
      { owner: TOKEN_2022 },
    ) as {
      parsed: { info: { extensions: unknown } };
    };
    expect(data.parsed.info.extensions).toStrictEqual([
      { extension: 'tokenGroup', state: { updateAuthority: null, mint: key(7), size: 3, maxSize: 2n ** 60n } },
      { extension: 'tokenGroupMember', state: { mint: key(7), group: key(8), memberNumber: 1 } },
    ]);
  });

  it('pausable config, and a confidential transfer mint without an auditor (null)', () => {
    const pausable = new Writer().key(4).u8(1).done();
    const ct = new Writer().key(0).u8(1).zeros(32).done();
    const data = parseAccountData(
      mint2022([
        [26, pausable],
        [4, ct],
      ]),
      { owner: TOKEN_2022 },
    ) as {
      parsed: { info: { extensions: unknown } };
    };
    expect(data.parsed.info.extensions).toStrictEqual([
      { extension: 'pausableConfig', state: { authority: key(4), paused: true } },
      {
        extension: 'confidentialTransferMint',
        state: { authority: null, autoApproveNewAccounts: true, auditorElgamalPubkey: null },
      },
    ]);
  });
});

describe('config: validator info text as serde_json reads it', () => {
  const info = (text: ArrayLike<number>) =>
    new Writer().u8(2).raw(bs58.decode(VALIDATOR_INFO)).u8(0).key(7).u8(1).u64(text.length).raw(text).done();

  it('a duplicate key keeps the last value; -0 reads as agave writes it (-0.0)', () => {
    const data = parseAccountData(info(utf8('{"name":"a","name":"b","x":-0}')), { owner: CONFIG }) as unknown as {
      parsed: { info: { configData: { name: string; x: number } } };
    };
    expect(data.parsed.info.configData.name).toBe('b');
    expect(Object.is(data.parsed.info.configData.x, -0)).toBe(true);
  });

  it('nesting past serde_json recursion limit, a lone surrogate, a BOM: DecodeError naming configData', () => {
    for (const text of ['['.repeat(50_000) + ']'.repeat(50_000), '{"a":"\\ud800"}', '\ufeff{}', '{"a":1e400}']) {
      const error = decodeErrorOf(() => parseAccountData(info(utf8(text)), { owner: CONFIG }));
      expect(error.message.startsWith('config: ')).toBe(true);
      expect(error.field).toBe('configData');
    }
  });
});

describe('bad and huge bytes: a value or a DecodeError, never another error', () => {
  const owners = [
    'Stake11111111111111111111111111111111111111',
    'Vote111111111111111111111111111111111111111',
    '11111111111111111111111111111111',
    'AddressLookupTab1e1111111111111111111111111',
    'BPFLoaderUpgradeab1e11111111111111111111111',
    CONFIG,
    TOKEN,
    TOKEN_2022,
    'Sysvar1111111111111111111111111111111111111',
  ] as Address[];
  const sysvars = [
    'SysvarS1otHashes111111111111111111111111111',
    'SysvarRecentB1ockHashes11111111111111111111',
    'SysvarStakeHistory1111111111111111111111111',
    'SysvarS1otHistory11111111111111111111111111',
    'SysvarEpochRewards1111111111111111111111111',
  ] as Address[];

  it('10 MiB of 0xff, 0x01 and 0x00 under every owner, each sysvar', () => {
    const big = new Uint8Array(10 * 1024 * 1024);
    for (const fill of [0xff, 0x01, 0x00]) {
      big.fill(fill);
      for (const owner of owners) {
        for (const address of owner.startsWith('Sysvar') ? sysvars : [undefined]) {
          try {
            parseAccountData(big, { owner, address, decimals: 0 });
          } catch (error) {
            expect(error).toBeInstanceOf(DecodeError);
          }
        }
      }
    }
  }, 60_000);

  it('a list count of 2^60 in the list sysvars is a DecodeError naming info', () => {
    for (const address of sysvars.slice(0, 3)) {
      const bytes = new Writer()
        .u64(2n ** 60n)
        .zeros(64)
        .done();
      const error = decodeErrorOf(() =>
        parseAccountData(bytes, { owner: 'Sysvar1111111111111111111111111111111111111' as Address, address }),
      );
      expect(error.message.startsWith('sysvar: ')).toBe(true);
      expect(error.field).toBe('info');
    }
  });

  it('the DecodeError carries the program as a property, not only inside its message', () => {
    // The issue asks for "a typed DecodeError naming the program and the field": `field` and `offset` are
    // properties a caller can switch on, the program only a message prefix.
    const error = decodeErrorOf(() => parseAccountData(new Uint8Array(3), { owner: owners[0]! }));
    expect((error as unknown as { decoder?: string }).decoder).toBe('stake');
  });
});

describe('sysvars, nonce and lookup tables: agave parse_sysvar.rs / parse_nonce.rs / parse_address_lookup_table.rs tests, rebuilt', () => {
  const SYSVAR = 'Sysvar1111111111111111111111111111111111111' as Address;
  const ZERO_KEY = '11111111111111111111111111111111';

  it('slot history: the default history with slot 42 added', () => {
    // SlotHistory::default() sets bit 0 with next_slot 1; add(42) sets bit 42 and next_slot 43.
    const w = new Writer().u8(1).u64(16384);
    for (let block = 0; block < 16384; block++) w.u64(block === 0 ? (1n << 42n) | 1n : 0n);
    const bytes = w
      .u64(1 << 20)
      .u64(43)
      .done();
    const data = parseAccountData(bytes, {
      owner: SYSVAR,
      address: 'SysvarS1otHistory11111111111111111111111111' as Address,
    });
    const bits = `1${'0'.repeat(41)}1${'0'.repeat((1 << 20) - 43)}`;
    expect(data).toStrictEqual({
      program: 'sysvar',
      parsed: { type: 'slotHistory', info: { nextSlot: 43, bits } },
      space: bytes.length,
    });
  });

  it('epoch rewards: block height 42, total 100, distributed 20, active, the rest default', () => {
    const bytes = new Writer().u64(42).u64(0).zeros(32).u64(0).u64(0).u64(100).u64(20).u8(1).done();
    expect(
      parseAccountData(bytes, { owner: SYSVAR, address: 'SysvarEpochRewards1111111111111111111111111' as Address }),
    ).toStrictEqual({
      program: 'sysvar',
      parsed: {
        type: 'epochRewards',
        info: {
          distributionStartingBlockHeight: 42,
          numPartitions: 0,
          parentBlockhash: ZERO_KEY,
          totalPoints: '0',
          totalRewards: '100',
          distributedRewards: '20',
          active: true,
        },
      },
      space: 81,
    });
  });

  it('stake history with one entry, and a u64::MAX clock slot as a bigint', () => {
    const history = new Writer().u64(1).u64(1).u64(10).u64(2).u64(3).done();
    expect(
      parseAccountData(history, { owner: SYSVAR, address: 'SysvarStakeHistory1111111111111111111111111' as Address }),
    ).toStrictEqual({
      program: 'sysvar',
      parsed: {
        type: 'stakeHistory',
        info: [{ epoch: 1, stakeHistory: { effective: 10, activating: 2, deactivating: 3 } }],
      },
      space: 40,
    });
    const clock = new Writer()
      .u64(2n ** 64n - 1n)
      .u64(-5n)
      .u64(3)
      .u64(4)
      .u64(-1n)
      .done();
    expect(
      parseAccountData(clock, { owner: SYSVAR, address: 'SysvarC1ock11111111111111111111111111111111' as Address }),
    ).toStrictEqual({
      program: 'sysvar',
      parsed: {
        type: 'clock',
        info: {
          slot: 18446744073709551615n,
          epoch: 3,
          epochStartTimestamp: -5,
          leaderScheduleEpoch: 4,
          unixTimestamp: -1,
        },
      },
      space: 40,
    });
  });

  it('a durable nonce (current version), and an uninitialized one refused', () => {
    const bytes = new Writer().u32(1).u32(1).key(4).key(5).u64(5000).done();
    expect(parseAccountData(bytes, { owner: '11111111111111111111111111111111' as Address })).toStrictEqual({
      program: 'nonce',
      parsed: {
        type: 'initialized',
        info: { authority: key(4), blockhash: key(5), feeCalculator: { lamportsPerSignature: '5000' } },
      },
      space: 80,
    });
    decodeErrorOf(() =>
      parseAccountData(new Writer().u32(1).u32(0).zeros(72).done(), {
        owner: '11111111111111111111111111111111' as Address,
      }),
    );
  });

  it('a lookup table with an authority and two addresses; one without an authority', () => {
    const LOOKUP = 'AddressLookupTab1e1111111111111111111111111' as Address;
    const table = new Writer().u32(1).u64(1).u64(2).u8(3).u8(1).key(6).u16(0).key(7).key(8).done();
    expect(parseAccountData(table, { owner: LOOKUP })).toStrictEqual({
      program: 'address-lookup-table',
      parsed: {
        type: 'lookupTable',
        info: {
          deactivationSlot: '1',
          lastExtendedSlot: '2',
          lastExtendedSlotStartIndex: 3,
          authority: key(6),
          addresses: [key(7), key(8)],
        },
      },
      space: 120,
    });
    const frozen = new Writer()
      .u32(1)
      .u64(2n ** 64n - 1n)
      .u64(0)
      .u8(0)
      .u8(0)
      .zeros(34)
      .done();
    expect(parseAccountData(frozen, { owner: LOOKUP })).toStrictEqual({
      program: 'address-lookup-table',
      parsed: {
        type: 'lookupTable',
        info: {
          deactivationSlot: '18446744073709551615',
          lastExtendedSlot: '0',
          lastExtendedSlotStartIndex: 0,
          addresses: [],
        },
      },
      space: 56,
    });
  });
});

describe('a Token-2022 account of repeated TLV entries: agave shows the first value for each, and must not take minutes', () => {
  // get_extension_types lists every entry; parse_extension reads each type's FIRST value. A mint whose
  // entries repeat one type (no program writes that, but a server can send any bytes, and a 10 MiB account
  // holds 2.6 million 4-byte entries) shows that first value once per entry. Decoding it again for each
  // entry costs the value's size each time: here the time, not the answer, is the defect.
  const repeated = (type: number, first: Uint8Array, repeats: number) => {
    const entries: [number, Uint8Array][] = [[type, first]];
    for (let i = 0; i < repeats; i++) entries.push([type, new Uint8Array(0)]);
    return mint2022(entries);
  };

  // Proved by structure, not by a clock: every repeat is the one value decoded once (the same object), so
  // the cost is a lookup per entry. Decoded per entry, the second case exhausted a 4 GB heap.
  it('250,000 repeats of a transfer fee config (1 MB): one decode, shown for every entry', () => {
    const first = new Writer().key(1).key(2).u64(3).u64(4).u64(5).u16(6).u64(7).u64(8).u16(9).done();
    const bytes = repeated(1, first, 250_000);
    const data = parseAccountData(bytes, { owner: TOKEN_2022 }) as { parsed: { info: { extensions: unknown[] } } };
    expect(data.parsed.info.extensions).toHaveLength(250_001);
    expect(data.parsed.info.extensions[250_000]).toBe(data.parsed.info.extensions[0]);
    expect((data.parsed.info.extensions[0] as { extension: string }).extension).toBe('transferFeeConfig');
  }, 120_000);

  it('80,000 repeats of a 60 KB token metadata (380 KB): one decode (per entry it exhausted a 4 GB heap)', () => {
    const name = new Array(60_000).fill(0x61);
    const first = new Writer().key(5).key(6).str(name).str(utf8('S')).str(utf8('U')).u32(0).done();
    const bytes = repeated(19, first, 80_000);
    const data = parseAccountData(bytes, { owner: TOKEN_2022 }) as { parsed: { info: { extensions: unknown[] } } };
    expect(data.parsed.info.extensions).toHaveLength(80_001);
    expect(new Set(data.parsed.info.extensions).size).toBe(1);
  }, 120_000);
});

describe('stake and the upgradeable loader: agave parse_stake.rs / parse_bpf_loader.rs tests, rebuilt', () => {
  const STAKE = 'Stake11111111111111111111111111111111111111' as Address;
  const LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111' as Address;
  const meta = (w: Writer) =>
    w
      .u64(42)
      .key(1)
      .key(2)
      .u64(-1n)
      .u64(2n ** 60n)
      .key(3);

  it('initialized (stake null) and delegated, integers as the exact parser reads them', () => {
    const initialized = meta(new Writer().u32(1))
      .zeros(200 - 124)
      .done();
    const shownMeta = {
      rentExemptReserve: '42',
      authorized: { staker: key(1), withdrawer: key(2) },
      lockup: { unixTimestamp: -1, epoch: 2n ** 60n, custodian: key(3) },
    };
    expect(parseAccountData(initialized, { owner: STAKE })).toStrictEqual({
      program: 'stake',
      parsed: { type: 'initialized', info: { meta: shownMeta, stake: null } },
      space: 200,
    });
    const delegated = meta(new Writer().u32(2))
      .key(4)
      .u64(2n ** 64n - 1n)
      .u64(7)
      .u64(2n ** 64n - 1n)
      .raw([0, 0, 0, 0, 0, 0, 0xd0, 0x3f])
      .u64(2n ** 53n)
      .u8(0)
      .zeros(3)
      .done();
    expect(parseAccountData(delegated, { owner: STAKE })).toStrictEqual({
      program: 'stake',
      parsed: {
        type: 'delegated',
        info: {
          meta: shownMeta,
          stake: {
            delegation: {
              voter: key(4),
              stake: '18446744073709551615',
              activationEpoch: '7',
              deactivationEpoch: '18446744073709551615',
            },
            creditsObserved: 2n ** 53n,
          },
        },
      },
      space: 200,
    });
    // Without the flags byte bincode cannot read the Stake variant.
    const error = decodeErrorOf(() => parseAccountData(delegated.subarray(0, 196), { owner: STAKE }));
    expect(error.message.startsWith('stake: ')).toBe(true);
  });

  it('program data without an authority: its data starts at byte 13, as agave slices it', () => {
    const bytes = new Writer().u32(3).u64(9).u8(0).raw([1, 2, 3]).done();
    expect(parseAccountData(bytes, { owner: LOADER })).toStrictEqual({
      program: 'bpf-upgradeable-loader',
      parsed: { type: 'programData', info: { slot: 9, authority: null, data: ['AQID', 'base64'] } },
      space: 16,
    });
    const buffer = new Writer().u32(1).u8(1).key(5).raw([4]).done();
    expect(parseAccountData(buffer, { owner: LOADER })).toStrictEqual({
      program: 'bpf-upgradeable-loader',
      parsed: { type: 'buffer', info: { authority: key(5), data: ['BA==', 'base64'] } },
      space: 38,
    });
  });
});
