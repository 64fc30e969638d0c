import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { useTempDir } from '@pipeguard/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
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

  it('should load iconv-lite when a fallback decodes output that is not UTF-8', async () => {
    const gbk = files.path('gbk.txt');
    await writeFile(gbk, Buffer.from('c4e3bac30a', 'hex'));
    expect(await loadedBy(['--fallback', 'gbk', '--', 'cat', gbk])).toBe('iconv-lite');
    expect(await loadedBy(['lines', gbk])).toBe('');
  });
});
