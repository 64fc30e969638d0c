import { constants } from 'node:buffer';
import type { TransformCallback } from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { PipelineError } from './errors';

/**
 * The most bytes a capture keeps: V8's longest string (2^29 - 24 UTF-16 units on 64-bit) less 64 KiB
 * for the marker and the placeholder. A kept byte decodes to at most one UTF-16 unit, so kept bytes
 * under this bound always fit in the capture's `text`.
 */
export const MAX_CAPTURE_BYTES = constants.MAX_STRING_LENGTH - 64 * 1024;

/**
 * Stands before the sink of a capture whose `maxBytes` is `null` (or above {@link MAX_CAPTURE_BYTES})
 * and fails it with `ERR_PIPELINE_CAPTURE_TOO_LARGE` the moment more bytes reach the sink than its
 * text could hold, instead of reading on and failing later with V8's `Invalid string length`.
 */
export class CaptureSizeLimit extends Transform {
  readonly #label: string;
  readonly #limitBytes: number;
  #bytes = 0;

  constructor(label: string, limitBytes = MAX_CAPTURE_BYTES) {
    super();
    this.#label = label;
    this.#limitBytes = limitBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#bytes += chunk.length;
    if (this.#bytes > this.#limitBytes) {
      callback(new PipelineError('ERR_PIPELINE_CAPTURE_TOO_LARGE', this.#label, this.#limitBytes));
      return;
    }
    callback(null, chunk);
  }
}
