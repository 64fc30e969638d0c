import type { Row } from '../screen/row';

const TAB = 0x09;
/** Columns between the default tab stops: the only ones at which a row keeps a tab byte. */
const TAB_WIDTH = 8;
const SPACE = new Uint8Array([0x20]);
const SPACES = new Uint8Array(256).fill(0x20);
const LF = new Uint8Array([0x0a]);
const CRLF = new Uint8Array([0x0d, 0x0a]);

/** Receives output: `source[start, end)`, from input offset `inputStart` (exactly or as a line); `stable`: a view of the write's input. */
export type EmitPiece = (
  source: Uint8Array,
  start: number,
  end: number,
  inputStart: number,
  exact: boolean,
  stable: boolean,
) => void;

/**
 * Receives a whole row and its line end (the common case, in one step): `bytes[start, end)` (a row's bytes, or
 * a view of the write's input), then CRLF or LF; from input offset `inputStart` (exactly or as a line).
 */
export type EmitLine = (
  bytes: Uint8Array | DataView,
  start: number,
  end: number,
  crlf: boolean,
  inputStart: number,
  exact: boolean,
) => void;

/**
 * Turns rows into output lines. The rows of a wrapped line are one output line: a row that the next one
 * continues is padded with spaces to the right margin (the cells a terminal shows blank there, such as
 * the one a wide character left when it wrapped) and has no line break, so that laying the line out again
 * at the same width gives the same rows; an empty row that continues one is a space, for the same reason.
 */
export class RowOutput {
  readonly #cols: number | null;
  readonly #emit: EmitPiece;
  readonly #line: EmitLine;
  /** Whether the last row emitted is continued by the next one. */
  #continued = false;

  constructor(cols: number | null, emit: EmitPiece, line: EmitLine) {
    this.#cols = cols;
    this.#emit = emit;
    this.#line = line;
  }

  /** Emits a final row; `continues`: the next row wraps it; `last`: nothing follows it in the output. */
  row(row: Row, continues: boolean, last = false): void {
    this.startRow(row);
    if (!continues && !last && !this.#continued) {
      this.#line(row.words, 0, row.length, row.terminator === 2, row.sourceStart, row.exact);
      return;
    }
    const emit = this.#emit;
    const inputEnd = row.exact ? row.sourceStart + row.length : row.sourceStart;
    if (row.length === 0 && this.#continued && !continues) emit(SPACE, 0, 1, inputEnd, false, true);
    // A tab that begins a row continuing the one above would lay out at that row's pending wrap, where it
    // stays: its blanks go as spaces (the row's tabs are kept only at the default stops, every 8).
    let from = 0;
    if (this.#continued) {
      while (from < row.length && row.bytes[from] === TAB) from++;
      for (let pad = from * TAB_WIDTH; pad > 0; pad -= SPACES.length)
        emit(SPACES, 0, Math.min(pad, SPACES.length), row.sourceStart, false, true);
    }
    const rest = row.exact ? row.sourceStart + from : row.sourceStart;
    emit(row.bytes, from, row.length, rest, row.exact, false);
    this.#continued = continues && this.#cols !== null;
    if (last) return;
    if (this.#continued) {
      for (let pad = (this.#cols as number) - row.columns(); pad > 0; pad -= SPACES.length)
        emit(SPACES, 0, Math.min(pad, SPACES.length), inputEnd, false, true);
      return;
    }
    const terminator = row.terminator === 2 ? CRLF : LF;
    emit(terminator, 0, terminator.length, inputEnd, row.exact, true);
  }

  /**
   * Emits a final line that was never laid out into a row (one no row continues, and that continues none):
   * `source[start, end)` (a view of the write's input) and its line end, as {@link RowOutput.row} emits such
   * a row.
   */
  line(
    source: DataView,
    start: number,
    end: number,
    crlf: boolean,
    inputStart: number,
    exact: boolean,
  ): void {
    if (this.#continued) {
      this.#emit(LF, 0, LF.length, inputStart, false, true);
      this.#continued = false;
    }
    this.#line(source, start, end, crlf, inputStart, exact);
  }

  /**
   * Ends the line emitted last if `row`, about to go out, no longer continues it: a row can stop continuing
   * the one above after that one went out (EL from its first column clears the wrap, as xterm does).
   */
  startRow(row: Row): void {
    if (!this.#continued || row.wrapped) return;
    this.#emit(LF, 0, LF.length, row.sourceStart, false, true);
    this.#continued = false;
  }

  /** The rows that would have continued the last one emitted are gone (RIS): the next row begins a line. */
  endContinuation(inputOffset: number): void {
    if (!this.#continued) return;
    this.#emit(LF, 0, LF.length, inputOffset, false, true);
    this.#continued = false;
  }

  /** Emits bytes that continue the line being emitted (plain text passed in bulk, the head of a long row). */
  text(
    source: Uint8Array,
    start: number,
    end: number,
    inputStart: number,
    exact: boolean,
    stable: boolean,
  ): void {
    this.#continued = false;
    this.#emit(source, start, end, inputStart, exact, stable);
  }
}
