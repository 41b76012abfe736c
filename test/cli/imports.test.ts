/**
 * The CLI is a client of the library through one door: every file of src/cli/ imports the rest of src/
 * only through src/cli/library.ts, which only re-exports. The demo alone also imports src/testing/, the
 * simulated cluster it runs against. Type-only imports and `import()` count too: the door is for readers.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const cli = join(src, 'cli');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every module a file names: static imports and re-exports (type-only ones too) and `import()`. */
function specifiers(text: string): string[] {
  const statics = [...text.matchAll(/^(?:import|export)\b[^'";]*?from\s+'([^']+)'/gm)].map((m) => m[1] as string);
  const bare = [...text.matchAll(/^import\s+'([^']+)'/gm)].map((m) => m[1] as string);
  const dynamic = [...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1] as string);
  return [...statics, ...bare, ...dynamic];
}

/** Each CLI file (relative to src/) with what it imports: a path relative to src/, or a bare name. */
const imports = sources(cli).map((file) => {
  const targets = specifiers(readFileSync(file, 'utf8')).map((spec) =>
    spec.startsWith('.') ? relative(src, resolve(dirname(file), spec.replace(/\.js$/, '.ts'))) : spec,
  );
  return { file: relative(src, file), targets };
});

/** The imports from outside src/cli/ that the rule does not allow, as `file -> target`. */
function strayImports(files: readonly { file: string; targets: readonly string[] }[]): string[] {
  return files.flatMap(({ file, targets }) =>
    targets
      .filter((target) => {
        if (target.startsWith('node:')) return false; // Node's own modules
        if (target.startsWith('cli/')) return false;
        if (file === 'cli/library.ts') return false;
        if (file === 'cli/commands/demo.ts' && target.startsWith('testing/')) return false;
        return true;
      })
      .map((target) => `${file} -> ${target}`),
  );
}

describe("the CLI's imports", () => {
  it('are read from every file of src/cli/, the library entry among them', () => {
    expect(imports.length).toBeGreaterThan(30);
    const library = imports.find(({ file }) => file === 'cli/library.ts');
    expect(library?.targets).toContain('index.ts');
    expect(imports.find(({ file }) => file === 'cli/run.ts')?.targets).toContain('cli/library.ts');
    expect(imports.find(({ file }) => file === 'cli/commands/demo.ts')?.targets).toContain(
      'testing/simulatedCluster.ts',
    );
  });

  it('reach the rest of src/ only through cli/library.ts (and the demo the simulated cluster)', () => {
    expect(strayImports(imports)).toEqual([]);
  });

  it('would name a file that went around the entry, type imports and import() included', () => {
    const around = [
      { file: 'cli/commands/slot.ts', targets: ['index.ts', 'cli/library.ts'] },
      { file: 'cli/format.ts', targets: ['testing/simulatedCluster.ts'] },
    ];
    expect(strayImports(around)).toEqual([
      'cli/commands/slot.ts -> index.ts',
      'cli/format.ts -> testing/simulatedCluster.ts',
    ]);
    expect(specifiers("import type { A } from '../x.js';\nconst m = await import('../y.js');")).toEqual([
      '../x.js',
      '../y.js',
    ]);
  });

  it('cli/library.ts holds re-exports only: no code of its own', () => {
    const text = readFileSync(join(cli, 'library.ts'), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const statements = text
      .split(';')
      .map((statement) => statement.trim())
      .filter(Boolean);
    expect(statements.length).toBeGreaterThan(5);
    for (const statement of statements) expect(statement).toMatch(/^export (type )?\{[^}]*\} from '\.\.\/[^']+'$/);
  });
});
