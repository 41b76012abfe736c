/**
 * Installs a packed solrpc tarball into a fresh folder with npm itself (`npm ci`, bin links and all),
 * without the network: the folder gets a lockfile naming the tarball and, for the dependencies, the
 * exact entries of the repository's own lockfile, so npm finds everything by integrity in the cache
 * that installing the repository filled. (A plain `npm install --offline` would need registry
 * metadata that `npm ci` does not cache.)
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface LockEntry {
  dependencies?: Record<string, string>;
  [key: string]: unknown;
}

export function installTarball(repo: string, tarball: string, folder: string): void {
  const repoLock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
    version: string;
    license: string;
    dependencies: Record<string, string>;
    bin: Record<string, string>;
    engines: Record<string, string>;
  };
  const packages: Record<string, LockEntry> = {};
  const queue = Object.keys(pkg.dependencies);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const [path, entry] of Object.entries(repoLock.packages)) {
      if (path === `node_modules/${name}` || path.startsWith(`node_modules/${name}/node_modules/`)) {
        packages[path] = entry;
        queue.push(...Object.keys(entry.dependencies ?? {}));
      }
    }
  }
  const spec = `file:${tarball}`;
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const manifest = { name: 'app', private: true, type: 'module', dependencies: { solrpc: spec } };
  const lock = {
    name: 'app',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'app', dependencies: manifest.dependencies },
      'node_modules/solrpc': {
        version: pkg.version,
        resolved: spec,
        integrity,
        license: pkg.license,
        dependencies: pkg.dependencies,
        bin: pkg.bin,
        engines: pkg.engines,
      },
      ...packages,
    },
  };
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(folder, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  execFileSync('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: folder,
    stdio: 'ignore',
    timeout: 120_000,
  });
}
