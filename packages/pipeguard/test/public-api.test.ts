import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 37: each package exports what its README documents. Every public entry point of every published
// package (its package.json `exports`, `/internal` aside) is read with the TypeScript parser, values and
// types alike, and each name must appear in that package's README, or be a companion type of a name
// that does (`XOptions`, `XStats`, … of a documented `X`, as `new X(options?)` and `x.stats` document
// them). `pipeguard` re-exports the stages: their READMEs document it too. What the packages share that is
// no API lives behind `/internal`, which is not checked.

const PACKAGES = fileURLToPath(new URL('../../', import.meta.url));

/** The names a module exports, following `export * from` into this workspace's sources. */
function exportedNames(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause === undefined) {
        const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
        names.push(...exportedNames(sourceOf(file, specifier), seen));
      } else if (ts.isNamedExports(clause)) {
        names.push(...clause.elements.map((element) => element.name.text));
      }
      continue;
    }
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        names.push((declaration.name as ts.Identifier).text);
    } else if ('name' in statement && statement.name !== undefined) {
      names.push((statement.name as ts.Identifier).text);
    }
  }
  return names;
}

/** The source file a specifier names: a relative path, or a workspace package (or its `/core`). */
function sourceOf(from: string, specifier: string): string {
  const workspace = /^@pipeguard\/([a-z0-9-]+)(\/core)?$/.exec(specifier);
  const base = workspace
    ? join(PACKAGES, workspace[1]!, 'src', workspace[2] ? 'core' : 'index')
    : resolve(dirname(from), specifier);
  const file = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
  if (file === undefined) throw new Error(`${from}: cannot find the source of ${specifier}`);
  return file;
}

const COMPANION = /^(.+?)(Core)?(Stream)?(Options|Stats|ErrorCode|Result|Progress)$/;

/** Whether `readme` names `name`, or the class or function whose companion type it is. */
function documents(readme: string, name: string): boolean {
  const mentions = (word: string) => new RegExp(`\\b${word}\\b`).test(readme);
  const companion = COMPANION.exec(name);
  return (
    mentions(name) || (companion !== null && (mentions(companion[1]!) || mentions(`${companion[1]}Stream`)))
  );
}

/** The READMEs that document a package: its own, and for the umbrella those of the packages it re-exports. */
function readmesOf(directory: string, manifest: Manifest): string {
  const own = readFileSync(join(directory, 'README.md'), 'utf8');
  if (manifest.name !== 'pipeguard') return own;
  const others = Object.keys(manifest.dependencies ?? {})
    .filter((name) => name.startsWith('@pipeguard/'))
    .map((name) => readFileSync(join(PACKAGES, name.slice('@pipeguard/'.length), 'README.md'), 'utf8'));
  return [own, ...others].join('\n');
}

interface Manifest {
  name: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  exports: Record<string, string | Record<string, unknown>>;
}

/** Each published package's public entry points as [subpath, source file]. */
function publicEntries(directory: string, manifest: Manifest): [string, string][] {
  return Object.keys(manifest.exports)
    .filter(
      (subpath) => subpath !== './package.json' && !subpath.endsWith('.json') && subpath !== './internal',
    )
    .map((subpath) => {
      const stem = subpath === '.' ? 'index' : subpath.slice(2);
      return [subpath, join(directory, 'src', `${stem}.ts`)];
    });
}

const published = readdirSync(PACKAGES)
  .map((name) => join(PACKAGES, name))
  .filter((directory) => existsSync(join(directory, 'package.json')))
  .map(
    (directory) =>
      [directory, JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as Manifest] as const,
  )
  .filter(([, manifest]) => manifest.private !== true);

describe('the public API', () => {
  it.each(published.map(([directory, manifest]) => [manifest.name, directory, manifest] as const))(
    'should document in its README every name %s exports',
    (_name, directory, manifest) => {
      const readme = readmesOf(directory, manifest);
      const undocumented = publicEntries(directory, manifest).flatMap(([subpath, file]) =>
        exportedNames(file)
          .filter((name) => !documents(readme, name))
          .map((name) => `${subpath}: ${name}`),
      );
      expect([...new Set(undocumented)].sort()).toEqual([]);
    },
  );
});
