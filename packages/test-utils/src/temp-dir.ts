import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A new folder in the OS temp dir, removed with its contents when the calling test finishes, so test
 * runs leave nothing behind in /tmp. Call it inside a test; a folder shared by a file needs afterAll.
 */
export async function makeTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  // A process the test left running may still add files: retry ENOTEMPTY instead of failing.
  onTestFinished(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }));
  return dir;
}
