import {
  type ByteOps,
  type Emit,
  findUtf8BoundaryBefore,
  isUtf8Continuation,
  type SourceOffsets,
  type StageCore,
  utf8SequenceLength,
} from '@pipeguard/shared/core';
import { ByteFinder } from './byte-finder';
import { copyOf } from './bytes';
import { FrameSkipper } from './frames/frame-skipper';
import {
  type RendererSettings,
  resolveRendererOptions,
  type TerminalRendererOptions,
  type TerminalRendererStats,
} from './options';
import { OutputQueue } from './output/output-queue';
import { RowOutput } from './output/row-output';
import { HandlerRegistry } from './parser/handler-registry';
import { State } from './parser/parser-table';
import { ReadEvent, SequenceReader } from './parser/sequence-reader';
import { PrintableScan } from './printable-scan';
import { BulkText } from './screen/bulk-text';
import { limitCursorRow } from './screen/line-limit';
import { Printer } from './screen/printer';
import { Screen } from './screen/screen';
import { registerTerminalHandlers } from './terminal-handlers';

const NUL = 0x00;
const BS = 0x08;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const ESC = 0x1b;

// Where plain text stops once the input draws: every C0 control but NUL, TAB and LF (a CRLF's CR is text).
const STOP_BYTE = new Uint8Array(0x20).fill(1);
for (const byte of [NUL, TAB, LF]) STOP_BYTE[byte] = 0;

/**
 * Where a core records which input each output byte came from: the seam to the source-offset map (the
 * Node shell passes the package's `SourceOffsetMap`).
 */
export interface OutputOffsets extends SourceOffsets {
  /** Records the next `length` output bytes as coming from `inputStart` (exactly, or as a line). */
  record(length: number, inputStart: number, exact: boolean): void;
}

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
  readonly #output: OutputQueue;
  #emit: Emit<Uint8Array> | null = null;
  /** Set by the first ESC, backspace or bare CR: from then on the input is drawing, and other C0 controls go. */
  #drawing = false;
  #crPending = false;
  /** The first bytes of a UTF-8 character cut by the end of the last write (copied). */
  #carry: Uint8Array | null = null;
  #carryOffset = 0;
  #inputOffset = 0;
  /** The input offset of the write's first byte. */
  #base = 0;
  readonly #esc: ByteFinder;
  readonly #cr: ByteFinder;
  readonly #bs: ByteFinder;
  readonly #lf: ByteFinder;
  readonly #printable = new PrintableScan();
  /** Whether the text the last control search ran over was all ASCII (known only while drawing). */
  #textAscii = false;
  #bytesIn = 0;
  #bytesOut = 0;
  #ended = false;

  /**
   * @param options - See {@link TerminalRendererOptions}.
   * @param ops - The byte scans (`nodeByteOps` on Node).
   * @param offsets - Where output offsets are recorded for {@link TerminalRendererCore.sourceOffsetOf}.
   * @throws TypeError when `options` is not an object, has an unknown key, or an option is of the wrong type.
   * @throws RangeError when `cols` or `maxLiveLines` is not a safe integer ≥ 1, or `maxLineBytes` not one ≥ 4.
   */
  constructor(options: TerminalRendererOptions | undefined, ops: ByteOps, offsets: OutputOffsets) {
    const settings: RendererSettings = resolveRendererOptions(options);
    this.#offsets = offsets;
    this.#output = new OutputQueue((piece) => this.#emit?.(piece));
    const rows = new RowOutput(
      settings.cols,
      (source, start, end, inputStart, exact, stable) => {
        if (end === start) return;
        this.#offsets.record(end - start, inputStart, exact);
        this.#bytesOut += end - start;
        this.#output.add(source, start, end, stable);
      },
      // A row and its line end are one stretch for the offsets: the line end continues the row exactly, or
      // maps, as the row does, to where its line began.
      (bytes, length, crlf, inputStart, exact) => {
        const total = length + (crlf ? 2 : 1);
        this.#offsets.record(total, inputStart, exact);
        this.#bytesOut += total;
        this.#output.addLine(bytes, length, crlf);
      },
    );
    this.#screen = new Screen({
      height: settings.maxLiveLines,
      cols: settings.cols,
      maxLineBytes: settings.maxLineBytes,
      ops,
      output: rows,
    });
    this.#printer = new Printer(this.#screen);
    this.#bulk = new BulkText(this.#screen, this.#printer);
    this.#skipper = new FrameSkipper(this.#screen, (bytes, start, end) =>
      this.#text(bytes, start, end, this.#base),
    );
    registerTerminalHandlers(this.#handlers, this.#screen, this.#printer);
    this.#esc = new ByteFinder(ops, ESC);
    this.#cr = new ByteFinder(ops, CR);
    this.#bs = new ByteFinder(ops, BS);
    this.#lf = new ByteFinder(ops, LF);
  }

  /** A snapshot of the counters. */
  get stats(): TerminalRendererStats {
    return {
      bytesIn: this.#bytesIn,
      bytesOut: this.#bytesOut,
      sequencesRemoved: this.#reader.removed + this.#skipper.sequences,
      framesOverwritten: this.#screen.framesOverwritten,
    };
  }

  /** See {@link SourceOffsets.sourceOffsetOf}. */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#offsets.sourceOffsetOf(outputOffset);
  }

  write(bytes: Uint8Array, emit: Emit<Uint8Array>): void {
    if (this.#ended) throw new Error('TerminalRendererCore: write after end');
    this.#emit = emit;
    this.#bytesIn += bytes.length;
    this.#forgetSearches();
    const base = this.#inputOffset;
    this.#base = base;
    this.#inputOffset += bytes.length;
    let at = this.#carry === null ? 0 : this.#resumeCarry(bytes);
    while (at < bytes.length) {
      if (this.#reader.state === State.ground) {
        // A CR not followed by LF is bare: the input draws from it on, so the controls after it go.
        if (this.#crPending && bytes[at] !== LF) this.#settleCr();
        const stop = this.#findControl(bytes, at);
        if (stop > at) {
          this.#textUpToEnd(bytes, at, stop, base);
          at = stop;
          continue;
        }
        this.#beforeControl();
        const resume = this.#skipper.skip(bytes, at);
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
      } else {
        this.#beforeControl();
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
    if (this.#carry !== null) {
      const carry = this.#carry;
      this.#carry = null;
      this.#text(carry, 0, carry.length, this.#carryOffset);
    }
    // A sequence the input never finished is removed too.
    if (this.#reader.inSequence) this.#reader.removed++;
    this.#bulk.flush();
    this.#screen.flush();
    this.#output.flush();
    this.#ended = true;
    this.#emit = null;
  }

  /** Before a control or sequence is applied: the held lines become rows, and the cursor's row is kept within `maxLineBytes`. */
  #beforeControl(): void {
    this.#bulk.materialize();
    limitCursorRow(this.#screen);
  }

  #forgetSearches(): void {
    this.#esc.forget();
    this.#cr.forget();
    this.#bs.forget();
    this.#lf.forget();
    this.#printer.forget();
    this.#skipper.forget();
    this.#printable.forget();
  }

  /** The first byte at or after `at` that plain text cannot contain here: ESC, BS, a bare CR, and once drawing, any other C0 but NUL, TAB and LF. */
  #findControl(bytes: Uint8Array, at: number): number {
    const end = bytes.length;
    if (this.#drawing) {
      // Drawing output has a control every few bytes: a scan beats a native search per control.
      let index = at;
      let ascii = true;
      while (index < end) {
        index = this.#printable.end(bytes, index, end);
        if (index === end) break;
        const byte = bytes[index] as number;
        const crlf = byte === CR && index + 1 < end && bytes[index + 1] === LF;
        if (byte < 0x20 && STOP_BYTE[byte] === 1 && !crlf) break;
        if (byte >= 0x80) ascii = false;
        index++;
      }
      this.#textAscii = ascii;
      return index;
    }
    this.#textAscii = false;
    let cr = this.#cr.next(bytes, at);
    while (cr + 1 < end && bytes[cr + 1] === LF) cr = this.#cr.next(bytes, cr + 2);
    return Math.min(this.#esc.next(bytes, at), this.#bs.next(bytes, at), cr);
  }

  /** Text that runs to `end`; when that is the write's end, a UTF-8 character cut there waits for the next write. */
  #textUpToEnd(bytes: Uint8Array, start: number, end: number, base: number): void {
    let stop = end;
    if (end === bytes.length) {
      stop = Math.max(start, findUtf8BoundaryBefore(bytes, end));
      if (stop < end) {
        this.#carry = copyOf(bytes, stop, end);
        this.#carryOffset = base + stop;
      }
    }
    this.#text(bytes, start, stop, base, this.#textAscii);
  }

  /** Completes the carried character with the write's first continuation bytes; returns where the write goes on. */
  #resumeCarry(bytes: Uint8Array): number {
    const carry = this.#carry as Uint8Array;
    const wanted = utf8SequenceLength(carry[0] as number) - carry.length;
    let taken = 0;
    while (taken < wanted && taken < bytes.length && isUtf8Continuation(bytes[taken] as number)) taken++;
    const joined = new Uint8Array(carry.length + taken);
    joined.set(carry);
    joined.set(bytes.subarray(0, taken), carry.length);
    if (taken < wanted && taken === bytes.length) {
      this.#carry = joined;
      return taken;
    }
    this.#carry = null;
    this.#text(joined, 0, joined.length, this.#carryOffset);
    return taken;
  }

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
