// The node's side of parseOnClient (issue 33): what agave spends encoding the 20,000 token accounts of the
// programAccounts20000Parsed workload as base64 and as base64+zstd, the two encodings parseOnClient can ask
// for. bench/clientParsing.mjs's server answers from memory, so this cost is in none of its numbers.
// bench/agaveEncodeCost.c makes agave's own libzstd calls (see its header); this script writes the
// workload's account data to a temporary file, compiles the program with the system's C compiler against
// libzstd.so.1, and runs it.
//
//   npm run bench:node-encode        (needs cc and libzstd.so.1: Debian's libzstd1, installed by default)
//   node bench/nodeEncodeCost.mjs [--passes 7]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { programAccounts20000 } from './payloads.mjs';

const { values: args } = parseArgs({ options: { passes: { type: 'string', default: '7' } } });
const dir = mkdtempSync(join(tmpdir(), 'solrpc-encode-cost-'));
try {
  const { accounts } = programAccounts20000();
  const size = accounts[0].bytes.length;
  if (accounts.some(({ bytes }) => bytes.length !== size))
    throw new Error('the workload has accounts of several sizes');
  const data = join(dir, 'accounts.bin');
  writeFileSync(data, Buffer.concat(accounts.map(({ bytes }) => bytes)));
  const program = join(dir, 'agave-encode-cost');
  const source = fileURLToPath(new URL('agaveEncodeCost.c', import.meta.url));
  execFileSync('cc', ['-O2', '-o', program, source, '-l:libzstd.so.1'], { stdio: 'inherit' });
  process.stdout.write(execFileSync(program, [data, String(size), args.passes], { encoding: 'utf8' }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
