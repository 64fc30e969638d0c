import type { PipelineStages } from '@pipeguard/pipeline';
import { formatBytes, monotonicMs } from '@pipeguard/shared';
import { isTerminal } from './descriptor';
import { isAtLineStart, output, sameDestination, write } from './output';

/** Live counts of one stream, read each time the line is redrawn. */
export interface StreamMeter {
  label: string;
  readBytes(): number;
  discardedBytes(): number;
}

/** The part of a terminal stream the progress line needs. */
export interface ProgressTerminal {
  isTTY?: boolean;
  columns?: number;
  write(text: string): boolean;
  /** Whether the line can be drawn now (the cursor is at a line start); absent: always. */
  canDraw?(): boolean;
}

const SHOW_AFTER_MS = 1000;
const REDRAW_MS = 250;
// Carriage return, then erase the whole line (ECMA-48 EL 2).
const CLEAR_LINE = '\r\x1b[2K';

/**
 * A single status line redrawn on a terminal while a run lasts longer than about a second: bytes read
 * and discarded per stream, and the rate. Never drawn on anything but a TTY; `stop()` erases it.
 */
export class ProgressLine {
  readonly #terminal: ProgressTerminal;
  readonly #meters: readonly StreamMeter[];
  readonly #started = monotonicMs();
  #timer: NodeJS.Timeout | null = null;
  #drawn = false;

  constructor(terminal: ProgressTerminal, meters: readonly StreamMeter[]) {
    this.#terminal = terminal;
    this.#meters = meters;
    if (!terminal.isTTY) return;
    this.#timer = setTimeout(() => {
      this.#draw();
      this.#timer = setInterval(() => this.#draw(), REDRAW_MS);
      this.#timer.unref();
    }, SHOW_AFTER_MS);
    this.#timer.unref();
  }

  /** Stops redrawing and erases the line, so the result starts on a clean line. */
  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    this.clear();
  }

  /** Erases the line until its next redraw, so that output printed as it comes starts on a clean line. */
  clear(): void {
    if (this.#drawn) this.#terminal.write(CLEAR_LINE);
    this.#drawn = false;
  }

  #draw(): void {
    // Output cut mid-line is on that line: erasing it to draw would take it away.
    if (this.#terminal.canDraw?.() === false) return;
    const seconds = (monotonicMs() - this.#started) / 1000;
    let total = 0;
    const streams = this.#meters.map((meter) => {
      const read = meter.readBytes();
      const discarded = meter.discardedBytes();
      total += read;
      const dropped = discarded > 0 ? `, ${formatBytes(discarded)} discarded` : '';
      return `${meter.label} ${formatBytes(read)} read${dropped}`;
    });
    const line = `pipeguard ${seconds.toFixed(1)}s · ${streams.join(' · ')} · ${formatBytes(Math.round(total / seconds))}/s`;
    // A pseudo-terminal without a size reports 0 columns.
    const width = (this.#terminal.columns || 80) - 1;
    this.#terminal.write(`${CLEAR_LINE}${line.length > width ? line.slice(0, width) : line}`);
    this.#drawn = true;
  }
}

/** A meter over a pipeline's live stages: raw bytes read, and bytes the sink dropped or the guard withheld. */
export function meterOf(label: string, { counter, guard, sink }: PipelineStages): StreamMeter {
  return {
    label,
    readBytes: () => counter.bytes,
    discardedBytes: () => {
      const { totalBytes, retainedBytes } = sink.stats;
      return totalBytes - retainedBytes + (guard?.stats.withheldBytes ?? 0);
    },
  };
}

/**
 * A progress line on stderr when stderr is a terminal, else `undefined`: asked of the descriptor, so
 * that a run whose stderr is a pipe or a file does not open the stream before it has text for it.
 */
export function progressOnStderr(meters: readonly StreamMeter[]): ProgressLine | undefined {
  if (!isTerminal(2)) return undefined;
  const stderr = output('stderr');
  // Through write(), which drops what a terminal that went away can no longer take.
  const terminal = {
    isTTY: true,
    get columns() {
      return stderr.columns;
    },
    write: (text: string) => write('stderr', text),
    canDraw: () => isAtLineStart('stderr') && (isAtLineStart('stdout') || !sameDestination()),
  };
  return new ProgressLine(terminal, meters);
}
