import { type RedactOptions, SecretRedactor } from '@pipeguard/secret-redactor';
import { toBuffer } from '@pipeguard/shared';
import { TerminalRenderer } from '@pipeguard/terminal-renderer';
import type { LiveLines } from './live-lines';

/** How a {@link LiveLinesFeed} prepares what it hands to its live lines. */
export interface LiveLinesFeedOptions {
  /**
   * Draws what passes on a terminal of its own, one live row tall, before the live lines see it: a
   * pipeline's renderer holds its last `maxLiveLines` rows back for redraws, which a person watching must
   * not wait for. @defaultValue `false`
   */
  render?: boolean;
  /** That terminal's width (the pipeline's renderer's). @defaultValue `null` */
  cols?: number | null;
  /**
   * The pipeline's redactor options: the lines go through a redactor of their own, after that view, so
   * a live line never carries a secret the capture withholds. `null`: none. @defaultValue `null`
   */
  redact?: RedactOptions | null;
}

/**
 * Hands every chunk written to a {@link LiveLines} (through a view and a redactor of its own when asked):
 * `pipeline()`'s tap after the guard, so binary is never handed out. `write()` returns at once.
 */
export class LiveLinesFeed {
  readonly #live: LiveLines;
  readonly #view: TerminalRenderer | null;
  readonly #redactor: SecretRedactor | null;
  /** Where what passes goes first: the view, else the redactor, else the live lines. */
  readonly #entry: { write(chunk: Buffer): unknown; end(): unknown };

  constructor(live: LiveLines, { render = false, cols = null, redact = null }: LiveLinesFeedOptions = {}) {
    this.#live = live;
    this.#view = render ? new TerminalRenderer({ cols, maxLiveLines: 1 }) : null;
    this.#redactor = redact === null ? null : new SecretRedactor(redact);
    const last = this.#redactor ?? this.#view;
    last?.on('data', (bytes: Buffer) => live.write(bytes));
    last?.on('end', () => live.end());
    if (this.#view && this.#redactor) this.#view.pipe(this.#redactor);
    this.#entry = this.#view ?? this.#redactor ?? live;
  }

  /** Hands `bytes` on. */
  write(bytes: Uint8Array): void {
    this.#entry.write(toBuffer(bytes));
  }

  /** Ends the live lines once what was written has reached them. */
  end(): void {
    this.#entry.end();
  }

  /** Ends the live lines now (the stream failed). */
  destroy(): void {
    this.#view?.destroy();
    this.#redactor?.destroy();
    this.#live.end();
  }
}
