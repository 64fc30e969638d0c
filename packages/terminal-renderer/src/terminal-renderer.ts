import { isAscii } from 'node:buffer';
import {
  findUtf8BoundaryBefore,
  isUtf8Continuation,
  OVERLAPPED_WRITABLE_HIGH_WATER_MARK,
  type SourceOffsets,
  type TransformCallback,
  transformInMicrotask,
  utf8SequenceLength,
  validateInteger,
  validateOptionsObject,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { ByteFinder } from './byte-finder';
import { textWidth } from './cell-width';
import { FrameSkipper } from './frame-skipper';
import { LiveRegion } from './live-region';
import { OutputQueue } from './output-queue';
import { Action, State, TRANSITIONS } from './parser-table';
import { SourceOffsetMap } from './source-offset-map';

const DEFAULT_MAX_LIVE_LINES = 64;
const DEFAULT_MAX_LINE_BYTES = 32 * 1024;
const KNOWN_OPTIONS = ['maxLiveLines', 'maxLineBytes'] as const;
const MAX_PARAMS = 16;
const MAX_PARAM_VALUE = 65_535;
const NUL = 0x00;
const BS = 0x08;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const ESC = 0x1b;
const BACKSLASH = 0x5c;

// Where plain text stops once the input draws: every C0 control but NUL, TAB and LF (a CRLF's CR is text).
const STOP_BYTE = new Uint8Array(0x20).fill(1);
for (const byte of [NUL, TAB, LF]) STOP_BYTE[byte] = 0;

/** Options of {@link TerminalRenderer}. */
export interface TerminalRendererOptions {
  /**
   * Lines a cursor-up redraw can reach: the live region is the last this many lines, like a terminal
   * this many rows tall; a line that scrolls above it is final and goes downstream at once. An integer ≥ 1.
   * @defaultValue 64 (lines)
   */
  maxLiveLines?: number;
  /**
   * Bytes one live line may hold: past it, the line up to the cursor is committed downstream (in part),
   * and a later carriage return overwrites only what is still held. An integer ≥ 4.
   * @defaultValue 32768 (bytes)
   */
  maxLineBytes?: number;
}

/** Counters of a {@link TerminalRenderer}, as a fresh plain object. */
export interface TerminalRendererStats {
  /** Bytes written to the renderer. */
  bytesIn: number;
  /** Bytes it emitted: the rendered text. */
  bytesOut: number;
  /** Escape sequences (CSI, OSC, DCS, APC, PM, SOS and plain ESC ones) removed, applied or not. */
  sequencesRemoved: number;
  /** Redraws: drawn cells overwritten or erased after a carriage return, backspace or cursor move back. */
  framesOverwritten: number;
}

/**
 * A Transform from a program's terminal output to the text a terminal would show once it has finished
 * drawing: carriage-return and cursor-up redraws, erases and backspaces are applied, colours and every
 * other escape sequence are removed, and text that was never drawn over passes byte for byte (legacy
 * encodings included). Memory is bounded by `maxLiveLines` × `maxLineBytes` plus one chunk (and the
 * 128 KiB writable buffer).
 */
export class TerminalRenderer extends Transform implements SourceOffsets {
  readonly #region: LiveRegion;
  readonly #offsets = new SourceOffsetMap();
  readonly #output: OutputQueue;
  #state: number = State.ground;
  /** Set by the first ESC, backspace or bare CR: from then on the input is drawing, and other C0 controls go. */
  #drawing = false;
  #crPending = false;
  readonly #params = new Int32Array(MAX_PARAMS);
  #paramIndex = 0;
  #intermediate = false;
  #afterString = false;
  /** The first bytes of a UTF-8 character cut by the end of the last chunk. */
  #carry: Buffer | null = null;
  #carryOffset = 0;
  #inputOffset = 0;
  readonly #esc = new ByteFinder(ESC);
  readonly #cr = new ByteFinder(CR);
  readonly #bs = new ByteFinder(BS);
  readonly #lf = new ByteFinder(LF);
  readonly #tab = new ByteFinder(TAB);
  readonly #skipper: FrameSkipper;
  readonly #renderChunk = (chunk: Buffer): void => this.#render(chunk);
  #bytesIn = 0;
  #sequencesRemoved = 0;

  /**
   * @param options - See {@link TerminalRendererOptions}.
   * @throws TypeError when `options` is not an object, has an unknown key, or an option is not a number.
   * @throws RangeError when `maxLiveLines` is not a safe integer ≥ 1 or `maxLineBytes` not one ≥ 4.
   */
  constructor(options?: TerminalRendererOptions) {
    validateOptionsObject(options, KNOWN_OPTIONS);
    const maxLiveLines = options?.maxLiveLines === undefined ? DEFAULT_MAX_LIVE_LINES : options.maxLiveLines;
    const maxLineBytes = options?.maxLineBytes === undefined ? DEFAULT_MAX_LINE_BYTES : options.maxLineBytes;
    validateInteger('maxLiveLines', maxLiveLines, { minimum: 1 });
    validateInteger('maxLineBytes', maxLineBytes, { minimum: 4 });
    super({ writableHighWaterMark: OVERLAPPED_WRITABLE_HIGH_WATER_MARK });
    this.#skipper = new FrameSkipper(maxLineBytes);
    this.#output = new OutputQueue((piece) => this.push(piece));
    this.#region = new LiveRegion(
      maxLiveLines,
      maxLineBytes,
      (source, start, end, inputStart, exact, stable) => {
        this.#offsets.record(end - start, inputStart, exact);
        this.#output.add(source, start, end, stable);
      },
    );
  }

  /** A snapshot of the counters. */
  get stats(): TerminalRendererStats {
    return {
      bytesIn: this.#bytesIn,
      bytesOut: this.#offsets.emitted,
      sequencesRemoved: this.#sequencesRemoved,
      framesOverwritten: this.#region.framesOverwritten,
    };
  }

  /**
   * The input offset of the start of the input line that the output byte at `outputOffset` came from,
   * or its exact input offset where text passed one for one; `null` for an offset not emitted yet or more
   * than `SOURCE_OFFSET_LOOKBACK_BYTES` (1 MiB) behind the latest output.
   */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#offsets.sourceOffsetOf(outputOffset);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#bytesIn += chunk.length;
    // Rendered a microtask later, so that a file source's next read runs meanwhile (see transformInMicrotask).
    transformInMicrotask(this, chunk, callback, this.#renderChunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.#carry !== null) {
      this.#text(this.#carry, 0, this.#carry.length, this.#carryOffset);
      this.#carry = null;
    }
    // A sequence the input never finished is removed too.
    if (this.#state !== State.ground && this.#state !== State.oscString && this.#state !== State.otherString)
      this.#sequencesRemoved++;
    this.#region.flush();
    this.#output.flush();
    callback();
  }

  #render(chunk: Buffer): void {
    const base = this.#inputOffset;
    this.#inputOffset += chunk.length;
    let at = this.#carry === null ? 0 : this.#resumeCarry(chunk);
    while (at < chunk.length) {
      if (this.#state === State.ground) {
        // A CR not followed by LF is bare: the input draws from it on, so the controls after it go.
        if (this.#crPending && chunk[at] !== LF) this.#settleCr();
        const stop = this.#findControl(chunk, at);
        if (stop > at) {
          this.#textUpToEnd(chunk, at, stop, base);
          at = stop;
          continue;
        }
        at = this.#skipFrames(chunk, at);
      }
      at = this.#parse(chunk, at, base);
    }
    this.#output.flush();
  }

  /** The first byte at or after `at` that plain text cannot contain here: ESC, BS, a bare CR, and once drawing, any other C0 but NUL, TAB and LF. */
  #findControl(chunk: Buffer, at: number): number {
    const end = chunk.length;
    if (this.#drawing) {
      // Drawing output has a control every few bytes: a loop beats a native search per control.
      for (let index = at; index < end; index++) {
        const byte = chunk[index] as number;
        if (byte >= 0x20 || STOP_BYTE[byte] === 0) continue;
        if (byte === CR && index + 1 < end && chunk[index + 1] === LF) continue;
        return index;
      }
      return end;
    }
    let cr = this.#cr.next(chunk, at);
    while (cr + 1 < end && chunk[cr + 1] === LF) cr = this.#cr.next(chunk, cr + 2);
    return Math.min(this.#esc.next(chunk, at), this.#bs.next(chunk, at), cr);
  }

  /** Skips the redraw frames at `at` that the next one overwrites whole (see {@link FrameSkipper}); returns where drawing goes on. */
  #skipFrames(chunk: Buffer, at: number): number {
    const skipper = this.#skipper;
    const region = this.#region;
    const byte = chunk[at];
    let resume = at;
    if (byte === CR) {
      if (!this.#crPending) resume = skipper.skipCarriageReturnFrames(chunk, at, region.cursorRowBytes());
    } else if (byte === ESC && region.column() === 0) {
      resume = skipper.skipCursorUpFrames(chunk, at, region.cursorRow, region.rows);
    }
    if (resume === at) return at;
    this.#sequencesRemoved += skipper.sequences;
    region.framesOverwritten += skipper.redraws;
    return resume;
  }

  /** Text that runs to `end`; when that is the chunk's end, a UTF-8 character cut there waits for the next chunk. */
  #textUpToEnd(chunk: Buffer, start: number, end: number, base: number): void {
    let stop = end;
    // Text held as it came (the pending live lines) is laid out only when something draws, by then whole.
    if (end === chunk.length && !this.#region.holdsInputText()) {
      stop = Math.max(start, findUtf8BoundaryBefore(chunk, end));
      if (stop < end) {
        this.#carry = Buffer.from(chunk.subarray(stop, end));
        this.#carryOffset = base + stop;
      }
    }
    this.#text(chunk, start, stop, base);
  }

  /** Completes the carried character with the chunk's first continuation bytes; returns where the chunk goes on. */
  #resumeCarry(chunk: Buffer): number {
    const carry = this.#carry as Buffer;
    const wanted = utf8SequenceLength(carry[0] as number) - carry.length;
    let taken = 0;
    while (taken < wanted && taken < chunk.length && isUtf8Continuation(chunk[taken] as number)) taken++;
    const joined = Buffer.concat([carry, chunk.subarray(0, taken)]);
    if (taken < wanted && taken === chunk.length) {
      this.#carry = joined;
      return taken;
    }
    this.#carry = null;
    this.#text(joined, 0, joined.length, this.#carryOffset);
    return taken;
  }

  /** Plain text: no control but NUL, TAB, LF, a CRLF's CR, and before drawing began, other C0 controls. */
  #text(source: Buffer, start: number, end: number, base: number): void {
    let at = start;
    if (at === end) return;
    // A CR followed by anything but LF was settled as bare before this text (see _transform): one still
    // pending ends a CRLF.
    if (this.#crPending) {
      this.#crPending = false;
      this.#region.lineFeed(true, base + at + 1);
      at++;
    }
    const region = this.#region;
    while (at < end) {
      const lf = Math.min(this.#lf.next(source, at), end);
      if (region.appending()) {
        region.appendText(source, at, end, base + at, lf);
        return;
      }
      const crlf = lf < end && lf > at && source[lf - 1] === CR;
      this.#writeRun(source, at, crlf ? lf - 1 : lf);
      if (lf === end) return;
      region.limitCursorRow();
      region.lineFeed(crlf, base + lf + 1);
      at = lf + 1;
    }
  }

  /** Writes text with no LF at the cursor, overwriting; a TAB moves to the next tab stop. */
  #writeRun(source: Buffer, start: number, end: number): void {
    let at = start;
    while (at < end) {
      const tab = Math.min(this.#tab.next(source, at), end);
      if (tab > at) {
        const simple = isAsciiRun(source, at, tab);
        this.#region.write(source, at, tab, simple ? tab - at : textWidth(source, at, tab), simple);
      }
      if (tab === end) return;
      this.#region.tab();
      at = tab + 1;
    }
  }

  /** Runs the parser's table from `at` until it is back in the ground state; returns the next byte's index. */
  #parse(chunk: Buffer, start: number, base: number): number {
    this.#region.limitCursorRow();
    for (let at = start; at < chunk.length; at++) {
      const byte = chunk[at] as number;
      const entry = TRANSITIONS[(this.#state << 8) | byte] as number;
      const next = entry & 15;
      switch (entry >> 4) {
        case Action.execute:
          this.#execute(byte, base + at);
          break;
        case Action.clear:
          this.#afterString = this.#state === State.oscString || this.#state === State.otherString;
          this.#params[0] = 0;
          this.#paramIndex = 0;
          this.#intermediate = false;
          this.#settleCr();
          this.#drawing = true;
          this.#region.touch();
          break;
        case Action.param:
          this.#param(byte);
          break;
        case Action.collect:
          this.#intermediate = true;
          break;
        case Action.escDispatch:
          this.#escDispatch(byte, base + at);
          break;
        case Action.csiDispatch:
          this.#csiDispatch(byte, base + at);
          break;
        case Action.ignoreEnd:
          this.#sequencesRemoved++;
          break;
        case Action.stringStart:
          this.#sequencesRemoved++;
          break;
        case Action.cancel:
          if (this.#state !== State.oscString && this.#state !== State.otherString) this.#sequencesRemoved++;
          break;
        case Action.abortToText:
          this.#sequencesRemoved++;
          this.#state = State.ground;
          return at;
      }
      this.#state = next;
      if (next === State.ground) return at + 1;
    }
    return chunk.length;
  }

  #settleCr(): void {
    if (!this.#crPending) return;
    this.#crPending = false;
    this.#drawing = true;
  }

  #execute(byte: number, offset: number): void {
    if (byte === LF) {
      const crlf = this.#crPending;
      this.#crPending = false;
      this.#region.lineFeed(crlf, offset + 1);
      return;
    }
    this.#settleCr();
    if (byte === CR) {
      this.#region.carriageReturn();
      this.#crPending = true;
    } else if (byte === BS) {
      this.#drawing = true;
      this.#region.backspace();
    } else if (byte === TAB) {
      this.#region.tab();
    } else if (byte !== NUL) {
      this.#region.touch();
    }
  }

  #param(byte: number): void {
    if (byte >= 0x3a) {
      if (this.#paramIndex < MAX_PARAMS - 1) this.#params[++this.#paramIndex] = 0;
      return;
    }
    const index = this.#paramIndex;
    this.#params[index] = Math.min(MAX_PARAM_VALUE, (this.#params[index] as number) * 10 + byte - 0x30);
  }

  #escDispatch(byte: number, offset: number): void {
    if (this.#afterString && byte === BACKSLASH && !this.#intermediate) return;
    this.#sequencesRemoved++;
    if (this.#intermediate) return;
    if (byte === 0x37) this.#region.saveCursor();
    else if (byte === 0x38) this.#region.restoreCursor(offset);
  }

  #csiDispatch(byte: number, offset: number): void {
    this.#sequencesRemoved++;
    if (this.#intermediate) return;
    const region = this.#region;
    const first = this.#params[0] as number;
    const count = Math.max(1, first);
    switch (byte) {
      case 0x41: // A: cursor up
        region.moveRow(region.cursorRow - count, offset);
        break;
      case 0x42: // B: cursor down
        region.moveRow(region.cursorRow + count, offset);
        break;
      case 0x43: // C: cursor forward
        region.moveColumn(region.column() + count);
        break;
      case 0x44: // D: cursor back
        region.moveColumn(region.column() - count);
        break;
      case 0x45: // E: next line
        region.moveRow(region.cursorRow + count, offset);
        region.moveColumn(0);
        break;
      case 0x46: // F: previous line
        region.moveRow(region.cursorRow - count, offset);
        region.moveColumn(0);
        break;
      case 0x47: // G: column
        region.moveColumn(count - 1);
        break;
      case 0x48: // H: position
      case 0x66: // f: position
        region.moveRow(count - 1, offset);
        region.moveColumn(Math.max(1, this.#paramIndex > 0 ? (this.#params[1] as number) : 0) - 1);
        break;
      case 0x4a: // J: erase in display
        region.eraseInDisplay(first);
        break;
      case 0x4b: // K: erase in line
        region.eraseInLine(first);
        break;
      case 0x73: // s: save cursor
        region.saveCursor();
        break;
      case 0x75: // u: restore cursor
        region.restoreCursor(offset);
        break;
    }
  }
}

/** Whether `bytes[start, end)` is ASCII: a loop for the short runs between sequences, `isAscii` beyond. */
function isAsciiRun(bytes: Buffer, start: number, end: number): boolean {
  if (end - start > 64) return isAscii(bytes.subarray(start, end));
  for (let at = start; at < end; at++) if ((bytes[at] as number) >= 0x80) return false;
  return true;
}
