import { isAscii, isUtf8 } from 'node:buffer';
import { isLineBatch, isLineUnit, type LineBatch } from '@pipeguard/line-splitter';
import { describeReceived, type TransformCallback, toBuffer, validateOptionsObject } from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { decodeRejectedUnit, type RejectedPath } from './decode-unit';
import { FallbackDecoderError } from './errors';
import { type FallbackOption, resolveFallbackOption } from './fallback-option';
import type { HostEncodingInput } from './host-encoding';

const KNOWN_OPTIONS = ['fallback', 'host'] as const;

/** Bytes looked at first to tell an ASCII batch; see {@link isAsciiBatch}. */
const ASCII_PROBE_BYTES = 4096;

/**
 * Whether `bytes` are all ASCII. A probe of the first bytes spares a mixed batch the whole-batch scan
 * (≈ 4 % of its decode) only to learn that it is not ASCII.
 */
function isAsciiBatch(bytes: Buffer): boolean {
  return (
    (bytes.length <= ASCII_PROBE_BYTES || isAscii(bytes.subarray(0, ASCII_PROBE_BYTES))) && isAscii(bytes)
  );
}

/** Options of {@link FallbackDecoder}. */
export interface FallbackDecoderOptions {
  /**
   * Encoding for units strict UTF-8 rejects: an iconv-lite encoding name, a list tried in order
   * (the first whose text has no U+FFFD wins, else the first), `null` (off: replacement characters),
   * or `'auto'`: the legacy codepage of `host`, or of this machine when `host` is not given
   * (`resolveHostFallback(thisHost())`), `null` on a UTF-8 host.
   * @defaultValue null
   */
  fallback?: FallbackOption;
  /**
   * The host `'auto'` resolves for instead of this machine, e.g. `{ platform: 'linux', env: { LANG:
   * 'zh_CN.GBK' } }` (tests, or a remote program's host); only with `fallback: 'auto'`.
   * @defaultValue `thisHost()`: `process.platform`, `process.env` and, on Windows, the ANSI code page
   */
  host?: HostEncodingInput;
}

/** Counters of a {@link FallbackDecoder}, as a fresh plain object. */
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
 * A Transform from line units (`LineUnit`, `LineBatch` or a plain Buffer as one unit) to strings:
 * valid UTF-8 decodes exactly as `TextDecoder` would, only units UTF-8 rejects are decoded with the
 * fallback encoding, and terminators are re-emitted as they were.
 */
export class FallbackDecoder extends Transform {
  readonly #fallbacks: readonly string[];
  readonly #counts: Record<RejectedPath | 'utf8', number> = { utf8: 0, fallback: 0, replaced: 0 };
  #rejectedUnitBytes = 0;
  // Stream mode takes ICU's converter, 1.7-2x faster than V8's UTF-8 decoder on non-ASCII text
  // (Node 20); it is only given whole valid batches, so no state carries from one call to the next.
  readonly #textDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

  /**
   * @param options - See {@link FallbackDecoderOptions}.
   * @throws TypeError when an option is unknown or has the wrong type, names an encoding iconv-lite
   * does not support, or `host` is given without `fallback: 'auto'`.
   * @throws RangeError when `fallback` is an empty list.
   */
  constructor(options?: FallbackDecoderOptions) {
    validateOptionsObject(options, KNOWN_OPTIONS);
    const fallbacks = resolveFallbackOption(options?.fallback, options?.host);
    super({ writableObjectMode: true, readableObjectMode: true });
    this.#fallbacks = Object.freeze(fallbacks);
  }

  /** The encodings tried, in order, for units strict UTF-8 rejects (empty when off). */
  get fallback(): readonly string[] {
    return this.#fallbacks;
  }

  /** A snapshot of the counters. */
  get stats(): FallbackDecoderStats {
    const { utf8, fallback, replaced } = this.#counts;
    const units = utf8 + fallback + replaced;
    return {
      units,
      utf8Units: utf8,
      fallbackUnits: fallback,
      replacedUnits: replaced,
      rejectedUnitBytes: this.#rejectedUnitBytes,
    };
  }

  override _transform(chunk: unknown, _encoding: BufferEncoding, callback: TransformCallback): void {
    let text: string;
    if (chunk instanceof Uint8Array) text = this.#decodeUnit(toBuffer(chunk));
    else if (isLineBatch(chunk)) text = this.#decodeBatch(chunk);
    else if (isLineUnit(chunk)) text = this.#decodeUnit(toBuffer(chunk.bytes)) + chunk.terminator;
    else {
      const message = `Expected a LineUnit, a LineBatch or a Buffer. Received ${describeReceived(chunk)}`;
      callback(new FallbackDecoderError(message, 'ERR_FALLBACK_DECODER_INVALID_CHUNK'));
      return;
    }
    if (text !== '') this.push(text);
    callback();
  }

  #decodeBatch(batch: LineBatch): string {
    // One native validation and one decode for the whole batch, which never reads `units` (a lazy
    // batch would build them); a batch UTF-8 rejects goes unit by unit, each run of valid units at once.
    const bytes = toBuffer(batch.bytes);
    // ASCII is UTF-8: such a batch skips validation and takes the fast latin1 decode.
    const ascii = isAsciiBatch(bytes);
    if (ascii || isUtf8(bytes)) {
      this.#counts.utf8 += batch.unitCount ?? batch.units.length;
      return ascii ? bytes.toString('latin1') : this.#textDecoder.decode(bytes, { stream: true });
    }
    // Positions come from unit lengths, not offsets: a stage such as LineClipper may rewrite a
    // unit's bytes and keep its stream offset.
    let text = '';
    let position = 0;
    let validFrom = -1;
    for (const unit of batch.units) {
      const unitBytes = toBuffer(unit.bytes);
      if (isUtf8(unitBytes)) {
        this.#counts.utf8++;
        if (validFrom === -1) validFrom = position;
      } else {
        if (validFrom !== -1) text += bytes.toString('utf8', validFrom, position);
        validFrom = -1;
        text += this.#decodeRejected(unitBytes) + unit.terminator;
      }
      position += unitBytes.length + unit.terminator.length;
    }
    return validFrom === -1 ? text : text + bytes.toString('utf8', validFrom, position);
  }

  #decodeUnit(bytes: Buffer): string {
    if (!isUtf8(bytes)) return this.#decodeRejected(bytes);
    this.#counts.utf8++;
    return bytes.toString('utf8');
  }

  #decodeRejected(bytes: Buffer): string {
    const { text, path } = decodeRejectedUnit(bytes, this.#fallbacks);
    this.#counts[path]++;
    this.#rejectedUnitBytes += bytes.length;
    return text;
  }
}
