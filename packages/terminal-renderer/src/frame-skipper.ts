const LF = 0x0a;
const CR = 0x0d;
const ESC = 0x1b;
const LEFT_BRACKET = 0x5b;
const ZERO = 0x30;
const NINE = 0x39;
const SEMICOLON = 0x3b;
const COLON = 0x3a;
const SGR = 0x6d;
const ERASE_IN_LINE = 0x4b;
const CURSOR_UP = 0x41;

// A frame's text is every byte from 0x20 on: it draws its cells in order, so their widths do not matter. A C0
// control but ESC ends the frame.
const FIRST_TEXT_BYTE = 0x20;

// Kinds of the sequence `readSequence` read: an SGR, an erase to the end of the line, an erase of the whole line, a cursor up.
const SEQUENCE_SGR = 1;
const SEQUENCE_ERASE_RIGHT = 2;
const SEQUENCE_ERASE_LINE = 3;
const SEQUENCE_UP = 4;

/**
 * Finds redraw frames that the frame after them overwrites entirely, so that the renderer need not draw
 * them: a run of `CR` frames each of text and SGRs ending in an erase to the end of the line
 * (`ESC[K`: what it leaves is its own text, whatever was there), or of `ESC[nA` frames that erase and
 * redraw each of the `n` lines above the cursor (`ESC[2K`, text and SGRs, LF). Of such a run, every
 * frame but the last is skipped; the last is drawn as usual over the state before the first, which gives
 * the same row, cursor and redraw flag. `sequences` and `redraws` say what the skipped frames would have
 * added to the stats: their escape sequences, and one redraw per frame that left drawn cells for the next
 * one to overwrite.
 */
export class FrameSkipper {
  /** Bytes a frame's line and the row it draws over may each hold: together, with a wide character's remains, they never reach `maxLineBytes`, so no frame is cut. */
  readonly #maxBytes: number;
  /** Escape sequences in the frames the last call skipped. */
  sequences = 0;
  /** Redraws the frames the last call skipped would have counted. */
  redraws = 0;
  // What the last `readSequence`/frame read: its end, parameter, text bytes (of the first line) and escape sequences.
  #end = 0;
  #parameter = 0;
  #textBytes = 0;
  #escapes = 0;

  constructor(maxLineBytes: number) {
    this.#maxBytes = (maxLineBytes >> 1) - 1;
  }

  /**
   * From the bare CR at `start`, drawing over a row of `rowBytes`, the start of the last of the skippable CR
   * frames that follow one another there (`start` when there are fewer than two).
   */
  skipCarriageReturnFrames(chunk: Buffer, start: number, rowBytes: number): number {
    this.sequences = 0;
    this.redraws = 0;
    if (rowBytes > this.#maxBytes) return start;
    let resume = start;
    let frame = start;
    let sequences = 0;
    let redraws = 0;
    while (this.#readCarriageReturnFrame(chunk, frame)) {
      this.sequences = sequences;
      this.redraws = redraws;
      resume = frame;
      sequences += this.#escapes;
      redraws += this.#textBytes > 0 ? 1 : 0;
      frame = this.#end;
    }
    return resume;
  }

  /**
   * From the `ESC[nA` at `start` (the cursor at column 0 of row `cursorRow`, `n` ≤ `cursorRow`), the start of
   * the last of the skippable cursor-up frames that follow one another there (`start` when there are fewer
   * than two). `rows` are the live rows, so that none too long to hold is skipped over.
   */
  skipCursorUpFrames(
    chunk: Buffer,
    start: number,
    cursorRow: number,
    rows: readonly { length: number }[],
  ): number {
    this.sequences = 0;
    this.redraws = 0;
    let resume = start;
    let frame = start;
    let sequences = 0;
    let redraws = 0;
    let lines = -1;
    while (this.#readCursorUpFrame(chunk, frame)) {
      if (lines === -1) {
        lines = this.#parameter;
        if (lines < 1 || lines > cursorRow) return start;
        for (let row = cursorRow - lines; row <= cursorRow; row++)
          if ((rows[row] as { length: number }).length > this.#maxBytes) return start;
      } else if (this.#parameter !== lines) {
        break;
      }
      this.sequences = sequences;
      this.redraws = redraws;
      resume = frame;
      sequences += this.#escapes;
      redraws += this.#textBytes > 0 ? 1 : 0;
      frame = this.#end;
    }
    return resume;
  }

  /** Reads a CR frame at `start` followed by a bare CR; sets `#end` to that CR, `#textBytes` and `#escapes`. */
  #readCarriageReturnFrame(chunk: Buffer, start: number): boolean {
    const length = chunk.length;
    if (chunk[start] !== CR) return false;
    let at = start + 1;
    let width = 0;
    let escapes = 0;
    let erased = false;
    while (at < length) {
      const textStart = at;
      while (at < length && (chunk[at] as number) >= FIRST_TEXT_BYTE) at++;
      if (at > textStart) {
        width += at - textStart;
        erased = false;
      }
      if (at >= length || chunk[at] !== ESC) break;
      const sequence = this.#readSequence(chunk, at);
      if (sequence === SEQUENCE_ERASE_RIGHT) erased = true;
      else if (sequence !== SEQUENCE_SGR) return false;
      escapes++;
      at = this.#end;
    }
    // The next frame must begin here with a bare CR: a CRLF ends the line, and the chunk's end says nothing yet.
    if (at + 1 >= length || chunk[at] !== CR || chunk[at + 1] === LF) return false;
    if (!erased || width > this.#maxBytes) return false;
    this.#end = at;
    this.#textBytes = width;
    this.#escapes = escapes;
    return true;
  }

  /**
   * Reads a cursor-up frame at `start` (`ESC[nA`, then `n` lines each `ESC[2K`, text and SGRs, LF) followed
   * by another `ESC[`; sets `#end`, `#parameter` (n), `#textBytes` (its first line's) and `#escapes`.
   */
  #readCursorUpFrame(chunk: Buffer, start: number): boolean {
    const length = chunk.length;
    if (this.#readSequence(chunk, start) !== SEQUENCE_UP) return false;
    const lines = Math.max(1, this.#parameter);
    let at = this.#end;
    let escapes = 1;
    let firstWidth = 0;
    for (let line = 0; line < lines; line++) {
      if (this.#readSequence(chunk, at) !== SEQUENCE_ERASE_LINE) return false;
      escapes++;
      at = this.#end;
      let width = 0;
      while (at < length) {
        const textStart = at;
        while (at < length && (chunk[at] as number) >= FIRST_TEXT_BYTE) at++;
        width += at - textStart;
        if (at >= length || chunk[at] !== ESC) break;
        if (this.#readSequence(chunk, at) !== SEQUENCE_SGR) return false;
        escapes++;
        at = this.#end;
      }
      if (at >= length || chunk[at] !== LF || width > this.#maxBytes) return false;
      at++;
      if (line === 0) firstWidth = width;
    }
    if (at + 1 >= length || chunk[at] !== ESC || chunk[at + 1] !== LEFT_BRACKET) return false;
    this.#end = at;
    this.#parameter = lines;
    this.#textBytes = firstWidth;
    this.#escapes = escapes;
    return true;
  }

  /** Reads the CSI at `start`, whole within the chunk; returns its kind (0 for any other) and sets `#end`, `#parameter`. */
  #readSequence(chunk: Buffer, start: number): number {
    const length = chunk.length;
    if (start + 2 >= length || chunk[start] !== ESC || chunk[start + 1] !== LEFT_BRACKET) return 0;
    let at = start + 2;
    let value = 0;
    let separated = false;
    for (; at < length; at++) {
      const byte = chunk[at] as number;
      if (byte >= ZERO && byte <= NINE) value = Math.min(65_535, value * 10 + byte - ZERO);
      else if (byte === SEMICOLON || byte === COLON) separated = true;
      else break;
    }
    if (at >= length) return 0;
    const final = chunk[at] as number;
    this.#end = at + 1;
    this.#parameter = value;
    if (final === SGR) return SEQUENCE_SGR;
    if (separated) return 0;
    if (final === ERASE_IN_LINE)
      return value === 0 ? SEQUENCE_ERASE_RIGHT : value === 2 ? SEQUENCE_ERASE_LINE : 0;
    if (final === CURSOR_UP) return SEQUENCE_UP;
    return 0;
  }
}
