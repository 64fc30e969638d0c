import { SourceOffsetMap, type SourceOffsets } from '@pipeguard/shared/core';
import {
  TerminalRendererCore,
  type TerminalRendererOptions,
  type TerminalRendererStats,
} from '@pipeguard/terminal-renderer/core';
import { StageStream } from './stage-stream';
import { webByteOps } from './web-byte-ops';

export type { TerminalRendererOptions, TerminalRendererStats } from '@pipeguard/terminal-renderer/core';

/**
 * A `TransformStream` from a program's terminal output to the text a terminal shows once it has finished
 * drawing (redraws, erases and scroll regions applied, colours and other escape sequences removed, text
 * never drawn over passed byte for byte): the Node `TerminalRenderer` for Web Streams over the same core.
 * Memory is bounded by the screen (`maxLiveLines` rows of at most `maxRowBytes`) plus one chunk.
 */
export class TerminalRendererStream
  extends StageStream<Uint8Array, TerminalRendererStats>
  implements SourceOffsets
{
  readonly #core: TerminalRendererCore;

  /**
   * @param options - See `TerminalRendererOptions`: `cols` (default null: no wrap), `maxLiveLines`
   * (default 64), `maxRowBytes` (default 32768).
   * @throws TypeError when `options` is not an object, has an unknown key, or an option is of the wrong type.
   * @throws RangeError when `cols` or `maxLiveLines` is not a safe integer ≥ 1, or `maxRowBytes` not one ≥ 4.
   */
  constructor(options?: TerminalRendererOptions) {
    const core = new TerminalRendererCore(options, webByteOps, new SourceOffsetMap());
    super(core);
    this.#core = core;
  }

  /**
   * The input offset of the start of the input line that the output byte at `outputOffset` came from, or
   * its exact input offset where text passed one for one; `null` for an offset not emitted yet or more
   * than 1 MiB behind the latest output (the shared core's `SourceOffsetMap`).
   */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#core.sourceOffsetOf(outputOffset);
  }
}
