/**
 * `solrpc address-lookup-table get`, as agave's `process_show_lookup_table` (cli/src/address_lookup_table.rs):
 * the table's authority, deactivation and last-extended slots and its addresses, printed as
 * `CliAddressLookupTable`. The account is read as bytes and parsed here.
 */
import { fetchAccount, LOOKUP_TABLE_PROGRAM, parsedData } from '../accountReads.js';
import { CliError } from '../cliError.js';
import { defineCommand } from '../command.js';
import { GLOBAL_HELP } from '../globalOptions.js';
import { EXIT } from '../io.js';

const U64_MAX = 0xffff_ffff_ffff_ffffn;

export const addressLookupTable = defineCommand({
  name: 'address-lookup-table',
  synopsis: 'address-lookup-table <TABLE>',
  summary: "An address lookup table's authority, slots and addresses",
  help: `solrpc address-lookup-table — an address lookup table

Usage: solrpc address-lookup-table get <LOOKUP_TABLE_ADDRESS> [options]
       solrpc address-lookup-table <LOOKUP_TABLE_ADDRESS> [options]

Prints the table's address, its authority ("None (frozen)" when it has none), its deactivation slot
("None (still active)"), the slot it was last extended in and its addresses with their indexes, as the
Solana CLI's 'address-lookup-table get' does. 'get' may be left out: solrpc only reads, so it has no
other subcommand (create, freeze, extend, deactivate and close are the Solana CLI's).

${GLOBAL_HELP}`,
  positionals: { min: 1, max: 2 },
  options: {},
  async run(ctx, args) {
    const [first, second] = args as [string, string | undefined];
    if (first === 'get' && second === undefined) {
      throw new CliError("'address-lookup-table get' needs the lookup table's address");
    }
    const given = first === 'get' ? (second as string) : first;
    if (first !== 'get' && second !== undefined) {
      throw new CliError(`unknown address-lookup-table subcommand '${first}': solrpc has only 'get'`);
    }
    const address = ctx.addressOrKeypair(given, 'lookup table');
    const account = await fetchAccount(ctx, address);
    // The Solana CLI's own words for each refusal.
    if (account === null) {
      throw new CliError(`Lookup table account ${address} not found, was it already closed?`, EXIT.failed);
    }
    if (account.owner !== LOOKUP_TABLE_PROGRAM) {
      throw new CliError(
        `Lookup table account ${address} is not owned by the Address Lookup Table program`,
        EXIT.failed,
      );
    }
    const data = parsedData(account);
    if (data?.program !== 'address-lookup-table') {
      throw new CliError('invalid account data for instruction', EXIT.failed);
    }
    if (data.parsed.type !== 'lookupTable') {
      throw new CliError('instruction requires an initialized account', EXIT.failed);
    }
    const { info } = data.parsed;
    const report = {
      lookupTableAddress: address,
      authority: info.authority ?? null,
      deactivationSlot: BigInt(info.deactivationSlot),
      lastExtendedSlot: BigInt(info.lastExtendedSlot),
      addresses: info.addresses,
    };
    if (ctx.json) {
      ctx.printJson(report);
      return EXIT.ok;
    }
    const { bold } = ctx.paint;
    const lines = [
      '',
      `${bold('Lookup Table Address:')} ${address}`,
      `${bold('Authority:')} ${report.authority ?? 'None (frozen)'}`,
      `${bold('Deactivation Slot:')} ${report.deactivationSlot === U64_MAX ? 'None (still active)' : report.deactivationSlot}`,
      `${bold('Last Extended Slot:')} ${report.lastExtendedSlot === 0n ? 'None (empty)' : report.lastExtendedSlot}`,
    ];
    if (report.addresses.length === 0) lines.push(`${bold('Address Table Entries:')} None (empty)`);
    else {
      lines.push(bold('Address Table Entries:'), '', bold(`  ${'Index'.padEnd(5)}  Address`));
      report.addresses.forEach((entry, index) => {
        lines.push(`  ${String(index).padEnd(5)}  ${entry}`);
      });
    }
    ctx.print(lines.join('\n'));
    return EXIT.ok;
  },
});
