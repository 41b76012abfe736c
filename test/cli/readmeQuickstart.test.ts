/**
 * The README's quickstart, run as a new user runs it: `solrpc demo --serve --port 8899` in one terminal,
 * then the quickstart's code and the command-line section's commands against it, with the addresses the
 * README names. Port 8899 may be taken here, so the demo serves a free port and the code's URLs are
 * pointed at it; everything else runs as written. The addresses the README gives must be the simulation's.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { SIMULATION } from '../../src/testing/simulatedCluster.js';
import { closedPort } from '../support/httpServer.js';
import { runCli } from './helpers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = (title: string) => {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
};
const blocks = (text: string, lang: string) =>
  [...text.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((match) => match[1] as string);

const quickstart = section('Quickstart');
const commandLine = section('The command line');
const alpha = SIMULATION.validators[0] as (typeof SIMULATION.validators)[number];

let port: number;
let wsUrl: string;
const serving = new AbortController();
let demo: Promise<number>;

beforeAll(async () => {
  port = await closedPort();
  let printed = '';
  let started: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    started = resolve;
  });
  demo = run(['demo', '--serve', '--port', String(port)], {
    out: (text) => {
      printed += text;
      if (printed.includes('Subscriptions at ')) started();
    },
    err: (text) => {
      printed += text;
      started();
    },
    env: {},
    isTTY: false,
    signal: serving.signal,
  });
  await ready;
  expect(printed).toContain(`a simulated cluster at http://127.0.0.1:${port} `);
  wsUrl = /Subscriptions at (ws:\/\/[\d.]+:\d+)/.exec(printed)?.[1] as string;
  expect(wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
}, 20_000);

afterAll(async () => {
  serving.abort();
  expect(await demo).toBe(0);
});

/** A quickstart block bundled against the source and run by Node with its own deadline. */
async function runBlock(code: string, name: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dir = join(root, 'node_modules/.cache/solrpc-readme-test');
  mkdirSync(dir, { recursive: true });
  const source = join(dir, `${name}.ts`);
  writeFileSync(
    source,
    code
      .replaceAll('http://127.0.0.1:8899', `http://127.0.0.1:${port}`)
      .replaceAll('ws://127.0.0.1:8900', wsUrl)
      .replaceAll("from 'solrpc'", `from '${join(root, 'src/index.ts')}'`),
  );
  const outfile = join(dir, `${name}.mjs`);
  // The package's own imports (#default-fetch, #default-websocket) resolve to src/, as in test/docs.test.ts.
  await build({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    conditions: ['solrpc-source'],
    external: ['ws'],
    logLevel: 'silent',
  });
  return new Promise((resolve) => {
    execFile(process.execPath, [outfile], { timeout: 20_000, killSignal: 'SIGKILL' }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe("the README's quickstart against solrpc demo --serve", { timeout: 30_000 }, () => {
  it('starts the cluster the way the README says, on the node port the code uses', () => {
    expect(blocks(quickstart, 'sh')).toEqual(['npx solrpc demo --serve --port 8899\n']);
    const [first, second] = blocks(quickstart, 'ts');
    expect(first).toContain("createRpc('http://127.0.0.1:8899'");
    // The RPC port + 1, where the demo serves WebSockets unless that port is taken (then it says where).
    expect(second).toContain("createRpcSubscriptions('ws://127.0.0.1:8900')");
  });

  it("the first block prints the wallet's exact balance and its token account's 165 bytes", async () => {
    const code = blocks(quickstart, 'ts')[0] as string;
    expect(code).toContain(SIMULATION.wallet.address);
    expect(code).toContain(SIMULATION.tokenAccount);
    const result = await runBlock(code, 'quickstart-rpc');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.startsWith(`${SIMULATION.wallet.lamports}n Uint8Array(165) [\n`)).toBe(true);
  });

  it('the subscription block prints three slots with their roots, then ends', async () => {
    const result = await runBlock(blocks(quickstart, 'ts')[1] as string, 'quickstart-subscriptions');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/^\d+ \d+$/);
  });
});

describe("the README's command-line section against the same cluster", { timeout: 30_000 }, () => {
  it("names the simulation's wallet and validator alpha for the placeholders", () => {
    expect(commandLine).toContain(`its wallet \`${SIMULATION.wallet.address}\``);
    expect(commandLine).toContain(`identity\n\`${alpha.identity}\``);
    expect(commandLine).toContain(`vote account \`${alpha.vote}\``);
  });

  it('runs each command with the placeholders filled in as it says (demo excepted), each exit 0', async () => {
    const lines = (blocks(commandLine, 'sh')[0] as string).split('\n').filter(Boolean);
    const commands = lines
      .map((line) => line.replace(/\s+#.*$/, '').split(/\s+/))
      .filter((words) => words[2] !== 'demo'); // demo starts a cluster of its own: test/cli/demo*.test.ts
    expect(commands.map((words) => words.slice(0, 3).join(' '))).toEqual([
      'npx solrpc gossip',
      'npx solrpc balance',
      'npx solrpc vote-account',
      'npx solrpc check',
    ]);
    const fill: Record<string, string> = {
      '<ADDRESS_OR_KEYPAIR>': SIMULATION.wallet.address,
      '<VOTE_ACCOUNT>': alpha.vote,
      '<IDENTITY>': alpha.identity,
    };
    for (const words of commands) {
      // `--url mainnet-beta` and `-u l` become the demo's URL: localhost, as the moniker, on the demo's port.
      const argv = words.slice(2).map((word) => fill[word] ?? word);
      const at = argv.indexOf('--url');
      if (at !== -1) argv.splice(at, 2);
      argv.push('--url', `http://localhost:${port}`);
      // check samples twice, 2 s apart by default: half a second serves here.
      if (argv[0] === 'check') argv.push('--interval', '0.5');
      const result = await runCli(argv);
      expect({ argv, code: result.code, err: result.err }).toEqual({ argv, code: 0, err: '' });
    }
  });
});
