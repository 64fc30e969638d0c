import { defineConfig, type Options } from 'tsup';
import base from '../../tsup.base';

// The shared build for the library, plus the CLI (the bin) as ESM only, without types. The CLI is one
// bundle of the workspace stages, so start-up resolves no module graph; each command is a chunk loaded
// when it runs. In the bin, readable-stream is Node's own stream module (src/cli/node-stream.ts: it
// mirrors it, and Node's is loaded already, so 250 KB are not parsed at every start); it is listed in
// noExternal, as a dependency would otherwise stay external and the alias would not apply. The stages
// load iconv-lite on first use themselves (fallback-decoder's loadIconv). Both builds run at once: only
// the first cleans dist, and it spares the CLI's files.
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
    // Its own chunks only: a chunk name changes with its content, so old ones would pile up.
    clean: ['cli-chunks/**'],
    splitting: true,
    noExternal: [/^@pipeguard\//, 'readable-stream'],
    esbuildOptions(options) {
      options.chunkNames = 'cli-chunks/[name]-[hash]';
      options.alias = { 'readable-stream': './src/cli/node-stream.ts' };
    },
  },
]);
