import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Module } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** The environment variable that makes a run write the cache at its exit (the build sets it). */
export const WRITE_CODE_CACHE_ENV = 'PIPEGUARD_WRITE_CODE_CACHE';
const CACHE_DIR = 'cli-cache';
const CLI_MAIN = 'cli-main.cjs';
const STAMP = /^cli-main-digest:([0-9a-f]{64})$/;

type Compile = (this: Module, content: string, filename: string) => unknown;

/**
 * Compiles the CLI (`cli-main.cjs`, one CommonJS file) with a V8 code cache kept beside it, so that a
 * start does not parse and compile the run path again (most of what `pipeguard -- true` costs above a bare
 * `node`; Node 20 has no module compile cache). The cache is named by `stamp`, the SHA-256 of the file the
 * build computed (`cli-main-digest:HEX`): a start hashes nothing, and a cache left by another build is
 * never taken for this one's. An unstamped bin compiles as usual. The build writes the cache by running
 * the bin once with `PIPEGUARD_WRITE_CODE_CACHE=1`: V8 then stores every function that run compiled; V8
 * rejects a cache made by another version or with other flags, and the file is then compiled as usual.
 * A file of `dist` edited by hand keeps the digest of the build: rebuild (`pnpm build`).
 */
export function installCodeCache(distDir: string, stamp: string): void {
  const digest = STAMP.exec(stamp)?.[1];
  if (digest === undefined) return;
  const prototype = Module.prototype as unknown as { _compile: Compile };
  const compile = prototype._compile;
  const main = join(distDir, CLI_MAIN);
  const path = join(distDir, CACHE_DIR, `${CLI_MAIN}.${digest}.v8`);
  prototype._compile = function compileWithCache(this: Module, content: string, filename: string) {
    if (filename !== main) return compile.call(this, content, filename);
    prototype._compile = compile;
    // A hashbang is a comment only on a script's first line, and the module wrapper comes before it.
    const source = content.startsWith('#!') ? `//${content}` : content;
    const script = new Script(Module.wrap(source), { filename, cachedData: readCache(path) });
    if (process.env[WRITE_CODE_CACHE_ENV] === '1') {
      process.once('exit', () => {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, script.createCachedData());
      });
    }
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    const require = Module.createRequire(filename);
    return wrapper.call(this.exports, this.exports, require, this, filename, distDir);
  };
}

function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
