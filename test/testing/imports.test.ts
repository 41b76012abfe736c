/**
 * Where src/testing/ sits in the module graph: a floor above the library and below the CLI. Nothing of the
 * library imports it (so the `solrpc` entry never carries it), it imports nothing of the CLI, and the Node
 * entry (src/testing/index.ts) never reaches msw, which only solrpc/testing/msw loads. Only imports that
 * run count (`import type` leaves nothing in the output).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Each file's static imports: other files of src/ (relative to src/) and packages (by name). */
const graph = new Map(
  sources(src).map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm)].map((match) => {
      const target = match[1] as string;
      return target.startsWith('.') ? relative(src, resolve(dirname(file), target.replace(/\.js$/, '.ts'))) : target;
    });
    return [relative(src, file), targets] as const;
  }),
);

/** Every file and package a file reaches, itself included. */
function reach(start: string): Set<string> {
  const seen = new Set([start]);
  for (const file of seen) for (const target of graph.get(file) ?? []) seen.add(target);
  return seen;
}

it('is imported by nothing of the library: only by itself and the CLI', () => {
  const arrows = [...graph].flatMap(([file, targets]) =>
    file.startsWith('testing/') || file.startsWith('cli/')
      ? []
      : targets.filter((target) => target.startsWith('testing/')).map((target) => `${file} -> ${target}`),
  );
  expect(graph.has('testing/index.ts')).toBe(true);
  expect(arrows).toEqual([]);
  expect([...reach('index.ts')].filter((file) => file.startsWith('testing/'))).toEqual([]);
  expect([...reach('node.ts')].filter((file) => file.startsWith('testing/'))).toEqual([]);
});

it('imports nothing of the CLI', () => {
  const arrows = [...graph].flatMap(([file, targets]) =>
    file.startsWith('testing/')
      ? targets.filter((target) => target.startsWith('cli/')).map((target) => `${file} -> ${target}`)
      : [],
  );
  expect(arrows).toEqual([]);
});

it('reaches msw only through solrpc/testing/msw, never from the Node entry', () => {
  const fromNodeEntry = reach('testing/index.ts');
  expect(fromNodeEntry.has('testing/simulatedCluster.ts')).toBe(true);
  expect([...fromNodeEntry].filter((target) => target === 'msw' || target.startsWith('msw/'))).toEqual([]);
  expect(fromNodeEntry.has('testing/msw.ts')).toBe(false);
  expect(reach('testing/msw.ts').has('msw')).toBe(true);
  // msw.ts is the one file that names it.
  expect([...graph].filter(([, targets]) => targets.includes('msw')).map(([file]) => file)).toEqual(['testing/msw.ts']);
});
