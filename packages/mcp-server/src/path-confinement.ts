import { constants, type Stats } from 'node:fs';
import { type FileHandle, open, readlink, realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isWithin, walkWithinRoots } from './path-walk';
import { ToolInputError } from './tool-input-error';

// O_NOFOLLOW: a last component swapped for a symlink after the check fails to open (ELOOP).
// O_NONBLOCK: a FIFO swapped in after the check opens at once instead of waiting for a writer.
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
const OPEN_FLAGS = READ_FLAGS | constants.O_NOFOLLOW;
// Linux's O_PATH (absent from fs.constants): a descriptor that names a file without opening it, so a
// FIFO or device swapped in by a race is never opened; the file is reopened through /proc once checked.
const O_PATH = 0o10000000;
const PINS_BY_PATH = process.platform === 'linux';

/** The longest path a call may give, in characters: Linux's PATH_MAX; a longer one cannot be opened anyway. */
export const MAX_PATH_CHARS = 4096;

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isSymbolicLink()) return 'a symbolic link (swapped in while it was opened)';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Confines paths to a set of root directories: a path is resolved (relative ones against the first
 * root), its real path must lie within a root by components, and a file is judged by the descriptor
 * actually opened, so a swap between the check and the open cannot escape.
 */
export class PathConfinement {
  /** Real paths of the roots, the first one resolving relative paths. */
  readonly roots: readonly string[];
  /** The roots as given (made absolute) and as real paths, each with its real path: a path is first judged by its spelling against these. */
  readonly #spelledRoots: ReadonlyMap<string, string>;

  private constructor(roots: readonly string[], spelledRoots: ReadonlyMap<string, string>) {
    this.roots = roots;
    this.#spelledRoots = new Map([...spelledRoots, ...roots.map((root) => [root, root] as const)]);
  }

  /** Resolves each root to its real path; every root must be an existing directory. */
  static async create(roots: readonly string[]): Promise<PathConfinement> {
    const real = await Promise.all(roots.map((root) => realpath(root)));
    for (const root of real) {
      if (!(await stat(root)).isDirectory()) throw new Error(`The root "${root}" is not a directory`);
    }
    return new PathConfinement(
      real,
      new Map(roots.map((root, index) => [resolve(root), real[index] as string])),
    );
  }

  /** The same confinement with `root` (a real path) added, e.g. the spill directory for reads. */
  withRoot(root: string): PathConfinement {
    return new PathConfinement([...this.roots, root], this.#spelledRoots);
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
      throw new ToolInputError(field, `must be a directory: "${shorten(requested)}" is ${kindOf(stats)}`);
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
      throw new ToolInputError(
        field,
        `must name a regular file: "${shorten(requested)}" is ${kindOf(before)}`,
      );
    const checked = await this.#openChecked(
      real,
      requested,
      field,
      PINS_BY_PATH ? O_PATH | constants.O_NOFOLLOW : OPEN_FLAGS,
    );
    if (!PINS_BY_PATH) return checked;
    try {
      return await open(`/proc/self/fd/${checked.fd}`, READ_FLAGS);
    } catch (error) {
      throw refusal(field, requested, error);
    } finally {
      await checked.close();
    }
  }

  /** Opens `real` with `flags` and checks the descriptor itself: a regular file whose real path is within the roots. */
  async #openChecked(real: string, requested: string, field: string, flags: number): Promise<FileHandle> {
    let handle: FileHandle;
    try {
      handle = await open(real, flags);
    } catch (error) {
      throw refusal(field, requested, error);
    }
    try {
      const opened = await handle.stat();
      if (!opened.isFile())
        throw new ToolInputError(
          field,
          `must name a regular file: "${shorten(requested)}" is ${kindOf(opened)}`,
        );
      if (!this.contains(await openedPath(handle, real, opened))) {
        throw new ToolInputError(
          field,
          `must name a file within the allowed roots: "${shorten(requested)}" changed while it was opened`,
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
    const absolute = resolve(this.roots[0] as string, requested);
    // Judged by its spelling first, an outside path is refused without touching the file system, so
    // the answer cannot tell whether it exists.
    if (![...this.#spelledRoots.keys()].some((root) => isWithin(root, absolute))) {
      throw this.#outside(field, requested);
    }
    // Walked without looking outside the roots: a link through an outside path answers the same whatever is there.
    const walked = await walkWithinRoots(absolute, { spelled: this.#spelledRoots, real: this.roots });
    if (walked.kind === 'outside') throw this.#outside(field, requested);
    if (walked.kind === 'failed') throw refusal(field, requested, { code: walked.code });
    return walked.real;
  }

  #outside(field: string, requested: string): ToolInputError {
    return new ToolInputError(
      field,
      `must name a place within the allowed roots (${this.roots.join(', ')}): "${shorten(requested)}" resolves outside them`,
    );
  }
}

/** A path as an answer quotes it: a very long one is shortened, so a refusal never echoes a flood. */
function shorten(path: string): string {
  return path.length <= 200 ? path : `${path.slice(0, 100)}…${path.slice(-100)}`;
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
  return new ToolInputError(field, `names a path that ${reason}: "${shorten(requested)}"`);
}
