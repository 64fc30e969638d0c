import {
  type ByteOps,
  concatBytes,
  copyBytes,
  type Emit,
  MappedOutput,
  type SourceOffsets,
  type StageCore,
  validateByteOps,
  validateFunction,
  writeAfterEndError,
} from '@pipeguard/shared/core';
import { compileRules, REDACT_OPTIONS, type RedactOptions, type RedactRules } from './options';
import { CONTEXT_BYTES, WINDOW_GUARD_BYTES } from './scan-limits';
import { type Continuation, type ScanEdge, type ScanSink, scanView } from './scan-view';
import { NameCache } from './secret-names';

const LF = 0x0a;
const ENCODER = new TextEncoder();
const LINE_END: ScanEdge = { lineEnds: true, inputEnds: false };
const WINDOW: ScanEdge = { lineEnds: false, inputEnds: false };
const INPUT_END: ScanEdge = { lineEnds: true, inputEnds: true };
/**
 * A write's output pieces are joined into one array up to this size (a write of dense secrets gives two
 * pieces per secret: one chunk costs less downstream than hundreds); a larger output is emitted piece by piece.
 */
const JOIN_BYTES = 1024 * 1024;
/** A long line's window takes at most this much of a write: the view and its Latin-1 text stay bounded. */
const MAX_WINDOW_BYTES = 1024 * 1024;

/** Options of `SecretRedactorCore`. */
export interface SecretRedactorCoreOptions extends RedactOptions {
  /** The byte scans and allocation to use: `nodeByteOps` in Node, `portableByteOps` anywhere. */
  byteOps: ByteOps;
  /** The bytes as Latin-1 text, one character per byte, for the native string search. */
  latin1: (bytes: Uint8Array) => string;
}

/** A snapshot of what a secret redactor has done. */
export interface SecretRedactorStats {
  /** Bytes written to the redactor. */
  inputBytes: number;
  /** Bytes it emitted, markers included. */
  outputBytes: number;
  /** Secrets replaced by a marker. */
  redactions: number;
  /** Secrets replaced, by kind (`github-token`, `env:API_TOKEN`, …). */
  redactionsByKind: Record<string, number>;
}

/**
 * The redactor's logic without a runtime. Complete lines are scanned where they were written; the start of
 * a line whose end has not come is held (a copy, at most `maxHoldBytes`, plus 192 bytes already emitted
 * for context) and scanned when its line ends, or in windows when it outgrows the hold. A secret that runs
 * past what was seen is withheld as its bytes come, and a private key block to its END line.
 */
export class SecretRedactorCore implements StageCore<Uint8Array, SecretRedactorStats>, SourceOffsets {
  readonly #ops: ByteOps;
  readonly #latin1: (bytes: Uint8Array) => string;
  readonly #rules: RedactRules;
  readonly #names = new NameCache();
  /** The held line: `#contextLength` bytes already emitted, then `#heldLength` bytes not yet emitted. */
  readonly #held: Uint8Array;
  #contextLength = 0;
  #heldLength = 0;
  #continuation: Continuation | null = null;
  #ended = false;
  #inputBytes = 0;
  #redactions = 0;
  /** Each kind's marker and count: one lookup per redaction. */
  readonly #kinds = new Map<string, KindTally>();
  /** The last redaction's kind and input end: an environment value's next piece joins its marker. */
  #lastKind = '';
  #lastEnd = -1;
  readonly #output: MappedOutput;

  /**
   * @throws TypeError when an option has the wrong type or is unknown, or `byteOps`/`latin1` are missing.
   * @throws RangeError when `maxHoldBytes` is below 256 or a pattern is invalid (see `RedactOptions`).
   */
  constructor(options: SecretRedactorCoreOptions) {
    const { byteOps, latin1, ...redact } = options ?? ({} as Partial<SecretRedactorCoreOptions>);
    validateByteOps(byteOps);
    validateFunction('latin1', latin1);
    this.#rules = compileRules(redact, REDACT_OPTIONS);
    this.#ops = byteOps;
    this.#output = new MappedOutput(byteOps);
    this.#latin1 = latin1;
    this.#held = new Uint8Array(CONTEXT_BYTES + this.#rules.maxHoldBytes);
  }

  /** A fresh snapshot of the counts. */
  get stats(): SecretRedactorStats {
    return {
      inputBytes: this.#inputBytes,
      outputBytes: this.#output.offsets.emitted,
      redactions: this.#redactions,
      redactionsByKind: countsOf(this.#kinds),
    };
  }

  /** The input offset of the output byte at `outputOffset` (a marker's: its secret's start), or `null`. */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#output.offsets.sourceOffsetOf(outputOffset);
  }

  /** Redacts the next bytes; `emit` receives what can no longer become part of a secret. */
  write(bytes: Uint8Array, emit: Emit<Uint8Array>): void {
    if (this.#ended) throw writeAfterEndError('SecretRedactorCore');
    const base = this.#inputBytes;
    this.#inputBytes += bytes.length;
    let at = 0;
    while (at < bytes.length) {
      if (this.#continuation !== null) {
        at = this.#continue(bytes, at, base);
        continue;
      }
      if (this.#contextLength + this.#heldLength === 0) {
        const lastLineEnd = this.#ops.lastIndexOf(bytes, LF, bytes.length - 1);
        if (lastLineEnd >= at) {
          // What the held line gave goes on its own: joined with these lines' it costs a copy of the write.
          this.#output.flush(emit, JOIN_BYTES);
          const lines = bytes.subarray(at, lastLineEnd + 1);
          const { continuation } = this.#scan(lines, 0, lines.length, LINE_END, base + at, false);
          this.#continuation = continuation;
          at = lastLineEnd + 1;
          continue;
        }
      }
      at = this.#hold(bytes, at, base);
    }
    this.#output.flush(emit, JOIN_BYTES);
  }

  /** Ends the input: a held line is scanned and passes; a secret still going on stays withheld. */
  end(emit: Emit<Uint8Array>): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#continuation === null && this.#heldLength > 0) {
      const length = this.#contextLength + this.#heldLength;
      const view = this.#held.subarray(0, length);
      this.#scan(view, this.#contextLength, length, INPUT_END, this.#inputBytes - length, true);
    }
    this.#continuation = null;
    this.#contextLength = 0;
    this.#heldLength = 0;
    this.#output.flush(emit, JOIN_BYTES);
  }

  /**
   * What {@link end} would emit if `extra` came and then the input ended, without committing or counting
   * anything (a reader's checkpoint), but for the end of a line still open: its last word, and a quoted
   * value not yet closed, are left out. A secret that is still being written is there (`API_KEY=ab` of
   * `API_KEY=abcdef…`, half a token) and would otherwise show, not being one yet; a reader that comes back
   * sees it whole, redacted. A secret still going on shows nothing: its bytes stay withheld.
   */
  view(extra: Uint8Array): Uint8Array {
    if (this.#ended || this.#continuation !== null) return new Uint8Array(0);
    const length = this.#contextLength + this.#heldLength;
    const view = new Uint8Array(length + extra.length);
    view.set(this.#held.subarray(0, length));
    view.set(extra, length);
    const pieces: Uint8Array[] = [];
    const shownEnd = settledEnd(view);
    const sink: ScanSink = {
      pass: (start, end) => {
        const to = Math.min(end, shownEnd);
        if (to > start) pieces.push(view.subarray(start, to));
      },
      redact: (kind, start) => {
        if (start < shownEnd) pieces.push(ENCODER.encode(`[REDACTED:${kind}]`));
      },
    };
    const text = { bytes: view, text: this.#latin1(view), names: this.#names };
    scanView(text, this.#contextLength, view.length, INPUT_END, this.#rules, this.#ops, sink);
    return concatBytes(this.#ops, pieces);
  }

  /** Holds bytes of the current line up to its end or the hold's bound; scans it when either comes. */
  #hold(bytes: Uint8Array, at: number, base: number): number {
    const lineEnd = this.#ops.indexOf(bytes, LF, at);
    const stop = lineEnd === -1 ? bytes.length : lineEnd + 1;
    if (this.#heldLength + stop - at > this.#rules.maxHoldBytes)
      return this.#scanLong(bytes, at, Math.min(stop, at + MAX_WINDOW_BYTES), base);
    const taken = Math.min(this.#rules.maxHoldBytes - this.#heldLength, stop - at);
    this.#held.set(bytes.subarray(at, at + taken), this.#contextLength + this.#heldLength);
    this.#heldLength += taken;
    const length = this.#contextLength + this.#heldLength;
    const view = this.#held.subarray(0, length);
    const viewStart = base + at + taken - length;
    if (at + taken === stop && lineEnd !== -1) {
      const { continuation } = this.#scan(view, this.#contextLength, length, LINE_END, viewStart, true);
      this.#continuation = continuation;
      this.#contextLength = 0;
      this.#heldLength = 0;
      if (continuation !== null) this.#keepContext(view, length);
    } else if (this.#heldLength === this.#rules.maxHoldBytes) {
      const scanned = this.#scan(
        view,
        this.#contextLength,
        length - WINDOW_GUARD_BYTES,
        WINDOW,
        viewStart,
        true,
      );
      this.#continuation = scanned.continuation;
      this.#keepContext(view, scanned.stop);
    }
    return at + taken;
  }

  /**
   * A line that outgrows the hold in this write: what is held of it and this write's bytes of it, scanned as
   * one view (to its end, or but for the window's guard), the rest held. A window of any size finds what
   * the whole line finds (scan-limits.ts); one per write costs less than one per `maxHoldBytes` of a long line.
   */
  #scanLong(bytes: Uint8Array, at: number, stop: number, base: number): number {
    const view = concatBytes(this.#ops, [
      this.#held.subarray(0, this.#contextLength + this.#heldLength),
      bytes.subarray(at, stop),
    ]);
    const viewStart = base + stop - view.length;
    const from = this.#contextLength;
    if (bytes[stop - 1] === LF) {
      const { continuation } = this.#scan(view, from, view.length, LINE_END, viewStart, false);
      this.#continuation = continuation;
      this.#contextLength = 0;
      this.#heldLength = 0;
      if (continuation !== null) this.#keepContext(view, view.length);
    } else {
      const scanned = this.#scan(view, from, view.length - WINDOW_GUARD_BYTES, WINDOW, viewStart, false);
      this.#continuation = scanned.continuation;
      this.#keepContext(view, scanned.stop);
    }
    return stop;
  }

  /** Keeps the view's bytes before `stop` as context and those from it as held. */
  #keepContext(view: Uint8Array, stop: number): void {
    const keepFrom = Math.max(0, stop - CONTEXT_BYTES);
    if (view.buffer === this.#held.buffer) this.#held.copyWithin(0, keepFrom, view.length);
    else this.#held.set(view.subarray(keepFrom));
    this.#contextLength = stop - keepFrom;
    this.#heldLength = view.length - stop;
  }

  /** Withholds the bytes of a secret that goes on; returns where it ended (or `bytes.length`). */
  #continue(bytes: Uint8Array, at: number, base: number): number {
    const continuation = this.#continuation as Continuation;
    let end: number;
    if ('run' in continuation) {
      const { run } = continuation;
      end = at;
      while (end < bytes.length && run[bytes[end] as number] === 1) end++;
      if (end === bytes.length) end = -1;
    } else end = continuation.block.find(bytes, at, this.#ops.indexOfSequence);
    const stop = end === -1 ? bytes.length : end;
    this.#appendContext(bytes.subarray(Math.max(at, stop - CONTEXT_BYTES), stop));
    if (end !== -1) {
      this.#continuation = null;
      this.#lastEnd = base + end;
    }
    return stop;
  }

  /** Appends raw bytes of the current line to the context, keeping its last `CONTEXT_BYTES`. */
  #appendContext(bytes: Uint8Array): void {
    const keep = Math.min(this.#contextLength, CONTEXT_BYTES - bytes.length);
    this.#held.copyWithin(0, this.#contextLength - keep, this.#contextLength);
    this.#held.set(bytes, keep);
    this.#contextLength = keep + bytes.length;
  }

  #scan(view: Uint8Array, from: number, commitEnd: number, edge: ScanEdge, viewStart: number, copy: boolean) {
    const sink: ScanSink = {
      pass: (start, end) => {
        if (end <= start) return;
        const piece = view.subarray(start, end);
        this.#output.add(copy ? copyBytes(this.#ops, piece) : piece, viewStart + start, true);
      },
      redact: (kind, start, end) => this.#redact(kind, viewStart + start, viewStart + end),
    };
    return scanView(
      { bytes: view, text: this.#latin1(view), names: this.#names },
      from,
      commitEnd,
      edge,
      this.#rules,
      this.#ops,
      sink,
    );
  }

  #redact(kind: string, start: number, end: number): void {
    const joined = kind === this.#lastKind && start === this.#lastEnd && kind.startsWith('env:');
    this.#lastKind = kind;
    this.#lastEnd = end;
    if (joined) return;
    let tally = this.#kinds.get(kind);
    if (tally === undefined) {
      tally = { marker: ENCODER.encode(`[REDACTED:${kind}]`), count: 0 };
      this.#kinds.set(kind, tally);
    }
    this.#output.add(tally.marker, start, false);
    this.#redactions++;
    tally.count++;
  }
}

/** A kind's marker and how many secrets of that kind were replaced. */
interface KindTally {
  readonly marker: Uint8Array;
  count: number;
}

/** The counts by kind, in the order the kinds were first met (own keys, a caller's `__proto__` too). */
const countsOf = (kinds: ReadonlyMap<string, KindTally>): Record<string, number> =>
  Object.fromEntries(Array.from(kinds, ([kind, { count }]) => [kind, count]));

const SPACE = 0x20;
const TAB = 0x09;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/**
 * Where the shown part of a view ends: before the last word of its open last line (after the last space
 * or tab; the whole line when it has none), or earlier at a quote that line leaves open. A prompt ends in a
 * space (`Name? `) and shows whole.
 */
function settledEnd(view: Uint8Array): number {
  if (view.length === 0 || view[view.length - 1] === LF) return view.length;
  let lineStart = view.length;
  while (lineStart > 0 && view[lineStart - 1] !== LF) lineStart--;
  let end = view.length;
  while (end > lineStart && view[end - 1] !== SPACE && view[end - 1] !== TAB) end--;
  let openQuote = -1;
  let quote = 0;
  for (let at = lineStart; at < end; at++) {
    const byte = view[at] as number;
    if (quote === 0 && (byte === DOUBLE_QUOTE || byte === SINGLE_QUOTE) && opensQuote(view, lineStart, at)) {
      quote = byte;
      openQuote = at;
    } else if (byte === quote) quote = 0;
  }
  return quote === 0 ? end : openQuote + 1;
}

/** Whether a quote at `at` opens a value (`KEY="…`, `: '…`, a line's start), not an apostrophe (`don't`). */
function opensQuote(view: Uint8Array, lineStart: number, at: number): boolean {
  if (at === lineStart) return true;
  const before = view[at - 1] as number;
  return (
    before === SPACE ||
    before === TAB ||
    before === 0x3d ||
    before === 0x3a ||
    before === 0x28 ||
    before === 0x5b ||
    before === 0x7b ||
    before === 0x2c
  );
}
