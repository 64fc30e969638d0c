import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));

/** The newest modification time of any file under `dir`, walking it whole. */
function newestUnder(dir: string): { mtimeMs: number; path: string } {
  let newest = { mtimeMs: 0, path: dir };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const found = entry.isDirectory() ? newestUnder(path) : { mtimeMs: statSync(path).mtimeMs, path };
    if (found.mtimeMs > newest.mtimeMs) newest = found;
  }
  return newest;
}

/**
 * Fails with a clear message when a built file that a test spawns is missing or older than a source it
 * is built from: a test of a stale `dist/` would test yesterday's code. Tests never build it themselves
 * (CI's build step does; locally, `pnpm build` first). The bundles take in every package's sources, so
 * any package's `src/` counts.
 */
export function requireBuilt(file: string): void {
  if (!existsSync(file)) throw new Error(`${file} is missing: run pnpm build first`);
  const built = statSync(file).mtimeMs;
  for (const name of readdirSync(packagesDir)) {
    const src = join(packagesDir, name, 'src');
    if (!existsSync(src)) continue;
    const newest = newestUnder(src);
    if (newest.mtimeMs > built) {
      throw new Error(`${file} is older than ${newest.path}: run pnpm build first`);
    }
  }
}
