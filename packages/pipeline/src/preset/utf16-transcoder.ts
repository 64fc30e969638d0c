import type { BinaryGuardEncoding, Utf16Encoding } from '@pipeguard/binary-guard';
import { loadIconv } from '@pipeguard/fallback-decoder/internal';
import type { TransformCallback } from '@pipeguard/shared';
import type * as Iconv from 'iconv-lite';
import { Transform } from 'readable-stream';

/**
 * Re-encodes a UTF-16 stream (byte-order mark first, as Windows PowerShell writes it) as UTF-8 so
 * that line splitting and decoding see UTF-8; any other stream passes untouched. The encoding is
 * asked of `encodingOf` at the first chunk, when the guard upstream has classified the stream.
 */
export class Utf16Transcoder extends Transform {
  readonly #encodingOf: () => BinaryGuardEncoding | undefined;
  #encoding: Utf16Encoding | null | undefined;
  #decoder: Iconv.DecoderStream | null = null;

  constructor(encodingOf: () => BinaryGuardEncoding | undefined) {
    super();
    this.#encodingOf = encodingOf;
  }

  /** The UTF-16 flavour being transcoded, or `null` while the stream passes untouched. */
  get encoding(): Utf16Encoding | null {
    return this.#encoding ?? null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.#encoding === undefined) {
      const encoding = this.#encodingOf();
      this.#encoding = encoding === 'utf-16le' || encoding === 'utf-16be' ? encoding : null;
      this.#decoder = this.#encoding ? loadIconv().getDecoder(this.#encoding) : null;
    }
    if (this.#decoder === null) {
      callback(null, chunk);
      return;
    }
    const text = this.#decoder.write(chunk);
    callback(null, text.length > 0 ? Buffer.from(text, 'utf8') : undefined);
  }

  override _flush(callback: TransformCallback): void {
    const rest = this.#decoder?.end();
    callback(null, rest ? Buffer.from(rest, 'utf8') : undefined);
  }
}
