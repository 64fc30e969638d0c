import { defineConfig, type Options } from 'tsup';
import base from '../../tsup.base';

// The shared build for the library, plus the CLI (the bin) as ESM only, without types. The CLI is one
// bundle, workspace stages and readable-stream included, so start-up resolves no module graph; each
// command is a chunk loaded when it runs, and iconv-lite (its codec tables) stays an ordinary
// dependency, loaded only by a decoder that meets text that is not UTF-8 (or by --fallback's check).
// Both builds run at once: only the first cleans dist, and it spares the CLI's files.
export default defineConfig([
  {
    ...(base as Options),
    entry: { index: 'src/index.ts' },
    clean: ['!cli.js', '!cli.js.map', '!cli-chunks/**'],
  },
  {
    ...(base as Options),
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    splitting: true,
    noExternal: [/^@pipeguard\//],
    external: ['iconv-lite'],
    // readable-stream and its helpers are CommonJS that require Node's built-ins at run time.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    esbuildOptions(options) {
      options.chunkNames = 'cli-chunks/[name]-[hash]';
      options.alias = { 'readable-stream': './src/cli/node-stream.ts' };
    },
  },
]);
