import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, realpath, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** A spill file a finished run left for the model to page through. */
interface KeptFile {
  path: string;
  bytes: number;
}

/** A finished run's directory, kept for the files it holds. */
interface KeptRun {
  directory: string;
  bytes: number;
}

/**
 * The server's private directory for the raw output of runs (mode 0700; the pipeline writes each file
 * 0600), bounded in total: each stream may spill `perStreamBytes`, at most `maxRuns` runs spill at once,
 * and the oldest kept files are deleted before a new run could push the total past `maxBytes`. Each run
 * spills into a directory of its own, so whatever a failed or cancelled run left there (its files, or
 * files of a run that failed halfway through building) goes with the directory.
 */
export class SpillDirectory {
  readonly path: string;
  /** Bound of one stream's spill file: the budget shared by the runs that may be live at once. */
  readonly perStreamBytes: number;
  readonly #maxBytes: number;
  readonly #kept: KeptRun[] = [];
  #reserved = 0;
  #removed = false;

  private constructor(path: string, maxBytes: number, maxRuns: number) {
    this.path = path;
    this.#maxBytes = maxBytes;
    this.perStreamBytes = Math.floor(maxBytes / (2 * maxRuns));
  }

  /** Creates the directory under the system's temporary directory (mkdtemp creates it 0700). */
  static async create(maxBytes: number, maxRuns: number): Promise<SpillDirectory> {
    const path = await realpath(mkdtempSync(join(tmpdir(), 'pipeguard-mcp-')));
    return new SpillDirectory(path, maxBytes, maxRuns);
  }

  /**
   * Makes room for one run's two streams, deleting the oldest kept runs as needed, and creates the run's
   * own directory (0700); the caller hands it back to {@link release} whatever happens.
   */
  async reserve(): Promise<string> {
    this.#reserved += 2 * this.perStreamBytes;
    try {
      while (this.#kept.length > 0 && this.#keptBytes() + this.#reserved > this.#maxBytes) {
        const oldest = this.#kept.shift() as KeptRun;
        await rm(oldest.directory, { recursive: true, force: true });
      }
      return await mkdtemp(join(this.path, 'run-'));
    } catch (error) {
      this.#reserved -= 2 * this.perStreamBytes;
      throw error;
    }
  }

  /**
   * Ends a run's reservation: the files `keep` names (truncated output) stay, everything else in the
   * run's directory is deleted, and the directory too when nothing is kept.
   */
  async release(directory: string, keep: readonly KeptFile[]): Promise<void> {
    this.#reserved -= 2 * this.perStreamBytes;
    if (keep.length === 0 || this.#removed) {
      await rm(directory, { recursive: true, force: true });
      return;
    }
    const kept = new Set(keep.map((file) => basename(file.path)));
    const entries = await readdir(directory).catch(() => []);
    await Promise.all(
      entries.filter((name) => !kept.has(name)).map((name) => unlink(join(directory, name)).catch(() => {})),
    );
    this.#kept.push({ directory, bytes: keep.reduce((sum, file) => sum + file.bytes, 0) });
  }

  /** Deletes the directory and everything in it; synchronous, so it also runs from an `exit` handler. */
  removeSync(): void {
    if (this.#removed) return;
    this.#removed = true;
    rmSync(this.path, { recursive: true, force: true });
  }

  #keptBytes(): number {
    return this.#kept.reduce((sum, run) => sum + run.bytes, 0);
  }
}
