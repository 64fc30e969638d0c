import { mkdtempSync, rmSync } from 'node:fs';
import { realpath, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A spill file a finished run left for the model to page through. */
interface KeptFile {
  path: string;
  bytes: number;
}

/**
 * The server's private directory for the raw output of runs (mode 0700; the pipeline writes each file
 * 0600), bounded in total: each stream may spill `perStreamBytes`, at most `maxRuns` runs spill at once,
 * and the oldest kept files are deleted before a new run could push the total past `maxBytes`.
 */
export class SpillDirectory {
  readonly path: string;
  /** Bound of one stream's spill file: the budget shared by the runs that may be live at once. */
  readonly perStreamBytes: number;
  readonly #maxBytes: number;
  readonly #kept: KeptFile[] = [];
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

  /** Makes room for one run's two streams, deleting the oldest kept files as needed. */
  async reserve(): Promise<void> {
    this.#reserved += 2 * this.perStreamBytes;
    while (this.#kept.length > 0 && this.#keptBytes() + this.#reserved > this.#maxBytes) {
      const oldest = this.#kept.shift() as KeptFile;
      await unlink(oldest.path).catch(() => {});
    }
  }

  /** Ends a run's reservation: the files it names are kept (truncated output), the others deleted. */
  async release(keep: readonly KeptFile[], discard: readonly string[]): Promise<void> {
    this.#reserved -= 2 * this.perStreamBytes;
    this.#kept.push(...keep);
    await Promise.all(discard.map((path) => unlink(path).catch(() => {})));
  }

  /** Deletes the directory and everything in it; synchronous, so it also runs from an `exit` handler. */
  removeSync(): void {
    if (this.#removed) return;
    this.#removed = true;
    rmSync(this.path, { recursive: true, force: true });
  }

  #keptBytes(): number {
    return this.#kept.reduce((sum, file) => sum + file.bytes, 0);
  }
}
