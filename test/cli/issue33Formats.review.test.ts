/**
 * Hostile review of issue 33's account commands (deliverable 5) against the newest Solana CLI's formats,
 * each expectation derived from agave's source (the function named beside it), over a loopback node that
 * holds the accounts as bytes. Text is compared whole, JSON byte for byte (serde_json's key order, numbers
 * as numbers), errors by their one stderr line and exit code.
 *
 * One difference is left out of these expectations on purpose: the Solana CLI prints its result with
 * `println!("{result}")` (cli/src/main.rs), so a Display that ends in a newline is followed by an empty line;
 * solrpc ends every output with exactly one newline, whatever the command (Context.print).
 */
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { decodeBase58 } from '../../src/codecs/base58Text.js';
import { lookupTableBytes } from '../../src/testing/accountBytes/addressLookupTable.js';
import { nonceAccountBytes } from '../../src/testing/accountBytes/nonce.js';
import { delegatedStakeBytes, initializedStakeBytes, NO_EPOCH } from '../../src/testing/accountBytes/stake.js';
import { reply } from '../msw/server.js';
import {
  accountHandlers,
  CONFIG_PROGRAM,
  type Held,
  held,
  LOOKUP_TABLE_PROGRAM,
  STAKE_PROGRAM,
  SYSTEM_PROGRAM,
} from './accountServer.js';
import { runCli, useScriptedServers } from './helpers.js';
import {
  ACTIVE,
  CUSTODIAN,
  DEACTIVATING,
  RESERVE,
  SOL,
  STAKER,
  stakeCluster,
  VOTER,
  WITHDRAWER,
} from './stakeFixtures.js';

const scripted = useScriptedServers();

const ACCOUNT = 'BV1gUk3YxpeudLfHbBAM4u4qAwGRNKrnJkXuhafqQfL5';
const IDENTITY = 'HNbiCJhTGcCjNCCs4zfRDSc9u89CzRH6T2AounXgGjod';
const OTHER_VOTER = '345wFmS8jpkpAT7hRBvQxG7UE5ceqgZ8tbb6ZSeyXhuV';
const OTHER_IDENTITY = 'GbNXn1auyc3qhJf92qsdHfBuUFt9xz3shZw4JGJv2JNh';
const OTHER_STAKE = 'Hr54Gnkv3vugbWKpSqZct66RTYgxbi1B8qUmsrdKFjcy';
const MISSING = '7gg3sR26BsRYYp2fQrxLyi1pMsB8L4yneZcz9DhjBLPE';
const VALIDATOR_INFO_KEY = 'Va1idator1nfo111111111111111111111111111111';

/** The stake cluster's sysvars and feature (epoch 800), without its stake accounts. */
const sysvars = () => stakeCluster().filter((account) => account.owner !== STAKE_PROGRAM);
const meta = (lockup?: { unixTimestamp: bigint; epoch: bigint; custodian: string }) => ({
  rentExemptReserve: RESERVE,
  staker: STAKER,
  withdrawer: WITHDRAWER,
  ...(lockup ? { lockup } : {}),
});
const delegated = (voter: string, stake: bigint, activationEpoch: bigint, deactivationEpoch = NO_EPOCH) =>
  delegatedStakeBytes(meta(), { voter, stake, activationEpoch, deactivationEpoch, creditsObserved: 1234n });

const voteAccount = (votePubkey: string, nodePubkey: string) => ({
  activatedStake: 1000n * SOL,
  commission: 5,
  epochCredits: [[800, 2000, 1000]],
  epochVoteAccount: true,
  lastVote: 345_600_999,
  nodePubkey,
  rootSlot: 345_600_968,
  votePubkey,
});

async function node(accounts: Held[], extra: Parameters<typeof scripted>[0] = {}) {
  return scripted({ ...accountHandlers(accounts), ...extra });
}

const AUTHORITIES = [`Stake Authority: ${STAKER}`, `Withdraw Authority: ${WITHDRAWER}`];

describe('stake-account (cli/src/stake.rs get_account_stake_state, cli-output CliStakeState)', () => {
  it('bytes the stake program cannot deserialize: the error names the InstructionError ({err}, not {err:?} nor nothing)', async () => {
    // get_account_stake_state: `stake_account.state()` maps a bincode failure to
    // InstructionError::InvalidAccountData, whose Display is "invalid account data for instruction", and
    // words it as RpcRequestError("Account data could not be deserialized to stake state: {err}").
    const server = await node([...sysvars(), held(ACCOUNT, STAKE_PROGRAM, 5n, new Uint8Array([9, 0, 0, 0, 1]))]);
    const result = await runCli(['stake-account', ACCOUNT, '-u', server.url]);
    expect(result.out).toBe('');
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'Error: RPC request error: Account data could not be deserialized to stake state: invalid account data for instruction\n',
    );
  });

  it('a delegated stake truncated before its flags byte is refused the same way (bincode needs all 197 bytes)', async () => {
    const bytes = delegated(VOTER, SOL, 5n).subarray(0, 196);
    const server = await node([...sysvars(), held(ACCOUNT, STAKE_PROGRAM, 5n, bytes)]);
    const result = await runCli(['stake-account', ACCOUNT, '-u', server.url]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^Error: RPC request error: Account data could not be deserialized to stake state/);
  });

  it('a missing account and one of another owner: RpcClient::get_account and the owner check', async () => {
    const server = await node([...sysvars(), held(ACCOUNT, SYSTEM_PROGRAM, 5n, new Uint8Array(0))]);
    const missing = await runCli(['stake-account', MISSING, '-u', server.url]);
    // nonblocking RpcClient::get_account: RpcError::ForUser("AccountNotFound: pubkey={pubkey}").
    expect([missing.out, missing.err, missing.code]).toEqual(['', `Error: AccountNotFound: pubkey=${MISSING}\n`, 1]);
    const other = await runCli(['stake-account', ACCOUNT, '-u', server.url]);
    // "{stake_account_address:?} is not a stake account": a Pubkey's Debug is its base58.
    expect([other.out, other.err, other.code]).toEqual([
      '',
      `Error: RPC request error: ${ACCOUNT} is not a stake account\n`,
      1,
    ]);
  });

  it('initialized, its lockup in force by epoch only: "Lockup Epoch" and the custodian, no timestamp line', async () => {
    const bytes = initializedStakeBytes(meta({ unixTimestamp: 0n, epoch: 900n, custodian: CUSTODIAN }));
    const server = await node([...sysvars(), held(ACCOUNT, STAKE_PROGRAM, 3n * SOL + RESERVE, bytes)]);
    const text = await runCli(['stake-account', ACCOUNT, '-u', server.url]);
    // CliStakeState Display, CliStakeType::Initialized: undelegated, authorities, show_lockup (a zero
    // timestamp is left out, `lockup.unix_timestamp != UnixTimestamp::default()`).
    expect(text.out).toBe(
      `${[
        'Balance: 3.00228288 SOL',
        'Rent Exempt Reserve: 0.00228288 SOL',
        'Stake account is undelegated',
        ...AUTHORITIES,
        'Lockup Epoch: 900',
        `Lockup Custodian: ${CUSTODIAN}`,
      ].join('\n')}\n`,
    );
    const json = await runCli(['stake-account', ACCOUNT, '-u', server.url, '--output', 'json-compact']);
    // build_stake_state (Initialized): credits_observed Some(0); the flattened CliAuthorized and CliLockup.
    expect(json.out).toBe(
      `{"stakeType":"Initialized","accountBalance":3002282880,"creditsObserved":0,"staker":"${STAKER}","withdrawer":"${WITHDRAWER}","unixTimestamp":0,"epoch":900,"custodian":"${CUSTODIAN}","rentExemptReserve":2282880}\n`,
    );
  });

  it('a lockup "forever" (i64::MAX seconds): chrono has no such date, so "UnixTimestamp N" with every digit', async () => {
    // show_lockup prints display.rs unix_timestamp_to_string: DateTime::from_timestamp is None outside
    // chrono's years -262143..=262142, and the text is then format!("UnixTimestamp {unix_timestamp}").
    const forever = 9_223_372_036_854_775_807n;
    const bytes = initializedStakeBytes(meta({ unixTimestamp: forever, epoch: 0n, custodian: CUSTODIAN }));
    const server = await node([...sysvars(), held(ACCOUNT, STAKE_PROGRAM, 3n * SOL + RESERVE, bytes)]);
    const text = await runCli(['stake-account', ACCOUNT, '-u', server.url]);
    expect(text.out.split('\n').slice(-3)).toEqual([
      `Lockup Timestamp: UnixTimestamp ${forever}`,
      `Lockup Custodian: ${CUSTODIAN}`,
      '',
    ]);
    const json = await runCli(['stake-account', ACCOUNT, '-u', server.url, '--output', 'json-compact']);
    expect(json.out).toContain(`"unixTimestamp":${forever},"epoch":0,`);
  });

  it("a lockup past chrono's last date (year 262142) but within JavaScript's: still UnixTimestamp", async () => {
    const bytes = initializedStakeBytes(meta({ unixTimestamp: 8_210_266_876_800n, epoch: 0n, custodian: CUSTODIAN }));
    const server = await node([...sysvars(), held(ACCOUNT, STAKE_PROGRAM, 3n * SOL + RESERVE, bytes)]);
    const text = await runCli(['stake-account', ACCOUNT, '-u', server.url]);
    expect(text.out).toContain('\nLockup Timestamp: UnixTimestamp 8210266876800\n');
  });

  it("a lockup at chrono's last second and one past year 9999: RFC 3339 with a signed year", async () => {
    const last = initializedStakeBytes(meta({ unixTimestamp: 8_210_266_876_799n, epoch: 0n, custodian: CUSTODIAN }));
    const y10k = initializedStakeBytes(meta({ unixTimestamp: 253_402_300_800n, epoch: 0n, custodian: CUSTODIAN }));
    const server = await node([
      ...sysvars(),
      held(ACCOUNT, STAKE_PROGRAM, SOL, last),
      held(IDENTITY, STAKE_PROGRAM, SOL, y10k),
    ]);
    // to_rfc3339_opts(SecondsFormat::Secs, true): a year outside 0..=9999 is written `{:+05}`.
    expect((await runCli(['stake-account', ACCOUNT, '-u', server.url])).out).toContain(
      '\nLockup Timestamp: +262142-12-31T23:59:59Z\n',
    );
    expect((await runCli(['stake-account', IDENTITY, '-u', server.url])).out).toContain(
      '\nLockup Timestamp: +10000-01-01T00:00:00Z\n',
    );
  });

  it('deactivating from this very epoch: active, no inactive lines, the deactivation epoch; --lamports and --verbose', async () => {
    const server = await node([
      ...sysvars(),
      held(ACCOUNT, STAKE_PROGRAM, 1000n * SOL + RESERVE, delegated(VOTER, 1000n * SOL, 500n, 800n)),
    ]);
    const result = await runCli(['stake-account', ACCOUNT, '-u', server.url, '--lamports', '-v']);
    // show_active_stake (current_epoch <= deactivation_epoch), show_inactive_stake (current_epoch is not
    // above it: only the deactivation line), VerboseDisplay adds Credits Observed; build_balance_message
    // with use_lamports_unit.
    expect(result.out).toBe(
      `${[
        'Balance: 1000002282880 lamports',
        'Rent Exempt Reserve: 2282880 lamports',
        'Delegated Stake: 1000000000000 lamports',
        'Active Stake: 1000000000000 lamports',
        'Stake deactivates starting from epoch: 800',
        `Delegated Vote Account Address: ${VOTER}`,
        ...AUTHORITIES,
        'Credits Observed: 1234',
      ].join('\n')}\n`,
    );
    const json = await runCli(['stake-account', ACCOUNT, '-u', server.url, '--output', 'json-compact']);
    // stake_activating_and_deactivating at the deactivation epoch: all effective, all deactivating.
    expect(json.out).toBe(
      `{"stakeType":"Stake","accountBalance":1000002282880,"creditsObserved":1234,"delegatedStake":1000000000000,"delegatedVoteAccountAddress":"${VOTER}","activationEpoch":500,"deactivationEpoch":800,"staker":"${STAKER}","withdrawer":"${WITHDRAWER}","rentExemptReserve":2282880,"activeStake":1000000000000,"deactivatingStake":1000000000000}\n`,
    );
  });

  it('uninitialized and rewards-pool accounts: the balance and one line; JSON of two keys', async () => {
    const server = await node([
      ...sysvars(),
      held(ACCOUNT, STAKE_PROGRAM, 5n, new Uint8Array(200)),
      held(IDENTITY, STAKE_PROGRAM, 1n, new Uint8Array([3, 0, 0, 0])),
    ]);
    const uninitialized = await runCli(['stake-account', ACCOUNT, '-u', server.url]);
    expect(uninitialized.out).toBe('Balance: 0.000000005 SOL\nStake account is uninitialized\n');
    const pool = await runCli(['stake-account', IDENTITY, '-u', server.url, '--output', 'json-compact']);
    expect(pool.out).toBe('{"stakeType":"RewardsPool","accountBalance":1}\n');
  });
});

describe('stakes (cli/src/cluster_query.rs process_show_stakes, CliStakeVec)', () => {
  /** Stakes of two validators, interleaved in the node's order, and one the node lists of a third. */
  async function twoValidators() {
    return node(
      [
        ...sysvars(),
        held(ACTIVE, STAKE_PROGRAM, 1000n * SOL + RESERVE, delegated(VOTER, 1000n * SOL, 500n)),
        held(OTHER_STAKE, STAKE_PROGRAM, 2n * SOL + RESERVE, delegated(OTHER_VOTER, 2n * SOL, 400n)),
        held(ACCOUNT, STAKE_PROGRAM, SOL + RESERVE, delegated(CUSTODIAN, SOL, 400n)),
        held(DEACTIVATING, STAKE_PROGRAM, 1000n * SOL + RESERVE, delegated(VOTER, 1000n * SOL, 500n, 799n)),
      ],
      {
        getVoteAccounts: reply.result({
          current: [voteAccount(VOTER, IDENTITY), voteAccount(WITHDRAWER, STAKER)],
          delinquent: [voteAccount(OTHER_VOTER, OTHER_IDENTITY), voteAccount(CUSTODIAN, MISSING)],
        }),
      },
    );
  }

  it("two validators: their stakes in the node's order, as one unfiltered listing gives them (not grouped by validator)", async () => {
    // process_show_stakes filters on the node only when one vote account is given; with two it reads the
    // program's accounts once and keeps, in the order the node sent them, each Stake whose voter is in the set.
    const server = await twoValidators();
    const result = await runCli(['stakes', VOTER, OTHER_IDENTITY, '-u', server.url, '--output', 'json-compact']);
    expect(result.code).toBe(0);
    const list = JSON.parse(result.out) as { stakePubkey: string }[];
    expect(list.map((stake) => stake.stakePubkey)).toEqual([ACTIVE, OTHER_STAKE, DEACTIVATING]);
  });

  it('two validators, text: each account after an empty line, in the same order', async () => {
    const server = await twoValidators();
    const result = await runCli(['stakes', OTHER_VOTER, VOTER, '-u', server.url]);
    const pubkeys = result.out.split('\n').filter((line) => line.startsWith('Stake Pubkey: '));
    expect(pubkeys).toEqual([ACTIVE, OTHER_STAKE, DEACTIVATING].map((key) => `Stake Pubkey: ${key}`));
    expect(result.out.startsWith(`\nStake Pubkey: ${ACTIVE}\nBalance: 1000.00228288 SOL\n`)).toBe(true);
  });

  it('one validator with no stake: "No stake accounts found", in JSON too (returned as text)', async () => {
    const server = await twoValidators();
    const result = await runCli(['stakes', WITHDRAWER, '-u', server.url, '--output', 'json']);
    expect([result.out, result.code]).toEqual(['No stake accounts found\n', 0]);
  });
});

describe('nonce-account (cli/src/nonce.rs process_show_nonce_account, CliNonceAccount)', () => {
  const BLOCKHASH = encodeBase58(new Uint8Array(32).fill(7));

  async function nonceNode() {
    return node(
      [
        held(ACCOUNT, SYSTEM_PROGRAM, 1_447_680n, nonceAccountBytes(STAKER, BLOCKHASH, 5000n)),
        held(IDENTITY, SYSTEM_PROGRAM, 2_000_000n, new Uint8Array(80)),
        held(OTHER_STAKE, SYSTEM_PROGRAM, 1n, new Uint8Array([1, 0, 0, 0, 1, 0, 0, 0, 9])),
        held(VOTER, STAKE_PROGRAM, 1n, new Uint8Array(80)),
      ],
      { getMinimumBalanceForRentExemption: reply.result(1_447_680) },
    );
  }

  it('initialized: blockhash, "Fee: N lamports per signature", authority; JSON numbers and strings', async () => {
    const server = await nonceNode();
    const text = await runCli(['nonce-account', ACCOUNT, '-u', server.url]);
    expect(text.out).toBe(
      `${[
        'Balance: 0.00144768 SOL',
        'Minimum Balance Required: 0.00144768 SOL',
        `Nonce blockhash: ${BLOCKHASH}`,
        'Fee: 5000 lamports per signature',
        `Authority: ${STAKER}`,
      ].join('\n')}\n`,
    );
    const json = await runCli(['nonce-account', ACCOUNT, '-u', server.url, '--output', 'json-compact']);
    expect(json.out).toBe(
      `{"balance":1447680,"minimumBalanceForRentExemption":1447680,"nonce":"${BLOCKHASH}","lamportsPerSignature":5000,"authority":"${STAKER}"}\n`,
    );
  });

  it('uninitialized: "uninitialized" three times ("Fees:" plural), JSON nulls; --lamports', async () => {
    const server = await nonceNode();
    const text = await runCli(['nonce-account', IDENTITY, '-u', server.url, '--lamports']);
    expect(text.out).toBe(
      `${[
        'Balance: 2000000 lamports',
        'Minimum Balance Required: 1447680 lamports',
        'Nonce blockhash: uninitialized',
        'Fees: uninitialized',
        'Authority: uninitialized',
      ].join('\n')}\n`,
    );
    const json = await runCli(['nonce-account', IDENTITY, '-u', server.url, '--output', 'json-compact']);
    expect(json.out).toBe(
      '{"balance":2000000,"minimumBalanceForRentExemption":1447680,"nonce":null,"lamportsPerSignature":null,"authority":null}\n',
    );
    const nonce = await runCli(['nonce', IDENTITY, '-u', server.url]);
    expect(nonce.out).toBe('Nonce account is uninitialized\n');
  });

  it('errors: solana-rpc-client-nonce-utils words (missing, wrong owner, bytes that are no nonce)', async () => {
    const server = await nonceNode();
    const cases: [string, string][] = [
      [MISSING, `client error: AccountNotFound: pubkey=${MISSING}`],
      [VOTER, 'invalid account owner'],
      [OTHER_STAKE, 'invalid account data'],
    ];
    for (const [address, message] of cases) {
      const result = await runCli(['nonce-account', address, '-u', server.url]);
      expect([result.out, result.err, result.code]).toEqual(['', `Error: ${message}\n`, 1]);
    }
  });
});

describe('address-lookup-table get (cli/src/address_lookup_table.rs process_show_lookup_table)', () => {
  it('addresses not a whole number of keys: AddressLookupTable::deserialize gives InvalidAccountData', async () => {
    const table = lookupTableBytes({
      deactivationSlot: NO_EPOCH,
      lastExtendedSlot: 9n,
      lastExtendedSlotStartIndex: 0,
      addresses: [VOTER],
    });
    const server = await node([held(ACCOUNT, LOOKUP_TABLE_PROGRAM, 1n, table.subarray(0, table.length - 4))]);
    const result = await runCli(['address-lookup-table', 'get', ACCOUNT, '-u', server.url]);
    expect([result.out, result.err, result.code]).toEqual(['', 'Error: invalid account data for instruction\n', 1]);
  });

  it('a deactivated frozen table: CliAddressLookupTable, text and pretty JSON (u64 slots as numbers)', async () => {
    const table = lookupTableBytes({
      deactivationSlot: 345_000_000n,
      lastExtendedSlot: 344_999_000n,
      lastExtendedSlotStartIndex: 1,
      addresses: [VOTER, STAKER],
    });
    const server = await node([held(ACCOUNT, LOOKUP_TABLE_PROGRAM, 1n, table)]);
    const text = await runCli(['address-lookup-table', 'get', ACCOUNT, '-u', server.url]);
    expect(text.out).toBe(
      `${[
        '',
        `Lookup Table Address: ${ACCOUNT}`,
        'Authority: None (frozen)',
        'Deactivation Slot: 345000000',
        'Last Extended Slot: 344999000',
        'Address Table Entries:',
        '',
        '  Index  Address',
        `  0      ${VOTER}`,
        `  1      ${STAKER}`,
      ].join('\n')}\n`,
    );
    const json = await runCli(['address-lookup-table', 'get', ACCOUNT, '-u', server.url, '--output', 'json']);
    expect(json.out).toBe(
      `${[
        '{',
        `  "lookupTableAddress": "${ACCOUNT}",`,
        '  "authority": null,',
        '  "deactivationSlot": 345000000,',
        '  "lastExtendedSlot": 344999000,',
        '  "addresses": [',
        `    "${VOTER}",`,
        `    "${STAKER}"`,
        '  ]',
        '}',
      ].join('\n')}\n`,
    );
  });
});

/** A config account: the keys (address, signer), then the info text as a bincode String. */
function infoAccount(text: string): Uint8Array {
  const keys: [string, boolean][] = [
    [VALIDATOR_INFO_KEY, false],
    [IDENTITY, true],
  ];
  const body = new TextEncoder().encode(text);
  const out = new Uint8Array(1 + keys.length * 33 + 8 + body.length);
  out[0] = keys.length;
  keys.forEach(([key, signer], i) => {
    out.set(decodeBase58(key, 32) as Uint8Array, 1 + 33 * i);
    out[33 + 33 * i] = signer ? 1 : 0;
  });
  const at = 1 + keys.length * 33;
  new DataView(out.buffer).setBigUint64(at, BigInt(body.length), true);
  out.set(body, at + 8);
  return out;
}

describe('validator-info get (cli/src/validator_info.rs, CliValidatorInfo Display with inflector to_title_case)', () => {
  it("field names titled as Inflector 0.11's to_title_case: a digit ends a word, a capital after one letter does not, non-ASCII letters kept", async () => {
    // to_case_camel_like: any non-alphanumeric char separates words; a digit is pushed and starts a new
    // word; a capital starts one only after a lowercase letter pushed as such (`last_char` is not updated
    // when a word starts); only ASCII letters change case.
    const info = '{"a1b":"x","aB":"y","myHTTPServer":"z","name":"N","\u00e9mail":"w"}';
    const server = await node([held(ACCOUNT, CONFIG_PROGRAM, 10_000_000n, infoAccount(info))]);
    const result = await runCli(['validator-info', 'get', ACCOUNT, '-u', server.url]);
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      `${[
        '',
        `Validator Identity: ${IDENTITY}`,
        `  Info Address: ${ACCOUNT}`,
        '  A1 B: x',
        '  Ab: y',
        '  My H T T P Server: z',
        '  Name: N',
        '  \u00e9mail: w',
      ].join('\n')}\n`,
    );
  });

  it('the usual fields: Name, Website, Details, Icon Url, Keybase Username; an empty value is "(not set)"', async () => {
    const info =
      '{"details":"","iconUrl":"https://x.example/i.png","keybaseUsername":"kb","name":"Val","website":"https://x.example"}';
    const server = await node([held(ACCOUNT, CONFIG_PROGRAM, 10_000_000n, infoAccount(info))]);
    const result = await runCli(['validator-info', 'get', ACCOUNT, '-u', server.url]);
    expect(result.out).toBe(
      `${[
        '',
        `Validator Identity: ${IDENTITY}`,
        `  Info Address: ${ACCOUNT}`,
        '  Details: (not set)',
        '  Icon Url: https://x.example/i.png',
        '  Keybase Username: kb',
        '  Name: Val',
        '  Website: https://x.example',
      ].join('\n')}\n`,
    );
  });
});

describe('stake-history (cli/src/stake.rs process_show_stake_history, CliStakeHistory)', () => {
  it('--limit 1 shows the newest epoch; JSON gives every entry; --lamports', async () => {
    const server = await node(sysvars());
    const text = await runCli(['stake-history', '--limit', '1', '-u', server.url]);
    // `  {:<5}  {:>20}  {:>20}  {:>20}` header; rows `  {:>5}  {:>20}  {:>20}  {:>20} {}`, `{:.9}` SOL untrimmed.
    expect(text.out).toBe(
      [
        '',
        '  Epoch       Effective Stake      Activating Stake    Deactivating Stake',
        '    799   400000000.000000000   400000000.000000000   400000000.000000000 SOL',
        '',
      ].join('\n'),
    );
    const lamports = await runCli(['stake-history', '--limit', '1', '--lamports', '-u', server.url]);
    expect(lamports.out.split('\n')[2]).toBe(
      '    799    400000000000000000    400000000000000000    400000000000000000 lamports',
    );
    const json = await runCli(['stake-history', '--limit', '1', '-u', server.url, '--output', 'json-compact']);
    expect(json.out).toBe(
      '{"entries":[{"epoch":799,"effectiveStake":400000000000000000,"activatingStake":400000000000000000,"deactivatingStake":400000000000000000},{"epoch":798,"effectiveStake":399000000000000000,"activatingStake":0,"deactivatingStake":0}]}\n',
    );
  });
});

describe('rent (cli/src/cluster_query.rs process_calculate_rent, CliRentCalculation)', () => {
  it('monikers (vote is VoteStateV4::size_of, 3762), lamports, JSON with the deprecated rates at 0', async () => {
    const server = await node(sysvars());
    const vote = await runCli(['rent', 'VOTE', '-u', server.url]);
    // Mainnet's rent: 3480 lamports a byte-year, exempt at 2 years: (128 + 3762) * 6960.
    expect(vote.out).toBe('Rent-exempt minimum: 0.0270744 SOL\n');
    const nonce = await runCli(['rent', 'nonce', '--lamports', '-u', server.url]);
    expect(nonce.out).toBe('Rent-exempt minimum: 1447680 lamports\n');
    const json = await runCli(['rent', '200', '-u', server.url, '--output', 'json-compact']);
    expect(json.out).toBe('{"lamportsPerByteYear":0,"lamportsPerEpoch":0,"rentExemptMinimumLamports":2282880}\n');
    const big = await runCli(['rent', '10485761', '-u', server.url]);
    expect(big.err).toBe('Warning: Maximum account size is 10485760 bytes, 10485761 provided\n');
  });
});
