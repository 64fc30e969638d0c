import { SequenceReader } from '../parser/sequence-reader';
import type { Screen } from '../screen/screen';
import { FrameEffects } from './frame-effects';
import { matchFrame, replayFrame } from './frame-replay';
import { FrameSimulation } from './frame-simulation';

const CR = 0x0d;
const LF = 0x0a;
const ESC = 0x1b;
const DEL = 0x7f;

/**
 * Finds redraw frames that the next frame overwrites whole, so that the renderer need not draw them: the
 * frames of a progress bar after a CR, of a multi-line display after a cursor up (docker, log-update, pnpm),
 * or of a status line drawn between a saved and restored cursor (apt-get, whose frames come between lines
 * of output scrolling in a region above it). A frame is simulated on the screen's state with the one
 * sequence reader; when the next frame (begun by the same operation) sets every cell it set, the frame is
 * skipped: the cursor, saved cursor, line ends and counters are left as it would leave them, its cells
 * are not written. Anything a frame does that the simulation does not know ends the attempt.
 */
export class FrameSkipper {
  readonly #screen: Screen;
  readonly #reader = new SequenceReader();
  readonly #simulation: FrameSimulation;
  #frame = new FrameEffects();
  #next = new FrameEffects();
  /** Where attempts are pointless: in `#quietBytes`, before `#quietUntil` (see skip). */
  #quietBytes: Uint8Array | null = null;
  #quietUntil = 0;
  /** Escape sequences in the frames skipped so far. */
  sequences = 0;

  /** Draws the lines of text between two frames (text, LF and CRLF only): the renderer's own text path. */
  readonly #drawText: (bytes: Uint8Array, start: number, end: number) => void;

  constructor(screen: Screen, drawText: (bytes: Uint8Array, start: number, end: number) => void) {
    this.#screen = screen;
    this.#simulation = new FrameSimulation(screen, this.#reader);
    this.#drawText = drawText;
  }

  /** From the control at `at` (the screen's state is the one before it): where drawing goes on past a skipped frame, or `at`. */
  skip(bytes: Uint8Array, at: number): number {
    const screen = this.#screen;
    const byte = bytes[at];
    if (byte !== ESC && (byte !== CR || at + 1 >= bytes.length || bytes[at + 1] === LF)) return at;
    if (screen.insert || screen.origin || !screen.autowrap) return at;
    // Inside what the last attempt read before it failed, another would fail the same way.
    if (bytes === this.#quietBytes && at < this.#quietUntil) return at;
    // A colour before text begins no frame (a frame moves the cursor back before it writes): no attempt.
    if (byte === ESC) {
      this.#reader.reset();
      const colour = this.#reader.readColour(bytes, at);
      if (colour !== -1 && ((bytes[colour] as number) - 0x20) >>> 0 < 0x5f) return at;
    }
    const simulation = this.#simulation;
    const buffer = screen.buffer;
    let frame = this.#frame;
    if (!simulation.run(bytes, at, buffer.x, buffer.y, screen.rewound, frame)) return this.#quiet(bytes, at);
    // Where drawing goes on: after the last frame left out (and the lines of text drawn after it).
    let resume = at;
    // Frame after frame, as long as the next one covers the last: each is left out, its state kept.
    for (;;) {
      let next = frame.end;
      if (frame.restores) {
        next = this.#afterLines(bytes, next, frame);
        if (next === -1) break;
      }
      if (!simulation.sameOperation(bytes, frame.firstStart, frame.firstEnd, next)) break;
      const known = !frame.restores;
      const following = this.#next;
      // A status line after lines of text is mostly the last one again, its figures changed: it does what
      // the last one did (and so covers it), no need to run it.
      if (!known && matchFrame(screen, simulation.printable, bytes, next, frame, frame.written)) {
        this.#apply(frame);
        following.adopt(frame, next);
      } else {
        const x = known ? frame.x : -1;
        const y = known ? frame.y : -1;
        if (!simulation.run(bytes, next, x, y, frame.rewound, following, frame.written)) {
          this.#quiet(bytes, resume);
          break;
        }
        if (!following.covers(frame)) break;
        this.#apply(frame);
      }
      resume = frame.end;
      this.#frame = following;
      this.#next = frame;
      frame = following;
      if (!known) {
        // The lines of text between the two are drawn for real, and the next frame's redraws counted from
        // where they leave the cursor.
        this.#drawText(bytes, resume, next);
        resume = next;
        if (!replayFrame(screen, frame, buffer.x, buffer.y, screen.rewound)) break;
      }
    }
    return resume;
  }

  /** No attempt before the point the simulation reached in `bytes`; returns `at`. */
  #quiet(bytes: Uint8Array, at: number): number {
    this.#quietBytes = bytes;
    this.#quietUntil = this.#simulation.reached;
    return at;
  }

  /** A new write: what was run on the last one is stale (a writer may refill the same buffer). */
  forget(): void {
    this.#quietBytes = null;
    this.#simulation.forget();
  }

  /**
   * Past the lines of text after a frame that restored the cursor (apt-get's output between two status
   * lines): the index of the next escape sequence, if the lines can touch none of the frame's rows (the
   * cursor is in a scroll region that holds none of them, and they are text, CR and LF only); else -1.
   */
  #afterLines(bytes: Uint8Array, start: number, frame: FrameEffects): number {
    const buffer = this.#screen.buffer;
    if (frame.y < buffer.top || frame.y > buffer.bottom || frame.erasedFrom !== -1) return -1;
    const cells = frame.cells.values;
    for (let index = 0; index < frame.cells.length; index += 3) {
      const row = cells[index] as number;
      if (row >= buffer.top && row <= buffer.bottom) return -1;
    }
    for (let at = start; at < bytes.length; ) {
      at = this.#simulation.printable.end(bytes, at, bytes.length);
      const byte = bytes[at] as number;
      if (byte === ESC) return at;
      // Text, LF and CRLF: what the renderer draws as text (a bare CR would be a control).
      const crlf = byte === CR && bytes[at + 1] === LF;
      if ((byte < 0x20 && byte !== LF && !crlf) || byte === DEL) return -1;
      at += crlf ? 2 : 1;
    }
    return -1;
  }

  /** Leaves the screen as the frame would, but for its cells (the next frame sets them all). */
  #apply(frame: FrameEffects): void {
    const screen = this.#screen;
    const buffer = screen.buffer;
    const flags = frame.rowFlags.values;
    for (let index = 0; index < frame.rowFlags.length; index += 2) {
      const row = buffer.rowAt(flags[index] as number);
      const flag = flags[index + 1] as number;
      if (flag === 0) row.wrapped = false;
      else row.terminator = (flag - 1) as 1 | 2;
    }
    if (frame.erasedFrom !== -1)
      for (let line = frame.erasedFrom; line < buffer.rows.length; line++)
        (buffer.rows[line] as { wrapped: boolean }).wrapped = false;
    if (frame.saved) {
      buffer.savedX = frame.savedX;
      buffer.savedY = buffer.scrolled + frame.savedY;
      buffer.savedOrigin = false;
      buffer.savedAutowrap = true;
      buffer.savedCursor = true;
    }
    if (frame.lineEnd !== 0) screen.lineEnd = frame.lineEnd as 1 | 2;
    buffer.x = frame.x;
    buffer.y = frame.y;
    buffer.rowAt(frame.y);
    screen.rewound = frame.rewound;
    screen.framesOverwritten += frame.redraws;
    this.sequences += frame.sequences;
  }
}
