import {
  nodeByteOps,
  nodeTextOps,
  type TransformCallback,
  validateOptionsObject,
  writeThroughCore,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { type DecoderInput, FallbackDecoderCore, type FallbackDecoderStats } from './fallback-decoder-core';
import { type FallbackOption, resolveFallbackOption } from './fallback-option';
import type { HostEncodingInput } from './host-encoding';
import { iconvCodec } from './iconv-codec';

export type { FallbackDecoderStats } from './fallback-decoder-core';

const KNOWN_OPTIONS = ['fallback', 'host'] as const;

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

/**
 * A Transform from line units (`LineUnit`, `LineBatch` or a plain Buffer as one unit) to strings:
 * valid UTF-8 decodes exactly as `TextDecoder` would, only units UTF-8 rejects are decoded with the
 * fallback encoding (iconv-lite, loaded on first use), and terminators are re-emitted as they were.
 * A thin shell over `FallbackDecoderCore` (`./core`).
 */
export class FallbackDecoder extends Transform {
  readonly #core: FallbackDecoderCore;
  readonly #push = (text: string): void => {
    this.push(text);
  };

  /**
   * @param options - See {@link FallbackDecoderOptions}.
   * @throws TypeError when an option is unknown or has the wrong type, names an encoding iconv-lite
   * does not support, or `host` is given without `fallback: 'auto'`.
   * @throws RangeError when `fallback` is an empty list.
   */
  constructor(options?: FallbackDecoderOptions) {
    validateOptionsObject(options, KNOWN_OPTIONS);
    // 'auto' and `host` are resolved here, where the machine can be asked; the core gets the list.
    const fallbacks = resolveFallbackOption(options?.fallback, options?.host);
    const core = new FallbackDecoderCore({
      fallback: fallbacks.length === 0 ? null : fallbacks,
      codec: iconvCodec,
      byteOps: nodeByteOps,
      textOps: nodeTextOps,
    });
    super({ writableObjectMode: true, readableObjectMode: true });
    this.#core = core;
  }

  /** The encodings tried, in order, for units strict UTF-8 rejects (empty when off). */
  get fallback(): readonly string[] {
    return this.#core.fallback;
  }

  /** A snapshot of the counters. */
  get stats(): FallbackDecoderStats {
    return this.#core.stats;
  }

  override _transform(chunk: unknown, _encoding: BufferEncoding, callback: TransformCallback): void {
    writeThroughCore(this.#core, chunk as DecoderInput, this.#push, callback);
  }
}
