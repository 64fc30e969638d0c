import {
  portableLatin1,
  REDACT_OPTIONS,
  type RedactOptions,
  SecretRedactorCore,
  type SecretRedactorStats,
} from '@pipeguard/secret-redactor/core';
import { type SourceOffsets, validateOptionsObject } from '@pipeguard/shared/core';
import { StageStream } from './stage-stream';
import { webByteOps } from './web-byte-ops';

export type { RedactOptions, RedactPattern, SecretRedactorStats } from '@pipeguard/secret-redactor/core';

const latin1 = (bytes: Uint8Array): string => portableLatin1(bytes, webByteOps.isAscii);

/**
 * A `TransformStream` of bytes that replaces each secret with `[REDACTED:<kind>]`, never emitting part of
 * one whatever the chunking: the Node `SecretRedactor` for Web Streams over the same core.
 */
export class SecretRedactorStream
  extends StageStream<Uint8Array, SecretRedactorStats>
  implements SourceOffsets
{
  readonly #core: SecretRedactorCore;

  /**
   * @param options - See {@link RedactOptions}.
   * @throws TypeError when an option has the wrong type or is unknown.
   * @throws RangeError when `maxHoldBytes` is below 256, or a pattern's kind or literal is invalid.
   */
  constructor(options?: RedactOptions) {
    validateOptionsObject(options, REDACT_OPTIONS);
    const core = new SecretRedactorCore({ ...options, byteOps: webByteOps, latin1 });
    super(core);
    this.#core = core;
  }

  /** The input offset of the output byte at `outputOffset` (a marker's: its secret's start), or `null`. */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#core.sourceOffsetOf(outputOffset);
  }
}
