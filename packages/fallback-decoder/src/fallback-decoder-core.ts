import { isLineBatch, isLineUnit, type LineBatch, type LineUnit } from '@pipeguard/line-splitter/core';
import {
  type ByteOps,
  describeReceived,
  type Emit,
  type TextOps,
  type UnitCore,
  validateByteOps,
  validateOptionsObject,
  writeAfterEndError,
} from '@pipeguard/shared/core';
import { decodeRejectedBytes, type RejectedPath, type RejectedUnitDecoding } from './decode-rejected';
import { FallbackDecoderError } from './errors';
import { type FallbackList, resolveFallbackList } from './fallback-list';
import type { LegacyCodec } from './legacy-codec';

/** Bytes looked at first to tell an ASCII batch; see `isAsciiBatch`. */
const ASCII_PROBE_BYTES = 4096;

const CORE_OPTIONS = ['fallback', 'codec', 'byteOps', 'textOps'] as const;

/** What a fallback decoder's core decodes: a `LineUnit`, a `LineBatch`, or bytes as one unit. */
export type DecoderInput = Uint8Array | LineUnit | LineBatch;

/** Options of `FallbackDecoderCore`. */
export interface FallbackDecoderCoreOptions {
  /**
   * Encodings for units strict UTF-8 rejects: one, a list tried in order (the first whose text has no
   * U+FFFD wins, else the first), or `null` (off: replacement characters). `'auto'` is a shell's to resolve.
   * @defaultValue `null`
   */
  fallback?: FallbackList;
  /** Decodes the fallback encodings (and checks their names); needed only with a fallback. */
  codec?: LegacyCodec;
  /** The byte scans: `nodeByteOps` in Node, `portableByteOps` anywhere. */
  byteOps: ByteOps;
  /** The UTF-8 and ASCII decoding: `nodeTextOps` in Node, `portableTextOps` anywhere. */
  textOps: TextOps;
}

/** Counters of a fallback decoder, as a fresh plain object. */
export interface FallbackDecoderStats {
  /** Units decoded (a plain Buffer counts as one unit). */
  units: number;
  /** Units that were valid UTF-8. */
  utf8Units: number;
  /** Units strict UTF-8 rejected that were decoded with the fallback encoding. */
  fallbackUnits: number;
  /** Units strict UTF-8 rejected that were decoded with U+FFFD replacement (no fallback, or a NUL byte). */
  replacedUnits: number;
  /** Bytes of the units strict UTF-8 rejected, whole units (terminators excluded). */
  rejectedUnitBytes: number;
}

/**
 * The decoder's logic without a runtime: line units (or a batch of them, or bytes as one unit) in,
 * strings out. Valid UTF-8 decodes exactly as `TextDecoder` would, only units UTF-8 rejects are decoded
 * with the fallback encoding, and terminators are re-emitted as they were. Holds nothing between writes.
 */
export class FallbackDecoderCore implements UnitCore<DecoderInput, string, FallbackDecoderStats> {
  #ended = false;
  readonly #fallbacks: readonly string[];
  readonly #ops: ByteOps;
  readonly #text: TextOps;
  readonly #rejected: RejectedUnitDecoding;
  #counts: Record<RejectedPath | 'utf8', number> = { utf8: 0, fallback: 0, replaced: 0 };
  #rejectedUnitBytes = 0;
  // Stream mode takes ICU's converter in Node, 1.7-2x faster than V8's UTF-8 decoder on non-ASCII text
  // (Node 20); fatal, it validates as it decodes (a quarter faster than isUtf8 then a decode, 64 KiB of prose).
  #utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

  /**
   * @throws TypeError when an option is unknown or has the wrong type, names an encoding the codec does
   * not support, or a fallback comes without a codec.
   * @throws RangeError when `fallback` is an empty list.
   */
  constructor(options: FallbackDecoderCoreOptions) {
    validateOptionsObject(options, CORE_OPTIONS);
    const { fallback, codec, byteOps, textOps } = options ?? ({} as Partial<FallbackDecoderCoreOptions>);
    this.#fallbacks = Object.freeze(resolveFallbackList(fallback, codec));
    validateByteOps(byteOps);
    validateOptionsObject(textOps, undefined, 'textOps');
    this.#ops = byteOps;
    this.#text = textOps as TextOps;
    this.#rejected = { fallbacks: this.#fallbacks, codec, byteOps, textOps: this.#text };
  }

  /**
   * Starts over as a core just built with the same options (counters at 0), without checking them again:
   * it holds nothing between writes, so a reader that decodes one part of a stream after another keeps one.
   */
  restart(): void {
    this.#ended = false;
    this.#counts = { utf8: 0, fallback: 0, replaced: 0 };
    this.#rejectedUnitBytes = 0;
  }

  /** The encodings tried, in order, for units strict UTF-8 rejects (empty when off). */
  get fallback(): readonly string[] {
    return this.#fallbacks;
  }

  /** A snapshot of the counters. */
  get stats(): FallbackDecoderStats {
    const { utf8, fallback, replaced } = this.#counts;
    return {
      units: utf8 + fallback + replaced,
      utf8Units: utf8,
      fallbackUnits: fallback,
      replacedUnits: replaced,
      rejectedUnitBytes: this.#rejectedUnitBytes,
    };
  }

  /**
   * Decodes one unit, batch or byte array; `emit` receives the text (not called for empty text).
   * @throws FallbackDecoderError (`ERR_FALLBACK_DECODER_INVALID_CHUNK`) for anything else.
   */
  write(chunk: DecoderInput, emit: Emit<string>): void {
    if (this.#ended) throw writeAfterEndError('FallbackDecoderCore');
    let text: string;
    if (chunk instanceof Uint8Array) text = this.#decodeUnit(chunk);
    else if (isLineBatch(chunk)) text = this.#decodeBatch(chunk);
    else if (isLineUnit(chunk)) text = this.#decodeUnit(chunk.bytes) + chunk.terminator;
    else {
      const message = `Expected a LineUnit, a LineBatch or a Buffer. Received ${describeReceived(chunk)}`;
      throw new FallbackDecoderError(message, 'ERR_FALLBACK_DECODER_INVALID_CHUNK');
    }
    if (text !== '') emit(text);
  }

  /** Ends the input: nothing is held, so nothing is emitted. */
  end(_emit?: Emit<string>): void {
    this.#ended = true;
  }

  #decodeBatch(batch: LineBatch): string {
    // One validation and one decode for the whole batch, which never reads `units` (a lazy batch
    // would build them); a batch UTF-8 rejects goes unit by unit, each run of valid units at once.
    const { bytes } = batch;
    // ASCII is UTF-8: such a batch skips validation and takes the fast ASCII decode.
    if (this.#isAsciiBatch(bytes)) {
      this.#counts.utf8 += batch.unitCount ?? batch.units.length;
      return this.#text.ascii(bytes);
    }
    const valid = this.#decodeValid(bytes);
    if (valid !== null) {
      this.#counts.utf8 += batch.unitCount ?? batch.units.length;
      return valid;
    }
    // Positions come from unit lengths, not offsets: a stage such as LineClipper may rewrite a
    // unit's bytes and keep its stream offset.
    let text = '';
    let position = 0;
    let validFrom = -1;
    for (const unit of batch.units) {
      const unitBytes = unit.bytes;
      if (this.#ops.isUtf8(unitBytes)) {
        this.#counts.utf8++;
        if (validFrom === -1) validFrom = position;
      } else {
        if (validFrom !== -1) text += this.#text.utf8(bytes.subarray(validFrom, position));
        validFrom = -1;
        text += this.#decodeRejected(unitBytes) + unit.terminator;
      }
      position += unitBytes.length + unit.terminator.length;
    }
    return validFrom === -1 ? text : text + this.#text.utf8(bytes.subarray(validFrom, position));
  }

  /**
   * Whether `bytes` are all ASCII. A probe of the first bytes spares a mixed batch the whole-batch scan
   * (≈ 4 % of its decode) only to learn that it is not ASCII.
   */
  #isAsciiBatch(bytes: Uint8Array): boolean {
    const ops = this.#ops;
    return (
      (bytes.length <= ASCII_PROBE_BYTES || ops.isAscii(bytes.subarray(0, ASCII_PROBE_BYTES))) &&
      ops.isAscii(bytes)
    );
  }

  /**
   * The text of `bytes` if they are valid UTF-8, else `null`: one pass of the platform's fatal decoder.
   * Bytes ending in a non-ASCII byte are validated first: stream mode would hold a character cut there.
   */
  #decodeValid(bytes: Uint8Array): string | null {
    if (bytes.length === 0 || (bytes[bytes.length - 1] as number) >= 0x80)
      return this.#ops.isUtf8(bytes) ? this.#text.utf8(bytes) : null;
    try {
      return this.#utf8Decoder.decode(bytes, { stream: true });
    } catch {
      // A decoder that threw may keep the bytes before the error: the next batch gets a fresh one.
      this.#utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
      return null;
    }
  }

  #decodeUnit(bytes: Uint8Array): string {
    if (!this.#ops.isUtf8(bytes)) return this.#decodeRejected(bytes);
    this.#counts.utf8++;
    return this.#text.utf8(bytes);
  }

  #decodeRejected(bytes: Uint8Array): string {
    const { text, path } = decodeRejectedBytes(bytes, this.#rejected);
    this.#counts[path]++;
    this.#rejectedUnitBytes += bytes.length;
    return text;
  }
}
