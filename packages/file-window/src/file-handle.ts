import { constants, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describeReceived } from '@pipeguard/shared';
import { FileWindowError } from './errors';

/** A file to read: a path (string, Buffer or `file:` URL) or a `FileHandle` the caller keeps open. */
export type FileInput = string | Buffer | URL | FileHandle;

function isFileHandle(value: unknown): value is FileHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FileHandle).fd === 'number' &&
    typeof (value as FileHandle).read === 'function'
  );
}

/** Validates the `file` argument of the read functions. */
export function validateFileInput(file: unknown): asserts file is FileInput {
  if (typeof file === 'string' || Buffer.isBuffer(file) || file instanceof URL || isFileHandle(file)) return;
  throw new TypeError(
    `The "file" argument must be of type string or an instance of Buffer, URL or FileHandle. Received ${describeReceived(file)}`,
  );
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Rejects what byte offsets cannot address: a FIFO or a device has no stable bytes to page through.
 * Returns the stats, so a caller that needs the size makes no second `fstat`.
 */
async function statRegularFile(handle: FileHandle, name: string): Promise<Stats> {
  const stats = await handle.stat();
  if (stats.isFile()) return stats;
  throw new FileWindowError(
    'ERR_FILE_WINDOW_NOT_A_FILE',
    name,
    `Cannot read "${name}": it is ${kindOf(stats)}, and byte-addressed reads need a regular file`,
  );
}

/**
 * Runs `use` on the file's handle and its stats, taken once when the handle was checked: a caller's
 * handle is used as is, a path is opened and closed again.
 */
export async function withFileHandle<T>(
  file: FileInput,
  use: (handle: FileHandle, stats: Stats) => Promise<T>,
): Promise<T> {
  if (isFileHandle(file)) {
    return use(file, await statRegularFile(file, `file descriptor ${file.fd}`));
  }
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is rejected just below.
  // Loaded on first use: importing node:fs/promises costs every program that bundles this a start-up.
  const { open } = await import('node:fs/promises');
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = await statRegularFile(handle, file instanceof URL ? fileURLToPath(file) : String(file));
    return await use(handle, stats);
  } finally {
    await handle.close();
  }
}

/** Fills `buffer` from `position` with positioned reads; returns the bytes read (fewer only at end of file). */
export async function readAt(handle: FileHandle, buffer: Buffer, position: number): Promise<number> {
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}
