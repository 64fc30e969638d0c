import { Buffer } from 'node:buffer';
import {
  nodeByteOps,
  OVERLAPPED_WRITABLE_HIGH_WATER_MARK,
  type SourceOffsets,
  type TransformCallback,
  toBuffer,
  transformInMicrotask,
  validateOptionsObject,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { REDACT_OPTIONS, type RedactOptions } from './options';
import { SecretRedactorCore, type SecretRedactorStats } from './secret-redactor-core';

export type { SecretRedactorStats } from './secret-redactor-core';

const { latin1Slice } = Buffer.prototype as unknown as {
  latin1Slice: (this: Uint8Array, start: number, end: number) => string;
};

/** Node's native Latin-1 view of any `Uint8Array` (one character per byte, a copy at memory speed). */
const nodeLatin1 = (bytes: Uint8Array): string => latin1Slice.call(bytes, 0, bytes.length);

/**
 * A Transform that replaces each secret in a byte stream with `[REDACTED:<kind>]`: token formats, private
 * key blocks, URL passwords, credentials in headers, secret-named assignments and the values of `env`.
 * No part of a secret is emitted whatever the chunking: the start of a line is held (at most
 * `maxHoldBytes`) until its end shows it holds none. A thin shell over `SecretRedactorCore` (`./core`).
 */
export class SecretRedactor extends Transform implements SourceOffsets {
  readonly #core: SecretRedactorCore;
  readonly #push = (bytes: Uint8Array): void => {
    this.push(toBuffer(bytes));
  };
  readonly #redactChunk = (chunk: Buffer): void => {
    this.#core.write(chunk, this.#push);
  };

  /**
   * @param options - See {@link RedactOptions}.
   * @throws TypeError when an option has the wrong type or is unknown.
   * @throws RangeError when `maxHoldBytes` is below 256, or a pattern's kind or literal is invalid.
   */
  constructor(options?: RedactOptions) {
    validateOptionsObject(options, REDACT_OPTIONS);
    const core = new SecretRedactorCore({ ...options, byteOps: nodeByteOps, latin1: nodeLatin1 });
    super({ writableHighWaterMark: OVERLAPPED_WRITABLE_HIGH_WATER_MARK });
    this.#core = core;
  }

  /** A fresh snapshot of the counts. */
  get stats(): SecretRedactorStats {
    return this.#core.stats;
  }

  /** The input offset of the output byte at `outputOffset` (a marker's: its secret's start), or `null`. */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#core.sourceOffsetOf(outputOffset);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    transformInMicrotask(this, chunk, callback, this.#redactChunk);
  }

  override _flush(callback: TransformCallback): void {
    this.#core.end(this.#push);
    callback();
  }
}
