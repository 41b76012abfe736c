// Deterministic, agave-format payloads for the benchmark, and what a correct client makes of them.
// Shapes follow ../shared/conformance (keys sorted as serde_json writes a Value, floats as ryu prints
// them, u64 values unquoted). The zstd frame is a real streaming frame without a content-size field,
// as agave writes it, produced by zstd-codec's streaming encoder at agave's level (0 = default 3).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { ADDRESSES, rng, SIGNATURES, TOKEN_2022_PROGRAM, TOKEN_PROGRAM, TRANSACTIONS, U64_MAX } from './workloads.mjs';

const require = createRequire(import.meta.url);

/** The `context` of every answer that carries one (bench/clientParsing.mjs reads the slot from it). */
export const CONTEXT = '{"apiVersion":"2.3.7","slot":356139470}';
const rentExempt = (space) => (space + 128) * 6960;

/** A float as serde_json (ryu) prints it: `1523.0`, `12.5`, `0.000123`, `1e-6`, `1.8446744073709552e19`. */
export function rustFloat(x) {
  if (x === 0) return '0.0';
  const sign = x < 0 ? '-' : '';
  const [mantissa, exponent] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const kk = Number(exponent) + 1;
  const k = kk - digits.length;
  if (k >= 0 && kk <= 16) return `${sign}${digits}${'0'.repeat(k)}.0`;
  if (kk > 0 && kk <= 16) return `${sign}${digits.slice(0, kk)}.${digits.slice(kk)}`;
  if (kk > -5 && kk <= 0) return `${sign}0.${'0'.repeat(-kk)}${digits}`;
  if (digits.length === 1) return `${sign}${digits}e${kk - 1}`;
  return `${sign}${digits[0]}.${digits.slice(1)}e${kk - 1}`;
}

/** agave's `real_number_string_trimmed`. */
function uiAmountString(amount, decimals) {
  if (decimals === 0) return amount.toString();
  const padded = amount.toString().padStart(decimals + 1, '0');
  const text = `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

function tokenAmount(amount, decimals) {
  const ui = Number(amount) / 10 ** decimals;
  return `{"amount":"${amount}","decimals":${decimals},"uiAmount":${rustFloat(ui)},"uiAmountString":"${uiAmountString(amount, decimals)}"}`;
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const u64le = (view, offset, value) => view.setBigUint64(offset, BigInt(value), true);

function accountResult(dataText, encoding, { lamports, owner, space }) {
  return `{"context":${CONTEXT},"value":{"data":["${dataText}","${encoding}"],"executable":false,"lamports":${lamports},"owner":"${owner}","rentEpoch":${U64_MAX},"space":${space}}}`;
}

/** A real SPL Token account (165 bytes) with an amount above 2^53. */
function tokenAccountBytes(r) {
  const bytes = new Uint8Array(165);
  const view = new DataView(bytes.buffer);
  bytes.set(r.bytes(32), 0); // mint
  bytes.set(r.bytes(32), 32); // owner
  u64le(view, 64, 12345678901234567890n); // amount
  view.setUint32(72, 1, true); // delegate: Some
  bytes.set(r.bytes(32), 76);
  bytes[108] = 1; // state: initialized
  view.setUint32(109, 0, true); // isNative: None
  u64le(view, 121, 5000000000000000000n); // delegatedAmount
  view.setUint32(129, 0, true); // closeAuthority: None
  return bytes;
}

/**
 * 10 MiB of account state shaped like a large program-owned account: 65,536 fixed-size 128-byte records
 * (owner key from a pool, price random walk, size, timestamp, flags, zero padding) followed by unused
 * zeroed capacity. Compresses about 3-4x with zstd level 3, like real large accounts do.
 */
function largeStateBytes(r) {
  const size = 10 * 1024 * 1024;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  const owners = Array.from({ length: 4096 }, () => r.bytes(32));
  bytes.set(r.bytes(8), 0); // discriminator
  let price = 150_000_000n;
  let time = 1_754_900_000n;
  for (let i = 0; i < 65_536; i++) {
    const at = 64 + i * 128;
    bytes.set(owners[r.int(owners.length)], at);
    price += BigInt(r.int(2001) - 1000);
    u64le(view, at + 32, price);
    u64le(view, at + 40, BigInt(r.int(1_000_000_000)) * 1000n);
    time += BigInt(r.int(3));
    u64le(view, at + 48, time);
    view.setUint32(at + 56, r.int(16), true);
    if (r() < 0.3) bytes.set(r.bytes(32), at + 64); // some records carry a second key
  }
  return bytes;
}

let zstdCodec;
export async function zstdStreamingCompress(bytes, level = 3) {
  zstdCodec ??= await new Promise((resolve) => require('zstd-codec').ZstdCodec.run(resolve));
  const streaming = new zstdCodec.Streaming();
  // Fed in 128 KiB chunks: a streaming encoder never learns the total size, so the frame has none.
  const chunks = [];
  for (let i = 0; i < bytes.length; i += 131072) chunks.push(bytes.subarray(i, i + 131072));
  const frame = streaming.compressChunks(chunks, bytes.length, level);
  if (!frame) throw new Error('zstd-codec failed to compress');
  return Buffer.from(frame);
}

/**
 * 5,000 token accounts as getTokenAccountsByDelegate/ByOwner answer them in jsonParsed. With `mainnet`,
 * also what mainnet wallets hold (the tokenAccountsMainnet5000 workload): every 50th account, from 13,
 * holds over 10^18 units of a mint of 0 to 2 decimals, so serde_json writes its uiAmount as an
 * integer-valued float beyond 2^53 (`1.2345678901234567e18`); Token-2022 accounts carry a transfer fee's
 * `withheldAmount`, a u64 written as a number, one of them above 2^53 (item `withheld`).
 */
function tokenAccountsResult(r, delegate, mainnet = false) {
  const mints = Array.from({ length: 60 }, () => ({ address: r.address(), decimals: [6, 6, 6, 9, 9, 0, 8][r.int(7)] }));
  const whales = mainnet ? [0, 1, 2].map((decimals) => ({ address: r.address(), decimals })) : [];
  const items = [];
  let big = -1;
  let withheld = -1;
  for (let i = 0; i < 5000; i++) {
    const whale = mainnet && i % 50 === 13;
    const mint = whale ? whales[r.int(3)] : mints[r.int(mints.length)];
    const t22 = i % 10 === 7;
    let amount;
    if (i === 2500) {
      amount = 18446744073709551615n - 12345n; // a u64 amount far above 2^53
      big = i;
    } else if (whale) amount = 10n ** 18n + BigInt(Math.floor(r() * 8e18));
    else if (r() < 0.05) amount = 0n;
    else amount = BigInt(Math.floor(r() * 10 ** (2 + r.int(10)))) * BigInt(10 ** r.int(4));
    const delegated = amount === 0n ? 0n : amount / BigInt(1 + r.int(4));
    let extensions = '"extensions":[{"extension":"immutableOwner"}]';
    if (mainnet && t22) {
      const fee = i === 777 ? '12345678901234567890' : String(r.int(1_000_000));
      if (i === 777) withheld = i;
      extensions = `"extensions":[{"extension":"immutableOwner"},{"extension":"transferFeeAmount","state":{"withheldAmount":${fee}}}]`;
    }
    const info = [
      `"delegate":"${delegate}"`,
      `"delegatedAmount":${tokenAmount(delegated, mint.decimals)}`,
      ...(t22 ? [extensions] : []),
      '"isNative":false',
      `"mint":"${mint.address}"`,
      `"owner":"${r.address()}"`,
      `"state":"${r() < 0.02 ? 'frozen' : 'initialized'}"`,
      `"tokenAmount":${tokenAmount(amount, mint.decimals)}`,
    ].join(',');
    // Token-2022: account type byte and each extension's 4-byte header (+ 8 for a withheld amount).
    const space = t22 ? (mainnet ? 182 : 170) : 165;
    const program = t22 ? 'spl-token-2022' : 'spl-token';
    const owner = t22 ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM;
    items.push(
      `{"account":{"data":{"parsed":{"info":{${info}},"type":"account"},"program":"${program}","space":${space}},"executable":false,"lamports":${rentExempt(space)},"owner":"${owner}","rentEpoch":${U64_MAX},"space":${space}},"pubkey":"${r.address()}"}`,
    );
  }
  const bigAmount = (18446744073709551615n - 12345n).toString();
  return {
    text: `{"context":{"apiVersion":"2.3.7","slot":356139510},"value":[${items.join(',')}]}`,
    big,
    bigAmount,
    withheld,
    last: 4999,
    lastLamports: rentExempt(165), // item 4999 is a classic token account (every tenth, from 7, is Token-2022)
  };
}

const base58Data = (r, n) => {
  // Instruction data as agave's json encoding prints it: base58 of the raw bytes.
  return require('bs58').default.encode(r.bytes(n));
};

/**
 * A v0 swap-like transaction's `meta` and `message` members: lookup tables, inner instructions, token
 * balances, 70 log lines. Account 3 is a whale whose balance is above 2^53.
 */
function swapParts(r) {
  const staticKeys = Array.from({ length: 16 }, () => r.address());
  staticKeys[10] = 'ComputeBudget111111111111111111111111111111';
  staticKeys[11] = TOKEN_PROGRAM;
  staticKeys[12] = '11111111111111111111111111111111';
  const writable = Array.from({ length: 6 }, () => r.address());
  const readonly = Array.from({ length: 8 }, () => r.address());
  const total = staticKeys.length + writable.length + readonly.length;
  const whale = 3;
  const pre = Array.from({ length: total }, () => 2039280 + r.int(5_000_000_000));
  pre[whale] = '12345678901234567';
  const post = pre.map((v, i) => (i === 0 ? Number(v) - 105000 : v));
  post[whale] = '12345678901234667';
  const instruction = (programIdIndex, nAccounts, dataBytes, stackHeight) =>
    `{"accounts":[${Array.from({ length: nAccounts }, () => r.int(total)).join(',')}],"data":"${base58Data(r, dataBytes)}","programIdIndex":${programIdIndex},"stackHeight":${stackHeight}}`;
  const instructions = [
    instruction(10, 0, 5, 1),
    instruction(10, 0, 9, 1),
    instruction(13, 12, 24, 1),
    instruction(14, 18, 40, 1),
    instruction(11, 3, 9, 1),
  ];
  const inner = [2, 3, 4].map(
    (index) =>
      `{"index":${index},"instructions":[${Array.from({ length: 6 + r.int(6) }, () => instruction(11 + r.int(5), 3 + r.int(8), 8 + r.int(30), 2 + r.int(2))).join(',')}]}`,
  );
  const logs = Array.from({ length: 70 }, (_, i) => {
    const program = staticKeys[10 + (i % 6)];
    return JSON.stringify(
      [
        `Program ${program} invoke [${1 + (i % 3)}]`,
        `Program log: Instruction: ${['Swap', 'TransferChecked', 'Route', 'SharedAccountsRoute'][i % 4]}`,
        `Program ${program} consumed ${1000 + r.int(60000)} of ${200000 - i * 1000} compute units`,
        `Program ${program} success`,
        `Program data: ${Buffer.from(r.bytes(48)).toString('base64')}`,
      ][i % 5],
    );
  });
  const mints = [
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    'So11111111111111111111111111111111111111112',
    r.address(),
  ];
  const balances = (salt) =>
    Array.from({ length: 6 }, (_, i) => {
      const decimals = [6, 9, 6][i % 3];
      const amount = salt === 'post' && i === 0 ? 0n : BigInt(1 + r.int(1e9)) * 1000n;
      const ui = amount === 0n ? 'null' : rustFloat(Number(amount) / 10 ** decimals);
      return `{"accountIndex":${1 + i * 3},"mint":"${mints[i % 3]}","owner":"${r.address()}","programId":"${TOKEN_PROGRAM}","uiTokenAmount":{"amount":"${amount}","decimals":${decimals},"uiAmount":${ui},"uiAmountString":"${uiAmountString(amount, decimals)}"}}`;
    });
  const lookups = [
    { key: r.address(), writable: [1, 4, 7], readonly: [2, 3, 9, 11] },
    { key: r.address(), writable: [0, 5, 6], readonly: [12, 14, 40, 41] },
  ]
    .map(
      (l) =>
        `{"accountKey":"${l.key}","readonlyIndexes":[${l.readonly.join(',')}],"writableIndexes":[${l.writable.join(',')}]}`,
    )
    .join(',');
  const meta = [
    '"computeUnitsConsumed":187331',
    '"costUnits":214906',
    '"err":null',
    '"fee":105000',
    `"innerInstructions":[${inner.join(',')}]`,
    `"loadedAddresses":{"readonly":[${readonly.map((a) => `"${a}"`).join(',')}],"writable":[${writable.map((a) => `"${a}"`).join(',')}]}`,
    `"logMessages":[${logs.join(',')}]`,
    `"postBalances":[${post.join(',')}]`,
    `"postTokenBalances":[${balances('post').join(',')}]`,
    `"preBalances":[${pre.join(',')}]`,
    `"preTokenBalances":[${balances('pre').join(',')}]`,
    '"rewards":[]',
    '"status":{"Ok":null}',
  ].join(',');
  const message = `{"accountKeys":[${staticKeys.map((a) => `"${a}"`).join(',')}],"addressTableLookups":[${lookups}],"header":{"numReadonlySignedAccounts":0,"numReadonlyUnsignedAccounts":6,"numRequiredSignatures":1},"instructions":[${instructions.join(',')}],"recentBlockhash":"${r.address()}"}`;
  return { meta, message, whale, whaleBalance: '12345678901234567', staticKeys: staticKeys.length };
}

/** getTransaction of one swap (swapParts), as agave answers it with `maxSupportedTransactionVersion: 0`. */
function transactionResult(r) {
  const { meta, message, ...at } = swapParts(r);
  return {
    text: `{"blockTime":1754900874,"meta":{${meta}},"slot":356138556,"transaction":{"message":${message},"signatures":["${SIGNATURES[0]}"]},"version":0}`,
    ...at,
  };
}

function voteAccountsResult(r) {
  const entry = (stake, current) => {
    const credits = [];
    let c = 1_800_000_000 + r.int(600_000_000);
    for (let e = 820; e <= 824; e++) {
      const prev = c;
      c += current ? 6_000_000 + r.int(900_000) : r.int(100_000);
      credits.push(`[${e},${c},${prev}]`);
    }
    const lastVote = current ? 356139515 - r.int(40) : 356139515 - 200 - r.int(500000);
    return `{"activatedStake":${stake},"commission":${[0, 0, 0, 5, 10, 100][r.int(6)]},"epochCredits":[${credits.join(',')}],"epochVoteAccount":${stake !== 0},"lastVote":${lastVote},"nodePubkey":"${r.address()}","rootSlot":${lastVote - 31 - r.int(10)},"votePubkey":"${r.address()}"}`;
  };
  const current = [];
  // Stakes with a heavy tail: the largest are above 2^53 lamports (9.0M SOL), as on mainnet.
  for (let i = 0; i < 2000; i++) {
    const stake = i === 0 ? 13822119736540281n : BigInt(Math.floor(1e12 * (1 / (1 - r()) ** 1.4)));
    current.push(entry(stake, true));
  }
  const delinquent = Array.from({ length: 100 }, () => entry(r() < 0.3 ? 0 : BigInt(r.int(1e9)) * 1000n, false));
  return {
    text: `{"current":[${current.join(',')}],"delinquent":[${delinquent.join(',')}]}`,
    topStake: '13822119736540281',
  };
}

function leaderScheduleResult(r) {
  const identities = Array.from({ length: 1500 }, () => r.address()).sort();
  const weights = identities.map(() => 1 / (1 - r()) ** 1.2);
  const cumulative = [];
  let sum = 0;
  for (const w of weights) {
    sum += w;
    cumulative.push(sum);
  }
  const groups = 432000 / 4; // NUM_CONSECUTIVE_LEADER_SLOTS
  const owner = new Int32Array(groups);
  // Every identity leads at least once (otherwise it would not be in the schedule); the rest by stake.
  for (let g = 0; g < groups; g++) {
    if (g < identities.length) owner[g] = g;
    else {
      const x = r() * sum;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      owner[g] = lo;
    }
  }
  for (let g = groups - 1; g > 0; g--) {
    const j = r.int(g + 1);
    [owner[g], owner[j]] = [owner[j], owner[g]];
  }
  const slots = identities.map(() => []);
  for (let g = 0; g < groups; g++) slots[owner[g]].push(g * 4, g * 4 + 1, g * 4 + 2, g * 4 + 3);
  return {
    text: `{${identities.map((id, i) => `"${id}":[${slots[i].join(',')}]`).join(',')}}`,
    identities: identities.length,
    slots: 432000,
  };
}

function clusterNodesResult(r) {
  const versions = ['2.3.7', '2.3.7', '2.3.6', '2.2.20', '0.503.20214', '3.0.4'];
  const featureSets = [2891131721, 2891131721, 1069245146, 3294202862];
  const ip = () => `${[198, 203, 192, 64, 85, 145][r.int(6)]}.${r.int(256)}.${r.int(256)}.${r.int(256)}`;
  const nodes = [];
  for (let i = 0; i < 5000; i++) {
    const host = ip();
    const spy = r() < 0.05;
    const rpc = !spy && r() < 0.1;
    const s = (port) => (spy ? 'null' : `"${host}:${port}"`);
    const versionIndex = r.int(versions.length);
    nodes.push(
      `{"featureSet":${spy ? 'null' : featureSets[versionIndex % featureSets.length]},"gossip":"${host}:8001","pubkey":"${r.address()}","pubsub":${rpc ? `"${host}:8900"` : 'null'},"rpc":${rpc ? `"${host}:8899"` : 'null'},"serveRepair":${s(8008)},"shredVersion":50093,"tpu":${s(8003)},"tpuForwards":${s(8004)},"tpuForwardsQuic":${s(8010)},"tpuQuic":${spy ? 'null' : `"${r() < 0.2 ? ip() : host}:8009"`},"tpuVote":${s(8005)},"tvu":"${host}:8000","version":${spy ? 'null' : `"${versions[versionIndex]}"`}}`,
    );
  }
  return { text: `[${nodes.join(',')}]`, firstFeatureSet: JSON.parse(nodes[0]).featureSet };
}

/**
 * getSignatureStatuses for 256 signatures as agave answers a wallet or indexer polling recent sends:
 * mostly rooted (`finalized`, confirmations null), some `confirmed` with their confirmation count, a few
 * `processed` (0), about one in ten unknown (null), and two failed ones with `err` and the legacy `status`
 * mirror. Keys sorted, as agave's jsonrpc layer writes a `Value`.
 */
function signatureStatusesResult(r) {
  const tip = 356139505;
  const failures = {
    100: '{"InstructionError":[0,{"Custom":1}]}',
    200: '{"InstructionError":[2,{"Custom":6001}]}',
  };
  const entries = [];
  let nulls = 0;
  let rooted = -1;
  for (let i = 0; i < 256; i++) {
    const x = r();
    if (!failures[i] && x < 0.1) {
      entries.push('null');
      nulls++;
      continue;
    }
    let status;
    let confirmations;
    let slot;
    if (x < 0.6) {
      status = 'finalized';
      confirmations = 'null';
      slot = tip - 32 - r.int(120);
      if (rooted < 0) rooted = i;
    } else if (x < 0.93) {
      status = 'confirmed';
      confirmations = 1 + r.int(31);
      slot = tip - confirmations;
    } else {
      status = 'processed';
      confirmations = 0;
      slot = tip;
    }
    const err = failures[i] ?? 'null';
    const legacy = failures[i] ? `{"Err":${failures[i]}}` : '{"Ok":null}';
    entries.push(
      `{"confirmationStatus":"${status}","confirmations":${confirmations},"err":${err},"slot":${slot},"status":${legacy}}`,
    );
  }
  return {
    text: `{"context":{"apiVersion":"2.3.7","slot":${tip}},"value":[${entries.join(',')}]}`,
    nulls,
    rooted,
    failed: 200,
  };
}

/** A classic SPL Token account's 165 bytes, and the jsonParsed `info` agave's account-decoder makes of them. */
function tokenAccount(r, mint, amount) {
  const bytes = new Uint8Array(165);
  const view = new DataView(bytes.buffer);
  const owner = r.address();
  bytes.set(require('bs58').default.decode(mint.address), 0);
  bytes.set(require('bs58').default.decode(owner), 32);
  u64le(view, 64, amount);
  const frozen = r() < 0.02;
  bytes[108] = frozen ? 2 : 1; // AccountState: Initialized or Frozen; no delegate, not native, no close authority
  const info = `"isNative":false,"mint":"${mint.address}","owner":"${owner}","state":"${frozen ? 'frozen' : 'initialized'}","tokenAmount":${tokenAmount(amount, mint.decimals)}`;
  return { bytes, info };
}

/**
 * getProgramAccounts of the Token program with a `dataSize: 165` filter: 20,000 accounts of 60 mints, as
 * base64 and as jsonParsed (the same accounts). One amount is above 2^53. `accounts` (each one's pubkey
 * and bytes) and `mints` (address and decimals) let bench/clientParsing.mjs answer the same accounts in
 * other encodings.
 */
export function programAccounts20000() {
  return programAccountsResults(rng(20_000));
}

function programAccountsResults(r) {
  const mints = Array.from({ length: 60 }, () => ({ address: r.address(), decimals: [6, 6, 6, 9, 9, 0, 8][r.int(7)] }));
  const base64 = [];
  const parsed = [];
  const accounts = [];
  const big = 12_000;
  const bigAmount = 18446744073709551615n - 777n;
  let probeBytes;
  const probe = 4_321;
  for (let i = 0; i < 20_000; i++) {
    const mint = mints[r.int(mints.length)];
    const amount = i === big ? bigAmount : r() < 0.1 ? 0n : BigInt(Math.floor(r() * 10 ** (2 + r.int(10))));
    const { bytes, info } = tokenAccount(r, mint, amount);
    if (i === probe) probeBytes = bytes;
    const pubkey = r.address();
    accounts.push({ pubkey, bytes });
    const meta = `"executable":false,"lamports":2039280,"owner":"${TOKEN_PROGRAM}","rentEpoch":${U64_MAX},"space":165`;
    base64.push(
      `{"account":{"data":["${Buffer.from(bytes).toString('base64')}","base64"],${meta}},"pubkey":"${pubkey}"}`,
    );
    parsed.push(
      `{"account":{"data":{"parsed":{"info":{${info}},"type":"account"},"program":"spl-token","space":165},${meta}},"pubkey":"${pubkey}"}`,
    );
  }
  return {
    base64: `[${base64.join(',')}]`,
    parsed: `[${parsed.join(',')}]`,
    at: { big, probe, last: 19_999 },
    bigAmount: bigAmount.toString(),
    probeBytes,
    accounts,
    mints,
  };
}

/** getMultipleAccounts of 100 addresses, base64: token accounts and a few larger program accounts, 7 missing. */
function multipleAccountsResult(r) {
  const accounts = [];
  let probeBytes;
  const probe = 42;
  for (let i = 0; i < 100; i++) {
    if (i % 15 === 14) {
      accounts.push('null');
      continue;
    }
    const size = i % 10 === 3 ? 1_000 + r.int(9_000) : 165;
    const bytes = r.bytes(size);
    if (i === probe) probeBytes = bytes;
    const owner = size === 165 ? TOKEN_PROGRAM : 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc';
    accounts.push(
      `{"data":["${Buffer.from(bytes).toString('base64')}","base64"],"executable":false,"lamports":${rentExempt(size)},"owner":"${owner}","rentEpoch":${U64_MAX},"space":${size}}`,
    );
  }
  return {
    text: `{"context":${CONTEXT},"value":[${accounts.join(',')}]}`,
    missing: accounts.filter((a) => a === 'null').length,
    probe,
    probeBytes,
  };
}

/** A tower vote, as most of a mainnet block's transactions are: legacy, 3 keys, one Vote instruction. */
function voteTransaction(r) {
  const node = r.address();
  const vote = r.address();
  const nodeBalance = 1_000_000_000 + r.int(2_000_000_000_000);
  const voteBalance = 26_858_640 + r.int(1_000_000_000);
  const meta = [
    '"computeUnitsConsumed":2100',
    '"costUnits":3428',
    '"err":null',
    '"fee":5000',
    '"innerInstructions":[]',
    '"loadedAddresses":{"readonly":[],"writable":[]}',
    '"logMessages":["Program Vote111111111111111111111111111111111111111 invoke [1]","Program Vote111111111111111111111111111111111111111 success"]',
    `"postBalances":[${nodeBalance - 5000},${voteBalance},1]`,
    '"postTokenBalances":[]',
    `"preBalances":[${nodeBalance},${voteBalance},1]`,
    '"preTokenBalances":[]',
    '"rewards":[]',
    '"status":{"Ok":null}',
  ].join(',');
  const message = `{"accountKeys":["${node}","${vote}","Vote111111111111111111111111111111111111111"],"header":{"numReadonlySignedAccounts":0,"numReadonlyUnsignedAccounts":1,"numRequiredSignatures":1},"instructions":[{"accounts":[1,0],"data":"${base58Data(r, 110)}","programIdIndex":2,"stackHeight":null}],"recentBlockhash":"${r.address()}"}`;
  return `{"meta":{${meta}},"transaction":{"message":${message},"signatures":["${r.signature()}"]},"version":"legacy"}`;
}

/**
 * getBlock with `transactionDetails: 'full'`, json, v0 allowed: a mainnet-sized block of 1,500
 * transactions, about 70% votes and the rest swaps (swapParts), with the leader's fee reward.
 */
function blockResult(r) {
  const transactions = [];
  let whaleTx = -1;
  let whale;
  let whaleBalance;
  for (let i = 0; i < 1500; i++) {
    if (r() < 0.7) {
      transactions.push(voteTransaction(r));
      continue;
    }
    const swap = swapParts(r);
    if (whaleTx < 0) {
      // The first swap is the one the fidelity checks read.
      whaleTx = i;
      whale = swap.whale;
      whaleBalance = swap.whaleBalance;
    }
    transactions.push(
      `{"meta":{${swap.meta}},"transaction":{"message":${swap.message},"signatures":["${r.signature()}"]},"version":0}`,
    );
  }
  const rewards = `[{"commission":null,"lamports":41245090,"postBalance":1234567890123,"pubkey":"${r.address()}","rewardType":"Fee"}]`;
  return {
    text: `{"blockHeight":334287100,"blockTime":1754900874,"blockhash":"${r.address()}","parentSlot":356138999,"previousBlockhash":"${r.address()}","rewards":${rewards},"transactions":[${transactions.join(',')}]}`,
    at: { whaleTx, whale },
    whaleBalance,
  };
}

/** getSignaturesForAddress, 1,000 entries newest first: a busy wallet's history, a few failed, a few with memos. */
function signaturesResult(r) {
  let slot = 356_139_400;
  let time = 1_754_900_874;
  const entries = [];
  const failed = 321;
  const memo = 500;
  for (let i = 0; i < 1000; i++) {
    slot -= 1 + r.int(400);
    time -= r.int(160);
    const err =
      i === failed
        ? '{"InstructionError":[2,{"Custom":6001}]}'
        : r() < 0.03
          ? '{"InstructionError":[0,{"Custom":1}]}'
          : 'null';
    // agave prints each memo as `[length] text`.
    const note = i === memo ? '"[11] order-42-ok"' : r() < 0.02 ? `"[8] ${10_000_000 + r.int(90_000_000)}"` : 'null';
    entries.push(
      `{"blockTime":${time},"confirmationStatus":"finalized","err":${err},"memo":${note},"signature":"${r.signature()}","slot":${slot}}`,
    );
  }
  return { text: `[${entries.join(',')}]`, at: { failed, memo, last: 999 }, lastSlot: slot };
}

/**
 * Builds every workload's result text(s) and its expectations. `results[id]` maps an encoding (or
 * `default`) to the JSON text of the `result` member.
 */
export async function buildPayloads() {
  const results = {};
  const expect = {};

  results.epochInfo = {
    default:
      '{"absoluteSlot":356139456,"blockHeight":334287113,"epoch":824,"slotIndex":171456,"slotsInEpoch":432000,"transactionCount":418273992151}',
  };
  expect.epochInfo = {
    checks: [
      { probe: 'transactionCount', kind: 'int', value: '418273992151' },
      { probe: 'absoluteSlot', kind: 'int', value: '356139456' },
    ],
  };

  const small = tokenAccountBytes(rng(165));
  const smallMeta = { lamports: rentExempt(165), owner: TOKEN_PROGRAM, space: 165 };
  results.account165 = { base64: accountResult(Buffer.from(small).toString('base64'), 'base64', smallMeta) };
  expect.account165 = accountChecks(smallMeta, small);

  const mib = rng(1024).bytes(1024 * 1024);
  const mibMeta = {
    lamports: rentExempt(mib.length),
    owner: 'BPFLoaderUpgradeab1e11111111111111111111111',
    space: mib.length,
  };
  results.account1m = { base64: accountResult(Buffer.from(mib).toString('base64'), 'base64', mibMeta) };
  expect.account1m = accountChecks(mibMeta, mib);

  const large = largeStateBytes(rng(10));
  const frame = await zstdStreamingCompress(large);
  const largeMeta = {
    lamports: rentExempt(large.length),
    owner: 'dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH',
    space: large.length,
  };
  results.account10mZstd = {
    'base64+zstd': accountResult(frame.toString('base64'), 'base64+zstd', largeMeta),
    // For clients that cannot ask for zstd (web3.js v1): the same account as plain base64.
    base64: accountResult(Buffer.from(large).toString('base64'), 'base64', largeMeta),
  };
  expect.account10mZstd = {
    ...accountChecks(largeMeta, large),
    frameBytes: frame.length,
    frameHeader: frameInfo(frame),
  };

  const tokens = tokenAccountsResult(rng(5000), ADDRESSES.tokenAccounts5000[0]);
  results.tokenAccounts5000 = { default: tokens.text };
  expect.tokenAccounts5000 = {
    at: { big: tokens.big, last: tokens.last },
    checks: [
      { probe: 'count', kind: 'int', value: '5000' },
      { probe: 'rentEpoch', kind: 'u64', value: U64_MAX },
      { probe: 'lamports', kind: 'u64', value: String(tokens.lastLamports) },
      { probe: 'amount', kind: 'string', value: tokens.bigAmount },
    ],
  };

  const mainnet = tokenAccountsResult(rng(5001), ADDRESSES.tokenAccountsMainnet5000[0], true);
  results.tokenAccountsMainnet5000 = { default: mainnet.text };
  expect.tokenAccountsMainnet5000 = {
    at: { big: mainnet.big, last: mainnet.last, withheld: mainnet.withheld },
    checks: [
      ...expect.tokenAccounts5000.checks,
      { probe: 'withheldAmount', kind: 'u64', value: '12345678901234567890' },
    ],
  };

  const tx = transactionResult(rng(1));
  results.transactionV0 = { default: tx.text };
  expect.transactionV0 = {
    at: { whale: tx.whale },
    checks: [
      { probe: 'whaleBalance', kind: 'u64', value: tx.whaleBalance },
      { probe: 'fee', kind: 'u64', value: '105000' },
      { probe: 'slot', kind: 'int', value: '356138556' },
      { probe: 'staticKeys', kind: 'int', value: String(tx.staticKeys) },
    ],
  };

  const votes = voteAccountsResult(rng(2100));
  results.voteAccounts2100 = { default: votes.text };
  expect.voteAccounts2100 = {
    checks: [
      { probe: 'total', kind: 'int', value: '2100' },
      { probe: 'topStake', kind: 'u64', value: votes.topStake },
    ],
  };

  const schedule = leaderScheduleResult(rng(432));
  results.leaderSchedule = { default: schedule.text };
  expect.leaderSchedule = {
    checks: [
      { probe: 'identities', kind: 'int', value: String(schedule.identities) },
      { probe: 'slots', kind: 'int', value: String(schedule.slots) },
    ],
  };

  const nodes = clusterNodesResult(rng(5001));
  results.clusterNodes5000 = { default: nodes.text };
  expect.clusterNodes5000 = {
    checks: [
      { probe: 'count', kind: 'int', value: '5000' },
      { probe: 'featureSet', kind: 'int', value: String(nodes.firstFeatureSet) },
    ],
  };

  // sendTransaction's result is the transaction's first signature, base58; the server answers each of
  // bench/workloads.mjs's TRANSACTIONS with its own (results.sendTransaction maps base64 to the answer).
  results.sendTransaction = Object.fromEntries(
    TRANSACTIONS.map((tx) => [Buffer.from(tx.bytes).toString('base64'), JSON.stringify(tx.signature)]),
  );
  expect.sendTransaction = {
    checks: [{ probe: 'signature', kind: 'string', value: TRANSACTIONS[0].signature }],
  };

  const statuses = signatureStatusesResult(rng(256));
  results.getSignatureStatuses256 = { default: statuses.text };
  expect.getSignatureStatuses256 = {
    at: { rooted: statuses.rooted, failed: statuses.failed },
    checks: [
      { probe: 'count', kind: 'int', value: '256' },
      { probe: 'nulls', kind: 'int', value: String(statuses.nulls) },
      { probe: 'rootedConfirmations', kind: 'string', value: 'null' },
      { probe: 'failedCustom', kind: 'int', value: '6001' },
      { probe: 'contextSlot', kind: 'int', value: '356139505' },
    ],
  };

  const program = programAccounts20000();
  results.programAccounts20000 = { base64: program.base64 };
  expect.programAccounts20000 = {
    at: program.at,
    checks: [
      { probe: 'count', kind: 'int', value: '20000' },
      { probe: 'data', kind: 'bytes', length: 165, sha256: sha256(program.probeBytes) },
      { probe: 'rentEpoch', kind: 'u64', value: U64_MAX },
    ],
  };
  results.programAccounts20000Parsed = { jsonParsed: program.parsed };
  expect.programAccounts20000Parsed = {
    at: program.at,
    checks: [
      { probe: 'count', kind: 'int', value: '20000' },
      { probe: 'amount', kind: 'string', value: program.bigAmount },
      { probe: 'rentEpoch', kind: 'u64', value: U64_MAX },
      { probe: 'lamports', kind: 'u64', value: '2039280' },
    ],
  };

  const multiple = multipleAccountsResult(rng(100));
  results.multipleAccounts100 = { base64: multiple.text };
  expect.multipleAccounts100 = {
    at: { probe: multiple.probe },
    checks: [
      { probe: 'count', kind: 'int', value: '100' },
      { probe: 'missing', kind: 'int', value: String(multiple.missing) },
      { probe: 'data', kind: 'bytes', length: multiple.probeBytes.length, sha256: sha256(multiple.probeBytes) },
      { probe: 'rentEpoch', kind: 'u64', value: U64_MAX },
    ],
  };

  const block = blockResult(rng(1500));
  results.block1500 = { default: block.text };
  expect.block1500 = {
    at: block.at,
    checks: [
      { probe: 'count', kind: 'int', value: '1500' },
      { probe: 'whaleBalance', kind: 'u64', value: block.whaleBalance },
      { probe: 'fee', kind: 'u64', value: '105000' },
      { probe: 'blockHeight', kind: 'int', value: '334287100' },
      { probe: 'leaderPostBalance', kind: 'u64', value: '1234567890123' },
    ],
  };

  const history = signaturesResult(rng(1000));
  results.signatures1000 = { default: history.text };
  expect.signatures1000 = {
    at: history.at,
    checks: [
      { probe: 'count', kind: 'int', value: '1000' },
      { probe: 'slot', kind: 'int', value: String(history.lastSlot) },
      { probe: 'failedCustom', kind: 'int', value: '6001' },
      { probe: 'memo', kind: 'string', value: '[11] order-42-ok' },
    ],
  };

  return { results, expect };
}

function accountChecks(meta, bytes) {
  return {
    checks: [
      { probe: 'lamports', kind: 'u64', value: String(meta.lamports) },
      { probe: 'rentEpoch', kind: 'u64', value: U64_MAX },
      { probe: 'data', kind: 'bytes', length: bytes.length, sha256: sha256(bytes) },
    ],
  };
}

/** The frame header fields that matter here: agave's frames declare no content size. */
function frameInfo(frame) {
  const descriptor = frame[4];
  return {
    contentSizeDeclared: descriptor >> 6 !== 0 || ((descriptor >> 5) & 1) === 1,
    checksum: ((descriptor >> 2) & 1) === 1,
  };
}
