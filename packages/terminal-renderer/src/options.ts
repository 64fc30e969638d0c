import { validateInteger, validateOptionsObject } from '@pipeguard/shared/core';

const DEFAULT_MAX_LIVE_LINES = 64;
const DEFAULT_MAX_ROW_BYTES = 32 * 1024;
const KNOWN_OPTIONS = ['cols', 'maxLiveLines', 'maxRowBytes'] as const;

/** Options of `TerminalRenderer`, `TerminalRendererStream` and `TerminalRendererCore` (the `./core` subpath). */
export interface TerminalRendererOptions {
  /**
   * The terminal's width in columns: rows wrap at it as a terminal's do (autowrap with the pending wrap at
   * the last column, DECAWM), cursor moves stop at it, and a wide character that does not fit wraps whole.
   * The rows of a wrapped line come out as one line. `null`: no right margin, lines never wrap (a pipe).
   * An integer ≥ 1 or `null`.
   * @defaultValue null
   */
  cols?: number | null;
  /**
   * The screen's rows: cursor addressing and scroll regions count from its top, cursor moves stay inside
   * it, and a line that scrolls off its top is final and goes downstream at once (until then a line is
   * held, and may be drawn over). An integer ≥ 1.
   * @defaultValue 64 (lines)
   */
  maxLiveLines?: number;
  /**
   * Bytes one live line may hold: past it, the line up to the cursor is committed downstream (in part),
   * and a later carriage return overwrites only what is still held. An integer ≥ 4.
   * @defaultValue 32768 (bytes)
   */
  maxRowBytes?: number;
}

/** Counters of a renderer, as a fresh plain object. */
export interface TerminalRendererStats {
  /** Bytes written to the renderer. */
  bytesIn: number;
  /** Bytes it emitted: the rendered text. */
  bytesOut: number;
  /** Escape sequences (CSI, OSC, DCS, APC, PM, SOS and plain ESC ones) removed, applied or not. */
  sequencesRemoved: number;
  /**
   * Redraws: writes or erases after the cursor moved back (a carriage return, a backspace, or a move up,
   * left or to an earlier place), one per move at most.
   */
  framesOverwritten: number;
}

/** The options with their defaults, validated. */
export interface RendererSettings {
  cols: number | null;
  maxLiveLines: number;
  maxRowBytes: number;
}

/**
 * Validates the options and fills in the defaults.
 * @throws TypeError when `options` is not an object, has an unknown key, or an option is not a number (or null, for `cols`).
 * @throws RangeError when `cols` or `maxLiveLines` is not a safe integer ≥ 1, or `maxRowBytes` not one ≥ 4.
 */
export function resolveRendererOptions(options: TerminalRendererOptions | undefined): RendererSettings {
  validateOptionsObject(options, KNOWN_OPTIONS);
  const cols = options?.cols === undefined ? null : options.cols;
  const maxLiveLines = options?.maxLiveLines === undefined ? DEFAULT_MAX_LIVE_LINES : options.maxLiveLines;
  const maxRowBytes = options?.maxRowBytes === undefined ? DEFAULT_MAX_ROW_BYTES : options.maxRowBytes;
  validateInteger('cols', cols, { minimum: 1, nullable: true });
  validateInteger('maxLiveLines', maxLiveLines, { minimum: 1 });
  validateInteger('maxRowBytes', maxRowBytes, { minimum: 4 });
  return { cols, maxLiveLines, maxRowBytes };
}
