import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, onTestFinished } from 'vitest';

/**
 * A new folder in the OS temp dir, removed with its contents when the calling test finishes, so test
 * runs leave nothing behind in /tmp. Call it inside a test; for a folder shared by a file, see {@link useTempDir}.
 */
export async function makeTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  // A process the test left running may still add files: retry ENOTEMPTY instead of failing.
  onTestFinished(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }));
  return dir;
}

/**
 * A temporary folder for the tests of one file (or `describe`), made before them and removed after
 * them; call it at collection time. `path` names an entry in it, `write` puts bytes in a new file there.
 */
export function useTempDir(prefix: string): {
  path: (name: string) => string;
  write: (bytes: Uint8Array | string) => Promise<string>;
} {
  let dir = '';
  let count = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return {
    path: (name) => join(dir, name),
    async write(bytes) {
      count++;
      const file = join(dir, `file-${count}`);
      await writeFile(file, bytes);
      return file;
    },
  };
}
