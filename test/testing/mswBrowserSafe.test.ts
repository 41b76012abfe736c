/**
 * solrpc/testing/msw is for browser tests: everything it reaches must run where there is no Node. These
 * tests bundle it as an app's bundler does for a browser and look for what a browser lacks (a node:
 * import, Buffer, process, require), check the pure replacements of what node:crypto and Buffer did
 * (the digests, the lenient base64, the faucet's address) against Node's own, and check that the
 * LiteSVM option is refused with its name. test/browser/testingMsw.browser.test.ts runs the handlers in
 * Chromium.
 */
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '../../src/codecs/base58.js';
import { looseBase64 } from '../../src/testing/bytes.js';
import { sha256, sha512 } from '../../src/testing/hash.js';
import { FAUCET_ADDRESS, FAUCET_SEED } from '../../src/testing/ledger/faucet.js';
import { testClusterHandlers } from '../../src/testing/msw.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** src/testing/msw.ts bundled for a browser, as an app's bundler does (msw left to the app). */
async function browserBundle() {
  const result = await build({
    entryPoints: [`${root}src/testing/msw.ts`],
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    // The source, as the tests run it (package.json's imports map `#default-fetch` under this condition).
    conditions: ['solrpc-source'],
    external: ['msw'],
    metafile: true,
    logLevel: 'silent',
  });
  return { text: result.outputFiles[0]?.text ?? '', inputs: Object.keys(result.metafile.inputs) };
}

describe('solrpc/testing/msw bundled for a browser', () => {
  it('imports no node: module and uses no Buffer, process or require', async () => {
    const { text, inputs } = await browserBundle();
    // It is the test cluster: the ledger, the answers and the faults are in it.
    expect(inputs).toEqual(
      expect.arrayContaining([
        'src/testing/ledger/send.ts',
        'src/testing/ledger/faucet.ts',
        'src/testing/answers/sendTransaction.ts',
        'src/testing/faults/faultSet.ts',
      ]),
    );
    expect(text.length).toBeGreaterThan(50_000);
    // Node's servers and LiteSVM's loader stay out of it.
    for (const nodeOnly of ['rpcServer.ts', 'simulatedCluster.ts', 'simulatedPubsub.ts', 'litesvmRuntime.ts']) {
      expect(inputs.filter((input) => input.endsWith(nodeOnly))).toEqual([]);
    }
    expect(inputs.filter((input) => input.startsWith('node:'))).toEqual([]);
    expect(text).not.toMatch(/["']node:/);
    // Bare globals only: `globalThis.Buffer` (the base64 codec's guarded fast path) is not one.
    expect(text).not.toMatch(/(^|[^.\w$])Buffer\b/m);
    expect(text).not.toMatch(/(^|[^.\w$])process\b/m);
    expect(text).not.toMatch(/(^|[^.\w$])require\s*\(/m);
    expect(text).not.toContain('createRequire');
  });
});

describe("what replaced node:crypto and Buffer gives Node's answers", () => {
  it('sha256 and sha512 equal node:crypto on every length around the block boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(Buffer.from(sha256(bytes)).toString('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
        expect(Buffer.from(sha512(bytes)).toString('hex')).toBe(createHash('sha512').update(bytes).digest('hex'));
      }),
    );
    for (const length of [55, 56, 63, 64, 111, 112, 127, 128]) {
      const bytes = new Uint8Array(length).fill(7);
      expect(Buffer.from(sha512(bytes)).equals(createHash('sha512').update(bytes).digest())).toBe(true);
      expect(Buffer.from(sha256(bytes)).equals(createHash('sha256').update(bytes).digest())).toBe(true);
    }
  });

  it("looseBase64 reads text as Buffer.from(text, 'base64') does, junk and URL-safe characters included", () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n.*é';
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 64 }), (text) => {
        expect([...looseBase64(text)]).toEqual([...Buffer.from(text, 'base64')]);
      }),
      { numRuns: 2_000 },
    );
  });

  it("the faucet's address is the Ed25519 public key of its seed", () => {
    expect(Buffer.from(FAUCET_SEED).equals(createHash('sha256').update('solrpc-simulation:faucet').digest())).toBe(
      true,
    );
    const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), FAUCET_SEED]);
    const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
    const raw = createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(12);
    expect(encodeBase58(new Uint8Array(raw))).toBe(FAUCET_ADDRESS);
  });
});

describe('testClusterHandlers and LiteSVM', () => {
  it.each([true, { sendTransaction: () => undefined }])(
    'refuses options.litesvm (%s), naming it: the handlers also run in browsers',
    (litesvm) => {
      expect(() => testClusterHandlers({ litesvm: litesvm as never })).toThrow(
        expect.objectContaining({
          name: 'InvalidInputError',
          method: 'testClusterHandlers',
          param: 'options.litesvm',
          message: expect.stringContaining('startTestCluster'),
        }),
      );
    },
  );

  it('takes litesvm: false, the built-in ledger', () => {
    expect(testClusterHandlers({ litesvm: false }).handlers).toHaveLength(1);
  });
});
