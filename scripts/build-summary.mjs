// One line after `tsup --silent`: what dist/ holds, instead of tsup's list of every file it wrote.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else files.push({ path, bytes: statSync(path).size });
  }
};
walk('dist');

const count = (test) => files.filter(({ path }) => test(path)).length;
const esm = count((p) => p.endsWith('.js'));
const cjs = count((p) => p.endsWith('.cjs'));
const types = count((p) => p.endsWith('.d.ts') || p.endsWith('.d.cts'));
const kib = files.filter(({ path }) => !path.endsWith('.map')).reduce((sum, f) => sum + f.bytes, 0) / 1024;
console.log(
  `build: dist/ has ${esm} ESM modules, ${cjs} CommonJS bundles and ${types} declaration files ` +
    `(${kib.toFixed(0)} KiB without source maps)`,
);
