/**
 * The built package, loaded by Node through its exports map with `import` and with `require`: both
 * entry points must work, zstd's lazy load included. `npm test` builds before running this.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCase } from '../support/conformance.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const smoke = fileURLToPath(new URL('./smoke.mjs', import.meta.url));
const built = existsSync(`${root}dist/index.cjs`) && existsSync(`${root}dist/index.js`);

describe.runIf(built)('the built package', () => {
  const expected = loadCase('getAccountInfo.base64zstd.token-account.json').expect;

  it.each(['import', 'require'])('works through %s', (mode) => {
    // Self-reference: inside the package's own folder, 'solrpc' resolves through package.json exports.
    const out = execFileSync(process.execPath, [smoke, mode], { cwd: root, encoding: 'utf8', timeout: 20_000 });
    expect(JSON.parse(out)).toEqual({
      hex: expected['value.data.hex'],
      rentEpoch: '18446744073709551615',
      refused: true,
    });
  });
});

it.skipIf(built)('says plainly that the package checks need a build', () => {
  console.warn('dist/ is missing: run `npm run build` (npm test does) to check the built package');
  expect(built).toBe(false);
});
