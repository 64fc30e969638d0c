import { constants, type Stats } from 'node:fs';
import { type FileHandle, open, readlink, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { ToolInputError } from './tool-input-error';

// O_NOFOLLOW: a last component swapped for a symlink after the check fails to open (ELOOP).
// O_NONBLOCK: a FIFO swapped in after the check opens at once instead of waiting for a writer.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** Whether `path` is `root` or below it, by path components (`/srv/app-evil` is not below `/srv/app`). */
export function isWithin(root: string, path: string): boolean {
  const rest = relative(root, path);
  return rest === '' || (!isAbsolute(rest) && rest !== '..' && !rest.startsWith(`..${'/'}`));
}

/**
 * Confines paths to a set of root directories: a path is resolved (relative ones against the first
 * root), its real path must lie within a root by components, and a file is judged by the descriptor
 * actually opened, so a swap between the check and the open cannot escape.
 */
export class PathConfinement {
  /** Real paths of the roots, the first one resolving relative paths. */
  readonly roots: readonly string[];

  private constructor(roots: readonly string[]) {
    this.roots = roots;
  }

  /** Resolves each root to its real path; every root must be an existing directory. */
  static async create(roots: readonly string[]): Promise<PathConfinement> {
    const real = await Promise.all(roots.map((root) => realpath(root)));
    for (const root of real) {
      if (!(await stat(root)).isDirectory()) throw new Error(`The root "${root}" is not a directory`);
    }
    return new PathConfinement(real);
  }

  /** The same confinement with `root` (a real path) added, e.g. the spill directory for reads. */
  withRoot(root: string): PathConfinement {
    return new PathConfinement([...this.roots, root]);
  }

  /** Whether a real path lies within one of the roots. */
  contains(realPath: string): boolean {
    return this.roots.some((root) => isWithin(root, realPath));
  }

  /** The real path of an existing directory within the roots (a working directory), or a ToolInputError. */
  async resolveDirectory(requested: string, field: string): Promise<string> {
    const real = await this.#realPathWithin(requested, field);
    const stats = await stat(real);
    if (!stats.isDirectory())
      throw new ToolInputError(field, `must be a directory: "${requested}" is ${kindOf(stats)}`);
    return real;
  }

  /**
   * Opens a regular file within the roots for reading. Refuses, before opening, a path with NUL, one
   * outside the roots, a directory, FIFO, socket or device; then checks the opened descriptor itself:
   * its type (fstat) and its real path (`/proc/self/fd/N`) must still pass. The caller closes it.
   */
  async openFile(requested: string, field: string): Promise<FileHandle> {
    const real = await this.#realPathWithin(requested, field);
    const before = await stat(real);
    if (!before.isFile())
      throw new ToolInputError(field, `must name a regular file: "${requested}" is ${kindOf(before)}`);
    let handle: FileHandle;
    try {
      handle = await open(real, OPEN_FLAGS);
    } catch (error) {
      throw refusal(field, requested, error);
    }
    try {
      const opened = await handle.stat();
      if (!opened.isFile())
        throw new ToolInputError(field, `must name a regular file: "${requested}" is ${kindOf(opened)}`);
      if (!this.contains(await openedPath(handle, real, opened))) {
        throw new ToolInputError(
          field,
          `must name a file within the allowed roots: "${requested}" changed while it was opened`,
        );
      }
      return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async #realPathWithin(requested: string, field: string): Promise<string> {
    if (requested.includes('\0')) throw new ToolInputError(field, 'must not contain a NUL byte');
    if (requested === '') throw new ToolInputError(field, 'must not be empty');
    let real: string;
    try {
      real = await realpath(resolve(this.roots[0] as string, requested));
    } catch (error) {
      throw refusal(field, requested, error);
    }
    if (!this.contains(real)) {
      throw new ToolInputError(
        field,
        `must name a place within the allowed roots (${this.roots.join(', ')}): "${requested}" resolves outside them`,
      );
    }
    return real;
  }
}

/** The real path of an open descriptor: Linux names it in /proc; elsewhere the path must still be the same file. */
async function openedPath(handle: FileHandle, real: string, opened: Stats): Promise<string> {
  try {
    return await readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    const now = await stat(await realpath(real));
    if (now.dev === opened.dev && now.ino === opened.ino) return real;
    return '/proc/self/fd is unavailable and the file changed';
  }
}

function refusal(field: string, requested: string, error: unknown): ToolInputError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT'
      ? 'does not exist'
      : code === 'ELOOP'
        ? 'is a symbolic link loop or was swapped for a link'
        : code === 'EACCES'
          ? 'is not readable (permission denied)'
          : code === 'ENOTDIR'
            ? 'has a part that is not a directory'
            : `cannot be opened (${code ?? String(error)})`;
  return new ToolInputError(field, `names a path that ${reason}: "${requested}"`);
}
