//! What a node spends writing one getProgramAccounts answer of token accounts, in the three encodings
//! parseOnClient weighs (issue 33): `base64`, `base64+zstd` and `jsonParsed`.
//!
//! agave's own crates cannot be built here (no crates.io), so this program does the same work, step by
//! step, with the crates agave writes answers with, as Debian packages them (serde_json, base64, bs58,
//! zstd over the system's libzstd):
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
//! counted. Two differences from a current agave node, both making `jsonParsed` look dearer here, not
//! cheaper: agave writes addresses with a faster base58 encoder than bs58 0.4 (`jsonParsed` writes four
//! per account, the others two), and newer serde_json and base64 versions are somewhat faster.
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

fn base58(key: &Key) -> String {
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
    let kept = text.trim_end_matches('0').trim_end_matches('.').len();
    text.truncate(kept);
    text
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
    // What bs58 0.4 spends on one address, to take the keys out of the figures above: jsonParsed writes
    // four per account, the others two, and a current node writes them faster.
    let mut key_times = Vec::new();
    for _ in 0..=passes {
        let started = Instant::now();
        let mut length = 0;
        for account in &accounts {
            length += base58(&account.address).len() + base58(&account.owner).len();
        }
        assert!(length > 0);
        key_times.push(started.elapsed().as_secs_f64() * 1e6 / (2 * accounts.len()) as f64);
    }
    key_times.sort_by(|a, b| a.partial_cmp(b).unwrap());
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
    println!("bs58 0.4, one 32-byte address: median {:.2} us", key_times[key_times.len() / 2]);
}
