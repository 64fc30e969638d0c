import { type RedactOptions, SecretRedactor } from '@pipeguard/secret-redactor';
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
  readonly #redactor: SecretRedactor | null;
  /** Where what passes goes first: the view, else the redactor, else the live lines. */
  readonly #entry: { write(chunk: Buffer): unknown; end(): unknown };

  /**
   * @param live - The live lines fed with what passes.
   * @param options - `render: true` draws what passes on a terminal of its own, one live row tall, before
   * the live lines see it: the pipeline's renderer holds its last `maxLiveLines` rows back for redraws,
   * which a person watching must not wait for. `cols` is that terminal's width (the pipeline's renderer's).
   * `redact` (the pipeline's redactor options, or `null`) sends the lines through a redactor of their own,
   * after that view: a live line never carries a secret the capture withholds.
   */
  constructor(
    live: LiveLines,
    {
      render = false,
      cols = null,
      redact = null,
    }: { render?: boolean; cols?: number | null; redact?: RedactOptions | null } = {},
  ) {
    super();
    this.#live = live;
    this.#view = render ? new TerminalRenderer({ cols, maxLiveLines: 1 }) : null;
    this.#redactor = redact === null ? null : new SecretRedactor(redact);
    const last = this.#redactor ?? this.#view;
    last?.on('data', (bytes: Buffer) => live.write(bytes));
    last?.on('end', () => live.end());
    if (this.#view && this.#redactor) this.#view.pipe(this.#redactor);
    this.#entry = this.#view ?? this.#redactor ?? live;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#entry.write(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.#entry.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.#view?.destroy();
    this.#redactor?.destroy();
    this.#live.end();
    callback(error);
  }
}
