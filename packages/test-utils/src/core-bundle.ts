import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const PACKAGES_DIR = fileURLToPath(new URL('../../', import.meta.url));
const CORE_IMPORT = /^@pipeguard\/([a-z0-9-]+)\/core$/;

/** The packages that have a runtime-free core: those with a `src/core.ts`. */
export function packagesWithCore(names: readonly string[]): string[] {
  return names.filter((name) => existsSync(`${PACKAGES_DIR}${name}/src/core.ts`));
}

/**
 * Only relative imports and other packages' cores resolve: a core that imports `node:*`, a stage's Node
 * entry or any npm package fails to bundle, naming the import.
 */
const coresOnly: Plugin = {
  name: 'cores-only',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      const core = CORE_IMPORT.exec(args.path);
      if (core) return { path: `${PACKAGES_DIR}${core[1]}/src/core.ts` };
      return {
        errors: [{ text: `a core may import only other cores, not "${args.path}" (in ${args.importer})` }],
      };
    });
  },
};

/** What `bundleCore` (`./core`) writes in place of a reference to one of Node's globals, with the global's name after it. */
export const NODE_GLOBAL_MARK = '__node_global_';

/**
 * Bundles `packages/<name>/src/core.ts` for a runtime with no Node: as one browser script, with no shims.
 * Rejects when it imports anything but relative files and other cores. With `markNodeGlobals`, every
 * reference to `Buffer`, `process`, `global`, `require`, `setImmediate`, `__dirname` or `__filename` becomes {@link NODE_GLOBAL_MARK} and the name (esbuild's
 * `define` replaces references only, not strings or property names), so a test can find them all.
 */
export async function bundleCore(name: string, { markNodeGlobals = false } = {}): Promise<string> {
  const marked = ['Buffer', 'process', 'global', 'require', 'setImmediate', '__dirname', '__filename'];
  const result = await build({
    define: markNodeGlobals
      ? Object.fromEntries(marked.map((global) => [global, `${NODE_GLOBAL_MARK}${global}`]))
      : {},
    entryPoints: [`${PACKAGES_DIR}${name}/src/core.ts`],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'core',
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'silent',
    plugins: [coresOnly],
  });
  return result.outputFiles[0]?.text ?? '';
}
