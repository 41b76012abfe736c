/**
 * `solrpc validator-info get`, as agave's `process_get_validator_info` (cli/src/validator_info.rs): one
 * validator info account, or every one the config program holds (streamed), each with the identity it
 * describes and its fields, printed as `CliValidatorInfo`. The accounts are read as bytes and parsed here.
 */
import { CONFIG_PROGRAM, type FetchedAccount, requireAccount } from '../accountReads.js';
import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import { safe } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import { streamProgramAccounts } from '../library.js';
import {
  listsValidatorInfo,
  parseValidatorInfo,
  type ValidatorInfoReport,
  writeInfoJson,
} from '../validatorInfoRecord.js';

const NONE_FOUND = 'No validator info accounts found';

export const validatorInfo = defineCommand({
  name: 'validator-info',
  synopsis: 'validator-info get [ADDRESS]',
  summary: 'Validator info published on chain: names, websites, details',
  help: `solrpc validator-info — validator info published on chain

Usage: solrpc validator-info get [INFO_ADDRESS] [options]
       solrpc validator-info [INFO_ADDRESS] [options]

Prints one validator info account, or with no address every one the config program holds: the
validator's identity, the info account's address and each published field (name, website, details,
icon URL, keybase username…), as the Solana CLI's 'validator-info get' does. 'get' may be left out:
solrpc only reads ('publish' is the Solana CLI's).

${GLOBAL_HELP}`,
  positionals: { min: 0, max: 2 },
  options: {},
  async run(ctx, args) {
    const rest = args[0] === 'get' ? args.slice(1) : args;
    if (rest.length > 1) throw new CliError("'validator-info get' takes at most one address");
    if (args[0] !== 'get' && args.length === 2) {
      throw new CliError(`unknown validator-info subcommand '${args[0]}': solrpc has only 'get'`);
    }
    const accounts: FetchedAccount[] = [];
    if (rest[0] !== undefined) {
      const address = ctx.addressOrKeypair(rest[0], 'validator info account');
      accounts.push(await requireAccount(ctx, address));
    } else {
      const stream = streamProgramAccounts(ctx.rpc, CONFIG_PROGRAM, { ...ctx.call, encoding: 'base64' });
      for await (const { pubkey, account } of stream) {
        // The Solana CLI's own filter, not the account decoder's: the keys deserialize and contain the
        // validator info key as a non-signer, at any place in the list.
        if (listsValidatorInfo(account.data)) {
          accounts.push({ address: pubkey, lamports: account.lamports, owner: account.owner, bytes: account.data });
        }
      }
    }
    // The Solana CLI prints this line itself before its output, which says it again when there is no entry.
    if (accounts.length === 0) ctx.print(NONE_FOUND);
    // Then it parses each listed account; the first it cannot parse ends the command with its error.
    const reports = accounts.map(reportOf);
    if (ctx.json) {
      ctx.print(writeInfoJson(reports, ctx.settings.output === 'json'));
      return EXIT.ok;
    }
    const { bold } = ctx.paint;
    const lines: string[] = [];
    if (reports.length === 0) lines.push(NONE_FOUND);
    for (const report of reports) {
      lines.push('', `${bold('Validator Identity:')} ${report.identityPubkey}`);
      lines.push(`${bold('  Info Address:')} ${report.infoPubkey}`);
      for (const [key, value] of report.info.entries) {
        // `value.as_str().unwrap_or("?")`. Published text is anyone's: control characters never reach the terminal.
        const text = typeof value === 'string' ? safe(value, 10_000) : '?';
        // Titling keeps only letters, digits and spaces, so the key's control characters are gone first.
        lines.push(`${bold(`  ${safe(titleCase(key), 200)}:`)} ${text === '' ? '(not set)' : text}`);
      }
    }
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
});

/** `CliValidatorInfo` of one account, read by `parse_validator_info` (errors in the Solana CLI's words). */
function reportOf(account: FetchedAccount): ValidatorInfoReport {
  const { identity, info } = parseValidatorInfo(account.address, account.owner, account.bytes, CONFIG_PROGRAM);
  return { identityPubkey: identity, infoPubkey: account.address, info };
}

const ALPHANUMERIC = /^[\p{Alphabetic}\p{N}]$/u;
const NUMERIC = /^\p{N}$/u;
const LOWERCASE = /^\p{Lowercase}$/u;
const UPPERCASE = /^\p{Uppercase}$/u;
const TRAILING_SEPARATORS = /[^\p{Alphabetic}\p{N}]+$/u;

/**
 * Inflector 0.11's `to_title_case`, which the Solana CLI applies to each field name: `keybaseUsername` →
 * `Keybase Username`, `icon_url` → `Icon Url`. Its rules, kept exactly: any character that is not a letter
 * or digit separates words (and is dropped); a digit is kept and ends its word (`a1b` → `A1 B`); a capital
 * starts a word only after a lowercase letter that did not itself start one (`aB` → `Ab`, `myHTTPServer`
 * → `My H T T P Server`); only ASCII letters change case (`émail` stays `émail`).
 */
export function titleCase(key: string): string {
  let out = '';
  let newWord = true;
  let firstWord = true;
  let lastChar = ' ';
  let started = false;
  for (const char of key.replace(TRAILING_SEPARATORS, '')) {
    if (!ALPHANUMERIC.test(char)) {
      if (started) newWord = true;
      continue;
    }
    started = true;
    if (NUMERIC.test(char)) {
      newWord = true;
      out += char;
    } else if (newWord || (LOWERCASE.test(lastChar) && UPPERCASE.test(char))) {
      // `last_char` is left as it was: a word's first letter never counts as the lowercase before a capital.
      newWord = false;
      out += `${firstWord ? '' : ' '}${asciiCase(char, true)}`;
      firstWord = false;
    } else {
      lastChar = char;
      out += asciiCase(char, false);
    }
  }
  return out;
}

/** Rust's `to_ascii_uppercase` / `to_ascii_lowercase`: other characters are left as they are. */
function asciiCase(char: string, upper: boolean): string {
  if (!/^[A-Za-z]$/.test(char)) return char;
  return upper ? char.toUpperCase() : char.toLowerCase();
}
