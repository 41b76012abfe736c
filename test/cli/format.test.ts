/**
 * The CLI's formatting: SOL amounts exact for every u64, JSON with exact integers, durations, RFC 3339
 * times and the gossip row, each against the Solana CLI's format.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gossipRow, splitSocket, toGossipNode } from '../../src/cli/commands/gossip.js';
import { balanceMessage, formatLamports, formatSol, humanDuration, rfc3339, toJson } from '../../src/cli/format.js';
import { parseJson } from '../../src/codecs/json.js';

// Property runs are fixed in number and seeded from the environment when set, so a failure reproduces.
const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const runs = Number(process.env.FC_RUNS ?? 2000);
console.info(`fast-check seed ${seed}, ${runs} runs`);

const U64_MAX = 2n ** 64n - 1n;
const u64 = fc.bigInt({ min: 0n, max: U64_MAX });
/** Reads `"W"` or `"W.F"` back into lamports with integer arithmetic only. */
const lamportsOf = (sol: string): bigint => {
  const [whole, fraction = ''] = sol.split('.');
  return BigInt(whole as string) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0'));
};

describe('formatSol', () => {
  it.each([
    [1_000_000_000n, '1'],
    [1_500_000_000n, '1.5'],
    [0n, '0'],
    [1n, '0.000000001'],
    [10_293_847_561_029_385n, '10293847.561029385'],
    [U64_MAX, '18446744073.709551615'],
    [100_000_000n, '0.1'],
    [1_000_000_010n, '1.00000001'],
    [9_007_199_254_740_993n, '9007199.254740993'], // 2^53 + 1: a float would print …992
  ])('%s lamports is %s SOL', (lamports, sol) => {
    expect(formatSol(lamports)).toBe(sol);
  });

  it.each([
    [1_000_000_000n, '1.000000000'],
    [1_500_000_000n, '1.500000000'],
    [0n, '0.000000000'],
    [1n, '0.000000001'],
    [U64_MAX, '18446744073.709551615'],
  ])('keeps all nine decimals when verbose: %s lamports is %s', (lamports, sol) => {
    expect(formatSol(lamports, true)).toBe(sol);
  });

  it('is exact for every u64: canonical, and reads back to the same lamports', () => {
    fc.assert(
      fc.property(u64, (lamports) => {
        const text = formatSol(lamports);
        expect(text).toMatch(/^(0|[1-9]\d*)(\.\d{0,8}[1-9])?$/);
        expect(lamportsOf(text)).toBe(lamports);
        const verbose = formatSol(lamports, true);
        expect(verbose).toMatch(/^(0|[1-9]\d*)\.\d{9}$/);
        expect(lamportsOf(verbose)).toBe(lamports);
        // The trimmed form is the verbose one without trailing zeros (and without a bare point).
        expect(verbose.replace(/0+$/, '').replace(/\.$/, '')).toBe(text);
      }),
      { seed, numRuns: runs },
    );
  });

  it("agrees with the Solana CLI's f64 `{:.9}` where an f64 is exact (up to 10^13 lamports)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), (lamports) => {
        const solana = (Number(lamports) / 1e9).toFixed(9).replace(/0+$/, '').replace(/\.$/, '');
        expect(formatSol(lamports)).toBe(solana);
      }),
      { seed, numRuns: runs },
    );
  });
});

describe('formatLamports and balanceMessage', () => {
  it('says lamport for exactly one, lamports otherwise', () => {
    expect(formatLamports(1n)).toBe('1 lamport');
    expect(formatLamports(0n)).toBe('0 lamports');
    expect(formatLamports(2n)).toBe('2 lamports');
    expect(formatLamports(1_000_000_000n)).toBe('1000000000 lamports');
    expect(formatLamports(U64_MAX)).toBe('18446744073709551615 lamports');
  });

  it('prints SOL trimmed, all nine decimals when verbose, or lamports', () => {
    expect(balanceMessage(1_500_000_000n, false)).toBe('1.5 SOL');
    expect(balanceMessage(1_500_000_000n, false, true)).toBe('1.500000000 SOL');
    expect(balanceMessage(1_000_000_000n, false, true)).toBe('1.000000000 SOL');
    expect(balanceMessage(1_500_000_000n, true)).toBe('1500000000 lamports');
    expect(balanceMessage(1n, true, true)).toBe('1 lamport');
    expect(balanceMessage(0n, false)).toBe('0 SOL');
  });
});

describe('toJson', () => {
  it('writes bigints as exact JSON integers', () => {
    expect(toJson({ lamports: U64_MAX }, false)).toBe('{"lamports":18446744073709551615}');
    expect(toJson([2n ** 53n + 1n, -(2n ** 63n)], false)).toBe('[9007199254740993,-9223372036854775808]');
    expect(toJson(5n, true)).toBe('5');
  });

  it('pretty-prints with two spaces, nested, and writes compact on one line', () => {
    const value = { a: 1n, b: [1, 'x', null, { c: true }], d: {}, e: [] };
    expect(toJson(value, true)).toBe(
      '{\n  "a": 1,\n  "b": [\n    1,\n    "x",\n    null,\n    {\n      "c": true\n    }\n  ],\n  "d": {},\n  "e": []\n}',
    );
    expect(toJson(value, false)).toBe('{"a":1,"b":[1,"x",null,{"c":true}],"d":{},"e":[]}');
  });

  it('drops undefined members of objects and writes undefined array items as null, like JSON.stringify', () => {
    expect(toJson({ a: undefined, b: 1, c: { d: undefined } }, false)).toBe('{"b":1,"c":{}}');
    expect(toJson([undefined, 1], false)).toBe('[null,1]');
    expect(toJson({ only: undefined }, true)).toBe('{}');
  });

  it('escapes control characters in strings', () => {
    expect(toJson({ v: '\u001b[31m\u0007' }, false)).toBe('{"v":"\\u001b[31m\\u0007"}');
  });

  it('is JSON.stringify (2-space pretty, or compact) for any JSON value without bigints', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(toJson(value, true)).toBe(JSON.stringify(value, null, 2));
        expect(toJson(value, false)).toBe(JSON.stringify(value));
      }),
      { seed, numRuns: runs },
    );
  });

  it('round-trips u64 bigints exactly through an exact parser, nested anywhere', () => {
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        u64.filter((b) => b > BigInt(Number.MAX_SAFE_INTEGER)),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(tree, fc.boolean(), (value, pretty) => {
        expect(parseJson(toJson(value, pretty))).toEqual(value);
      }),
      { seed, numRuns: runs },
    );
  });
});

describe('humanDuration', () => {
  it.each([
    [0, '0s'],
    [0.9, '0s'],
    [1, '1s'],
    [59, '59s'],
    [60, '1m'],
    [61, '1m 1s'],
    [3600, '1h'],
    [3660, '1h 1m'],
    [86_400, '1day'],
    [90_061, '1day 1h 1m 1s'],
    [172_800, '2days'],
    [68_582.4, '19h 3m 2s'],
    [104_217.6, '1day 4h 56m 57s'],
    [-5, '0s'],
    // humantime's month is 30.44 days (2,630,016 s) and its year 365.25 days (31,557,600 s).
    [2_630_015, '30days 10h 33m 35s'],
    [2_630_016, '1month'],
    [5_260_032 + 86_400, '2months 1day'],
    [31_557_600, '1year'],
    [63_115_200 + 2_630_016 + 1, '2years 1month 1s'],
  ])('%s seconds is %s', (seconds, text) => {
    expect(humanDuration(seconds)).toBe(text);
  });
});

describe('rfc3339', () => {
  it.each([
    [0, '1970-01-01T00:00:00Z'],
    [1_704_067_200, '2024-01-01T00:00:00Z'],
    [1_754_900_754, '2025-08-11T08:25:54Z'],
    [-1, '1969-12-31T23:59:59Z'],
    [253_402_300_799, '9999-12-31T23:59:59Z'],
  ])('%s is %s', (seconds, text) => {
    expect(rfc3339(seconds)).toBe(text);
  });

  it('falls back to "UnixTimestamp N" outside the representable range, as the Solana CLI does', () => {
    expect(rfc3339(1e17)).toBe('UnixTimestamp 100000000000000000');
  });
  // past 9999 ('+010000-01-01T00:00:00.000Z') drops the seconds: rfc3339(253402300800) is
  // '+010000-01-01T00:00Z'. chrono (the Solana CLI) prints '+10000-01-01T00:00:00Z'. A vote
  // account's lastTimestamp comes from the server, so this shows on `vote-account` output.
  it('keeps the seconds for years past 9999 (chrono prints +10000-01-01T00:00:00Z)', () => {
    expect(rfc3339(253_402_300_800)).toBe('+10000-01-01T00:00:00Z');
  });
});

/** The Solana CLI's row, `{:15} | {:44} | {:6} | {:5} | {:8} | {:21} | {:8}| {}`, written out. */
function rustRow(fields: [string, string, string, string, string, string, string, string]): string {
  const [ip, identity, gossipPort, tpu, quic, rpc, version, featureSet] = fields;
  const w = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));
  return `${w(ip, 15)} | ${w(identity, 44)} | ${w(gossipPort, 6)} | ${w(tpu, 5)} | ${w(quic, 8)} | ${w(rpc, 21)} | ${w(version, 8)}| ${featureSet}`;
}

describe('gossipRow', () => {
  const identity = '2sTE4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e';

  it('pads every field exactly as the Rust format string does', () => {
    const row = gossipRow({
      ipAddress: '198.51.100.17',
      identityPubkey: identity,
      gossipPort: 8001,
      tpuPort: 8003,
      tpuQuicPort: 8009,
      rpcHost: '198.51.100.17:8899',
      version: '2.3.7',
      featureSet: 2891131721,
    });
    expect(row).toBe(
      '198.51.100.17   | 2sTE4gscFTdh41GBr7nBEjXBNMrUeFgphEs6merD282e | 8001   | 8003  | 8009     | 198.51.100.17:8899    | 2.3.7   | 2891131721',
    );
  });

  it("prints 'none' for missing addresses and 'unknown' for a missing version or feature set", () => {
    const row = gossipRow({ identityPubkey: '6VdeLt98BA1sLp9LWYVS6uEtYXMaSyqLfBrLtg1uSy9m' });
    expect(row).toBe(
      'none            | 6VdeLt98BA1sLp9LWYVS6uEtYXMaSyqLfBrLtg1uSy9m | none   | none  | none     | none                  | unknown | unknown',
    );
  });

  it('does not cut values wider than their field (Rust pads, never truncates)', () => {
    const row = gossipRow({
      ipAddress: '2001:db8:85a3::8a2e:370:7334',
      identityPubkey: '11111111111111111111111111111111',
      gossipPort: 65535,
      tpuPort: 123456,
      tpuQuicPort: 8009,
      rpcHost: '[2001:db8:85a3::8a2e:370:7334]:8899',
      version: '0.503.20214',
      featureSet: 0,
    });
    expect(row).toBe(
      '2001:db8:85a3::8a2e:370:7334 | 11111111111111111111111111111111             | 65535  | 123456 | 8009     | [2001:db8:85a3::8a2e:370:7334]:8899 | 0.503.20214| 0',
    );
  });

  it('matches the Rust layout for any printable field values', () => {
    const text = fc.stringMatching(/^[!-~]{1,60}$/);
    fc.assert(
      fc.property(fc.tuple(text, text, fc.nat(99999), fc.nat(99999), fc.nat(99999), text, text, fc.nat()), (f) => {
        const [ip, id, gossipPort, tpu, quic, rpc, version, featureSet] = f;
        const row = gossipRow({
          ipAddress: ip,
          identityPubkey: id,
          gossipPort,
          tpuPort: tpu,
          tpuQuicPort: quic,
          rpcHost: rpc,
          version,
          featureSet,
        });
        expect(row).toBe(
          rustRow([ip, id, String(gossipPort), String(tpu), String(quic), rpc, version, String(featureSet)]),
        );
      }),
      { seed, numRuns: runs },
    );
  });

  it('strips escape sequences from server text before padding', () => {
    const row = gossipRow({ identityPubkey: identity, version: '\u001b[31m2.3.7\u001b]0;x\u0007' });
    expect(row).toBe(rustRow(['none', identity, 'none', 'none', 'none', 'none', '2.3.7', 'unknown']));
  });
});

describe('toGossipNode and splitSocket', () => {
  it('takes the gossip IP and the ports out of "ip:port" and "[v6]:port" sockets', () => {
    expect(splitSocket('198.51.100.17:8001')).toEqual({ host: '198.51.100.17', port: 8001 });
    expect(splitSocket('[2001:db8::1]:8001')).toEqual({ host: '2001:db8::1', port: 8001 });
    expect(splitSocket(null)).toBeUndefined();
    expect(splitSocket('not a socket')).toBeUndefined();
  });

  it('maps a cluster node to the Solana CLI gossip node, leaving out what is null', () => {
    const node = toGossipNode({
      pubkey: '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL',
      gossip: '203.0.113.44:8001',
      tpu: '203.0.113.44:8003',
      tpuQuic: '198.51.100.250:11228',
      rpc: null,
      pubsub: null,
      version: '2.3.7',
      featureSet: 2891131721,
      shredVersion: 50093,
    } as Parameters<typeof toGossipNode>[0]);
    expect(JSON.parse(toJson(node, false))).toEqual({
      ipAddress: '203.0.113.44',
      identityPubkey: '9z86HE8tt4SDTK8FCsBMjGYNGfwUyv2bUFo8PpnsjyrL',
      gossipPort: 8001,
      tpuPort: 8003,
      version: '2.3.7',
      featureSet: 2891131721,
      tpuQuicPort: 11228,
    });
  });
});
