import {
  type DecoderInput,
  FallbackDecoderCore,
  type FallbackDecoderStats,
  type FallbackList,
  type LegacyCodec,
} from '@pipeguard/fallback-decoder/core';
import { LineSplitterCore } from '@pipeguard/line-splitter/core';
import { type Emit, portableTextOps, validateBoolean, validateOptionsObject } from '@pipeguard/shared/core';
import { acceptBytes } from './accept-bytes';
import { webBytePositions } from './byte-positions';
import { namesDoubleByte, webLegacyCodec } from './codepages/legacy-codec';
import { type ChunkCore, StageStream } from './stage-stream';
import { webByteOps } from './web-byte-ops';

export {
  type DecoderInput,
  FallbackDecoderError,
  type FallbackDecoderErrorCode,
  type FallbackDecoderStats,
} from '@pipeguard/fallback-decoder/core';

const KNOWN_OPTIONS = ['fallback', 'splitLines'] as const;

/** {@link webLegacyCodec} as the core's codec, named in its errors. */
const CODEC: LegacyCodec = Object.freeze({ name: 'webLegacyCodec', ...webLegacyCodec });

/** Options of {@link FallbackDecoderStream}: the Node `FallbackDecoder`'s but `'auto'` and `host`. */
export interface FallbackDecoderStreamOptions {
  /**
   * Encoding for units strict UTF-8 rejects: a codepage name iconv-lite accepts, single-byte (`cp1252`,
   * `windows-1251`, `koi8-r`…) or double-byte (`gbk`, `gb18030`, `shift_jis`, `euc-jp`, `euc-kr`, `big5`…;
   * see `webLegacyCodec`, its table loaded when the stream starts), a list tried in order (the first whose
   * text has no U+FFFD wins, else the first), or `null` (off: replacement characters). `'auto'` reads the
   * host's locale, which needs a process: pass the encoding.
   * @defaultValue null
   */
  fallback?: FallbackList;
  /**
   * Take bytes, as `TextDecoderStream` does, and split them into lines itself: the strings and stats of
   * `LineSplitterStream({ batched: true })` piped into this stream, in one stream. A chunk of valid UTF-8 is
   * decoded at once; only a chunk UTF-8 rejects is decoded line by line. `false`: the stream takes line units.
   * @defaultValue false
   */
  splitLines?: boolean;
}

/**
 * The batched splitter's core and the decoder's after it, as one core: each batch the splitter emits is
 * decoded as it comes, so a written chunk gives the strings the two streams would (one per batch).
 */
class DecoderAfterSplitter implements ChunkCore<Uint8Array, string, FallbackDecoderStats> {
  readonly #splitter: LineSplitterCore;
  readonly #decoder: FallbackDecoderCore;
  #emit: Emit<string> | undefined;
  #decode: Emit<DecoderInput> = () => {};

  constructor(splitter: LineSplitterCore, decoder: FallbackDecoderCore) {
    this.#splitter = splitter;
    this.#decoder = decoder;
  }

  get stats(): FallbackDecoderStats {
    return this.#decoder.stats;
  }

  write(chunk: Uint8Array, emit: Emit<string>): void {
    this.#splitter.write(chunk, this.#decoderFor(emit));
  }

  end(emit: Emit<string>): void {
    this.#splitter.end(this.#decoderFor(emit));
    this.#decoder.end(emit);
  }

  /** The splitter's emit: one closure for as long as the stream's `emit` is the same. */
  #decoderFor(emit: Emit<string>): Emit<DecoderInput> {
    if (emit !== this.#emit) {
      this.#emit = emit;
      this.#decode = (batch) => this.#decoder.write(batch, emit);
    }
    return this.#decode;
  }
}

/**
 * A `TransformStream` from line units (a `LineUnit`, a `LineBatch`, or a `Uint8Array` as one unit) to
 * strings, as `TextDecoderStream` gives: valid UTF-8 decodes exactly as `TextDecoder` would, units UTF-8
 * rejects are decoded with the fallback codepage, and terminators come back as they were. The Node
 * `FallbackDecoder` for Web Streams over the same core, one string per written chunk. With `splitLines`, from
 * bytes: the splitter and the decoder in one stream.
 */
export class FallbackDecoderStream extends StageStream<
  string,
  FallbackDecoderStats,
  DecoderInput | Uint8Array
> {
  readonly #core: FallbackDecoderCore;

  /**
   * @param options - See {@link FallbackDecoderStreamOptions}.
   * @throws TypeError when an option is unknown or has the wrong type, or names an encoding
   * `webLegacyCodec` does not decode. With `splitLines`, the stream errors with Node's `ERR_INVALID_ARG_TYPE`
   * `TypeError` on a chunk that is not a `Uint8Array`.
   * @throws RangeError when `fallback` is an empty list.
   */
  constructor(options?: FallbackDecoderStreamOptions) {
    validateOptionsObject(options, KNOWN_OPTIONS);
    const core = new FallbackDecoderCore({
      fallback: options?.fallback ?? null,
      codec: CODEC,
      byteOps: webByteOps,
      textOps: portableTextOps,
    });
    const fallback = core.fallback;
    const splitLines = options?.splitLines ?? false;
    validateBoolean('splitLines', splitLines);
    // Batches that find their units' ends only when the decoder reads them: a batch UTF-8 rejects.
    const splitter = splitLines
      ? new LineSplitterCore({
          batched: true,
          byteOps: webByteOps,
          bytePositions: webBytePositions,
          deferBounds: true,
        })
      : undefined;
    super(splitter === undefined ? core : new DecoderAfterSplitter(splitter, core), {
      // Without splitLines the core tells a wrong chunk (ERR_FALLBACK_DECODER_INVALID_CHUNK), as in Node.
      acceptChunk: splitLines ? acceptBytes : (chunk) => chunk as DecoderInput,
      // A double-byte codepage's table is a module of its own, loaded before the first chunk.
      ...(namesDoubleByte(fallback) ? { ready: webLegacyCodec.load(fallback) } : {}),
    });
    this.#core = core;
  }

  /** The encodings tried, in order, for units strict UTF-8 rejects (empty when off). */
  get fallback(): readonly string[] {
    return this.#core.fallback;
  }
}
