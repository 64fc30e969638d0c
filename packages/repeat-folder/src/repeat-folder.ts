import {
  type SourceOffsets,
  type TransformCallback,
  toBuffer,
  validateInteger,
  validateOptionsObject,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { OutputOffsets } from './output-offsets';

const LF = 0x0a;
const KNOWN_OPTIONS = ['maxLineBytes'] as const;

/** Options of {@link RepeatFolder}; an unknown key is a `TypeError`. */
export interface RepeatFolderOptions {
  /**
   * Longest line (with its line feed) that is compared and folded; a longer line always passes, so
   * memory stays within one line of this size.
   * @defaultValue `4096` (bytes)
   */
  maxLineBytes?: number;
}

/** A snapshot of what a {@link RepeatFolder} has done. */
export interface RepeatFolderStats {
  /** Bytes written to the folder. */
  inputBytes: number;
  /** Bytes it emitted: `inputBytes - foldedBytes + noticeBytes`. */
  outputBytes: number;
  /** Input bytes removed: the repeated lines that notices stand for. */
  foldedBytes: number;
  /** Repeated lines removed. */
  foldedLines: number;
  /** Bytes of the `[previous line repeated N more times]` lines it added. */
  noticeBytes: number;
}

/** The line a {@link RepeatFolder} puts after a folded run: `[previous line repeated N more times]` and a line feed. */
export function formatRepeatNotice(repeats: number): string {
  return `[previous line repeated ${repeats} more times]\n`;
}

/**
 * A Transform that keeps a run of identical consecutive lines once, followed by
 * `[previous line repeated N more times]`: exact across chunks and at the end, whatever the chunking.
 * Lines end at a line feed and compare byte for byte (a CRLF line equals only CRLF lines).
 */
export class RepeatFolder extends Transform implements SourceOffsets {
  readonly #maxLineBytes: number;
  readonly #offsets = new OutputOffsets();
  #previous: Buffer | null = null;
  #partial: Buffer[] = [];
  #partialLength = 0;
  /** Inside a line longer than the cap: it passes through to its line feed. */
  #passing = false;
  #repeats = 0;
  #runStart = 0;
  #inputBytes = 0;
  #outputBytes = 0;
  #foldedBytes = 0;
  #noticeBytes = 0;
  #foldedLines = 0;

  /**
   * @throws TypeError when `maxLineBytes` is not a number or an option is unknown.
   * @throws RangeError when `maxLineBytes` is not a safe integer ≥ 1.
   */
  constructor(options?: RepeatFolderOptions) {
    validateOptionsObject(options, KNOWN_OPTIONS);
    const { maxLineBytes = 4096 } = options ?? {};
    validateInteger('maxLineBytes', maxLineBytes, { minimum: 1 });
    super();
    this.#maxLineBytes = maxLineBytes;
  }

  /** A fresh snapshot of the counts. */
  get stats(): RepeatFolderStats {
    return {
      inputBytes: this.#inputBytes,
      outputBytes: this.#outputBytes,
      foldedBytes: this.#foldedBytes,
      foldedLines: this.#foldedLines,
      noticeBytes: this.#noticeBytes,
    };
  }

  /**
   * The input offset of the line the output byte at `outputOffset` came from: the exact input offset
   * for copied bytes, the first folded line's start for a notice's bytes; `null` for an offset not yet
   * emitted or more than `SOURCE_OFFSET_LOOKBACK_BYTES` (1 MiB) behind the latest output.
   */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#offsets.sourceOffsetOf(outputOffset);
  }

  override _transform(chunk: unknown, _encoding: BufferEncoding, callback: TransformCallback): void {
    const bytes = toBuffer(chunk as Uint8Array);
    const out: Buffer[] = [];
    const chunkStart = this.#inputBytes;
    this.#inputBytes += bytes.length;
    let position = 0;
    // Bytes from `copyFrom` to the current line pass as one view of the chunk.
    let copyFrom = 0;
    const flushCopy = (end: number) => {
      if (end > copyFrom) out.push(bytes.subarray(copyFrom, end));
    };
    while (position < bytes.length) {
      const end = bytes.indexOf(LF, position);
      if (this.#passing) {
        this.#passing = end === -1;
        position = end === -1 ? bytes.length : end + 1;
        continue;
      }
      if (end === -1) {
        flushCopy(position);
        this.#hold(bytes.subarray(position), chunkStart + position, out);
        copyFrom = bytes.length;
        break;
      }
      const piece = bytes.subarray(position, end + 1);
      const lineStart = chunkStart + position - this.#partialLength;
      const line = this.#partialLength === 0 ? piece : Buffer.concat([...this.#partial, piece]);
      if (this.#previous !== null && line.equals(this.#previous)) {
        flushCopy(position);
        if (this.#repeats === 0) this.#runStart = lineStart;
        this.#repeats++;
        this.#foldedLines++;
        this.#foldedBytes += line.length;
        copyFrom = end + 1;
      } else {
        if (this.#repeats > 0 || this.#partialLength > 0) {
          flushCopy(position);
          this.#endRun(out, lineStart);
          // A line held across chunks is emitted whole; one within this chunk starts the next copied range.
          if (this.#partialLength > 0) out.push(line);
          copyFrom = this.#partialLength > 0 ? end + 1 : position;
        }
        this.#previous = line.length <= this.#maxLineBytes ? line : null;
      }
      this.#partial = [];
      this.#partialLength = 0;
      position = end + 1;
    }
    flushCopy(bytes.length);
    // The line to compare with is a view of this chunk until now: a copy of it alone outlives the chunk.
    if (this.#previous !== null && this.#previous.buffer === bytes.buffer)
      this.#previous = Buffer.from(this.#previous);
    this.#emit(out);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    const out: Buffer[] = [];
    // An unterminated last line never equals a terminated one: it ends the run and passes.
    this.#endRun(out, this.#inputBytes - this.#partialLength);
    out.push(...this.#partial);
    this.#partial = [];
    this.#partialLength = 0;
    this.#emit(out);
    callback();
  }

  /** Holds the start of a line until its end shows whether it repeats; past the cap, lets it pass. */
  #hold(piece: Buffer, offset: number, out: Buffer[]): void {
    if (this.#partialLength + piece.length <= this.#maxLineBytes) {
      // A copy: a few held bytes must not keep the whole chunk alive.
      this.#partial.push(Buffer.from(piece));
      this.#partialLength += piece.length;
      return;
    }
    this.#endRun(out, offset - this.#partialLength);
    out.push(...this.#partial, piece);
    this.#partial = [];
    this.#partialLength = 0;
    this.#previous = null;
    this.#passing = true;
  }

  /** Ends a run of repeats with its notice; the output then copies the input from `nextLineStart`. */
  #endRun(out: Buffer[], nextLineStart: number): void {
    if (this.#repeats > 0) {
      const notice = Buffer.from(formatRepeatNotice(this.#repeats));
      this.#offsets.noticeFor(this.#outputBytes + byteLength(out), this.#runStart);
      out.push(notice);
      this.#noticeBytes += notice.length;
      this.#repeats = 0;
    }
    this.#offsets.copyFrom(this.#outputBytes + byteLength(out), nextLineStart);
  }

  #emit(out: Buffer[]): void {
    if (out.length === 0) return;
    const joined = out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out);
    this.#outputBytes += joined.length;
    this.#offsets.grow(this.#outputBytes);
    this.push(joined);
  }
}

function byteLength(buffers: readonly Buffer[]): number {
  let length = 0;
  for (const buffer of buffers) length += buffer.length;
  return length;
}
