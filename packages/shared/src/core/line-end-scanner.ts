import type { ByteOps } from './byte-ops';

const LF = 0x0a;
const CR = 0x0d;

/** A line end's kind in {@link LineEndScanner}'s `codes`: a cut, not a terminator (the caller's to push). */
export const LINE_END_NONE = 0;
/** A line end's kind: LF. */
export const LINE_END_LF = 1;
/** A line end's kind: CRLF. */
export const LINE_END_CRLF = 2;
/** A line end's kind: a CR not followed by LF. */
export const LINE_END_CR = 3;

/** Why {@link LineEndScanner.scan} stopped. */
export type LineEndStop =
  /** No line end is left in the chunk. */
  | 'end'
  /** The line from `next` is longer than the scan's `maxLineBytes`, ended or not: the caller cuts it. */
  | 'long'
  /** The chunk ends with a CR whose meaning (CR or CRLF) the next chunk's first byte decides. */
  | 'cr'
  /** The scan found the `maxCount` line ends it was asked for. */
  | 'count';

/** Bytes of the terminator whose kind is `code` (0 for a cut). */
export function lineEndLength(code: number): number {
  return code === LINE_END_CR ? 1 : code;
}

/**
 * The one line-end scan: finds where the lines of a chunk end (LF, CRLF, a lone CR) in bulk, into typed
 * arrays it reuses, with native scans only. The next LF and CR found are kept until passed, so each byte is
 * scanned at most once per kind, and a kind that is not there is never searched again; a run of LFs with
 * no CR ahead takes a loop of its own. The line splitter and the live lines' skipping both read it.
 */
export class LineEndScanner {
  /** How many line ends the scans since {@link LineEndScanner.clear} found (the arrays may be longer). */
  count = 0;
  /** Position of each line end's first byte (chunk index plus the scan's `offset`); a cut's is where it cuts. */
  ends: Float64Array<ArrayBuffer> = new Float64Array(256);
  /** Each line end's kind: {@link LINE_END_LF}, {@link LINE_END_CRLF}, {@link LINE_END_CR} or {@link LINE_END_NONE}. */
  codes: Uint8Array<ArrayBuffer> = new Uint8Array(256);
  /** Where the line after the last line end found starts, as a position. */
  next = 0;
  /** Why the last scan stopped. */
  stop: LineEndStop = 'end';
  /** Bytes of the longest line, terminator excluded, that the scans since `clear` ended and that starts at or after `offset`. */
  longest = 0;
  readonly #ops: Pick<ByteOps, 'indexOf'> | undefined;
  readonly #keepEnds: boolean;
  #chunk: Uint8Array | undefined;
  #offset = 0;
  #maxLineBytes = Number.POSITIVE_INFINITY;
  #lf = -2;
  #cr = -2;

  /**
   * @param ops - The byte scans whose `indexOf` finds the line ends.
   * @defaultValue the chunk's own `indexOf`: a Node Buffer's is memchr, and called directly it is inlined
   * @param keepEnds - Whether scans fill `ends`, `codes` and `longest`; without, they count the line ends only
   * (a fifth less CPU on lines ended by CR, Node 20). @defaultValue true
   */
  constructor(ops?: Pick<ByteOps, 'indexOf'>, keepEnds = true) {
    this.#ops = ops;
    this.#keepEnds = keepEnds;
  }

  /** Forgets the line ends found: the next scan's are the first in the arrays. */
  clear(): void {
    this.count = 0;
    this.longest = 0;
  }

  /**
   * Finds the line ends of `chunk` for lines from position `start` on (a position is a chunk index plus
   * `offset`; `start` may be before the chunk when a line began earlier), appending each to the arrays, until
   * {@link LineEndScanner.stop} says why not further; {@link LineEndScanner.next} is where the next line starts.
   * @param maxLineBytes - Stop before a line longer than this. @defaultValue no limit
   * @param maxCount - Stop after this many line ends. @defaultValue no limit
   */
  scan(
    chunk: Uint8Array,
    start: number,
    offset = 0,
    maxLineBytes = Number.POSITIVE_INFINITY,
    maxCount = Number.POSITIVE_INFINITY,
  ): LineEndStop {
    this.#chunk = chunk;
    this.#offset = offset;
    this.#maxLineBytes = maxLineBytes;
    this.#lf = -2;
    this.#cr = -2;
    return this.resume(start, maxCount);
  }

  /**
   * Goes on scanning the chunk of the last {@link LineEndScanner.scan} from position `start` (after the caller
   * cut a long line), with what the scans of that chunk already found.
   */
  resume(start: number, maxCount = Number.POSITIVE_INFINITY): LineEndStop {
    const chunk = this.#chunk as Uint8Array;
    const offset = this.#offset;
    const maxLineBytes = this.#maxLineBytes;
    let count = this.count;
    const stopAt = count + maxCount;
    let { ends, codes } = this;
    let longest = this.longest;
    const keepEnds = this.#keepEnds;
    let lf = this.#lf;
    let cr = this.#cr;
    let stop: LineEndStop = count >= stopAt ? 'count' : 'end';
    while (stop === 'end') {
      const from = start > offset ? start - offset : 0;
      if (lf !== -1 && lf < from) lf = this.#find(chunk, LF, from);
      if (cr !== -1 && cr < from) cr = this.#find(chunk, CR, from);
      if (cr === -1 && lf !== -1) {
        // No CR ahead: LF after LF without the general loop's bookkeeping.
        while (lf !== -1 && count < stopAt) {
          const end = lf + offset;
          if (end - start > maxLineBytes) break;
          if (keepEnds) {
            if (start >= offset && end - start > longest) longest = end - start;
            if (count === ends.length) ({ ends, codes } = this.#grow());
            ends[count] = end;
            codes[count] = LINE_END_LF;
          }
          count++;
          start = end + 1;
          lf = this.#find(chunk, LF, lf + 1);
        }
        if (count >= stopAt) stop = 'count';
        else if (lf !== -1) stop = 'long';
        continue;
      }
      const found = lf === -1 ? cr : cr === -1 || lf < cr ? lf : cr;
      const end = (found === -1 ? chunk.length : found) + offset;
      if (end - start > maxLineBytes) {
        stop = 'long';
        break;
      }
      if (found === -1) break;
      let code = LINE_END_LF;
      let next = end + 1;
      if (found === cr) {
        if (found + 1 === chunk.length) {
          stop = 'cr';
          break;
        }
        if (chunk[found + 1] === LF) {
          code = LINE_END_CRLF;
          next++;
        } else code = LINE_END_CR;
      }
      if (keepEnds) {
        if (start >= offset && end - start > longest) longest = end - start;
        if (count === ends.length) ({ ends, codes } = this.#grow());
        ends[count] = end;
        codes[count] = code;
      }
      count++;
      start = next;
      if (count >= stopAt) stop = 'count';
    }
    this.count = count;
    this.#lf = lf;
    this.#cr = cr;
    this.longest = longest;
    this.next = start;
    this.stop = stop;
    return stop;
  }

  /** Appends a line end the caller decided (a cut, or a CRLF whose halves two chunks hold), as `keepEnds` keeps one. */
  push(end: number, code: number): void {
    if (this.count === this.ends.length) this.#grow();
    this.ends[this.count] = end;
    this.codes[this.count++] = code;
  }

  #find(chunk: Uint8Array, byte: number, from: number): number {
    return this.#ops === undefined ? chunk.indexOf(byte, from) : this.#ops.indexOf(chunk, byte, from);
  }

  /** Doubles the arrays, keeping what they hold. */
  #grow(): { ends: Float64Array<ArrayBuffer>; codes: Uint8Array<ArrayBuffer> } {
    const ends = new Float64Array(this.ends.length * 2);
    const codes = new Uint8Array(this.codes.length * 2);
    ends.set(this.ends);
    codes.set(this.codes);
    this.ends = ends;
    this.codes = codes;
    return this;
  }
}
