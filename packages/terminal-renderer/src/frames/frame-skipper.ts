import { ByteFinder } from '../byte-finder';
import { ByteWords } from '../byte-words';
import type { HandlerRegistry } from '../parser/handler-registry';
import { SequenceReader } from '../parser/sequence-reader';
import type { RegionLines } from '../screen/region-lines';
import type { Screen } from '../screen/screen';
import { FrameEffects } from './frame-effects';
import { matchFrame, matchKnownFrame, replayFrame } from './frame-replay';
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
  /**
   * Where attempts are pointless: in `#quietBytes`, before `#quietUntil[lead]` for a frame led by an ESC
   * (lead 0) or a bare CR (lead 1) (see skip).
   */
  #quietBytes: Uint8Array | null = null;
  readonly #quietUntil = [0, 0];
  /** Escape sequences in the frames skipped so far. */
  sequences = 0;
  /** The lines of text between two frames: held while they scroll in a region (see {@link RegionLines}). */
  readonly #lines: RegionLines;
  /** The LFs of the text the last {@link FrameSkipper.#afterLines} passed (`#feedCount` of them), and whether it was all ASCII. */
  readonly #feeds: number[] = [];
  #feedCount = 0;
  #linesAscii = false;
  /** The write's input, four bytes at a time (a status line is compared with the last one). */
  readonly #words = new ByteWords();
  /** Misses of {@link matchKnownFrame} in a row in this attempt, and the frames still to run without it (see #matchKnown). */
  #matchMisses = 0;
  #matchPause = 0;
  /** The next CR and ESC in the write's input (a bar's last frame is seen without running it). */
  readonly #cr: ByteFinder;
  readonly #esc: ByteFinder;

  /** Draws the lines of text between two frames (text, LF and CRLF only): the renderer's own text path. */
  readonly #drawText: (bytes: Uint8Array, start: number, end: number) => void;

  constructor(
    screen: Screen,
    handlers: HandlerRegistry,
    lines: RegionLines,
    drawText: (bytes: Uint8Array, start: number, end: number) => void,
  ) {
    this.#screen = screen;
    this.#lines = lines;
    this.#simulation = new FrameSimulation(screen, this.#reader, handlers);
    this.#drawText = drawText;
    this.#cr = new ByteFinder(screen.ops, CR);
    this.#esc = new ByteFinder(screen.ops, ESC);
  }

  /**
   * From the control at `at` (the screen's state is the one before it; the write began at input offset
   * `base`): where drawing goes on past a skipped frame, or `at`.
   */
  skip(bytes: Uint8Array, at: number, base: number): number {
    const resume = this.#skip(bytes, at, base);
    // The lines held in a region are views of the write's input: they are rows again before anything else.
    this.#lines.materialize();
    return resume;
  }

  #skip(bytes: Uint8Array, at: number, base: number): number {
    const screen = this.#screen;
    const byte = bytes[at];
    if (byte !== ESC && (byte !== CR || at + 1 >= bytes.length || bytes[at + 1] === LF)) return at;
    if (screen.insert || screen.origin || !screen.autowrap) return at;
    // Inside what the last attempt led the same way read before it failed, another would fail the same way;
    // one led otherwise may not (git's frames: text, EL, CR: led by the EL they fail, by the CR they pass).
    if (bytes === this.#quietBytes && at < (this.#quietUntil[byte === ESC ? 0 : 1] as number)) return at;
    // A bar's last frame, text up to a CRLF, is followed by no other: the run would end at the CRLF and fail.
    if (byte === CR) {
      const next = this.#cr.next(bytes, at + 1);
      if (next + 1 < bytes.length && bytes[next + 1] === LF && this.#esc.next(bytes, at + 1) > next)
        return at;
    }
    // Colours and cursor visibility take no cell and move nothing: before text they begin no frame (a frame moves
    // the cursor back before it writes), before a bare CR the attempt led by the CR, next, sees the same frames
    // end (one led by them would not: the text scan takes the colours that come again with the text).
    if (byte === ESC && bytes.length - at > 1 && this.#noOperations(bytes, at) !== at) return at;
    const simulation = this.#simulation;
    const buffer = screen.buffer;
    let frame = this.#frame;
    if (!simulation.run(bytes, at, buffer.x, buffer.y, screen.rewound, frame))
      return this.#quiet(bytes, at, byte);
    // Where drawing goes on: after the last frame left out (and the lines of text drawn after it).
    let resume = at;
    this.#matchMisses = 0;
    this.#matchPause = 0;
    // Frame after frame, as long as the next one covers the last: each is left out, its state kept.
    for (;;) {
      // A frame that moves the cursor below the screen's last row yet made makes rows there (beginning at its
      // input offset, ending as the last line feed came): drawn, not skipped, so that they are the same rows
      // whatever the writes' cuts (a frame is seen whole only in a write that holds it).
      if (frame.deepest >= buffer.rows.length) break;
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
      if (
        !known &&
        matchFrame(screen, simulation.printable, this.#words.of(bytes), bytes, next, frame, frame.written)
      ) {
        // The frame's cells are below the region (see #afterLines), its line ends and wraps may not be.
        if (frame.rowFlags.length > 0) this.#lines.materialize();
        this.#apply(frame);
        following.adopt(frame, next);
      } else if (known && this.#matchKnown(bytes, next, frame)) {
        // A frame of a multi-line display drawn again with other figures: it does what the last one did.
        this.#apply(frame);
        following.adopt(frame, next);
      } else {
        const x = known ? frame.x : -1;
        const y = known ? frame.y : -1;
        this.#lines.materialize();
        if (!simulation.run(bytes, next, x, y, frame.rewound, following, frame.written)) {
          this.#quiet(bytes, resume, bytes[frame.firstStart] as number);
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
        // The lines of text between the two are drawn for real (or held), and the next frame's redraws
        // counted from where they leave the cursor.
        if (!this.#linesAscii || !this.#lines.take(bytes, resume, next, this.#feeds, this.#feedCount, base)) {
          this.#lines.materialize();
          this.#drawText(bytes, resume, next);
        }
        resume = next;
        if (!replayFrame(screen, frame, buffer.x, buffer.y, screen.rewound)) return resume;
      }
    }
    // An attempt from where drawing goes on would run the frame the loop stopped at again, and stop there again;
    // one led by a sequence inside that frame runs it shifted into the same end (rich's `ESC[2K` after its CR).
    if (resume > at) this.#quietAt(bytes, resume);
    this.#quietEscapesUntil(bytes, frame.end);
    return resume;
  }

  /**
   * {@link matchKnownFrame}, where it pays: after it missed `n` times in a row in an attempt on frames as long
   * as the last (misses on others cost one comparison), the next `2^(n-1) - 1` frames (n at most
   * {@link MAX_MATCH_MISSES}) are run without it (a bar that grows by block characters never matches: its blocks
   * were compared up to the one that changed, every frame).
   */
  #matchKnown(bytes: Uint8Array, at: number, template: FrameEffects): boolean {
    if (this.#matchPause > 0) {
      this.#matchPause--;
      return false;
    }
    const screen = this.#screen;
    if (matchKnownFrame(this.#simulation, this.#words.of(bytes), bytes, at, template, screen.maxLineBytes)) {
      this.#matchMisses = 0;
      return true;
    }
    // A frame of another length is told at its first check: only misses that compared the bytes count.
    const length = template.end - template.firstStart;
    const firstEnd = at + template.firstEnd - template.firstStart;
    if (!this.#simulation.sameOperation(bytes, at, firstEnd, at + length)) return false;
    if (this.#matchMisses < MAX_MATCH_MISSES) this.#matchMisses++;
    this.#matchPause = (1 << (this.#matchMisses - 1)) - 1;
    return false;
  }

  /**
   * `at` when the colours and cursor-visibility switches from `at` on are not followed by text or a bare CR (or
   * there are none); else the index after them.
   */
  #noOperations(bytes: Uint8Array, at: number): number {
    const reader = this.#reader;
    reader.reset();
    let after = at;
    for (;;) {
      const colour = reader.readColour(bytes, after);
      if (colour !== -1) after = colour;
      else if (isCursorVisibility(bytes, after)) after += CURSOR_VISIBILITY_BYTES;
      else break;
    }
    if (after === at || after >= bytes.length) return at;
    const next = bytes[after] as number;
    if ((next - 0x20) >>> 0 < 0x5f || next >= 0x80) return after;
    return next === CR && after + 1 < bytes.length && bytes[after + 1] !== LF ? after : at;
  }

  /** No attempt at `at` itself. */
  #quietAt(bytes: Uint8Array, at: number): void {
    const until = this.#quietUntilOf(bytes);
    const lead = bytes[at] === ESC ? 0 : 1;
    if ((until[lead] as number) <= at) until[lead] = at + 1;
  }

  /** No attempt led by an ESC before `end` (one led by a bare CR may begin a frame of its own row there). */
  #quietEscapesUntil(bytes: Uint8Array, end: number): void {
    const until = this.#quietUntilOf(bytes);
    if ((until[0] as number) < end) until[0] = end;
  }

  /** No attempt before the point the simulation reached in `bytes`; returns `at`. */
  #quiet(bytes: Uint8Array, at: number, lead: number): number {
    this.#quietUntilOf(bytes)[lead === ESC ? 0 : 1] = this.#simulation.reached;
    return at;
  }

  /** `#quietUntil`, for `bytes` (emptied when they are not the last attempt's). */
  #quietUntilOf(bytes: Uint8Array): number[] {
    if (bytes !== this.#quietBytes) {
      this.#quietBytes = bytes;
      this.#quietUntil[0] = 0;
      this.#quietUntil[1] = 0;
    }
    return this.#quietUntil;
  }

  /** A new write: what was run on the last one is stale (a writer may refill the same buffer). */
  forget(): void {
    this.#quietBytes = null;
    this.#simulation.forget();
    this.#words.forget();
    this.#cr.forget();
    this.#esc.forget();
  }

  /**
   * Past the lines of text after a frame that restored the cursor (apt-get's output between two status
   * lines): the index of the next escape sequence, if the lines can touch none of the frame's rows (the
   * cursor is in a scroll region that holds none of them, and they are text, CR and LF only); else -1.
   * Notes the LFs in `#feeds`, and in `#linesAscii` whether the text was all ASCII.
   */
  #afterLines(bytes: Uint8Array, start: number, frame: FrameEffects): number {
    const buffer = this.#screen.buffer;
    if (frame.y < buffer.top || frame.y > buffer.bottom || frame.erasedFrom !== -1) return -1;
    const cells = frame.cells.values;
    for (let index = 0; index < frame.cells.length; index += 3) {
      const row = cells[index] as number;
      if (row >= buffer.top && row <= buffer.bottom) return -1;
    }
    const feeds = this.#feeds;
    let count = 0;
    let ascii = true;
    for (let at = start; at < bytes.length; ) {
      at = this.#simulation.printable.end(bytes, at, bytes.length);
      const byte = bytes[at] as number;
      if (byte === ESC) {
        this.#feedCount = count;
        this.#linesAscii = ascii;
        return at;
      }
      // Text, LF and CRLF: what the renderer draws as text (a bare CR would be a control).
      const crlf = byte === CR && bytes[at + 1] === LF;
      if ((byte < 0x20 && byte !== LF && !crlf) || byte === DEL) return -1;
      if (byte === LF || crlf) feeds[count++] = crlf ? at + 1 : at;
      else ascii = false;
      at += crlf ? 2 : 1;
    }
    return -1;
  }

  /** Leaves the screen as the frame would, but for its cells (the next frame sets them all). */
  #apply(frame: FrameEffects): void {
    this.#screen.applyFrame(frame);
    this.sequences += frame.sequences;
  }
}

/** The longest pause of the known-frame matcher: 2^5 - 1 frames run without it. */
const MAX_MATCH_MISSES = 6;

/** `ESC[?25h` and `ESC[?25l`: DECTCEM. */
const CURSOR_VISIBILITY_BYTES = 6;

function isCursorVisibility(bytes: Uint8Array, at: number): boolean {
  if (at + CURSOR_VISIBILITY_BYTES > bytes.length) return false;
  if (bytes[at] !== ESC || bytes[at + 1] !== 0x5b || bytes[at + 2] !== 0x3f) return false;
  if (bytes[at + 3] !== 0x32 || bytes[at + 4] !== 0x35) return false;
  const final = bytes[at + 5];
  return final === 0x68 || final === 0x6c;
}
