import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { Script } from 'node:vm';

/** The environment variable that makes a run write the caches at its exit (the build sets it). */
export const WRITE_CODE_CACHE_ENV = 'PIPEGUARD_WRITE_CODE_CACHE';
const CACHE_DIR = 'cli-cache';
const SAMPLED_CHARACTERS = 1024;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

type Compile = (this: Module, content: string, filename: string) => unknown;

/**
 * Compiles the bin's own CommonJS files (the CLI is one) with V8 code caches kept beside them, so that a
 * start does not parse and compile the run path again (most of what `pipeguard -- true` costs above a bare `node`;
 * Node 20 has no module compile cache). The build writes the caches by running the bin once with
 * `PIPEGUARD_WRITE_CODE_CACHE=1`: V8 then stores every function that run compiled. A cache is named by
 * its file's content (see `fingerprint`), and V8 rejects one made by another version or with other flags: the file
 * is then compiled as usual.
 */
export function installCodeCache(distDir: string): void {
  const prototype = Module.prototype as unknown as { _compile: Compile };
  const compile = prototype._compile;
  const cacheDir = join(distDir, CACHE_DIR);
  const writing = process.env[WRITE_CODE_CACHE_ENV] === '1';
  const written: [path: string, script: Script][] = [];
  if (writing) {
    process.once('exit', () => {
      mkdirSync(cacheDir, { recursive: true });
      for (const [path, script] of written) writeFileSync(path, script.createCachedData());
    });
  }
  prototype._compile = function compileWithCache(this: Module, content: string, filename: string) {
    if (!filename.startsWith(distDir + sep)) return compile.call(this, content, filename);
    // A hashbang is a comment only on a script's first line, and the module wrapper comes before it.
    const source = content.startsWith('#!') ? `//${content}` : content;
    const path = join(cacheDir, `${basename(filename)}.${fingerprint(source)}.v8`);
    const script = new Script(Module.wrap(source), { filename, cachedData: readCache(path) });
    if (writing) written.push([path, script]);
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    const require = Module.createRequire(filename);
    return wrapper.call(this.exports, this.exports, require, this, filename, dirname(filename));
  };
}

/**
 * Names a file's content: its length and a hash of 1024 characters spread over it. Not a digest (loading
 * node:crypto would cost a tenth of the start-up this saves, and hashing every character in JavaScript
 * as much): the build writes every cache again with the file, so it only has to tell one build's file
 * from another's; a file edited by hand in `dist` wants a rebuild.
 */
function fingerprint(source: string): string {
  const step = Math.max(1, Math.floor(source.length / SAMPLED_CHARACTERS));
  let hash = FNV_OFFSET;
  for (let at = 0; at < source.length; at += step) hash = Math.imul(hash ^ source.charCodeAt(at), FNV_PRIME);
  return `${source.length.toString(36)}-${(hash >>> 0).toString(36)}`;
}

function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
