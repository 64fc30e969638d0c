import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * Each module keeps its own `import.meta.url` in the bundle (a question finds its recordings, the repository
 * and `@xterm/headless` relative to its own file), as it had under tsx.
 */
const keepImportMetaUrl: Plugin = {
  name: 'keep-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(path).href),
      ),
      loader: 'ts',
    }));
  },
};

/**
 * Compiles a bench entry (a question, or the child that measures one) into one ES module for plain `node`:
 * packages stay imports, so `@pipeguard/*` is each package's built `dist/`, what users install. Under tsx's
 * loader the measuring process held about 3.4 MB more (its code, every transpiled source and the source maps
 * it turns on): the rendering question's process at 8.9 MB instead of 5.5, past V8's 8 MB threshold for
 * incremental marking, where a file stream's buffers started a mark-compact every ~30 ms
 * (bench/results/2026-12-07f-plain-text7.md).
 */
export async function compileQuestion(entry: string, outfile: string, tsconfig: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig,
    logLevel: 'error',
    plugins: [keepImportMetaUrl],
  });
}
