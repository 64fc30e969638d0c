import { type FrameStep, FrameStepKind, type HandlerRegistry } from '../parser/handler-registry';
import { ReadEvent, type SequenceReader } from '../parser/sequence-reader';
import type { PrintableScan } from '../printable-scan';
import type { Row } from '../screen/row';
import type { Screen } from '../screen/screen';
import type { CursorPlace } from '../screen/screen-cursor';
import { type FrameEffects, LOG_DRAW, LOG_LINE_FEED, LOG_MOVE, LOG_RESTORE_START } from './frame-effects';
import { FrameText } from './frame-text';

const CR = 0x0d;
const LF = 0x0a;
const ESC = 0x1b;
/** Bytes a frame may take: longer runs are not redraw frames, and looking further would cost more than drawing. */
const MAX_FRAME_BYTES = 16 * 1024;
/** Private modes a frame may set without changing what is drawn (all but DECOM, DECAWM, the alternate screen). */
const DRAWING_MODES = new Set([6, 7, 47, 1047, 1048, 1049]);
const INFINITY = Number.POSITIVE_INFINITY;
/** The reader's events the run tells apart, read once: a property read first made after the run was optimized deoptimizes it. */
const ESC_EVENT = ReadEvent.esc;
const CSI_EVENT = ReadEvent.csi;
const DONE_EVENT = ReadEvent.done;

/**
 * Runs one redraw frame on a model of the screen's cursor, as the screen would apply it, noting what it
 * changes ({@link FrameEffects}) without changing anything. It knows the operations progress displays use
 * (text, CR, LF, SGR, cursor moves and positions, EL, ED 0, the saved cursor, cursor visibility); on
 * anything else, or a line feed that would scroll, text that would reach the right margin, a row that
 * holds wide characters or tabs, or text written before the frame moved back, the run fails. One loop
 * with its state in locals: it runs on every byte of every skipped frame.
 */
export class FrameSimulation {
  readonly #screen: Screen;
  readonly #reader: SequenceReader;
  /** The one handler table: what each sequence does in a frame is registered with its handler. */
  readonly #handlers: HandlerRegistry;
  /** The right margin (Infinity without one). */
  readonly #cols: number;
  readonly #text: FrameText;

  constructor(screen: Screen, reader: SequenceReader, handlers: HandlerRegistry) {
    this.#screen = screen;
    this.#reader = reader;
    this.#handlers = handlers;
    this.#text = new FrameText(reader);
    this.#cols = screen.cols ?? INFINITY;
  }

  /** The cursor a step's target moves. */
  readonly #place: CursorPlace = { x: 0, y: 0 };

  /** How far the last run read: where it stopped when it failed (the operation it could not apply). */
  reached = 0;

  /** A new write: the view of the last one's bytes is stale. */
  forget(): void {
    this.#text.forget();
  }

  /** The write's printable-ASCII scanner (the skipper looks through lines of text with it too). */
  get printable(): PrintableScan {
    return this.#text.printable;
  }

  /** Whether `bytes[at, …)` begins with the operation `bytes[start, end)` (a bare CR only if no LF follows). */
  sameOperation(bytes: Uint8Array, start: number, end: number, at: number): boolean {
    const length = end - start;
    if (at + length > bytes.length) return false;
    for (let index = 0; index < length; index++) if (bytes[at + index] !== bytes[start + index]) return false;
    if (length === 1 && bytes[start] === CR) return at + 1 < bytes.length && bytes[at + 1] !== LF;
    return true;
  }

  /**
   * Runs the frame at `start` from cursor `startX`, `startY` (-1: not known, then it must save the cursor
   * first and place it before it writes) into `effects`; false when it is not a frame it knows. `before`:
   * text bytes a frame drawn just before (and skipped) would have left on its rows, for the row-size bound.
   */
  run(
    bytes: Uint8Array,
    start: number,
    startX: number,
    startY: number,
    rewound: boolean,
    effects: FrameEffects,
    before = 0,
  ): boolean {
    effects.reset();
    effects.firstStart = start;
    effects.startX = startX;
    effects.startY = startY;
    effects.startRewound = rewound;
    const screen = this.#screen;
    const buffer = screen.buffer;
    const reader = this.#reader;
    const cols = this.#cols;
    const rows = buffer.rows;
    const place = this.#place;
    const handlers = this.#handlers;
    const text = this.#text;
    const startKnown = startY >= 0;
    // Only a frame run from an unknown start is counted again later (see replay): it alone keeps a log.
    const log = startKnown ? null : effects.log;
    let x = startX;
    let y = startY;
    let known = startKnown;
    let movedBack = false;
    let drew = false;
    let savesFirst = false;
    let saved = false;
    let savedKnown = false;
    let written = 0;
    let checkedRow = -1;
    let checkedBytes = 0;
    let patterned = log !== null;
    let reach = 0;
    let deepest = startY;
    /** The row the frame last wrote text on (-1: none yet). */
    let textRow = -1;
    reader.reset();
    const end = bytes.length;
    const first = bytes[start];
    const crLed = first === CR;
    const limit = Math.min(end, start + MAX_FRAME_BYTES);
    let at = start;
    while (at < limit) {
      this.reached = at;
      // The frame ends where the next one begins with the same operation, the cursor back where it began.
      if (bytes[at] === first && at > start && known && y === startY) {
        if (drew && (crLed || x === startX)) {
          if (this.sameOperation(bytes, start, effects.firstEnd, at)) break;
        } else if (!crLed && x !== startX && this.sameOperation(bytes, start, effects.firstEnd, at)) {
          // The first operation again on the first row, the cursor elsewhere: not a frame that repeats (git's
          // `text ESC[K CR` frames led by their EL would run on to the line's end); one led by the CR may be.
          return false;
        }
      }
      const operation = at;
      const byte = bytes[at] as number;
      // Where the cursor moves to (-1: it does not), and whether this operation restored it.
      let toX = -1;
      let toY = -1;
      let restored = false;
      if ((byte - 0x20) >>> 0 < 0x5f || byte >= 0x80) {
        // Text (and the colours inside it, which take no cells).
        if (!known || !(movedBack || savesFirst)) return false;
        at = text.scan(bytes, at, start, effects);
        if (at < 0) return false;
        // Text beyond ASCII has no pattern: a next frame's bytes could be narrower or wider.
        if (!text.ascii) patterned = false;
        const width = text.cells;
        if (x + width > cols) return false;
        if (checkedRow !== y) {
          checkedRow = y;
          checkedBytes = rowBytes(rows[y]);
        }
        written += at - operation;
        // A frame's text never grows a row past maxLineBytes, not even over what the frame before it left: no
        // cut happens in it.
        if (checkedBytes < 0 || checkedBytes + x + written + before > screen.maxLineBytes) return false;
        if (checkedBytes + x + written > reach) reach = checkedBytes + x + written;
        drew = true;
        textRow = y;
        if (log !== null) log.push3(LOG_DRAW, 0, 0);
        if (rewound) {
          rewound = false;
          effects.redraws++;
        }
        effects.set(y, x, x + width);
        x += width;
      } else if (byte === CR || byte === LF) {
        if (at + 1 >= end || !known) return false;
        const crlf = byte === CR && bytes[at + 1] === LF;
        if (byte === CR && !crlf) {
          // A frame led by a sequence that redraws its own text with a CR below or above its first row is a bar of
          // its own there (apt-get's `ESC[1A ESC[J` before its CR-redrawn lines): the frame would run to its end.
          // (Its comparisons first: they run at every CR, so that the run's optimized code has seen them.)
          if (textRow === y && y !== startY && !crLed) return false;
          toX = 0;
          toY = y;
          // Back at the line's start, where a redraw begins, even from column 0.
          movedBack = true;
          at++;
        } else {
          // A bar's frames end at the line end after the last one.
          if (crLed && crlf && drew && y === startY) break;
          // A line feed into the row below, never one that would scroll or pass the frame's start.
          if (y === buffer.bottom || y + 1 >= screen.height || (!savesFirst && y + 1 > startY)) return false;
          effects.lineFeed(y, crlf);
          if (log !== null) log.push3(LOG_LINE_FEED, 0, y + 1);
          rewound = false;
          x = 0;
          y++;
          at += crlf ? 2 : 1;
        }
      } else if (byte === ESC) {
        const removed = reader.removed;
        at = reader.read(bytes, at);
        effects.sequences += reader.removed - removed;
        const event = reader.event;
        // Compared at every sequence (one with no effect is rare: its comparison would come after optimization).
        const done = event === DONE_EVENT;
        if (event === ESC_EVENT || event === CSI_EVENT) {
          // What the sequence does in a frame: the handler table's step for it (none: no frame holds it).
          const step =
            event === ESC_EVENT
              ? handlers.escFrameStep(reader.intermediate, reader.final)
              : handlers.csiFrameStep(reader.prefix, reader.intermediate, reader.final);
          if (step === undefined) return false;
          const kind = step.kind;
          const params = reader.params;
          if (kind === FrameStepKind.saveCursor) {
            // DECSC, SCOSC.
            saved = true;
            savedKnown = known;
            effects.saved = true;
            effects.savedX = x;
            effects.savedY = y;
          } else if (kind === FrameStepKind.restoreCursor) {
            // DECRC, SCORC: only the cursor this frame saved.
            if (!saved) return false;
            restored = true;
            if (savedKnown) {
              // To the saved place, then kept on the screen, as the screen restores it: two moves.
              const savedX = effects.savedX;
              const savedY = effects.savedY;
              if (savedY < y || (savedY === y && savedX < x)) {
                rewound = true;
                movedBack = true;
              }
              if (log !== null) log.push3(LOG_MOVE, savedX, savedY);
              x = savedX;
              y = savedY;
              known = true;
              place.x = x;
              place.y = y;
              screen.restrict(place);
              toX = place.x;
              toY = place.y;
            } else {
              if (log !== null) log.push3(LOG_RESTORE_START, 0, 0);
              known = false;
            }
          } else if (kind === FrameStepKind.privateModes) {
            for (let index = 0; index < reader.paramCount; index++)
              if (DRAWING_MODES.has(params[index] as number)) return false;
          } else if (kind !== FrameStepKind.rendition) {
            if (kind === FrameStepKind.position) {
              // CUP, HVP: needs no known cursor.
              (step.target as NonNullable<FrameStep['target']>)(params, reader.paramCount, place);
              screen.restrict(place);
              toX = place.x;
              toY = place.y;
              if (!known) {
                if (log !== null) log.push3(LOG_MOVE, toX, toY);
                x = toX;
                y = toY;
                known = true;
                toX = -1;
              }
            } else {
              if (!known) return false;
              place.x = x;
              place.y = y;
              if (step.move?.restrictsFirst === true) {
                // The move first keeps the cursor on the screen (off the pending-wrap column), a move of its own.
                screen.restrict(place);
                if (place.x < x) {
                  rewound = true;
                  movedBack = true;
                  if (log !== null) log.push3(LOG_MOVE, place.x, y);
                  x = place.x;
                }
              }
              if (kind === FrameStepKind.eraseInLine || kind === FrameStepKind.eraseInDisplay) {
                // EL, or ED 0: every cell it erases counts as set (blank).
                const mode = params[0] as number;
                const display = kind === FrameStepKind.eraseInDisplay;
                if (mode <= 2) {
                  if (display && mode !== 0) return false;
                  if (x >= cols) return false;
                  if (checkedRow !== y) {
                    checkedRow = y;
                    checkedBytes = rowBytes(rows[y]);
                  }
                  if (checkedBytes < 0) return false;
                  drew = true;
                  if (log !== null) log.push3(LOG_DRAW, 0, 0);
                  if (rewound) {
                    rewound = false;
                    effects.redraws++;
                  }
                  effects.erase(y, x, mode, display);
                } else if (!display && x >= cols) return false; // EL of no mode still leaves the margin.
              } else {
                (step.target as NonNullable<FrameStep['target']>)(params, reader.paramCount, place);
                screen.restrict(place);
                toX = place.x;
                toY = place.y;
              }
            }
          }
        } else if (!done) {
          return false;
        }
      } else {
        return false;
      }
      if (toX !== -1) {
        if (toY < y || (toY === y && toX < x)) {
          rewound = true;
          movedBack = true;
        }
        if (log !== null) log.push3(LOG_MOVE, toX, toY);
        x = toX;
        y = toY;
        // A frame that does not save the cursor stays at or above the line it began on.
        if (!savesFirst && y > startY) return false;
      }
      if (known && y > deepest) deepest = y;
      if (operation === start) {
        effects.firstEnd = at;
        savesFirst = saved;
      }
      if (restored && savesFirst && drew && (!startKnown || (x === startX && y === startY))) {
        effects.restores = true;
        effects.written = written;
        effects.deepest = deepest;
        if (patterned) {
          effects.keepPattern(bytes, start, at);
          effects.patterned = true;
        }
        return this.#finish(effects, at, x, y, rewound);
      }
    }
    if (at >= limit) {
      this.reached = at;
      return false;
    }
    effects.restores = false;
    effects.written = written;
    effects.deepest = deepest;
    effects.reach = reach;
    return this.#finish(effects, at, x, y, rewound);
  }

  #finish(effects: FrameEffects, end: number, x: number, y: number, rewound: boolean): boolean {
    effects.end = end;
    effects.x = x;
    effects.y = y;
    effects.rewound = rewound;
    return true;
  }
}

/** Bytes of a row whose cells are its bytes one for one; -1 for a row with wide characters or tabs. */
function rowBytes(row: Row | undefined): number {
  return row === undefined ? 0 : row.spansCells() ? -1 : row.length;
}
