import {
  OVERLAPPED_WRITABLE_HIGH_WATER_MARK,
  skipUtf8Continuation,
  type TransformCallback,
  transformInMicrotask,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { classifyWindow, cutWindow } from './classify';
import { endsCleanText, findCleanTailStart, isCleanWindow } from './clean-text';
import { type BinaryGuardOptions, type ResolvedOptions, resolveOptions } from './options';
import { OutputOffsets } from './output-offsets';
import { encodePlaceholder, endsWithLineFeed, formatPlaceholder, formatSummary } from './placeholder';
import { SEAM_MIN_BYTES, scanRun } from './scan-run';
import { type BinaryGuardSegment, type BinaryGuardVerdictCounts, SegmentLog } from './segment-log';
import type { BinaryGuardEncoding, BinaryGuardStats, BinaryGuardWithheldRun } from './stats';
import { detectUtf16Bom, type Utf16Encoding } from './utf16';

const EMPTY = Buffer.alloc(0);

/** Withheld runs kept in full in `stats.withheldRuns`; later ones are only counted. */
const KEPT_WITHHELD_RUNS = 32;

/** The withheld run in progress: where it starts, and what is only held of it so far. */
interface OpenRun {
  from: number;
  controlShare: number;
  /** Bytes of it that are withheld for good: every window before the last one looked at. */
  withheld: number;
  /** The last window looked at, which was not clean: its clean tail passes if text resumes next. */
  previous: Buffer[];
  previousBytes: number;
}

/**
 * A byte stream stage that passes text unchanged (UTF-8, legacy codepages, UTF-16 with a BOM) and
 * withholds binary: each binary run is only counted, one short placeholder takes its place, and text
 * passes again from the first clean window after it (or a clean last line at the end of the input).
 */
export class BinaryGuard extends Transform {
  readonly #options: ResolvedOptions;
  readonly #log = new SegmentLog();
  readonly #offsets = new OutputOffsets();
  /** Bytes received and neither passed nor withheld yet, as they came (a window's rest aside). */
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** The last pending bytes the UTF-8 run has not decided yet: at most a few hundred, contiguous. */
  #carried: Buffer = EMPTY;
  #windowing = false;
  #utf16: Utf16Encoding | null = null;
  #encoding: BinaryGuardEncoding = 'utf-8';
  #passedBytes = 0;
  /** Bytes withheld for good, in closed runs and the open one's settled windows. */
  #withheldBytes = 0;
  #open: OpenRun | null = null;
  #runs: BinaryGuardWithheldRun[] = [];
  #runCount = 0;
  #atLineStart = true;
  readonly #examineChunk = (chunk: Buffer): void => {
    const error = this.#attempt(() => this.#examine(chunk));
    if (error) throw error;
  };

  /**
   * @param options - label, window size and command for the placeholder; see {@link BinaryGuardOptions}.
   * @throws TypeError when an option has the wrong type or is not a known option.
   * @throws RangeError when `windowBytes` is below 1024 or not a safe integer, or `label` is empty.
   */
  constructor(options?: BinaryGuardOptions) {
    const resolved = resolveOptions(options);
    super({ writableHighWaterMark: OVERLAPPED_WRITABLE_HIGH_WATER_MARK });
    this.#options = resolved;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    // Examined a microtask later, so that a file source's next read runs meanwhile (see transformInMicrotask).
    transformInMicrotask(this, chunk, callback, this.#examineChunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(
      this.#attempt(() => {
        if (this.#open) this.#watchWithheld(true);
        else this.#drain(EMPTY, true);
      }),
    );
  }

  /**
   * Runs `step`, returning what it threw as an `Error`: a consumer's 'data' listener runs inside our
   * pushes, and its throw belongs on this stream. A falsy one would read as success and lose bytes.
   */
  #attempt(step: () => void): Error | null {
    try {
      step();
      return null;
    } catch (error) {
      return error instanceof Error
        ? error
        : new Error(`A 'data' listener or the guard threw ${String(error)}`);
    }
  }

  #examine(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.#pending.push(chunk);
    this.#pendingBytes += chunk.length;
    if (this.#open) this.#watchWithheld(false);
    else this.#drain(chunk, false);
  }

  /** Moves the pending bytes, the last `fresh` of them new to the UTF-8 run, as far as they can go. */
  #drain(fresh: Buffer, final: boolean): void {
    let unseen = fresh;
    while (!this.#open) {
      if (!this.#windowing) {
        if (unseen.length === 0 && !final) return;
        if (!this.#extendRun(unseen, final)) return;
      }
      if (!this.#classify(final)) return;
      // Back from a legacy window: what follows it is new to the run (in UTF-16 it goes unread).
      unseen = this.#pending[0] ?? EMPTY;
    }
  }

  /**
   * Extends the strict-UTF-8 run with `next` (the last pending bytes); returns whether a window opens.
   * Pending chunks pass whole once every byte of them is decided, so a chunk that ends inside a
   * character or near a control byte waits for the next one rather than being cut in two.
   */
  #extendRun(next: Buffer, final: boolean): boolean {
    // A small chunk is joined to the carried bytes, once: what stays undecided is then a view of the
    // join. A large one is scanned beside them, and its step decides every carried byte.
    const joined =
      next.length < SEAM_MIN_BYTES && this.#carried.length > 0 ? Buffer.concat([this.#carried, next]) : null;
    const carried = joined ? EMPTY : this.#carried;
    const fresh = joined ?? next;
    const decided = this.#inputOffset + this.#pendingBytes - fresh.length - carried.length;
    const step = scanRun(carried, fresh, final, decided);
    const opening = decided + step.pass;
    if (step.window) {
      this.#carried = EMPTY;
      this.#windowing = true;
      this.#passPending(opening, true);
      return true;
    }
    const undecided = carried.length + fresh.length - step.pass;
    this.#carried = undecided === 0 ? EMPTY : fresh.subarray(fresh.length - undecided);
    this.#passPending(opening, false);
    return false;
  }

  /** Passes the pending chunks that end by stream offset `until`; with `cut`, also the part of the next. */
  #passPending(until: number, cut: boolean): void {
    while (this.#pending.length > 0) {
      const first = this.#pending[0]!;
      const before = until - this.#inputOffset;
      if (before <= 0) return;
      if (before < first.length && !cut) return;
      const part = before < first.length ? first.subarray(0, before) : first;
      if (part === first) this.#pending.shift();
      else this.#pending[0] = first.subarray(before);
      this.#pendingBytes -= part.length;
      this.#pass(part, 'utf-8', null);
    }
  }

  /** Classifies the window at the head of the pending bytes once it is full; returns whether it did. */
  #classify(final: boolean): boolean {
    const { windowBytes } = this.#options;
    if (this.#pendingBytes < windowBytes && !final) return false;
    if (this.#pendingBytes === 0) return false;
    const bytes = this.#take();
    const utf16 = this.#utf16 ?? (this.#inputOffset === 0 ? detectUtf16Bom(bytes) : null);
    const cut = cutWindow(bytes, windowBytes, final, utf16);
    const window = bytes.subarray(0, cut);
    const last = final && cut === bytes.length;
    const { verdict, controlShare } = classifyWindow(window, utf16, this.#utf16 !== null, last);
    if (verdict === 'binary') {
      this.#open = { from: this.#inputOffset, controlShare, withheld: 0, previous: [], previousBytes: 0 };
      this.#carried = EMPTY;
      this.#windowing = false;
      this.#keep(bytes);
      this.#watchWithheld(final);
      return false;
    }
    if (verdict === 'utf-16le' || verdict === 'utf-16be') this.#utf16 = verdict;
    this.#encoding = this.#utf16 ?? 'legacy';
    this.#pass(window, verdict, controlShare);
    this.#keep(bytes.subarray(cut));
    this.#windowing = this.#utf16 !== null;
    return true;
  }

  /**
   * Looks at the pending bytes of a withheld run a window at a time, from where the run starts: the
   * first clean window ends it. Windows sit at fixed offsets, so any chunking gives the same verdicts.
   */
  #watchWithheld(final: boolean): void {
    const open = this.#open!;
    const { windowBytes } = this.#options;
    // A UTF-16 stream stays withheld: its text would need windows aligned to its code units.
    const watching = this.#utf16 === null;
    while (this.#pendingBytes >= windowBytes) {
      const window = this.#takeWindow(windowBytes);
      if (watching && isCleanWindow(window, this.#encoding === 'legacy')) {
        const held = open.withheld + open.previousBytes + windowBytes + this.#pendingBytes;
        this.#resume(
          Buffer.concat([this.#previousTail(window[0]!), ...window, ...this.#pending]),
          held,
          final,
        );
        return;
      }
      open.withheld += open.previousBytes;
      this.#withheldBytes += open.previousBytes;
      this.#log.add('binary', open.from, open.previousBytes, open.controlShare);
      open.previous = window;
      open.previousBytes = windowBytes;
    }
    if (!final) return;
    // The end of the input: the clean text that ends it passes if it ends a line or is long enough.
    const rest = this.#take();
    const held = open.withheld + open.previousBytes + rest.length;
    const legacy = this.#encoding === 'legacy';
    // Read with the last window looked at, which may end inside a character the rest finishes.
    const joined = Buffer.concat([...open.previous, rest]);
    const tail = joined.subarray(watching ? findCleanTailStart(joined, legacy) : joined.length);
    if (endsCleanText(tail, legacy)) this.#resume(tail, held, true);
    else this.#closeRun(held);
  }

  /**
   * Clean text that ends the open run's last window looked at, or nothing. The continuation bytes
   * that open `next` finish a character the window's edge may cut, so they are read with it.
   */
  #previousTail(next: Buffer): Buffer {
    const { previous, previousBytes } = this.#open!;
    if (previous.length === 0) return EMPTY;
    const bytes = Buffer.concat([...previous, next.subarray(0, skipUtf8Continuation(next, 0))]);
    // `next` may hold only part of what finishes the window's last character: the rest comes later.
    const start = findCleanTailStart(bytes, this.#encoding === 'legacy', true);
    return start < previousBytes ? bytes.subarray(start, previousBytes) : EMPTY;
  }

  /** Ends the open run, `held` bytes in all, before `text` (its end), and goes on with `text` afresh. */
  #resume(text: Buffer, held: number, final: boolean): void {
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#closeRun(held - text.length);
    this.#keep(text);
    this.#drain(text, final);
  }

  /** Closes the open run at `bytes` long: records it and, unless the consumer asked not to, pushes its placeholder. */
  #closeRun(bytes: number): void {
    const open = this.#open!;
    const extra = bytes - open.withheld;
    this.#withheldBytes += extra;
    this.#log.add('binary', open.from + open.withheld, extra, open.controlShare);
    this.#open = null;
    this.#runCount++;
    const run = { offset: open.from, bytes, controlShare: open.controlShare };
    if (this.#runs.length < KEPT_WITHHELD_RUNS) this.#runs.push(run);
    if (!this.#options.emitPlaceholder) return;
    const placeholder = encodePlaceholder(this.#describe(run), this.#utf16, this.#atLineStart);
    this.#offsets.addPlaceholder(open.from, placeholder.length);
    this.#atLineStart = true;
    this.push(placeholder);
  }

  #describe(run: BinaryGuardWithheldRun): string {
    const { label, command } = this.#options;
    return formatPlaceholder({
      label,
      command,
      bytes: run.bytes,
      from: run.offset,
      controlShare: run.controlShare,
    });
  }

  #pass(bytes: Buffer, verdict: 'utf-8' | 'legacy' | Utf16Encoding, controlShare: number | null): void {
    if (bytes.length === 0) return;
    const offset = this.#inputOffset;
    this.#log.add(verdict, offset, bytes.length, controlShare);
    this.#offsets.addPassed(offset, bytes.length);
    this.#passedBytes += bytes.length;
    this.#atLineStart = endsWithLineFeed(bytes, this.#utf16);
    this.push(bytes);
  }

  /** Input offset of the first byte neither passed nor withheld (outside an open run). */
  get #inputOffset(): number {
    return this.#passedBytes + this.#withheldBytes;
  }

  #take(): Buffer {
    const bytes =
      this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    return bytes;
  }

  /** Takes the first `bytes` pending bytes as the views they are in, without copying. */
  #takeWindow(bytes: number): Buffer[] {
    const window: Buffer[] = [];
    let missing = bytes;
    while (missing > 0) {
      const first = this.#pending[0]!;
      if (first.length <= missing) {
        window.push(first);
        this.#pending.shift();
        missing -= first.length;
      } else {
        window.push(first.subarray(0, missing));
        this.#pending[0] = first.subarray(missing);
        missing = 0;
      }
    }
    this.#pendingBytes -= bytes;
    return window;
  }

  #keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.#pending = [bytes];
    this.#pendingBytes = bytes.length;
  }

  /**
   * The input offset that the output byte at `outputOffset` came from: passed bytes map one for one,
   * a placeholder's bytes to the start of the run it stands for. Answers within the last
   * `SOURCE_OFFSET_LOOKBACK_BYTES` of output; `null` for older or unknown offsets.
   */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#offsets.sourceOffsetOf(outputOffset);
  }

  /**
   * One text for every withheld run so far (the single run's placeholder, or a summary of several),
   * or `null`: for a consumer that set `emitPlaceholder: false`.
   */
  get placeholder(): string | null {
    const { label, command } = this.#options;
    const runs = this.#runs.map((run) => ({
      label,
      command,
      bytes: run.bytes,
      from: run.offset,
      controlShare: run.controlShare,
    }));
    if (this.#open) {
      const { from, controlShare } = this.#open;
      runs.push({ label, command, bytes: this.#heldInOpenRun, from, controlShare });
    }
    const count = this.#runCount + (this.#open ? 1 : 0);
    return formatSummary(
      runs,
      count,
      this.#withheldBytes + (this.#open ? this.#heldInOpenRun - this.#open.withheld : 0),
    );
  }

  get #heldInOpenRun(): number {
    const open = this.#open!;
    return open.withheld + open.previousBytes + this.#pendingBytes;
  }

  /** Whether any binary was met (withheld so far, or being withheld). */
  get withheld(): boolean {
    return this.#runCount > 0 || this.#open !== null;
  }

  /** Raw input bytes withheld for good so far. */
  get withheldBytes(): number {
    return this.#withheldBytes;
  }

  /** Raw input bytes passed through so far (placeholders not included). */
  get passedBytes(): number {
    return this.#passedBytes;
  }

  /** How the passed text is encoded; a UTF-16 stream reports it before its first byte is pushed. */
  get encoding(): BinaryGuardEncoding {
    return this.#encoding;
  }

  /** How many segments got each verdict. */
  get verdicts(): BinaryGuardVerdictCounts {
    return this.#log.counts;
  }

  /** Copies of the first 32 segments, in stream order. */
  get segments(): BinaryGuardSegment[] {
    return this.#log.segments;
  }

  /** A fresh snapshot of every counter. */
  get stats(): BinaryGuardStats {
    const first =
      this.#runs[0] ??
      (this.#open ? { offset: this.#open.from, controlShare: this.#open.controlShare } : null);
    return {
      label: this.#options.label,
      withheld: this.withheld,
      withheldBytes: this.#withheldBytes,
      withheldFrom: first?.offset ?? null,
      controlShare: first?.controlShare ?? null,
      withheldRuns: this.#runs.map((run) => ({ ...run })),
      withheldRunCount: this.#runCount,
      passedBytes: this.#passedBytes,
      heldBytes: this.#pendingBytes + (this.#open ? this.#open.previousBytes : 0),
      encoding: this.#encoding,
      verdicts: this.#log.counts,
      segments: this.#log.segments,
      placeholder: this.placeholder,
    };
  }
}
