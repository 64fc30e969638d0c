import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** What a browser does not have: Node's modules (with or without `node:`) and the npm shims of them. */
const NOT_IN_A_BROWSER = new Set([...builtinModules, 'readable-stream', 'safer-buffer', 'iconv-lite']);

/**
 * The packages bundled from their sources: this checkout's, or another's (`PIPEGUARD_PACKAGES_DIR`, a
 * `packages/` folder ending in `/`), so that a bench measures the build before with the same measure.
 */
const PACKAGES_DIR =
  process.env['PIPEGUARD_PACKAGES_DIR'] ?? fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Fails the bundle on any import of Node's modules or their shims, naming it and its importer: no
 * polyfill, no `define` for `process` or `Buffer`, so what bundles runs where there is no Node.
 */
function noNode(
  loadedBeside: Record<string, string>,
  data: Record<string, unknown>,
  basePackagesDir: string | undefined,
): Plugin {
  return {
    name: 'no-node',
    setup(builder) {
      builder.onLoad({ filter: /.*/, namespace: 'data' }, (args) => ({
        contents: JSON.stringify(data[args.path]),
        loader: 'json',
      }));
      builder.onResolve({ filter: /.*/ }, (args) => {
        if (args.path in data) return { path: args.path, namespace: 'data' };
        const beside = loadedBeside[args.path];
        if (beside !== undefined) return { path: beside, external: true };
        const bare = args.path.replace(/^node:/, '');
        if (
          args.path.startsWith('node:') ||
          NOT_IN_A_BROWSER.has(bare) ||
          NOT_IN_A_BROWSER.has(bare.split('/')[0] as string)
        ) {
          return {
            errors: [{ text: `"${args.path}" is Node's, not a browser's (imported by ${args.importer})` }],
          };
        }
        // The workspace's packages from their sources, as vitest resolves them; `base:` and whatever those
        // import, from the build beside's (this checkout's when there is none).
        const fromBase = args.path.startsWith('base:') || args.importer.startsWith(basePackagesDir ?? '\0');
        const dir = fromBase ? (basePackagesDir ?? PACKAGES_DIR) : PACKAGES_DIR;
        const name = args.path.replace(/^base:/, '');
        const core = /^@pipeguard\/([a-z0-9-]+)\/core$/.exec(name);
        if (core) return { path: `${dir}${core[1]}/src/core.ts` };
        const entry = /^@pipeguard\/([a-z0-9-]+)$/.exec(name);
        if (entry) return { path: `${dir}${entry[1]}/src/index.ts` };
        return undefined;
      });
    },
  };
}

/** What a bundle gets besides its sources. */
export interface BundleExtras {
  /** Imports left to the module beside the bundle that each maps to (the page loads the package bundle). */
  loadedBeside?: Record<string, string>;
  /** Imports that are data made in Node (the iconv-lite oracle), each bundled as a JSON module. */
  data?: Record<string, unknown>;
  /**
   * Another checkout's `packages/` folder (ending in `/`): `base:@pipeguard/…` imports its package, and
   * its packages import each other, so that a bench measures the build before beside this one.
   */
  basePackagesDir?: string;
}

/** Bundles `entry` as one ES module for a browser, with no shims ({@link noNode}). */
export async function bundleForBrowser(
  entry: string,
  outfile: string,
  extras: BundleExtras = {},
): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
    plugins: [noNode(extras.loadedBeside ?? {}, extras.data ?? {}, extras.basePackagesDir)],
  });
}
