import {
  type ByteOps,
  concatBytes,
  type Emit,
  type SourceOffsets,
  type StageCore,
} from '@pipeguard/shared/core';
import { ByteFinder } from './byte-finder';
import { ControlSearch } from './control-search';
import { FrameSkipper } from './frames/frame-skipper';
import {
  type RendererSettings,
  resolveRendererOptions,
  type TerminalRendererOptions,
  type TerminalRendererStats,
} from './options';
import { type OutputOffsets, RecordedOutput } from './output/recorded-output';
import { RowOutput } from './output/row-output';
import { HandlerRegistry } from './parser/handler-registry';
import { State } from './parser/parser-table';
import { ReadEvent, SequenceReader } from './parser/sequence-reader';
import { BulkText } from './screen/bulk-text';
import { limitCursorRow } from './screen/line-limit';
import { Printer } from './screen/printer';
import { RegionLines } from './screen/region-lines';
import { Screen } from './screen/screen';
import { registerTerminalHandlers } from './terminal-handlers';
import { Utf8Carry } from './utf8-carry';

const BS = 0x08;
const LF = 0x0a;
const CR = 0x0d;
const ESC = 0x1b;
const LF_BYTES = new Uint8Array([LF]);
const CRLF = new Uint8Array([CR, LF]);

/**
 * The renderer without a runtime: bytes of a program's terminal output in, the text a terminal shows once
 * it has finished drawing out (see the package README). A table-driven parser reads the sequences and
 * calls the handlers registered for them on a screen model; plain text that is never drawn over passes
 * in bulk. Implements {@link StageCore}: it copies what it keeps past a write, and what it hands to `emit`
 * is a view of the write's input (valid until `write` returns) or memory it never writes again.
 */
export class TerminalRendererCore implements StageCore<Uint8Array, TerminalRendererStats>, SourceOffsets {
  readonly #offsets: OutputOffsets;
  readonly #screen: Screen;
  readonly #printer: Printer;
  readonly #bulk: BulkText;
  readonly #reader = new SequenceReader();
  readonly #handlers = new HandlerRegistry();
  readonly #skipper: FrameSkipper;
  readonly #output: RecordedOutput;
  #emit: Emit<Uint8Array> | null = null;
  /** Set by the first ESC, backspace or bare CR: from then on the input is drawing, and other C0 controls go. */
  #drawing = false;
  #crPending = false;
  readonly #carry = new Utf8Carry();
  #inputOffset = 0;
  /** The input offset of the write's first byte. */
  #base = 0;
  readonly #controls: ControlSearch;
  readonly #lf: ByteFinder;
  #bytesIn = 0;
  #ended = false;

  /**
   * @param options - See {@link TerminalRendererOptions}.
   * @param ops - The byte scans (`nodeByteOps` on Node).
   * @param offsets - Where output offsets are recorded for {@link TerminalRendererCore.sourceOffsetOf}.
   * @throws TypeError when `options` is not an object, has an unknown key, or an option is of the wrong type.
   * @throws RangeError when `cols` or `maxLiveLines` is not a safe integer ≥ 1, or `maxRowBytes` not one ≥ 4.
   */
  constructor(options: TerminalRendererOptions | undefined, ops: ByteOps, offsets: OutputOffsets) {
    const settings: RendererSettings = resolveRendererOptions(options);
    this.#offsets = offsets;
    this.#output = new RecordedOutput(settings.cols, offsets, (piece) => this.#emit?.(piece));
    this.#screen = new Screen({
      height: settings.maxLiveLines,
      cols: settings.cols,
      maxLineBytes: settings.maxRowBytes,
      ops,
      output: this.#output.rows,
    });
    this.#printer = new Printer(this.#screen);
    this.#bulk = new BulkText(this.#screen, this.#printer);
    this.#skipper = new FrameSkipper(
      this.#screen,
      this.#handlers,
      new RegionLines(this.#screen),
      (bytes, start, end) => {
        // Where the parser would have left it after the skipped frame: a row the text wraps into begins there.
        this.#screen.inputOffset = this.#base + start;
        this.#text(bytes, start, end, this.#base);
      },
    );
    registerTerminalHandlers(this.#handlers, this.#screen, this.#printer);
    this.#controls = new ControlSearch(ops);
    this.#lf = new ByteFinder(ops, LF);
  }

  /** A snapshot of the counters. */
  get stats(): TerminalRendererStats {
    return {
      bytesIn: this.#bytesIn,
      bytesOut: this.#output.bytesOut,
      sequencesRemoved: this.#reader.removed + this.#skipper.sequences,
      framesOverwritten: this.#screen.framesOverwritten,
    };
  }

  /** See {@link SourceOffsets.sourceOffsetOf}. */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#offsets.sourceOffsetOf(outputOffset);
  }

  write(input: Uint8Array, emit: Emit<Uint8Array>): void {
    if (this.#ended) throw new Error('TerminalRendererCore: write after end');
    // A plain view: a subarray of a Buffer builds a Buffer (a JS constructor) on every copy and piece.
    const bytes =
      input.constructor === Uint8Array ? input : new Uint8Array(input.buffer, input.byteOffset, input.length);
    this.#emit = emit;
    this.#bytesIn += bytes.length;
    this.#forgetSearches();
    const base = this.#inputOffset;
    this.#base = base;
    this.#inputOffset += bytes.length;
    let at = this.#carry.pending ? this.#carry.resume(bytes, this.#carriedText) : 0;
    while (at < bytes.length) {
      // One call of #beforeControl that every write passes: one first reached after the loop was optimized (a write
      // cut inside a sequence) would send it back to unoptimized code.
      const ground = this.#reader.state === State.ground;
      if (ground) {
        // A CR not followed by LF is bare: the input draws from it on, so the controls after it go.
        if (this.#crPending && bytes[at] !== LF) this.#settleCr();
        const stop = this.#controls.next(bytes, at, this.#drawing);
        if (stop > at) {
          // Text that runs to the write's end stops short of a character cut there, carried to the next write.
          const textEnd = stop === bytes.length ? this.#carry.cut(bytes, at, base) : stop;
          this.#text(bytes, at, textEnd, base, this.#controls.ascii);
          at = stop;
          continue;
        }
      }
      this.#beforeControl();
      if (ground) {
        const resume = this.#skipper.skip(bytes, at, base);
        if (resume > at) {
          // A skipped frame began with a bare CR or an ESC, and ends before the next one's.
          this.#drawing = true;
          this.#printer.forgetLastCharacter();
          at = resume;
          continue;
        }
        if (bytes[at] === ESC) {
          this.#settleCr();
          this.#drawing = true;
        }
      }
      at = this.#parse(bytes, at, base);
    }
    this.#printer.settle();
    this.#output.flush();
    this.#forgetSearches();
    this.#emit = null;
  }

  end(emit: Emit<Uint8Array>): void {
    if (this.#ended) throw new Error('TerminalRendererCore: end after end');
    this.#emit = emit;
    this.#carry.flush(this.#carriedText);
    // A sequence the input never finished is removed too.
    if (this.#reader.inSequence) this.#reader.removed++;
    this.#bulk.flush();
    this.#screen.flush();
    this.#output.flush();
    this.#ended = true;
    this.#emit = null;
  }

  /**
   * What {@link end} would emit now, without ending or committing anything: the held text and the screen's
   * rows as they stand (a reader's checkpoint). A later redraw of those rows replaces them in the output; the
   * view is counted nowhere (not in `stats`, not in the source offsets).
   */
  view(): Uint8Array {
    if (this.#ended) return new Uint8Array(0);
    const pieces: Uint8Array[] = [];
    let length = 0;
    const add = (bytes: Uint8Array | DataView, start: number, end: number) => {
      if (end <= start) return;
      const piece = new Uint8Array(end - start);
      piece.set(new Uint8Array(bytes.buffer, bytes.byteOffset + start, end - start));
      pieces.push(piece);
      length += piece.length;
    };
    const rows = new RowOutput(
      this.#screen.cols,
      (source, start, end) => add(source, start, end),
      (bytes, start, end, crlf) => {
        add(bytes, start, end);
        add(crlf ? CRLF : LF_BYTES, 0, crlf ? 2 : 1);
      },
    );
    this.#bulk.view(rows);
    this.#screen.view(rows);
    return concatBytes(this.#screen.ops, pieces, length);
  }

  /** Before a control or sequence is applied: the held lines become rows, and the cursor's row is kept within `maxLineBytes`. */
  #beforeControl(): void {
    this.#bulk.materialize();
    limitCursorRow(this.#screen);
  }

  #forgetSearches(): void {
    this.#controls.forget();
    this.#lf.forget();
    this.#printer.forget();
    this.#skipper.forget();
    this.#screen.copier.forget();
  }

  readonly #carriedText = (source: Uint8Array, inputOffset: number): void =>
    this.#text(source, 0, source.length, inputOffset);

  /** Plain text: no control but NUL, TAB, LF, a CRLF's CR, and before drawing began, other C0 controls. */
  #text(source: Uint8Array, start: number, end: number, base: number, ascii = false): void {
    let at = start;
    if (at === end) return;
    // A CR followed by anything but LF was settled as bare before this text: one still pending ends a CRLF.
    if (this.#crPending) {
      this.#crPending = false;
      this.#lineFeed(true, base + at + 1);
      at++;
    }
    if (ascii) this.#printer.knowAscii(source, at, end);
    while (at < end) {
      const lf = Math.min(this.#lf.next(source, at), end);
      if (this.#bulk.canAppend()) {
        this.#bulk.append(source, at, end, base + at, lf);
        return;
      }
      const crlf = lf < end && lf > at && source[lf - 1] === CR;
      this.#printer.print(source, at, crlf ? lf - 1 : lf, base + at, ascii);
      if (lf === end) return;
      this.#lineFeed(crlf, base + lf + 1);
      at = lf + 1;
    }
  }

  #lineFeed(crlf: boolean, inputOffset: number): void {
    this.#printer.forgetLastCharacter();
    limitCursorRow(this.#screen);
    this.#screen.inputOffset = inputOffset;
    this.#screen.lineFeed(crlf);
  }

  /** Reads from `at` until the parser is back in the ground state, applying what it reads; returns the next byte's index. */
  #parse(bytes: Uint8Array, start: number, base: number): number {
    const reader = this.#reader;
    const screen = this.#screen;
    let at = start;
    while (at < bytes.length) {
      at = reader.read(bytes, at);
      screen.inputOffset = base + at;
      switch (reader.event) {
        case ReadEvent.execute:
          this.#execute(reader.final);
          if (reader.state === State.ground) return at;
          break;
        case ReadEvent.esc:
          this.#handlers.escHandler(reader.intermediate, reader.final)?.();
          this.#printer.forgetLastCharacter();
          return at;
        case ReadEvent.csi:
          this.#handlers.csiHandler(
            reader.prefix,
            reader.intermediate,
            reader.final,
          )?.(reader.params, reader.paramCount);
          this.#printer.forgetLastCharacter();
          return at;
        case ReadEvent.more:
          return at;
        default:
          // A string or sequence without effect ended: REP repeats nothing after it either.
          this.#printer.forgetLastCharacter();
          return at;
      }
    }
    return at;
  }

  #settleCr(): void {
    if (!this.#crPending) return;
    this.#crPending = false;
    this.#drawing = true;
  }

  #execute(byte: number): void {
    this.#printer.forgetLastCharacter();
    if (byte === LF) {
      const crlf = this.#crPending;
      this.#crPending = false;
      this.#lineFeed(crlf, this.#screen.inputOffset);
      return;
    }
    this.#settleCr();
    if (byte === CR) {
      this.#screen.carriageReturn();
      this.#crPending = true;
      return;
    }
    if (byte === BS) this.#drawing = true;
    this.#handlers.executeHandler(byte)?.();
  }
}
