import {
  type DecoderInput,
  FallbackDecoderCore,
  type FallbackDecoderStats,
  type FallbackList,
  type LegacyCodec,
} from '@pipeguard/fallback-decoder/core';
import { portableTextOps, validateOptionsObject } from '@pipeguard/shared/core';
import { namesDoubleByte, webLegacyCodec } from './codepages/legacy-codec';
import { StageStream } from './stage-stream';
import { webByteOps } from './web-byte-ops';

export {
  type DecoderInput,
  FallbackDecoderError,
  type FallbackDecoderErrorCode,
  type FallbackDecoderStats,
} from '@pipeguard/fallback-decoder/core';

const KNOWN_OPTIONS = ['fallback'] as const;

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
}

/**
 * A `TransformStream` from line units (a `LineUnit`, a `LineBatch`, or a `Uint8Array` as one unit) to
 * strings, as `TextDecoderStream` gives: valid UTF-8 decodes exactly as `TextDecoder` would, units UTF-8
 * rejects are decoded with the fallback codepage, and terminators come back as they were. The Node
 * `FallbackDecoder` for Web Streams over the same core, one string per written chunk.
 */
export class FallbackDecoderStream extends StageStream<string, FallbackDecoderStats, DecoderInput> {
  readonly #core: FallbackDecoderCore;

  /**
   * @param options - See {@link FallbackDecoderStreamOptions}.
   * @throws TypeError when an option is unknown or has the wrong type, or names an encoding
   * `webLegacyCodec` does not decode.
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
    // The core tells a wrong chunk (FallbackDecoderError, ERR_FALLBACK_DECODER_INVALID_CHUNK), as in Node.
    super(core, {
      acceptChunk: (chunk) => chunk as DecoderInput,
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
