/**
 * The shape of src/'s module graph: no import cycle anywhere (the CLI's commands included), no arrow
 * back up between the byte codecs, the response schemas and defineMethod, which sits above both, and no
 * arrow from a method or a subscription to the transport (a method describes a call, the transport carries
 * it; createRpc.ts is where the two meet). Only
 * imports that run count: `import type` leaves nothing in the output, and a lazy `import()` is a
 * separate chunk by design (explain.ts, hints.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Each file's static imports and re-exports of other files of src/, as paths relative to src/. */
const graph = new Map(
  sources(src).map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'(\.[^']+)'/gm)].map((match) =>
      relative(src, resolve(dirname(file), (match[1] as string).replace(/\.js$/, '.ts'))),
    );
    return [relative(src, file), targets] as const;
  }),
);

describe("src/'s module graph", () => {
  it('has the files it is read from, and their imports resolve to files of src/', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('index.ts')).toContain('createRpc.ts');
    const missing = [...graph].flatMap(([file, targets]) =>
      targets.filter((t) => !graph.has(t)).map((t) => `${file} -> ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no import cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'open');
      path.push(file);
      for (const target of graph.get(file) ?? []) {
        if (state.get(target) === 'open') cycles.push([...path.slice(path.indexOf(target)), target].join(' -> '));
        else if (!state.has(target)) visit(target);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('has no arrow from schemas/ to codecs/ or defineMethod, nor from codecs/ to schemas/ or defineMethod', () => {
    const layer = (file: string) =>
      file.startsWith('schemas/')
        ? 'schemas'
        : file.startsWith('codecs/')
          ? 'codecs'
          : file === 'defineMethod.ts'
            ? 'defineMethod'
            : undefined;
    const arrows = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => {
          const [from, to] = [layer(file), layer(target)];
          return (from === 'schemas' || from === 'codecs') && to !== undefined && to !== from;
        })
        .map((target) => `${file} -> ${target}`),
    );
    expect(arrows).toEqual([]);
  });

  it('has no arrow from methods/ or subscriptions/ to transport/', () => {
    const arrows = [...graph].flatMap(([file, targets]) =>
      /^(methods|subscriptions)\//.test(file)
        ? targets.filter((target) => target.startsWith('transport/')).map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(arrows).toEqual([]);
    // The rule reads the files it is about: both floors exist and import something.
    expect([...graph.keys()].filter((file) => file.startsWith('methods/')).length).toBeGreaterThan(40);
    expect(graph.get('subscriptions/connection.ts')?.length).toBeGreaterThan(0);
  });
});
