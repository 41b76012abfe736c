/**
 * The decoders are separate modules: an app bundles only the ones it imports. Each entry below is bundled
 * from source by esbuild, minified, for a browser; what it must not carry is named, and its size capped.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/decoders/', import.meta.url));

async function bundle(entry: string): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: SRC, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

// Names that only one decoder's code contains (error texts and field names survive minification).
const VOTE = ['decodeVoteAccount', 'priorVoters', 'blsPubkeyCompressed'];
const TOKEN_ACCOUNT = ['decodeTokenAccount:', 'uiAmountString', 'rentExemptReserve'];
const EXTENSIONS = ['transferFeeConfig', 'tokenMetadata', 'scaledUiAmountConfig'];

describe('decoders: tree-shaking', () => {
  it('an app that decodes token accounts carries no vote decoder and no mint decoder', async () => {
    const code = await bundle(
      `import { decodeTokenAccount } from './tokenAccount.js'; console.log(decodeTokenAccount);`,
    );
    for (const name of ['uiAmountString', ...EXTENSIONS]) expect(code).toContain(name);
    for (const name of [...VOTE, 'mintAuthority', 'freezeAuthority']) expect(code).not.toContain(name);
    expect(code.length).toBeLessThan(20_000);
  });

  it('an app that decodes vote accounts carries no token code', async () => {
    const code = await bundle(`import { decodeVoteAccount } from './voteAccount.js'; console.log(decodeVoteAccount);`);
    expect(code).toContain('priorVoters');
    for (const name of [...TOKEN_ACCOUNT, ...EXTENSIONS, 'decodeMint']) expect(code).not.toContain(name);
    expect(code.length).toBeLessThan(12_000);
  });

  it('an app that decodes mints carries the extensions but no token-account amounts', async () => {
    const code = await bundle(`import { decodeMint } from './mint.js'; console.log(decodeMint);`);
    for (const name of EXTENSIONS) expect(code).toContain(name);
    for (const name of [...VOTE, 'uiAmountString', 'rentExemptReserve']) expect(code).not.toContain(name);
  });
});
