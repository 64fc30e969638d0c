import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

type TypeScript = typeof import('typescript');
let typescript: TypeScript | undefined;

/**
 * The TypeScript compiler, loaded by the first call: imported with this module, its 9 MB of JavaScript were
 * most of the import time of every test file that imports @pipeguard/test-utils (1.4 s of 2.6 in CI's
 * pnpm test, once per file, for the one test that parses a source).
 */
function loadTypeScript(): TypeScript {
  typescript ??= createRequire(import.meta.url)('typescript') as TypeScript;
  return typescript;
}

/** Every `.ts` file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The files of `files` that `file` imports or re-exports by a relative specifier, type-only ones included. */
function localImports(file: string, files: ReadonlySet<string>): string[] {
  const ts = loadTypeScript();
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : null;
    if (specifier === null || !specifier.startsWith('.')) continue;
    const base = resolve(dirname(file), specifier);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => files.has(candidate));
    if (target !== undefined) found.push(target);
  }
  return found;
}

/**
 * The import cycles among the TypeScript files under `dir` (relative imports, `import type` included,
 * read with the TypeScript parser), each as the list of files around it, relative to `dir`; `[]` when
 * there is none.
 */
export function importCycles(dir: string): string[][] {
  const files = new Set(sourceFiles(dir));
  const edges = new Map([...files].map((file) => [file, localImports(file, files)]));
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open')
        cycles.push(path.slice(path.indexOf(next)).map((f) => relative(dir, f)));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}
