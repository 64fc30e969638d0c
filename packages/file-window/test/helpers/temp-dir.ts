import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** A temporary folder for one test file, removed after it; `write` puts bytes in a new file there. */
export function useTempDir(): {
  path: (name: string) => string;
  write: (bytes: Uint8Array | string) => Promise<string>;
} {
  let dir = '';
  let count = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pipeguard-file-window-'));
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
