import type { BinaryGuardEncoding, Utf16Encoding } from '@pipeguard/binary-guard/core';
import { type Emit, type StageCore, writeAfterEndError } from '@pipeguard/shared/core';

/** What a {@link Utf16TranscoderCore} has done. */
export interface Utf16TranscoderStats {
  /** The UTF-16 flavour being transcoded, or `null` while the stream passes untouched. */
  encoding: Utf16Encoding | null;
}

/**
 * The UTF-16 transcoder's logic without a runtime (`TextDecoder` and `TextEncoder`): re-encodes a UTF-16
 * stream (byte-order mark first) as UTF-8 so that splitting and decoding see UTF-8; any other stream
 * passes untouched (the same chunks). Gives the bytes iconv-lite's UTF-16 decoder gives: a lone
 * surrogate becomes U+FFFD, a last odd byte is dropped. `encodingOf` is asked at the first chunk, when
 * the guard upstream has classified the stream.
 */
export class Utf16TranscoderCore implements StageCore<Uint8Array, Utf16TranscoderStats> {
  readonly #encodingOf: () => BinaryGuardEncoding | undefined;
  #encoding: Utf16Encoding | null | undefined;
  #decoder: InstanceType<typeof TextDecoder> | null = null;
  readonly #encoder = new TextEncoder();
  /** A byte of a code unit cut by the chunking, held for the next chunk (iconv-lite drops it at the end). */
  #odd: number | null = null;
  #ended = false;

  constructor(encodingOf: () => BinaryGuardEncoding | undefined) {
    this.#encodingOf = encodingOf;
  }

  /** The UTF-16 flavour being transcoded, or `null` while the stream passes untouched. */
  get encoding(): Utf16Encoding | null {
    return this.#encoding ?? null;
  }

  /** A fresh snapshot. */
  get stats(): Utf16TranscoderStats {
    return { encoding: this.encoding };
  }

  /** Passes or transcodes the next bytes. */
  write(bytes: Uint8Array, emit: Emit<Uint8Array>): void {
    if (this.#ended) throw writeAfterEndError('Utf16TranscoderCore');
    if (this.#encoding === undefined) {
      const encoding = this.#encodingOf();
      this.#encoding = encoding === 'utf-16le' || encoding === 'utf-16be' ? encoding : null;
      this.#decoder = this.#encoding ? new TextDecoder(this.#encoding) : null;
    }
    const decoder = this.#decoder;
    if (decoder === null) {
      emit(bytes);
      return;
    }
    let units = bytes;
    if (this.#odd !== null && bytes.length > 0) {
      units = new Uint8Array(bytes.length + 1);
      units[0] = this.#odd;
      units.set(bytes, 1);
      this.#odd = null;
    }
    // Whole code units only: an odd last byte waits for its pair.
    if (units.length % 2 === 1) {
      this.#odd = units[units.length - 1] as number;
      units = units.subarray(0, units.length - 1);
    }
    this.#emitText(decoder.decode(units, { stream: true }), emit);
  }

  /** Ends the input: a held high surrogate becomes U+FFFD; a held odd byte is dropped. */
  end(emit: Emit<Uint8Array>): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#decoder) this.#emitText(this.#decoder.decode(), emit);
  }

  #emitText(text: string, emit: Emit<Uint8Array>): void {
    if (text.length > 0) emit(this.#encoder.encode(text));
  }
}
