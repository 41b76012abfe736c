//! What a node spends writing one getProgramAccounts answer of token accounts, in the three encodings
//! parseOnClient weighs (issue 33): `base64`, `base64+zstd` and `jsonParsed`.
//!
//! agave's own crates cannot be built here (no crates.io), so this program does the same work, step by
//! step, with the crates agave writes answers with, as Debian packages them (serde_json, base64, zstd
//! over the system's libzstd; bs58 only to check our base58 encoder against):
//!
//! - every account: its address and its owner written in base58, its `UiAccount` (lamports, data,
//!   owner, executable, rentEpoch, space) and its `RpcKeyedAccount`;
//! - `base64`: the data in base64;
//! - `base64+zstd`: a zstd stream encoder made for the account (`Encoder::new(Vec::new(), 0)`,
//!   `write_all`, `finish`), then base64 of the frame;
//! - `jsonParsed`: the token account unpacked, its mint's decimals looked up in a map kept for the answer
//!   (the node reads each mint from its bank once an answer; that read is not counted here), its
//!   mint, owner and amounts written as strings and numbers, the parsed object made a `serde_json::Value`
//!   (`{"type":"account","info":{...}}`), and the program's name in kebab case;
//! - the whole list made a `serde_json::Value`, then the response text (jsonrpc-core turns a method's
//!   result into a `Value` and writes the response with `serde_json::to_string`).
//!
//! Reading the accounts from the bank, and sending the text, cost the same in all three and are not
//! counted. Checked against agave's sources (rpc/src/rpc.rs `get_program_accounts` and `encode_account`,
//! rpc/src/parsed_token_accounts.rs, account-decoder's lib.rs `encode_ui_account`, parse_account_data.rs
//! and parse_token.rs; jsonrpc-derive's `to_value` of a method's result, jsonrpc-core's
//! `serde_json::to_string` of the response; agave's Cargo.toml and Cargo.lock):
//!
//! - addresses: solana-address's `Display` writes with five8, not bs58; `base58` below is our own
//!   encoder of that kind (about 0.15 us an address here, bs58 0.4 about 1.05; both printed);
//! - a `Value`'s maps are `BTreeMap`s (serde_json's `preserve_order` is off: real answers have their
//!   keys sorted), as here;
//! - zstd: agave pins zstd 0.13.3 over libzstd 1.5.6 (zstd-sys 2.0.13, built from its bundled source);
//!   this builds zstd 0.12 over Debian's libzstd 1.5.4. The crate's stream path is the same (a new
//!   context, a 32 KiB buffer, `ZSTD_compressStream2` with no size given, then the end of the frame),
//!   and libzstd 1.5.7 built from source measured the same per account as 1.5.4 here: the cost is the
//!   new context sized for a stream of unknown length (about 3.6 MB of workspace, its tables cleared),
//!   not the version;
//! - not modelled, and expected small (not measured): agave's global allocator is jemalloc (its
//!   `unprefixed_malloc_on_supported_platforms` feature makes libzstd use it too; here glibc), its
//!   release build uses thin LTO, it names the program with Inflector's `to_kebab_case` (heck here),
//!   and it uses newer serde_json (1.0.151, floats through zmij) and base64 than Debian packages.
//!
//! Usage: node-answer-cost <accounts file> [passes] [--dump <encoding> <file>]
//! The accounts file (bench/nodeAnswerCost.mjs writes it) has one line per mint, `mint ADDRESS DECIMALS`,
//! and one per account, `account ADDRESS OWNER LAMPORTS BASE64-DATA`. `--dump` writes the `result` of
//! one answer in that encoding to a file, for the script to compare with the workload's own answer.
use serde_derive::Serialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

type Key = [u8; 32];

const U64_MAX_EPOCH: u64 = u64::MAX;

struct Account {
    address: Key,
    owner: Key,
    lamports: u64,
    data: Vec<u8>,
}

#[derive(Clone, Copy, PartialEq)]
enum Encoding {
    Base64,
    Base64Zstd,
    JsonParsed,
}

impl Encoding {
    fn name(self) -> &'static str {
        match self {
            Encoding::Base64 => "base64",
            Encoding::Base64Zstd => "base64+zstd",
            Encoding::JsonParsed => "jsonParsed",
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UiAccount {
    lamports: u64,
    data: UiAccountData,
    owner: String,
    executable: bool,
    rent_epoch: u64,
    space: Option<u64>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum UiAccountData {
    Json(ParsedAccount),
    Binary(String, &'static str),
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ParsedAccount {
    program: String,
    parsed: Value,
    space: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct KeyedAccount {
    pubkey: String,
    account: UiAccount,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UiTokenAmount {
    ui_amount: Option<f64>,
    decimals: u8,
    amount: String,
    ui_amount_string: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
enum UiAccountState {
    Initialized,
    Frozen,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UiTokenAccount {
    mint: String,
    owner: String,
    token_amount: UiTokenAmount,
    #[serde(skip_serializing_if = "Option::is_none")]
    delegate: Option<String>,
    state: UiAccountState,
    is_native: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    rent_exempt_reserve: Option<UiTokenAmount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    delegated_amount: Option<UiTokenAmount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    close_authority: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "info")]
enum TokenAccountType {
    Account(UiTokenAccount),
}

/// The program names a node parses by, as it names them before writing them in kebab case.
#[derive(Debug, Clone, Copy)]
enum Parsable {
    SplToken,
}

fn u64_at(data: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(data[at..at + 8].try_into().unwrap())
}

fn key_at(data: &[u8], at: usize) -> Key {
    data[at..at + 32].try_into().unwrap()
}

/// A `COption<Pubkey>` (a 4-byte tag, then the key): `None`, `Some`, or an error for another tag.
fn optional_key(data: &[u8], at: usize) -> Result<Option<Key>, ()> {
    match u32::from_le_bytes(data[at..at + 4].try_into().unwrap()) {
        0 => Ok(None),
        1 => Ok(Some(key_at(data, at + 4))),
        _ => Err(()),
    }
}

fn optional_u64(data: &[u8], at: usize) -> Result<Option<u64>, ()> {
    match u32::from_le_bytes(data[at..at + 4].try_into().unwrap()) {
        0 => Ok(None),
        1 => Ok(Some(u64_at(data, at + 4))),
        _ => Err(()),
    }
}

/// An address in base58 the way a current node's `Pubkey::to_string` costs: solana-address's `Display`
/// writes with five8's 32-byte encoder into a stack buffer, then the `String` is made once. five8 is not
/// packaged here, so this is our own encoder of the same kind (whole 32-bit words divided by 58^5 at a
/// time, not bs58 0.4's byte-at-a-time loop, which takes about 1 us an address); `main` checks it
/// against bs58 on every address of the input and prints what each costs.
fn base58(key: &Key) -> String {
    const CHUNK: u64 = 58 * 58 * 58 * 58 * 58;
    const ALPHABET: &[u8; 58] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    let mut words = [0u32; 8];
    for (i, word) in words.iter_mut().enumerate() {
        *word = u32::from_be_bytes(key[i * 4..i * 4 + 4].try_into().unwrap());
    }
    // Digits, least significant first: at most 45 (nine chunks of five) for 32 bytes.
    let mut digits = [0u8; 45];
    let mut count = 0;
    let mut first = words.iter().position(|&w| w != 0).unwrap_or(8);
    while first < 8 {
        let mut rest = 0u64;
        for word in &mut words[first..] {
            let current = (rest << 32) | *word as u64;
            *word = (current / CHUNK) as u32;
            rest = current % CHUNK;
        }
        for _ in 0..5 {
            digits[count] = (rest % 58) as u8;
            rest /= 58;
            count += 1;
        }
        while first < 8 && words[first] == 0 {
            first += 1;
        }
    }
    while count > 0 && digits[count - 1] == 0 {
        count -= 1;
    }
    let zeros = key.iter().take_while(|&&b| b == 0).count();
    let mut text = String::with_capacity(zeros + count);
    for _ in 0..zeros {
        text.push('1');
    }
    for &digit in digits[..count].iter().rev() {
        text.push(ALPHABET[digit as usize] as char);
    }
    text
}

fn base58_bs58(key: &Key) -> String {
    bs58::encode(key).into_string()
}

/// An amount of base units as a decimal with `decimals` places, trailing zeros (and a bare point) cut.
fn amount_text(amount: u64, decimals: u8) -> String {
    if decimals == 0 {
        return amount.to_string();
    }
    let places = decimals as usize;
    let mut text = format!("{:0width$}", amount, width = places + 1);
    text.insert(text.len() - places, '.');
    // A second String for the trimmed text, as account-decoder's real_number_string_trimmed makes one.
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn token_amount(amount: u64, decimals: u8) -> UiTokenAmount {
    let ui_amount = 10u64.checked_pow(decimals as u32).map(|scale| amount as f64 / scale as f64);
    UiTokenAmount { ui_amount, decimals, amount: amount.to_string(), ui_amount_string: amount_text(amount, decimals) }
}

/// An SPL token account of 165 bytes as `jsonParsed` shows it, or `None` where the node keeps bytes.
fn parse_token_account(data: &[u8], decimals: u8) -> Option<Value> {
    if data.len() != 165 {
        return None;
    }
    let delegate = optional_key(data, 72).ok()?;
    let state = match data[108] {
        1 => UiAccountState::Initialized,
        2 => UiAccountState::Frozen,
        _ => return None,
    };
    let reserve = optional_u64(data, 109).ok()?;
    let delegated = u64_at(data, 121);
    let close = optional_key(data, 129).ok()?;
    let account = UiTokenAccount {
        mint: base58(&key_at(data, 0)),
        owner: base58(&key_at(data, 32)),
        token_amount: token_amount(u64_at(data, 64), decimals),
        delegate: delegate.as_ref().map(base58),
        state,
        is_native: reserve.is_some(),
        rent_exempt_reserve: reserve.map(|r| token_amount(r, decimals)),
        delegated_amount: delegate.map(|_| token_amount(delegated, decimals)),
        close_authority: close.as_ref().map(base58),
    };
    serde_json::to_value(TokenAccountType::Account(account)).ok()
}

fn kebab(name: Parsable) -> String {
    use heck::ToKebabCase;
    format!("{name:?}").to_kebab_case()
}

fn account_data(
    account: &Account,
    encoding: Encoding,
    parsers: &HashMap<Key, Parsable>,
    mints: &HashMap<Key, u8>,
    seen: &mut HashMap<Key, u8>,
) -> UiAccountData {
    match encoding {
        Encoding::Base64 => UiAccountData::Binary(base64::encode(&account.data), "base64"),
        Encoding::Base64Zstd => {
            let mut encoder = zstd::stream::write::Encoder::new(Vec::new(), 0).unwrap();
            match encoder.write_all(&account.data).and_then(|()| encoder.finish()) {
                Ok(frame) => UiAccountData::Binary(base64::encode(frame), "base64+zstd"),
                Err(_) => UiAccountData::Binary(base64::encode(&account.data), "base64"),
            }
        }
        Encoding::JsonParsed => {
            let parsed = parsers.get(&account.owner).and_then(|program| {
                let mint = key_at(&account.data, 0);
                // The answer's map of mints: the first account of a mint fills it, the others read it.
                let decimals = match seen.get(&mint) {
                    Some(decimals) => *decimals,
                    None => {
                        let decimals = *mints.get(&mint)?;
                        seen.insert(mint, decimals);
                        decimals
                    }
                };
                let parsed = parse_token_account(&account.data, decimals)?;
                Some(ParsedAccount { program: kebab(*program), parsed, space: account.data.len() as u64 })
            });
            match parsed {
                Some(parsed) => UiAccountData::Json(parsed),
                None => UiAccountData::Binary(base64::encode(&account.data), "base64"),
            }
        }
    }
}

/// The result of one answer as a `Value`, and the response text.
fn answer(
    accounts: &[Account],
    encoding: Encoding,
    parsers: &HashMap<Key, Parsable>,
    mints: &HashMap<Key, u8>,
) -> (Value, String) {
    let mut seen = HashMap::new();
    let list: Vec<KeyedAccount> = accounts
        .iter()
        .map(|account| KeyedAccount {
            pubkey: base58(&account.address),
            account: UiAccount {
                lamports: account.lamports,
                data: account_data(account, encoding, parsers, mints, &mut seen),
                owner: base58(&account.owner),
                executable: false,
                rent_epoch: U64_MAX_EPOCH,
                space: Some(account.data.len() as u64),
            },
        })
        .collect();
    let result = serde_json::to_value(list).unwrap();
    let response = json!({ "jsonrpc": "2.0", "result": result, "id": 1 });
    let text = serde_json::to_string(&response).unwrap();
    let Value::Object(mut fields) = response else { unreachable!() };
    (fields.remove("result").unwrap(), text)
}

fn decode_key(text: &str) -> Key {
    bs58::decode(text).into_vec().expect("a base58 address").try_into().expect("a 32-byte address")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).expect("usage: node-answer-cost <accounts file> [passes] [--dump <encoding> <file>]");
    let passes: usize = args.get(2).filter(|a| !a.starts_with("--")).map_or(7, |p| p.parse().expect("passes"));
    let dump = args.iter().position(|a| a == "--dump").map(|i| (args[i + 1].clone(), args[i + 2].clone()));

    let text = std::fs::read_to_string(file).expect("the accounts file");
    let mut mints = HashMap::new();
    let mut accounts = Vec::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        match fields[0] {
            "mint" => {
                mints.insert(decode_key(fields[1]), fields[2].parse::<u8>().expect("decimals"));
            }
            "account" => accounts.push(Account {
                address: decode_key(fields[1]),
                owner: decode_key(fields[2]),
                lamports: fields[3].parse().expect("lamports"),
                data: base64::decode(fields[4]).expect("base64 data"),
            }),
            _ => panic!("unknown line kind {}", fields[0]),
        }
    }
    let mut parsers = HashMap::new();
    parsers.insert(decode_key("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"), Parsable::SplToken);

    // The fast encoder must write what bs58 writes, for every address the answers hold.
    for account in &accounts {
        for key in [account.address, account.owner, key_at(&account.data, 0), key_at(&account.data, 32)] {
            assert_eq!(base58(&key), base58_bs58(&key), "base58 of an address");
        }
    }
    // And the edge cases: all zeros (the system program), leading zero bytes, all ones.
    let mut leading = [7u8; 32];
    leading[..3].fill(0);
    for key in [[0u8; 32], leading, [255u8; 32]] {
        assert_eq!(base58(&key), base58_bs58(&key), "base58 of an edge-case address");
    }
    let encodings = [Encoding::Base64, Encoding::Base64Zstd, Encoding::JsonParsed];
    if let Some((name, path)) = dump {
        let encoding = *encodings.iter().find(|e| e.name() == name).expect("an encoding");
        let (result, _) = answer(&accounts, encoding, &parsers, &mints);
        std::fs::write(path, serde_json::to_string(&result).unwrap()).expect("the dump file");
        return;
    }

    println!(
        "{} accounts of {} bytes, {} passes each after one unmeasured, encodings taking turns",
        accounts.len(),
        accounts.first().map_or(0, |a| a.data.len()),
        passes
    );
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); encodings.len()];
    let mut bytes = vec![0usize; encodings.len()];
    for pass in 0..=passes {
        for (i, encoding) in encodings.iter().enumerate() {
            let started = Instant::now();
            let (result, text) = answer(&accounts, *encoding, &parsers, &mints);
            drop(result);
            let length = text.len();
            drop(text);
            let elapsed = started.elapsed().as_secs_f64() * 1000.0;
            if pass > 0 {
                times[i].push(elapsed);
            }
            bytes[i] = length;
        }
    }
    // What one address costs with the encoder the answers above use, and with bs58 0.4 (what this
    // program used before it modelled five8): jsonParsed writes four an account, the others two.
    let time_keys = |encode: fn(&Key) -> String| {
        let mut times = Vec::new();
        for _ in 0..=passes {
            let started = Instant::now();
            let mut length = 0;
            for account in &accounts {
                length += encode(&account.address).len() + encode(&account.owner).len();
            }
            assert!(length > 0);
            times.push(started.elapsed().as_secs_f64() * 1e6 / (2 * accounts.len()) as f64);
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        times[times.len() / 2]
    };
    let key_time = time_keys(base58);
    let bs58_time = time_keys(base58_bs58);
    for (i, encoding) in encodings.iter().enumerate() {
        let mut sorted = times[i].clone();
        sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let median = sorted[sorted.len() / 2];
        println!(
            "{:<12} median {:>8.1} ms ({:>5.2} us an account), min {:>8.1} ms, max {:>8.1} ms, answer {} bytes",
            encoding.name(),
            median,
            median * 1000.0 / accounts.len() as f64,
            sorted[0],
            sorted[sorted.len() - 1],
            bytes[i]
        );
    }
    println!("one 32-byte address in base58: median {key_time:.3} us (bs58 0.4: {bs58_time:.2} us)");
}
