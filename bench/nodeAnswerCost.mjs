// The node's side of parseOnClient (issue 33), whole answers: what a node spends writing the
// getProgramAccounts answer of the programAccounts20000Parsed workload (20,000 token accounts of 60 mints)
// as base64, as base64+zstd and as jsonParsed. bench/clientParsing.mjs's server answers from memory, so
// none of this is in its numbers. bench/nodeAnswerCost/src/main.rs does the node's work with the crates
// agave writes answers with (see its header for what is counted and how it differs from a current node).
//
// This script writes the workload's accounts and mints to a temporary file, builds the program offline
// against Debian's packaged crates, checks that its jsonParsed result is the workload's jsonParsed answer
// byte for byte (the answer bench/clientParsing.mjs serves as (a), key order included), and runs it.
//
//   npm run bench:node-answer
//   node bench/nodeAnswerCost.mjs [--passes 7]
// Needs cargo and, from Debian: librust-serde-json-dev librust-serde-derive-dev librust-bs58-dev
// librust-zstd-dev librust-base64-dev librust-heck-dev (they bring libzstd-dev and pkg-config).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { programAccounts20000 } from './payloads.mjs';
import { TOKEN_PROGRAM } from './workloads.mjs';

const { values: args } = parseArgs({ options: { passes: { type: 'string', default: '7' } } });
const REGISTRY = '/usr/share/cargo/registry';
if (!existsSync(join(REGISTRY, 'serde_json-1.0.87')) && !existsSync(REGISTRY)) {
  process.stderr.write(`no packaged crates in ${REGISTRY}: install the Debian packages named in this file's header\n`);
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'solrpc-answer-cost-'));
try {
  const workload = programAccounts20000();
  const lines = workload.mints.map(({ address, decimals }) => `mint ${address} ${decimals}`);
  for (const { pubkey, bytes } of workload.accounts) {
    // The workload's every token account holds the rent-exempt minimum of 165 bytes (its jsonParsed answer).
    lines.push(`account ${pubkey} ${TOKEN_PROGRAM} 2039280 ${Buffer.from(bytes).toString('base64')}`);
  }
  const input = join(dir, 'accounts.txt');
  writeFileSync(input, `${lines.join('\n')}\n`);

  const manifest = fileURLToPath(new URL('nodeAnswerCost/Cargo.toml', import.meta.url));
  const offline = [
    '--offline',
    '--config',
    'source.crates-io.replace-with="debian"',
    '--config',
    `source.debian.directory="${REGISTRY}"`,
  ];
  const target = join(dir, 'target');
  execFileSync(
    'cargo',
    ['build', '--release', '--quiet', '--manifest-path', manifest, '--target-dir', target, ...offline],
    {
      stdio: 'inherit',
      env: { ...process.env, CARGO_HOME: join(dir, 'cargo-home') },
    },
  );
  const program = join(target, 'release', 'node-answer-cost');

  const dumped = join(dir, 'jsonParsed.json');
  execFileSync(program, [input, '--dump', 'jsonParsed', dumped]);
  const written = readFileSync(dumped, 'utf8');
  if (written !== workload.parsed) {
    let at = 0;
    while (written[at] === workload.parsed[at]) at++;
    process.stderr.write(
      `jsonParsed differs from the workload's answer at ${at}:\n  program:  ${written.slice(at - 80, at + 80)}\n  workload: ${workload.parsed.slice(at - 80, at + 80)}\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`jsonParsed result: the workload's answer byte for byte (${written.length} characters)\n`);
  process.stdout.write(execFileSync(program, [input, args.passes], { encoding: 'utf8' }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
