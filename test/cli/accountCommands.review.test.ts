/**
 * Hostile review of issue 33's account commands against the Solana CLI. `validator-info get` prints the
 * fields of a serde_json `Map`, a BTreeMap in the Solana CLI: its keys come out in byte order, whatever
 * they are. A JavaScript object cannot keep that order for integer-like keys (it lists them first, in
 * numeric order), nor does a UTF-16 comparison give UTF-8 byte order for keys beyond the BMP.
 */
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { accountHandlers, CONFIG_PROGRAM, held } from './accountServer.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const VALIDATOR_INFO_KEY = 'Va1idator1nfo111111111111111111111111111111';
const INFO = 'BV1gUk3YxpeudLfHbBAM4u4qAwGRNKrnJkXuhafqQfL5';
const IDENTITY = 'HNbiCJhTGcCjNCCs4zfRDSc9u89CzRH6T2AounXgGjod';

/**
 * A config account: the keys given (address, signer) and the info text. By default the validator info
 * layout: the marker key (not a signer), then the identity (a signer).
 */
function infoAccount(
  text: string,
  keys: [string, boolean][] = [
    [VALIDATOR_INFO_KEY, false],
    [IDENTITY, true],
  ],
): Uint8Array {
  const body = new TextEncoder().encode(text);
  const out = new Uint8Array(1 + keys.length * 33 + 8 + body.length);
  out[0] = keys.length;
  keys.forEach(([key, signer], i) => {
    out.set(bs58.decode(key), 1 + 33 * i);
    out[33 + 33 * i] = signer ? 1 : 0;
  });
  const at = 1 + keys.length * 33;
  new DataView(out.buffer).setBigUint64(at, BigInt(body.length), true);
  out.set(body, at + 8);
  return out;
}

async function run(text: string, extra: string[] = []) {
  const server = await scripted(accountHandlers([held(INFO, CONFIG_PROGRAM, 10_000_000n, infoAccount(text))]));
  return runCli(['validator-info', 'get', INFO, ...extra, '-u', server.url]);
}

describe('validator-info get: fields in the BTreeMap order of the Solana CLI', () => {
  it('integer-like keys sort as strings ("10" before "9"), text', async () => {
    const result = await run('{"9":"nine","10":"ten","name":"N"}');
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        '',
        `Validator Identity: ${IDENTITY}`,
        `  Info Address: ${INFO}`,
        '  10: ten',
        '  9: nine',
        '  Name: N',
        '',
      ].join('\n'),
    );
  });

  it('integer-like keys sort as strings, JSON output (serde_json writes the BTreeMap in its order)', async () => {
    const result = await run('{"9":"nine","10":"ten"}', ['--output', 'json-compact']);
    expect(result.code).toBe(0);
    expect(result.out.trim()).toBe(
      `[{"identityPubkey":"${IDENTITY}","infoPubkey":"${INFO}","info":{"10":"ten","9":"nine"}}]`,
    );
  });

  it('keys beyond the BMP sort by their UTF-8 bytes: U+FF71 (EF BD B1) before U+20000 (F0 A0 80 80), JSON', async () => {
    // UTF-16 puts U+20000 (D840 DC00) first; Rust's String order is the UTF-8 bytes'.
    const result = await run('{"\u{20000}":"b","\uFF71":"a"}', ['--output', 'json-compact']);
    expect(result.code).toBe(0);
    expect(result.out.trim()).toBe(
      `[{"identityPubkey":"${IDENTITY}","infoPubkey":"${INFO}","info":{"\uFF71":"a","\u{20000}":"b"}}]`,
    );
  });
});

describe('validator-info get (all): the accounts the Solana CLI lists', () => {
  // agave cli/src/validator_info.rs keeps the config accounts whose keys contain
  // (Va1idator1nfo…, signer false), anywhere in the list; the account decoder instead asks for it first,
  // signer or not. The CLI's listing is the CLI's filter.
  const OTHER = 'DLoXmFh4D91BwZH1cukQ3djCxfmFdZWsqBrttjLwtToE';

  it('an account whose marker key is a signer is not validator info to the Solana CLI', async () => {
    const bytes = infoAccount('{"name":"Signed"}', [
      [VALIDATOR_INFO_KEY, true],
      [IDENTITY, true],
    ]);
    const server = await scripted(accountHandlers([held(INFO, CONFIG_PROGRAM, 10_000_000n, bytes)]));
    const result = await runCli(['validator-info', 'get', '--output', 'json-compact', '-u', server.url]);
    expect(result.out.trim().split('\n').at(-1)).toBe('[]');
  });

  it('an account listing the marker (not a signer) after another key is listed, keys[1] its identity', async () => {
    const bytes = infoAccount('{"name":"Second"}', [
      [OTHER, false],
      [VALIDATOR_INFO_KEY, false],
    ]);
    const server = await scripted(accountHandlers([held(INFO, CONFIG_PROGRAM, 10_000_000n, bytes)]));
    const result = await runCli(['validator-info', 'get', '--output', 'json-compact', '-u', server.url]);
    expect(result.out.trim().split('\n').at(-1)).toBe(
      `[{"identityPubkey":"${VALIDATOR_INFO_KEY}","infoPubkey":"${INFO}","info":{"name":"Second"}}]`,
    );
  });

  it('one address: parse_validator_info reads any config account with keys, the marker not looked for', async () => {
    const bytes = infoAccount('{"name":"Any"}', [
      [OTHER, false],
      [IDENTITY, true],
    ]);
    const server = await scripted(accountHandlers([held(INFO, CONFIG_PROGRAM, 10_000_000n, bytes)]));
    const result = await runCli(['validator-info', 'get', INFO, '-u', server.url]);
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      ['', `Validator Identity: ${IDENTITY}`, `  Info Address: ${INFO}`, '  Name: Any', ''].join('\n'),
    );
  });
});
