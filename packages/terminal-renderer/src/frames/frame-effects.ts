export const LOG_MOVE = 1;
export const LOG_DRAW = 2;
export const LOG_LINE_FEED = 3;
/** A restore of the cursor saved at the start, where the start was not known. */
export const LOG_RESTORE_START = 4;

/** A growable list of numbers in a typed array, emptied without giving its memory back. */
class NumberList {
  values: Float64Array;
  length = 0;

  constructor(capacity: number) {
    this.values = new Float64Array(capacity);
  }

  /** Trades contents with `other`. */
  swap(other: NumberList): void {
    const values = this.values;
    const length = this.length;
    this.values = other.values;
    this.length = other.length;
    other.values = values;
    other.length = length;
  }

  /** Adds a `kind, x, y` triple. */
  push3(first: number, second: number, third: number): void {
    if (this.length + 3 > this.values.length) this.#grow();
    const values = this.values;
    const length = this.length;
    values[length] = first;
    values[length + 1] = second;
    values[length + 2] = third;
    this.length = length + 3;
  }

  /** Adds a pair. */
  push2(first: number, second: number): void {
    if (this.length + 2 > this.values.length) this.#grow();
    const values = this.values;
    const length = this.length;
    values[length] = first;
    values[length + 1] = second;
    this.length = length + 2;
  }

  push(value: number): void {
    if (this.length === this.values.length) this.#grow();
    this.values[this.length++] = value;
  }

  /** Twice the room: a list is emptied, never shrunk, so it grows only to a frame's largest. */
  #grow(): void {
    const grown = new Float64Array(this.values.length * 2);
    grown.set(this.values);
    this.values = grown;
  }
}

/** What a redraw frame did: the cells it changed (each set to known content), and the state it left. */
export class FrameEffects {
  /** Index after the frame's last byte. */
  end = 0;
  /** The frame's first operation, `bytes[firstStart, firstEnd)`: the next frame begins with the same one. */
  firstStart = 0;
  firstEnd = 0;
  /** Whether the frame ended by restoring the cursor it saved (the next frame may come after lines of text). */
  restores = false;
  x = 0;
  y = 0;
  rewound = false;
  /** The style of the frame's last line feed (0: none). */
  lineEnd = 0;
  /** The lowest screen line the cursor reached (-1: none known): a screen not yet that tall gains rows there. */
  deepest = -1;
  /** The saved cursor it left: set when `saved`. */
  saved = false;
  savedX = 0;
  savedY = 0;
  sequences = 0;
  redraws = 0;
  /** Text bytes the frame wrote. */
  written = 0;
  /** Row effects besides cells, in order: `row`, then 1 + terminator (a line feed on it) or 0 (its wrap cleared). */
  readonly rowFlags = new NumberList(16);
  /** The cells written or erased, as `row, from, to` triples (`to` may be Infinity). */
  readonly cells = new NumberList(48);
  /**
   * The frame's cursor moves, writes and line feeds in order, as `kind, x, y` triples ({@link LOG_MOVE},
   * {@link LOG_DRAW}, {@link LOG_LINE_FEED}, {@link LOG_RESTORE_START}): enough to count its redraws and
   * place its cursor again from another start, without reading its bytes again.
   */
  readonly log = new NumberList(48);
  /** Every row from this one down was erased (ED 0): -1 for none. */
  erasedFrom = -1;
  /**
   * For a frame run from an unknown start: its bytes, and where they are printable text (`from, to` pairs,
   * from the frame's start). A next frame with the same bytes but for other printable text in the same
   * places does the same (see {@link FrameEffects.copyFrom}); `patterned` is false when its text was not
   * all ASCII.
   */
  pattern = new Uint8Array(256);
  /** The pattern, read four bytes at a time. */
  patternWords = new DataView(this.pattern.buffer);
  patternLength = 0;
  patterned = false;
  readonly textRuns = new NumberList(8);
  /**
   * The frame's start (-1 when it was not known), and the furthest its text reached on a row (row bytes +
   * column + text bytes written so far): a frame with the same bytes but for its text, from the same start,
   * does the same (see `matchKnownFrame`).
   */
  startX = 0;
  startY = 0;
  startRewound = false;
  reach = 0;

  reset(): void {
    this.restores = false;
    this.saved = false;
    this.lineEnd = 0;
    this.sequences = 0;
    this.redraws = 0;
    this.rowFlags.length = 0;
    this.cells.length = 0;
    this.log.length = 0;
    this.erasedFrom = -1;
    this.patternLength = 0;
    this.patterned = false;
    this.textRuns.length = 0;
    this.reach = 0;
  }

  /** Keeps `bytes[start, end)` as this frame's pattern. */
  keepPattern(bytes: Uint8Array, start: number, end: number): void {
    const length = end - start;
    if (this.pattern.length < length) {
      this.pattern = new Uint8Array(Math.max(length, this.pattern.length * 2));
      this.patternWords = new DataView(this.pattern.buffer);
    }
    for (let index = 0; index < length; index++) this.pattern[index] = bytes[start + index] as number;
    this.patternLength = length;
  }

  /**
   * Takes over `other`'s effects (and memory, swapped), as those of a frame with the same pattern found at
   * `start`: a frame that matches its pattern does what it does. `other` is left with this one's old lists.
   */
  adopt(other: FrameEffects, start: number): void {
    const shift = start - other.firstStart;
    this.end = other.end + shift;
    this.firstStart = start;
    this.firstEnd = other.firstEnd + shift;
    this.restores = other.restores;
    this.x = other.x;
    this.y = other.y;
    this.rewound = other.rewound;
    this.lineEnd = other.lineEnd;
    this.deepest = other.deepest;
    this.saved = other.saved;
    this.savedX = other.savedX;
    this.savedY = other.savedY;
    this.sequences = other.sequences;
    this.redraws = other.redraws;
    this.written = other.written;
    this.erasedFrom = other.erasedFrom;
    this.rowFlags.swap(other.rowFlags);
    this.cells.swap(other.cells);
    this.log.swap(other.log);
    this.textRuns.swap(other.textRuns);
    const pattern = this.pattern;
    const patternWords = this.patternWords;
    this.pattern = other.pattern;
    this.patternWords = other.patternWords;
    other.pattern = pattern;
    other.patternWords = patternWords;
    this.patternLength = other.patternLength;
    this.patterned = other.patterned;
    this.startX = other.startX;
    this.startY = other.startY;
    this.startRewound = other.startRewound;
    this.reach = other.reach;
  }

  /** The cells `[from, to)` of `row` are set (to text or blanks). */
  set(row: number, from: number, to: number): void {
    const cells = this.cells;
    const values = cells.values;
    const last = cells.length - 3;
    // Text run after text run on the same row: one interval.
    if (last >= 0 && values[last] === row && values[last + 2] === from) {
      values[last + 2] = to;
      return;
    }
    cells.push3(row, from, to);
  }

  /** EL `mode` (ED 0 when `display`) with the cursor at `x` on `row`: every cell it erases counts as set (blank). */
  erase(row: number, x: number, mode: number, display: boolean): void {
    if (mode === 1) {
      this.set(row, 0, x + 1);
      return;
    }
    this.set(row, mode === 0 ? x : 0, Number.POSITIVE_INFINITY);
    if (mode === 2 || x === 0) {
      this.rowFlags.push2(row, 0);
    }
    if (display && (this.erasedFrom === -1 || this.erasedFrom > row + 1)) this.erasedFrom = row + 1;
  }

  /** A line feed from `row` into the row below (which it unwraps), CRLF or LF. */
  lineFeed(row: number, crlf: boolean): void {
    const flags = this.rowFlags;
    flags.push2(row, crlf ? 3 : 2);
    flags.push2(row + 1, 0);
    this.lineEnd = crlf ? 2 : 1;
  }

  /** Whether every cell `earlier` set is set by this frame too (so that this one overwrites it whole). */
  covers(earlier: FrameEffects): boolean {
    if (earlier.erasedFrom !== -1 && (this.erasedFrom === -1 || this.erasedFrom > earlier.erasedFrom))
      return false;
    const cells = earlier.cells.values;
    const own = this.cells.values;
    const ownLength = this.cells.length;
    for (let index = 0; index < earlier.cells.length; index += 3) {
      const row = cells[index] as number;
      if (this.erasedFrom !== -1 && row >= this.erasedFrom) continue;
      const from = cells[index + 1] as number;
      const to = cells[index + 2] as number;
      // A redraw mostly sets its cells in the order the last frame did: its interval at the same place, first.
      if (
        index < ownLength &&
        own[index] === row &&
        (own[index + 1] as number) <= from &&
        (own[index + 2] as number) >= to
      )
        continue;
      if (!this.#coversCells(row, from, to)) return false;
    }
    return true;
  }

  /** Whether this frame's intervals on `row` together cover `[from, to)`. */
  #coversCells(row: number, from: number, to: number): boolean {
    let reached = from;
    const cells = this.cells.values;
    const length = this.cells.length;
    // Few intervals per row: extend what is covered until nothing extends it.
    for (let extended = true; extended && reached < to; ) {
      extended = false;
      for (let index = 0; index < length; index += 3) {
        if (cells[index] !== row) continue;
        const start = cells[index + 1] as number;
        const end = cells[index + 2] as number;
        if (start <= reached && end > reached) {
          reached = end;
          extended = true;
        }
      }
    }
    return reached >= to;
  }
}
