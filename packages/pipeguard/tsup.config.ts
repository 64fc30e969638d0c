import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import { defineConfig, type Options, type Plugin } from 'tsup';
import base from '../../tsup.base';

// The esbuild tsup runs on (not a dependency of ours: the bin is built with the same one).
const esbuild: typeof import('esbuild') = createRequire(createRequire(import.meta.url).resolve('tsup'))(
  'esbuild',
);

/** A CommonJS module's wrapper, as Node's loader writes it (`Module.wrap`). */
const MODULE_WRAPPER_START = '(function (exports, require, module, __filename, __dirname) {';
const MODULE_WRAPPER_END = '});';

/**
 * Turns the bin's bundle, built as an ES module, into CommonJS: a CommonJS entry spares Node 20 its ES
 * module loader (4–10 % of `node -e 0` per start, measured). tsup's own CommonJS output would also
 * rewrite `?.` and `??` into helper calls on the stages' hot paths; esbuild keeps them. Whitespace,
 * syntax and local names are minified: a third fewer bytes to read, hold as a string and compile at each
 * start (the CLI prints messages, not stack traces; the source map names everything).
 */
const commonJsChunks: Plugin = {
  name: 'pipeguard-cli-commonjs',
  async renderChunk(code, { path }) {
    const { code: converted, map } = await esbuild.transform(code, {
      // Named as tsup names the chunk, so that it chains this map onto esbuild's map to the sources.
      sourcefile: path,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      supported: { 'dynamic-import': false },
      minifyWhitespace: true,
      minifySyntax: true,
      minifyIdentifiers: true,
      // Only the createRequire calls of pty-load, load-iconv and shared's requireBuiltin read it, after
      // `typeof __filename`.
      logOverride: { 'empty-import-meta': 'silent' },
    });
    // Written as a CommonJS module already wrapped, which src/code-cache.ts compiles as it is; the
    // wrapper has a line of its own, so the map only moves down a line.
    const shifted = JSON.parse(map) as { mappings: string };
    shifted.mappings = `;${shifted.mappings}`;
    return { code: `${MODULE_WRAPPER_START}\n${converted}\n${MODULE_WRAPPER_END}`, map: shifted };
  },
};

/**
 * node:module in the bin's bundle is src/cli/node-module.ts (esbuild keeps a built-in external before it
 * looks at `alias`, so a plugin resolves it).
 */
const nodeModuleStandIn: EsbuildPlugin = {
  name: 'pipeguard-cli-node-module',
  setup(build) {
    build.onResolve({ filter: /^(node:)?module$/ }, () => ({
      path: fileURLToPath(new URL('./src/cli/node-module.ts', import.meta.url)),
    }));
  },
};

// The shared build for the library, plus the CLI (the bin) as one CommonJS file, without types. The CLI
// is one bundle of the workspace stages, so start-up resolves no module graph: one file, compiled from its
// V8 code cache (a file per command measured 0.05x of node's start slower, in resolving and reading files,
// once the cache made parsing cheap). In the bin, readable-stream is Node's own stream module (src/cli/node-stream.ts:
// it mirrors it, and Node's is loaded already, so 250 KB are not parsed at every start); it is listed
// in noExternal, as a dependency would otherwise stay external and the alias would not apply. The
// stages load iconv-lite on first use themselves (fallback-decoder's loadIconv). Both builds run at
// once: only the first cleans dist, and it spares the CLI's files.
export default defineConfig([
  {
    ...(base as Options),
    entry: { index: 'src/index.ts', web: 'src/web.ts' },
    clean: ['!cli.cjs', '!cli-main.cjs', '!cli-main.cjs.map', '!cli-cache/**'],
  },
  {
    ...(base as Options),
    entry: { 'cli-main': 'src/cli.ts' },
    // Bundled as an ES module, written as CommonJS by the plugin.
    format: ['esm'],
    outExtension: () => ({ js: '.cjs' }),
    plugins: [commonJsChunks],
    esbuildPlugins: [nodeModuleStandIn],
    dts: false,
    // Its caches only (and chunks of earlier layouts): a cache's name changes with its file's content.
    clean: ['cli-chunks/**', 'cli-cache/**'],
    splitting: false,
    noExternal: [/^@pipeguard\//, 'readable-stream'],
    esbuildOptions(options) {
      options.alias = {
        'readable-stream': './src/cli/node-stream.ts',
        // Stages that only some options use, initialised at their first instance (src/cli/lazy-class.ts).
        '@pipeguard/terminal-renderer': './src/cli/lazy-terminal-renderer.ts',
        '@pipeguard/repeat-folder': './src/cli/lazy-repeat-folder.ts',
        // pipeline()'s one chain drives their cores: the stand-ins above are for the Node stages only.
        '@pipeguard/terminal-renderer/core': '../terminal-renderer/src/core.ts',
        '@pipeguard/repeat-folder/core': '../repeat-folder/src/core.ts',
      };
    },
  },
  {
    // The bin: a loader that compiles the CLI's files with their V8 code caches (src/code-cache.ts).
    ...(base as Options),
    entry: { cli: 'src/cli-bin.ts' },
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
    dts: false,
    sourcemap: false,
    clean: false,
  },
]);
