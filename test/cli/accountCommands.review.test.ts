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

/** A validator info account: two keys (the marker, the identity as signer) and the info text as given. */
function infoAccount(text: string): Uint8Array {
  const body = new TextEncoder().encode(text);
  const out = new Uint8Array(1 + 2 * 33 + 8 + body.length);
  out[0] = 2;
  out.set(bs58.decode(VALIDATOR_INFO_KEY), 1);
  out[33] = 0;
  out.set(bs58.decode(IDENTITY), 34);
  out[66] = 1;
  new DataView(out.buffer).setBigUint64(67, BigInt(body.length), true);
  out.set(body, 75);
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
