import type { TransformCallback } from '@pipeguard/shared';
import { TerminalRenderer } from '@pipeguard/terminal-renderer';
import { Transform } from 'readable-stream';
import type { LiveLines } from './live-lines';

/**
 * A pass-through stage that also feeds every chunk to a {@link LiveLines}, for placing live lines in a
 * pipeline (after the binary guard, so binary is never handed out). It adds no backpressure of its own:
 * `LiveLines.write()` returns at once. The live view ends when the stream ends or fails.
 */
export class LiveLinesTap extends Transform {
  readonly #live: LiveLines;
  readonly #view: TerminalRenderer | null;

  /**
   * @param live - The live lines fed with what passes.
   * @param options - `render: true` draws what passes on a terminal of its own, one live row tall, before
   * the live lines see it: the pipeline's renderer holds its last `maxLiveLines` rows back for redraws,
   * which a person watching must not wait for. `cols` is that terminal's width (the pipeline's renderer's).
   */
  constructor(
    live: LiveLines,
    { render = false, cols = null }: { render?: boolean; cols?: number | null } = {},
  ) {
    super();
    this.#live = live;
    this.#view = render ? new TerminalRenderer({ cols, maxLiveLines: 1 }) : null;
    this.#view?.on('data', (rendered: Buffer) => live.write(rendered));
    this.#view?.on('end', () => live.end());
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.#view) this.#view.write(chunk);
    else this.#live.write(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.#view) this.#view.end();
    else this.#live.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.#view?.destroy();
    this.#live.end();
    callback(error);
  }
}
