import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** The environment variable that makes a run write the cache at its exit (the build sets it). */
export const WRITE_CODE_CACHE_ENV = 'PIPEGUARD_WRITE_CODE_CACHE';
const CACHE_DIR = 'cli-cache';
const CLI_MAIN = 'cli-main.cjs';
const STAMP = /^cli-main-digest:([0-9a-f]{64})$/;

/** What `cli-main.cjs` evaluates to: a CommonJS module's body, as Node's loader would wrap it. */
type ModuleBody = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;

/**
 * Runs the CLI (`cli-main.cjs`), compiled with a V8 code cache kept beside it, so that a start does not
 * parse and compile the run path again (most of what `pipeguard -- true` costs above a bare `node`; Node
 * 20 has no module compile cache). The build writes the bundle as one function expression, a CommonJS
 * module already wrapped: it is read as bytes in one call and compiled as it is, without Node's module
 * resolution or a second copy of its text for the wrapper. The cache is named by `stamp`, the SHA-256 of
 * the file the build computed (`cli-main-digest:HEX`): a start hashes nothing, and a cache left by another
 * build is never taken for this one's. An unstamped bin compiles without a cache. The build writes the
 * cache by running the bin once with `PIPEGUARD_WRITE_CODE_CACHE=1`: V8 then stores every function that
 * run compiled; V8 rejects a cache made by another version or with other flags, and the file is then
 * compiled as usual. A file of `dist` edited by hand keeps the digest of the build: rebuild (`pnpm build`).
 */
export function runCli(distDir: string, require: NodeJS.Require, stamp: string): void {
  const filename = join(distDir, CLI_MAIN);
  const digest = STAMP.exec(stamp)?.[1];
  const cachePath = digest === undefined ? undefined : join(distDir, CACHE_DIR, `${CLI_MAIN}.${digest}.v8`);
  const { source, cachedData } = readSourceAndCache(filename, cachePath);
  const script = new Script(source, { filename, cachedData });
  if (cachePath !== undefined && process.env[WRITE_CODE_CACHE_ENV] === '1') {
    process.once('exit', () => {
      mkdirSync(dirname(cachePath), { recursive: true });
      writeFileSync(cachePath, script.createCachedData());
    });
  }
  const body = script.runInThisContext({ displayErrors: true }) as ModuleBody;
  const module = { exports: {} };
  body.call(module.exports, module.exports, require, module, filename, distDir);
}

/**
 * Reads the bundle's text and its cache (when there is one) through one buffer, each file in one call (a
 * string read asks for a file 8 KiB at a time): the text is copied out of the buffer before the cache
 * is read into it. A start touches fewer fresh pages so, which on a virtual machine can cost more than
 * the reads. The bundle is ASCII (esbuild escapes the rest), so its bytes are its text; anything else
 * is decoded as UTF-8.
 */
function readSourceAndCache(
  filename: string,
  cachePath: string | undefined,
): { source: string; cachedData: Buffer | undefined } {
  const sourceFile = openSync(filename, 'r');
  const cacheFile = cachePath === undefined ? undefined : openIfPresent(cachePath);
  try {
    const sourceBytes = fstatSync(sourceFile).size;
    const cacheBytes = cacheFile === undefined ? 0 : fstatSync(cacheFile).size;
    const buffer = Buffer.allocUnsafeSlow(Math.max(sourceBytes, cacheBytes));
    const text = buffer.subarray(0, readWhole(sourceFile, buffer, sourceBytes));
    const source = text.toString(isAscii(text) ? 'latin1' : 'utf8');
    const cachedData =
      cacheFile === undefined ? undefined : buffer.subarray(0, readWhole(cacheFile, buffer, cacheBytes));
    return { source, cachedData };
  } finally {
    closeSync(sourceFile);
    if (cacheFile !== undefined) closeSync(cacheFile);
  }
}

/** Reads up to `length` bytes of `fd` into the start of `buffer`; returns how many it read. */
function readWhole(fd: number, buffer: Buffer, length: number): number {
  let read = 0;
  while (read < length) {
    const got = readSync(fd, buffer, read, length - read, read);
    if (got === 0) break;
    read += got;
  }
  return read;
}

function openIfPresent(path: string): number | undefined {
  try {
    return openSync(path, 'r');
  } catch {
    return undefined;
  }
}
