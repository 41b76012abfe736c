/**
 * The Solana CLI's reading of validator info (agave cli/src/validator_info.rs): which config accounts its
 * listing keeps, `parse_validator_info` and its errors (bincode's, serde_json's, its own), and
 * `CliValidatorInfo` written as serde_json writes a BTreeMap-backed `Map`.
 */
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import {
  compareUtf8,
  listsValidatorInfo,
  parseValidatorInfo,
  writeInfoJson,
} from '../../src/cli/validatorInfoRecord.js';
import { accountHandlers, CONFIG_PROGRAM, held } from './accountServer.js';
import { runCli, useScriptedServers } from './helpers.js';

const scripted = useScriptedServers();

const MARKER = 'Va1idator1nfo111111111111111111111111111111';
const IDENTITY = 'HNbiCJhTGcCjNCCs4zfRDSc9u89CzRH6T2AounXgGjod';
const INFO = 'BV1gUk3YxpeudLfHbBAM4u4qAwGRNKrnJkXuhafqQfL5';
const INFO_2 = 'DLoXmFh4D91BwZH1cukQ3djCxfmFdZWsqBrttjLwtToE';

/** A config account: a one-byte key count, the keys and signer flags, then the text as a bincode String. */
function account(
  text: string | Uint8Array,
  keys: [string, boolean][] = [
    [MARKER, false],
    [IDENTITY, true],
  ],
) {
  const body = typeof text === 'string' ? new TextEncoder().encode(text) : text;
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

function json(text: string): string {
  const { identity, info } = parseValidatorInfo(INFO, CONFIG_PROGRAM, account(text), CONFIG_PROGRAM);
  return writeInfoJson([{ identityPubkey: identity, infoPubkey: INFO, info }], false);
}

function refusal(bytes: Uint8Array, owner = CONFIG_PROGRAM): string {
  try {
    parseValidatorInfo(INFO, owner, bytes, CONFIG_PROGRAM);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('parsed');
}

describe('parse_validator_info', () => {
  it('every map, nested too, in UTF-8 byte order; the last of a repeated key; numbers as serde_json keeps them', () => {
    const out = json('{"z":{"9":1,"10":2},"a":1.0,"a":[1.5,-0,1e2,18446744073709551615,-9223372036854775808],"e":{}}');
    expect(out).toBe(
      `[{"identityPubkey":"${IDENTITY}","infoPubkey":"${INFO}","info":{"a":[1.5,-0.0,100.0,18446744073709551615,-9223372036854775808],"e":{},"z":{"10":2,"9":1}}}]`,
    );
  });

  it('pretty JSON: two spaces, empty maps and lists kept short', () => {
    const { identity, info } = parseValidatorInfo(INFO, CONFIG_PROGRAM, account('{"b":[],"a":{}}'), CONFIG_PROGRAM);
    expect(writeInfoJson([{ identityPubkey: identity, infoPubkey: INFO, info }], true)).toBe(
      `[\n  {\n    "identityPubkey": "${IDENTITY}",\n    "infoPubkey": "${INFO}",\n    "info": {\n      "a": {},\n      "b": []\n    }\n  }\n]`,
    );
  });

  it('the identity is keys[1], whatever the keys are', () => {
    const bytes = account('{}', [
      [IDENTITY, true],
      [INFO_2, false],
    ]);
    expect(parseValidatorInfo(INFO, CONFIG_PROGRAM, bytes, CONFIG_PROGRAM).identity).toBe(INFO_2);
  });

  it("refusals in the Solana CLI's words", () => {
    expect(refusal(account('{}'), 'Stake11111111111111111111111111111111111111')).toBe(
      `${INFO} is not a validator info account`,
    );
    expect(refusal(account('{}', []))).toBe(`${INFO} could not be parsed as a validator info account`);
    expect(refusal(account('{}', [[MARKER, false]]))).toBe('index out of bounds: the len is 1 but the index is 1');
    expect(refusal(new Uint8Array())).toBe('io error: ');
    expect(refusal(account('{}').subarray(0, 70))).toBe('io error: ');
    expect(refusal(Uint8Array.of(0x80, 0x00))).toBe('invalid value: alias encoding, expected strict form encoding');
    expect(refusal(Uint8Array.of(0xff, 0xff, 0x04))).toBe(
      'invalid value: integer `81919`, expected a value in the range [0, 65535]',
    );
    const flag = account('{}');
    flag[33] = 2;
    expect(refusal(flag)).toBe('invalid u8 while decoding bool, expected 0 or 1, found 2');
    expect(refusal(account(Uint8Array.of(0x7b, 0xff)))).toBe(
      'string is not valid utf8: invalid utf-8 sequence of 1 bytes from index 1',
    );
    expect(refusal(account(Uint8Array.of(0x7b, 0xe2, 0x82)))).toBe(
      'string is not valid utf8: incomplete utf-8 byte sequence from index 1',
    );
    expect(refusal(account('"abc"'))).toBe('invalid type: string "abc", expected a map at line 1 column 5');
    expect(refusal(account('[1,'))).toBe('invalid type: sequence, expected a map at line 1 column 0');
    expect(refusal(account('5 x'))).toBe('invalid type: integer `5`, expected a map at line 1 column 1');
    expect(refusal(account('{} x'))).toBe('trailing characters at line 1 column 4');
    expect(refusal(account(''))).toBe('EOF while parsing a value at line 1 column 0');
  });
});

describe('the listing filter', () => {
  it('keys that deserialize and hold the marker as a non-signer, anywhere', () => {
    expect(listsValidatorInfo(account('{}'))).toBe(true);
    expect(
      listsValidatorInfo(
        account('{}', [
          [IDENTITY, true],
          [MARKER, false],
        ]),
      ),
    ).toBe(true);
    expect(listsValidatorInfo(account('{}', [[MARKER, true]]))).toBe(false);
    expect(listsValidatorInfo(account('not json', [[MARKER, false]]))).toBe(true);
    expect(listsValidatorInfo(Uint8Array.of(1, 2))).toBe(false);
  });

  it('a listed account the Solana CLI cannot parse ends the listing with its error', async () => {
    const server = await scripted(
      accountHandlers([
        held(INFO, CONFIG_PROGRAM, 10_000_000n, account('{"name":"A"}')),
        held(
          INFO_2,
          CONFIG_PROGRAM,
          10_000_000n,
          account('[]', [
            [MARKER, false],
            [IDENTITY, true],
          ]),
        ),
      ]),
    );
    const result = await runCli(['validator-info', 'get', '-u', server.url]);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toBe('Error: invalid type: sequence, expected a map at line 1 column 0\n');
  });
});

it('compareUtf8: code point order, not UTF-16 order', () => {
  expect(['\u{20000}', '\uFF71', '9', '10'].sort(compareUtf8)).toEqual(['10', '9', '\uFF71', '\u{20000}']);
});
