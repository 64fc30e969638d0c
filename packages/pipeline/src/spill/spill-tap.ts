import { createWriteStream, statSync, unlink, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { TransformCallback } from '@pipeguard/shared';
import { Transform } from 'readable-stream';

/**
 * Passes raw bytes on unchanged while also writing the first `maxBytes` of them to a new file in
 * `directory` (created exclusively, mode 0600, when the first bytes arrive), so the part a
 * capture omits keeps an address. Waits for the file to take each chunk: the spill is complete up to
 * its bound. A file that cannot be created fails the stage; one that cannot take more (a full disk)
 * stops growing while the bytes pass on: `spilledBytes` is what it holds and `stoppedBy` says why.
 */
export class SpillTap extends Transform {
  /** The spill file's path (named when the tap is built; the file is created when bytes arrive). */
  readonly path: string;
  readonly #maxBytes: number | null;
  #file: WriteStream | null = null;
  #opened = false;
  #written = 0;
  #stoppedBy: NodeJS.ErrnoException | null = null;
  #discarded: Promise<void> | null = null;

  constructor(directory: string, label: string, maxBytes: number | null) {
    super();
    // The label names the file, never its place: anything but a plain name character becomes `_`.
    const name = label.replace(/[^\w.-]/g, '_');
    this.path = join(directory, `pipeguard-${name}-${globalThis.crypto.randomUUID()}.out`);
    this.#maxBytes = maxBytes;
  }

  /** Whether the file was created: when the first bytes arrived (an empty stream spills no file). */
  get created(): boolean {
    return this.#file !== null;
  }

  /** Bytes the spill file holds (at most `maxBytes`; fewer when writing it failed). */
  get spilledBytes(): number {
    return this.#written;
  }

  /** The error that stopped the file growing before the stream's end (`ENOSPC`…), or `null`. */
  get stoppedBy(): NodeJS.ErrnoException | null {
    return this.#stoppedBy;
  }

  /**
   * Destroys the tap and removes its file, once closed: for a capture that fails, whose result will
   * name no file. Safe to call more than once and whatever state the tap is in.
   */
  discard(): Promise<void> {
    this.#discarded ??= (async () => {
      const file = this.#file;
      this.destroy();
      if (file === null) return;
      if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
      // Whether or not it was ever created: the name is ours alone (a new UUID, created exclusively).
      // The callback form: node:fs/promises would cost every start of the CLI that bundles this.
      await new Promise<void>((resolve) => unlink(this.path, () => resolve()));
    })();
    return this.#discarded;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.push(chunk);
    const room = this.#maxBytes === null ? chunk.length : Math.max(0, this.#maxBytes - this.#written);
    const file = this.#stoppedBy === null && chunk.length > 0 ? this.#openFile() : null;
    if (file === null || room === 0) {
      callback();
      return;
    }
    const part = room >= chunk.length ? chunk : chunk.subarray(0, room);
    this.#written += part.length;
    if (file.write(part)) callback();
    else this.#waitForFile(file, callback);
  }

  override _flush(callback: TransformCallback): void {
    // A file that could not be created has destroyed this stage already, so it never flushes.
    const file = this.#file;
    if (file === null || file.destroyed || this.#stoppedBy !== null) callback();
    else file.end(() => callback());
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.#file?.destroy();
    callback(error);
  }

  #openFile(): WriteStream {
    if (this.#file !== null) return this.#file;
    const file = createWriteStream(this.path, { flags: 'wx', mode: 0o600 });
    file.once('open', () => {
      this.#opened = true;
    });
    file.on('error', (error: NodeJS.ErrnoException) => {
      // Not created (a missing or read-only directory): the caller asked for a spill that cannot be.
      if (!this.#opened) {
        this.destroy(error);
        return;
      }
      // Created but full: the bytes still pass on; the file keeps what it took.
      this.#stoppedBy = error;
      this.#written = Math.min(this.#written, statSync(this.path, { throwIfNoEntry: false })?.size ?? 0);
    });
    this.#file = file;
    return file;
  }

  /** Calls back once the file took what it was given, or failed (then the bytes pass on without it). */
  #waitForFile(file: WriteStream, callback: TransformCallback): void {
    const done = () => {
      file.off('drain', done);
      file.off('close', done);
      callback();
    };
    file.once('drain', done);
    file.once('close', done);
  }
}
