import type { TransformCallback } from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { classifyWindow, cutWindow } from './classify';
import { type BinaryGuardOptions, type ResolvedOptions, resolveOptions } from './options';
import { encodePlaceholder, endsWithLineFeed, formatPlaceholder } from './placeholder';
import { SEAM_MIN_BYTES, scanRun } from './scan-run';
import { type BinaryGuardSegment, type BinaryGuardVerdictCounts, SegmentLog } from './segment-log';
import type { BinaryGuardEncoding, BinaryGuardStats } from './stats';
import { detectUtf16Bom, type Utf16Encoding } from './utf16';

const EMPTY = Buffer.alloc(0);

/**
 * Bytes the guard accepts before it asks the writer to wait. Above the 64 KiB chunks files and pipes
 * deliver: a write that reaches the mark costs readable-stream a 'drain' round trip, about 0.5 µs per
 * chunk, which under the 16 KiB default every such chunk would pay.
 */
const WRITABLE_HIGH_WATER_MARK = 128 * 1024;

/**
 * A byte stream stage that passes text unchanged (UTF-8, legacy codepages, UTF-16 with a BOM) and
 * withholds binary: from the first binary window on, the bytes are only counted and one short
 * placeholder takes their place when the input ends.
 */
export class BinaryGuard extends Transform {
  readonly #options: ResolvedOptions;
  readonly #log = new SegmentLog();
  /** Bytes received and neither passed nor withheld yet, as they came (a window's rest aside). */
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** The last pending bytes the UTF-8 run has not decided yet: at most a few hundred, contiguous. */
  #carried: Buffer = EMPTY;
  #windowing = false;
  #utf16: Utf16Encoding | null = null;
  #encoding: BinaryGuardEncoding = 'utf-8';
  #passedBytes = 0;
  #withheldBytes = 0;
  /** The first binary window's control share; set once, when everything from there on is withheld. */
  #controlShare: number | null = null;
  #atLineStart = true;
  /** Bytes of the chunk written but not examined yet (see `_transform`). */
  #unexaminedBytes = 0;

  /**
   * @param options - label, window size and command for the placeholder; see {@link BinaryGuardOptions}.
   * @throws TypeError when an option has the wrong type.
   * @throws RangeError when `windowBytes` is below 1024 or not a safe integer, or `label` is empty.
   */
  constructor(options?: BinaryGuardOptions) {
    const resolved = resolveOptions(options);
    super({ writableHighWaterMark: WRITABLE_HIGH_WATER_MARK });
    this.#options = resolved;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    // Examined a microtask later: a file source asks for its next read in a nextTick after this write,
    // which runs first, so the check overlaps that read on a libuv thread. The callback waits for the
    // examination, so a write made meanwhile (from a 'data' listener, say) queues as usual.
    this.#unexaminedBytes = chunk.length;
    queueMicrotask(() => this.#examineThenCallBack(chunk, callback));
  }

  override _flush(callback: TransformCallback): void {
    if (!this.withheld) this.#drain(EMPTY, true);
    const text = this.placeholder;
    if (text !== null && this.#options.emitPlaceholder)
      this.push(encodePlaceholder(text, this.#utf16, this.#atLineStart));
    callback();
  }

  #examineThenCallBack(chunk: Buffer, callback: TransformCallback): void {
    this.#unexaminedBytes = 0;
    let failure: Error | null = null;
    try {
      if (!this.destroyed) this.#examine(chunk);
    } catch (error) {
      // A throw in a microtask would escape every handler; the stream is where it can be seen. A falsy
      // one would read as success and lose the bytes the examination had taken.
      failure =
        error instanceof Error ? error : new Error(`A 'data' listener or the guard threw ${String(error)}`);
    }
    callback(failure);
  }

  #examine(chunk: Buffer): void {
    if (this.withheld) this.#withhold(chunk.length);
    else if (chunk.length > 0) {
      this.#pending.push(chunk);
      this.#pendingBytes += chunk.length;
      this.#drain(chunk, false);
    }
  }

  /** Moves the pending bytes, the last `fresh` of them new to the UTF-8 run, as far as they can go. */
  #drain(fresh: Buffer, final: boolean): void {
    let unseen = fresh;
    while (!this.withheld) {
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
    const decided = this.#passedBytes + this.#pendingBytes - fresh.length - carried.length;
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
      const before = until - this.#passedBytes;
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
    const utf16 = this.#utf16 ?? (this.#passedBytes === 0 ? detectUtf16Bom(bytes) : null);
    const cut = cutWindow(bytes, windowBytes, final, utf16);
    const window = bytes.subarray(0, cut);
    const last = final && cut === bytes.length;
    const { verdict, controlShare } = classifyWindow(window, utf16, this.#utf16 !== null, last);
    if (verdict === 'binary') {
      this.#controlShare = controlShare;
      this.#withhold(bytes.length);
      return false;
    }
    if (verdict === 'utf-16le' || verdict === 'utf-16be') this.#utf16 = verdict;
    this.#encoding = this.#utf16 ?? 'legacy';
    this.#pass(window, verdict, controlShare);
    this.#keep(bytes.subarray(cut));
    this.#windowing = this.#utf16 !== null;
    return true;
  }

  #pass(bytes: Buffer, verdict: 'utf-8' | 'legacy' | Utf16Encoding, controlShare: number | null): void {
    if (bytes.length === 0) return;
    this.#log.add(verdict, this.#passedBytes, bytes.length, controlShare);
    this.#passedBytes += bytes.length;
    this.#atLineStart = endsWithLineFeed(bytes, this.#utf16);
    this.push(bytes);
  }

  #withhold(bytes: number): void {
    this.#log.add('binary', this.#passedBytes + this.#withheldBytes, bytes, this.#controlShare);
    this.#withheldBytes += bytes;
  }

  #take(): Buffer {
    const bytes =
      this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    return bytes;
  }

  #keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.#pending = [bytes];
    this.#pendingBytes = bytes.length;
  }

  /** The placeholder for what is withheld so far (final once the input ended), or `null`. */
  get placeholder(): string | null {
    if (this.#controlShare === null) return null;
    const { label, command } = this.#options;
    const run = { label, command, bytes: this.#withheldBytes, from: this.#passedBytes };
    return formatPlaceholder({ ...run, controlShare: this.#controlShare });
  }

  /** Whether a binary window was met; everything from there on is withheld. */
  get withheld(): boolean {
    return this.#controlShare !== null;
  }

  /** Raw input bytes withheld so far. */
  get withheldBytes(): number {
    return this.#withheldBytes;
  }

  /** Raw input bytes passed through so far (the placeholder not included). */
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
    return {
      label: this.#options.label,
      withheld: this.withheld,
      withheldBytes: this.#withheldBytes,
      withheldFrom: this.withheld ? this.#passedBytes : null,
      controlShare: this.#controlShare,
      passedBytes: this.#passedBytes,
      heldBytes: this.#pendingBytes + this.#unexaminedBytes,
      encoding: this.#encoding,
      verdicts: this.#log.counts,
      segments: this.#log.segments,
      placeholder: this.placeholder,
    };
  }
}
