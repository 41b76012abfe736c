/**
 * `solrpc validator-info get`, as agave's `process_get_validator_info` (cli/src/validator_info.rs): one
 * validator info account, or every one the config program holds (streamed), each with the identity it
 * describes and its fields, printed as `CliValidatorInfo`. The accounts are read as bytes and parsed here.
 */
import { CONFIG_PROGRAM, type FetchedAccount, parsedData, requireAccount } from '../accountReads.js';
import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import { safe } from '../format.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';
import { streamProgramAccounts } from '../library.js';

/** `CliValidatorInfo`. */
interface ValidatorInfoReport {
  identityPubkey: string;
  infoPubkey: string;
  info: Record<string, unknown>;
}

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
    const reports: ValidatorInfoReport[] = [];
    if (rest[0] !== undefined) {
      const address = ctx.addressOrKeypair(rest[0], 'validator info account');
      reports.push(reportOf(await requireAccount(ctx, address)));
    } else {
      const stream = streamProgramAccounts(ctx.rpc, CONFIG_PROGRAM, { ...ctx.call, encoding: 'base64' });
      for await (const { pubkey, account } of stream) {
        const fetched = { address: pubkey, lamports: account.lamports, owner: account.owner, bytes: account.data };
        // The Solana CLI keeps the config accounts whose keys list the validator info key, as the parser does.
        const data = parsedData(fetched);
        if (data?.program === 'config' && data.parsed.type === 'validatorInfo') reports.push(reportOf(fetched));
      }
    }
    // The Solana CLI prints this line itself before its output, which says it again when there is no entry.
    if (reports.length === 0) ctx.print(NONE_FOUND);
    if (ctx.json) {
      ctx.printJson(reports);
      return EXIT.ok;
    }
    const { bold } = ctx.paint;
    const lines: string[] = [];
    if (reports.length === 0) lines.push(NONE_FOUND);
    for (const report of reports) {
      lines.push('', `${bold('Validator Identity:')} ${report.identityPubkey}`);
      lines.push(`${bold('  Info Address:')} ${report.infoPubkey}`);
      for (const [key, value] of Object.entries(report.info)) {
        // Published text is anyone's: control characters never reach the terminal.
        const text = typeof value === 'string' ? safe(value, 10_000) : '?';
        lines.push(`${bold(`  ${titleCase(safe(key, 200))}:`)} ${text === '' ? '(not set)' : text}`);
      }
    }
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
});

/** `parse_validator_info`: the identity is the second key; the fields are the JSON object, keys in order. */
function reportOf(account: FetchedAccount): ValidatorInfoReport {
  const address = account.address;
  if (account.owner !== CONFIG_PROGRAM) throw new CliError(`${address} is not a validator info account`, EXIT.failed);
  const data = parsedData(account);
  const parsed = data?.program === 'config' ? data.parsed : undefined;
  const identity = parsed?.type === 'validatorInfo' ? parsed.info.keys[1]?.pubkey : undefined;
  const fields = parsed?.type === 'validatorInfo' ? parsed.info.configData : undefined;
  if (identity === undefined || typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw new CliError(`${address} could not be parsed as a validator info account`, EXIT.failed);
  }
  // serde_json's Map is a BTreeMap in the Solana CLI: the fields come out sorted by key.
  const sorted = Object.keys(fields).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const info = Object.fromEntries(sorted.map((key) => [key, (fields as Record<string, unknown>)[key]]));
  return { identityPubkey: identity, infoPubkey: address, info };
}

/** Inflector's `to_title_case`: `keybaseUsername` → `Keybase Username`, `icon_url` → `Icon Url`. */
export function titleCase(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join(' ');
}
