/**
 * parseAccountData: the owner picks the parser as agave's PARSABLE_PROGRAM_IDS does, the result is the
 * node's `{ program, parsed, space }`, and it equals agave's own jsonParsed view of the same bytes (the
 * conformance cases hold both views of one account).
 */
import bs58 from 'bs58';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/codecs/json.js';
import { parseAccountData } from '../../src/decoders/parseAccountData.js';
import { resultTextOf } from '../msw/fixtures.js';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SYSTEM = '11111111111111111111111111111111';
const SYSVAR = 'Sysvar1111111111111111111111111111111111111';
const CLOCK = 'SysvarC1ock11111111111111111111111111111111';
const STAKE = 'Stake11111111111111111111111111111111111111';
const OTHER = 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc';

const caseValue = (name: string) => (parseJson(resultTextOf(name)) as { value: Record<string, unknown> }).value;
function bytesOf(name: string): Uint8Array {
  const [text, encoding] = caseValue(name).data as [string, string];
  return encoding === 'base58' ? bs58.decode(text) : new Uint8Array(Buffer.from(text, 'base64'));
}

describe('parseAccountData', () => {
  it('equals agave’s jsonParsed of the same token account and nonce account', () => {
    const token = bytesOf('conformance/getAccountInfo.base64.token-account');
    expect(parseAccountData(token, { owner: TOKEN, decimals: 6 })).toStrictEqual(
      caseValue('conformance/getAccountInfo.jsonParsed.token-account').data,
    );
    const nonce = bytesOf('conformance/getAccountInfo.base58.nonce-account');
    expect(parseAccountData(nonce, { owner: SYSTEM })).toStrictEqual(
      caseValue('conformance/getAccountInfo.jsonParsed.nonce-account').data,
    );
  });

  it('gives null for an owner agave has no parser for, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(parseAccountData(bytes, { owner: OTHER })).toBeNull();
      }),
    );
  });

  it('wraps the parsed value with the program’s name and the byte count as space', () => {
    const clock = new Uint8Array(40);
    new DataView(clock.buffer).setBigUint64(0, 99n, true);
    const parsed = parseAccountData(clock, { owner: SYSVAR, address: CLOCK });
    expect(parsed?.program).toBe('sysvar');
    expect(parsed?.space).toBe(40);
    expect(parsed?.parsed.type).toBe('clock');
  });

  it('throws DecodeError naming the program for bytes its parser refuses, never another error', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 400 }),
        fc.constantFrom(
          TOKEN,
          SYSTEM,
          STAKE,
          'Vote111111111111111111111111111111111111111',
          'AddressLookupTab1e1111111111111111111111111',
        ),
        (bytes, owner) => {
          try {
            parseAccountData(bytes, { owner, decimals: 6, address: OTHER });
          } catch (error) {
            expect((error as Error).name).toBe('DecodeError');
          }
        },
      ),
    );
    expect(() => parseAccountData(new Uint8Array(3), { owner: STAKE })).toThrow(/^stake: /);
  });

  it('refuses bad options before reading, naming them', () => {
    const bytes = new Uint8Array(0);
    const token = bytesOf('conformance/getAccountInfo.base64.token-account');
    const cases: [unknown, unknown, string][] = [
      ['not bytes', { owner: STAKE }, 'bytes'],
      [bytes, undefined, 'options.owner'],
      [bytes, { owner: 'nope' }, 'options.owner'],
      [bytes, { owner: STAKE, adress: CLOCK }, 'options.adress'],
      [bytes, { owner: STAKE, address: 7 }, 'options.address'],
      [bytes, { owner: SYSVAR }, 'options.address'],
      [token, { owner: TOKEN }, 'options.decimals'],
      [token, { owner: TOKEN, decimals: 256 }, 'options.decimals'],
      [token, { owner: TOKEN, mint: [1, 2] }, 'options.mint'],
    ];
    for (const [input, options, param] of cases) {
      let thrown: unknown;
      try {
        parseAccountData(input as Uint8Array, options as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, param).toMatchObject({ name: 'InvalidInputError', param });
    }
  });
});
