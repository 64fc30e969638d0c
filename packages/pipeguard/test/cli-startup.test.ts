import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { useTempDir } from '@pipeguard/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { version } from '../package.json';
import { CLI, requireBuilt } from './helpers/cli';

const files = useTempDir('pipeguard-cli-startup-');

describe('pipeguard start-up', () => {
  let probe = '';
  beforeAll(async () => {
    requireBuilt();
    // Preloaded into the bin's process: at exit, says which of the heavy modules were loaded.
    probe = files.path('probe.cjs');
    await writeFile(
      probe,
      `process.on('exit', () => {
        const loaded = ['iconv-lite', 'readable-stream'].filter((name) =>
          Object.keys(require.cache).some((path) => path.includes('/' + name + '/')));
        process.stderr.write('loaded: ' + loaded.join(',') + '\\n');
      });`,
    );
  });

  const loadedBy = async (args: string[]) => {
    const { stderr } = await promisify(execFile)(process.execPath, ['--require', probe, CLI, ...args]);
    return /loaded: (.*)\n$/.exec(stderr)?.[1];
  };

  it('should load neither iconv-lite nor readable-stream to run a command whose output is UTF-8', async () => {
    expect(await loadedBy(['--', 'echo', 'hello'])).toBe('');
    expect(await loadedBy(['--max-bytes', 'none', '--', 'echo', 'hello'])).toBe('');
  });

  // Preloaded: says at exit whether Node's module `name` was loaded (a bare node loads neither tty nor os).
  const builtinLoadedBy = async (name: string, args: string[]) => {
    const probeFile = files.path(`${name}-probe.cjs`);
    await writeFile(
      probeFile,
      `process.on('exit', () => process.stderr.write('loaded: ' + process.moduleLoadList.includes('NativeModule ${name}') + '\\n'));`,
    );
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      '--require',
      probeFile,
      CLI,
      ...args,
    ]);
    return { stdout, loaded: /loaded: (\w+)\n$/.exec(stderr)?.[1] };
  };

  it("should not load Node's tty module for a run whose stderr is not a terminal", async () => {
    expect(await builtinLoadedBy('tty', ['--', 'echo', 'hello'])).toEqual({
      stdout: 'hello\n',
      loaded: 'false',
    });
    // The renderer and the folder, initialised at their first instance, still work.
    expect(
      await builtinLoadedBy('tty', [
        '--render',
        'terminal',
        '--fold-repeats',
        '--',
        'printf',
        'ab\\rc\\nx\\nx\\nx\\n',
      ]),
    ).toEqual({
      stdout: 'cb\nx\n[previous line repeated 2 more times]\n',
      loaded: 'false',
    });
  });

  it("should not load Node's os module for a run that no signal ends", async () => {
    // Its signal table is read only for a signalled end or a killSignal other than the default.
    const hello = { stdout: 'hello\n', loaded: 'false' };
    expect(await builtinLoadedBy('os', ['--', 'echo', 'hello'])).toEqual(hello);
    expect(await builtinLoadedBy('os', ['--max-bytes', 'none', '--', 'echo', 'hello'])).toEqual(hello);
    // A command ended by a signal still exits 128 + its number, read from the table loaded then.
    const killed = await promisify(execFile)(process.execPath, [
      CLI,
      '--',
      'sh',
      '-c',
      'kill -TERM $$',
    ]).catch((failed: { code: number }) => failed);
    expect((killed as { code: number }).code).toBe(143);
  });

  it.each([
    ['crypto', 'the run markers draw from /dev/urandom'],
    ['perf_hooks', "the chain's counter reads no clock"],
    ['module', "the bundle's createRequire is its own require"],
  ])("should not load Node's %s module to run a command (%s)", async (name) => {
    expect(await builtinLoadedBy(name, ['--', 'echo', 'hello'])).toEqual({
      stdout: 'hello\n',
      loaded: 'false',
    });
  });

  it('should load iconv-lite when a fallback decodes output that is not UTF-8', async () => {
    const gbk = files.path('gbk.txt');
    await writeFile(gbk, Buffer.from('c4e3bac30a', 'hex'));
    expect(await loadedBy(['--fallback', 'gbk', '--', 'cat', gbk])).toBe('iconv-lite');
    expect(await loadedBy(['lines', gbk])).toBe('');
  });

  // Preloaded: records, for every script compiled with a `cachedData` option, whether V8 took the cache.
  const cacheProbe = `const vm = require('vm');
    const seen = [];
    const Script = vm.Script;
    vm.Script = class extends Script {
      constructor(code, options) {
        super(code, options);
        if (options && 'cachedData' in options)
          seen.push(options.cachedData === undefined ? 'none' : this.cachedDataRejected ? 'rejected' : 'accepted');
      }
    };
    process.on('exit', () => process.stderr.write('caches: ' + seen.join(',') + '\\n'));`;

  const cachesUsedBy = async (cli: string, args: string[]) => {
    const probeFile = files.path('cache-probe.cjs');
    await writeFile(probeFile, cacheProbe);
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      '--require',
      probeFile,
      cli,
      ...args,
    ]);
    return { stdout, caches: /caches: (.*)\n$/.exec(stderr)?.[1]?.split(',') };
  };

  it("should map the bundle's code to its sources through the map beside it", async () => {
    // The build writes the bundle inside a module wrapper of its own line: the map must move with it.
    const main = join(dirname(CLI), 'cli-main.cjs');
    const code = await readFile(main, 'latin1');
    const map = JSON.parse(await readFile(`${main}.map`, 'utf8')) as {
      sources: string[];
      sourcesContent: string[];
    };
    const sourceMap = new SourceMap(map as never);
    const originalLineOf = (text: string) => {
      const at = code.indexOf(text);
      const before = code.slice(0, at);
      const line = before.split('\n').length - 1;
      const entry = sourceMap.findEntry(line, at - before.lastIndexOf('\n') - 1) as {
        originalSource: string;
        originalLine: number;
      };
      const content = map.sourcesContent[map.sources.indexOf(entry.originalSource)];
      return content?.split('\n')[entry.originalLine];
    };
    expect(code.startsWith('(function (exports, require, module, __filename, __dirname) {\n')).toBe(true);
    for (const text of [
      'no COMMAND after -- and standard input is a terminal',
      'cannot write ',
      'process.argv.slice(2)',
    ]) {
      expect(originalLineOf(text)).toContain(text);
    }
  });

  it('should compile the run path from the V8 code caches the build wrote', async () => {
    const { stdout, caches } = await cachesUsedBy(CLI, ['--', 'echo', 'hello']);
    expect(stdout).toBe('hello\n');
    expect(caches?.length).toBeGreaterThanOrEqual(1);
    expect(new Set(caches)).toEqual(new Set(['accepted']));
  });

  it('should compile as usual, with the same output, when a cache does not fit', async () => {
    // Arrange: a copy of the built package whose caches are all garbage of the right names.
    const copy = files.path('pipeguard-copy');
    await cp(dirname(dirname(CLI)), copy, { recursive: true });
    const cacheDir = join(copy, 'dist', 'cli-cache');
    for (const name of await readdir(cacheDir)) await writeFile(join(cacheDir, name), 'not a V8 code cache');
    // Act
    const { stdout, caches } = await cachesUsedBy(join(copy, 'dist', 'cli.cjs'), ['--', 'echo', 'hello']);
    // Assert
    expect(stdout).toBe('hello\n');
    expect(new Set(caches)).toEqual(new Set(['rejected']));
  });

  it('should not run the cache of another build of the same length: it is named by a digest of the file', async () => {
    // Arrange: a copy of the built package, its CLI edited in one character that no sample of a
    // fingerprint would see (the version string, same length), rebuilt as the build stamps it, the
    // old cache left in place.
    const copy = files.path('pipeguard-edited');
    await cp(dirname(dirname(CLI)), copy, { recursive: true });
    const main = join(copy, 'dist', 'cli-main.cjs');
    const source = await readFile(main, 'utf8');
    const at = source.indexOf(`"${version}"`) + 1;
    const edited = `${source.slice(0, at)}9${source.slice(at + 1)}`;
    expect(edited.length).toBe(source.length);
    await writeFile(main, edited);
    const stamp = join(dirname(dirname(CLI)), 'scripts', 'stamp-cli-digest.mjs');
    if (existsSync(stamp)) await promisify(execFile)(process.execPath, [stamp, join(copy, 'dist')]);
    // Act
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(copy, 'dist', 'cli.cjs'),
      '--version',
    ]);
    // Assert: the edit runs, not the bytecode cached for the file before it.
    expect(stdout).toBe(`pipeguard 9${version.slice(1)}\n`);
  });
});
