import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { TransformCallback } from '@pipeguard/shared';
import { Transform } from 'readable-stream';

/**
 * Passes raw bytes on unchanged while also writing the first `maxBytes` of them to a new file in
 * `directory` (created exclusively, mode 0600), so the part a capture omits keeps an address.
 * Waits for the file to take each chunk: the spill is complete up to its bound.
 */
export class SpillTap extends Transform {
  readonly path: string;
  readonly #file: WriteStream;
  readonly #maxBytes: number | null;
  #written = 0;

  constructor(directory: string, label: string, maxBytes: number | null) {
    super();
    // The label names the file, never its place: anything but a plain name character becomes `_`.
    const name = label.replace(/[^\w.-]/g, '_');
    this.path = join(directory, `pipeguard-${name}-${globalThis.crypto.randomUUID()}.out`);
    this.#maxBytes = maxBytes;
    this.#file = createWriteStream(this.path, { flags: 'wx', mode: 0o600 });
    this.#file.on('error', (error) => this.destroy(error));
  }

  /** Bytes written to the spill file. */
  get spilledBytes(): number {
    return this.#written;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const room = this.#maxBytes === null ? chunk.length : Math.max(0, this.#maxBytes - this.#written);
    const part = room >= chunk.length ? chunk : chunk.subarray(0, room);
    this.push(chunk);
    if (part.length === 0) {
      callback();
      return;
    }
    this.#written += part.length;
    if (this.#file.write(part)) callback();
    else this.#file.once('drain', () => callback());
  }

  override _flush(callback: TransformCallback): void {
    // A file error has destroyed this stage already, so it never flushes.
    this.#file.end(() => callback());
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.#file.destroy();
    callback(error);
  }
}
