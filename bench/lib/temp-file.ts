import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A path in a folder of its own under the OS temp folder; `removeTempFile` deletes the folder. */
export interface TempFile {
  dir: string;
  path: string;
}

/** A temp file written by {@link writeTempFile}, with its size. */
export type WrittenTempFile = TempFile & { bytes: number };

/** A fresh folder for file inputs, so a teardown removes everything a setup wrote, and only that. */
export async function tempFile(name: string): Promise<TempFile> {
  const dir = await mkdtemp(join(tmpdir(), 'pipeguard-bench-'));
  return { dir, path: join(dir, name) };
}

/**
 * A fresh temp file named `name` holding `bytes` bytes of `block`, written again and again (the last
 * copy cut short): a large file from a small block, without holding the file in memory. The file is
 * synced before this resolves: otherwise the kernel writes its dirty pages back about 30 s later, in
 * the middle of the timed runs, on one of the machine's two vCPUs.
 */
export async function writeTempFile(name: string, block: Buffer, bytes: number): Promise<WrittenTempFile> {
  const temp = await tempFile(name);
  const file = await open(temp.path, 'w');
  try {
    for (let written = 0; written < bytes; written += block.length) {
      await file.write(block.subarray(0, Math.min(block.length, bytes - written)));
    }
    await file.sync();
  } finally {
    await file.close();
  }
  return { ...temp, bytes };
}

export const removeTempFile = (file: TempFile): Promise<void> =>
  rm(file.dir, { recursive: true, force: true });
