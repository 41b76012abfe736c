/**
 * docs/testing.md cannot rot: each of its ```ts blocks is a complete vitest test file, written out and
 * run by a child vitest against the source ('solrpc', 'solrpc/testing' and 'solrpc/testing/msw' resolved
 * to src/), and every one must pass with at least one test; and every fault kind has a runnable example
 * there; every export of the two entries has TSDoc with an @example, and every member of an exported
 * interface (each overload of `fault` included) has TSDoc. (test/docs.test.ts type-checks the same blocks
 * with the rest of docs/.)
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { FAULT_KINDS } from '../../src/testing/faults/faultSet.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const page = readFileSync(join(root, 'docs/testing.md'), 'utf8');
const blocks = [...page.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => ({
  line: page.slice(0, match.index).split('\n').length + 1,
  code: match[1] as string,
}));

it('shows every fault kind in a runnable example', () => {
  const code = blocks.map((block) => block.code).join('\n');
  expect(FAULT_KINDS.filter((kind) => !code.includes(`fault('${kind}'`))).toEqual([]);
});

it('runs: every ```ts block of docs/testing.md passes as a vitest file of its own', async () => {
  const dir = join(root, 'node_modules/.cache/solrpc-testing-docs');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = blocks.map(({ line, code }) => {
    const file = `testing_md_${line}.test.ts`;
    writeFileSync(join(dir, file), code);
    return file;
  });
  expect(files.length).toBeGreaterThanOrEqual(8);
  const src = (path: string) => JSON.stringify(join(root, 'src', path));
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    `export default {
  resolve: {
    conditions: ['solrpc-source'],
    alias: [
      { find: /^solrpc\\/testing\\/msw$/, replacement: ${src('testing/msw.ts')} },
      { find: /^solrpc\\/testing$/, replacement: ${src('testing/index.ts')} },
      { find: /^solrpc\\/node$/, replacement: ${src('node.ts')} },
      { find: /^solrpc$/, replacement: ${src('index.ts')} },
    ],
  },
  ssr: { resolve: { conditions: ['solrpc-source', 'module', 'node', 'development|production'] } },
  test: { include: ['*.test.ts'], testTimeout: 20000 },
};
`,
  );
  const report = join(dir, 'report.json');
  const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--reporter=json', `--outputFile=${report}`],
      { cwd: dir, timeout: 150_000, killSignal: 'SIGKILL', env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: stdout + stderr }),
    );
  });
  const results = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults: {
      name: string;
      status: string;
      message: string;
      assertionResults: { status: string; title: string; failureMessages: string[] }[];
    }[];
  };
  const byFile = Object.fromEntries(
    results.testResults.map((result) => [
      result.name.split('/').at(-1),
      {
        status: result.status,
        tests: result.assertionResults.length,
        failures: [result.message, ...result.assertionResults.flatMap((test) => test.failureMessages)]
          .filter(Boolean)
          .map((message) => message.split('\n')[0]),
      },
    ]),
  );
  expect(byFile).toEqual(
    Object.fromEntries(files.map((file) => [file, { status: 'passed', tests: expect.any(Number), failures: [] }])),
  );
  for (const file of files) expect(byFile[file]?.tests).toBeGreaterThan(0);
  expect(run.code).toBe(0);
}, 180_000);

it('documents every export of solrpc/testing and solrpc/testing/msw, with an @example, and every member', () => {
  const entries = ['src/testing/index.ts', 'src/testing/msw.ts'].map((entry) => join(root, entry));
  const program = ts.createProgram(entries, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const missing: string[] = [];
  const names: string[] = [];
  for (const entry of entries) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry) as ts.SourceFile) as ts.Symbol;
    for (const exported of checker.getExportsOfModule(module)) {
      names.push(exported.name);
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.declarations?.[0] as ts.Declaration;
      if (symbol.getDocumentationComment(checker).length === 0) missing.push(`${exported.name}: no TSDoc`);
      if (!ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'example'))
        missing.push(`${exported.name}: no @example`);
      if (!(symbol.flags & ts.SymbolFlags.Interface)) continue;
      for (const member of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))) {
        for (const memberDeclaration of member.declarations ?? []) {
          if (ts.getJSDocCommentsAndTags(memberDeclaration).length === 0)
            missing.push(`${exported.name}.${member.name}: no TSDoc`);
        }
      }
    }
  }
  expect(names).toEqual(
    expect.arrayContaining(['startTestCluster', 'TestCluster', 'FaultHandle', 'testClusterHandlers']),
  );
  expect(missing).toEqual([]);
  // Building the program takes some 10 s on a busy machine.
}, 60_000);
