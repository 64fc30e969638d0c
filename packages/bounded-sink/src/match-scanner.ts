import {
  type ByteOps,
  concatBytes,
  copyBytes,
  findUtf8BoundaryBefore,
  portableByteOps,
} from '@pipeguard/shared/core';
import type { MatchExcerpt } from './excerpt';
import { countLineFeeds } from './line-feeds';
import { absentIn, findAnchored, type LiteralAnchor, planAnchors, rarityIn } from './literal-anchors';
import type { CompiledPatterns } from './match-patterns';

const LF = 0x0a;
/** The anchors are planned again on a sample of the text every this many scanned bytes, as logs change. */
const REPLAN_BYTES = 16 * 1024 * 1024;
const SAMPLE_BYTES = 16 * 1024;
const EMPTY = new Uint8Array(0);
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** How a {@link MatchScanner} collects excerpts. */
export interface MatchScannerSettings {
  patterns: CompiledPatterns;
  /** Lines kept after / before each matching line. */
  context: number;
  contextBefore: number;
  /** Most excerpt bytes kept in all. */
  budgetBytes: number;
  /** Most bytes kept of one line. */
  maxLineBytes: number;
  /** Sink offset where matching starts; bytes before it only count lines. */
  activeFrom: number;
  sourceOffsetOf: (offset: number) => number | null;
  /** Called with the sink offset of every matching line's start, kept or not. */
  onMatch: (lineStart: number) => void;
  /**
   * The byte scans and allocation: `nodeByteOps` in Node.
   * @defaultValue `portableByteOps`
   */
  byteOps?: ByteOps;
}

/**
 * Reads bytes in stream order, line by line where it must and from one pattern hit to the next where
 * it can, and keeps the first matching lines with their context within a byte budget. Memory: the
 * budget, one capped line and `contextBefore` capped lines.
 */
export class MatchScanner {
  readonly #settings: MatchScannerSettings;
  readonly #ops: ByteOps;
  readonly #literals: readonly Uint8Array[];
  #anchors: readonly LiteralAnchor[] = [];
  #plannedAt = Number.NEGATIVE_INFINITY;
  readonly #lineWise: boolean;
  #next: number[] = [];
  #offset = 0;
  #lineStart = 0;
  #lineNumber = 1;
  #lineLength = 0;
  #lineHead: Uint8Array[] = [];
  #lineHeadLength = 0;
  #carry: Uint8Array = EMPTY;
  #lineMatched = false;
  #collecting: boolean;
  #contextLeft = 0;
  #before: MatchExcerpt[] = [];
  #lastKeptLine = 0;
  readonly excerpts: MatchExcerpt[] = [];
  excerptBytes = 0;
  keptMatches = 0;

  constructor(settings: MatchScannerSettings) {
    this.#settings = settings;
    this.#ops = settings.byteOps ?? portableByteOps;
    this.#literals = settings.patterns.literals;
    this.#lineWise = settings.patterns.regexps.length > 0;
    this.#collecting = settings.budgetBytes > 0;
  }

  /** Scans the next bytes of the stream. */
  push(piece: Uint8Array): void {
    const { activeFrom } = this.#settings;
    if (this.#offset < activeFrom) {
      const before = Math.min(piece.length, activeFrom - this.#offset);
      this.#countLines(piece.subarray(0, before));
      piece = piece.subarray(before);
    }
    if (piece.length > 0) this.#scan(piece);
  }

  /** Ends the scanned region: a line it cuts is judged on the bytes seen. */
  finish(): void {
    if (this.#lineLength > 0) this.#completeLine();
  }

  /** Before matching starts: line numbers and the current line's first bytes only. */
  #countLines(piece: Uint8Array): void {
    const ops = this.#ops;
    let position = 0;
    for (let end = ops.indexOf(piece, LF, 0); end !== -1; end = ops.indexOf(piece, LF, position)) {
      this.#lineNumber++;
      position = end + 1;
      this.#resetLine(this.#offset + position);
    }
    this.#appendToLine(piece.subarray(position));
    this.#offset += piece.length;
  }

  #scan(piece: Uint8Array): void {
    if (this.#offset - this.#plannedAt >= REPLAN_BYTES && this.#literals.length > 0) {
      const sample = piece.subarray(0, SAMPLE_BYTES);
      this.#anchors = planAnchors(this.#literals, rarityIn(sample), absentIn(sample));
      this.#next = new Array(this.#anchors.length);
      this.#plannedAt = this.#offset;
    }
    this.#next.fill(-2);
    let position = 0;
    while (position < piece.length) {
      if (this.#lineLength === 0 && this.#contextLeft === 0 && !this.#lineWise) {
        position = this.#skipToMatch(piece, position);
        if (position === piece.length) break;
      }
      const end = this.#ops.indexOf(piece, LF, position);
      const segmentEnd = end === -1 ? piece.length : end + 1;
      this.#consumeSegment(piece.subarray(position, segmentEnd), end !== -1);
      position = segmentEnd;
    }
  }

  /**
   * From a line start, passes every whole line before the next pattern hit without looking at it
   * line by line; returns the start of the hit's line (or the piece's end, its partial line taken).
   */
  #skipToMatch(piece: Uint8Array, position: number): number {
    const hit = this.#nextHit(piece, position);
    const lastLineFeed = this.#ops.lastIndexOf(piece, LF, hit === -1 ? piece.length - 1 : hit);
    const stop = Math.max(position, lastLineFeed + 1);
    if (stop > position) this.#passLines(piece, position, stop);
    if (hit === -1) {
      // The anchors found no literal in the rest of the piece, this partial line included.
      this.#consumeSegment(piece.subarray(stop), false, true);
      return piece.length;
    }
    this.#lineMatched = true;
    return stop;
  }

  /** Passes the whole, non-matching lines `[from, to)`: their count, and the last few as context before. */
  #passLines(piece: Uint8Array, from: number, to: number): void {
    const ops = this.#ops;
    if (this.#collecting) {
      const count = countLineFeeds(piece, from, to, ops);
      const lines: MatchExcerpt[] = [];
      let end = to;
      for (let back = 0; back < this.#settings.contextBefore && end > from; back++) {
        const start = end >= 2 ? Math.max(from, ops.lastIndexOf(piece, LF, end - 2) + 1) : from;
        const line = this.#lineNumber + count - 1 - back;
        lines.unshift(this.#excerptOf(piece.subarray(start, end), this.#offset + start - from, line, false));
        end = start;
      }
      for (const line of lines) this.#remember(line);
      this.#lineNumber += count;
    }
    this.#offset += to - from;
    this.#resetLine(this.#offset);
  }

  #nextHit(piece: Uint8Array, position: number): number {
    let first = -1;
    for (let index = 0; index < this.#anchors.length; index++) {
      let next = this.#next[index] as number;
      if (next === -2 || (next !== -1 && next < position)) {
        next = findAnchored(piece, this.#anchors[index] as LiteralAnchor, position, this.#ops);
        this.#next[index] = next;
      }
      if (next !== -1 && (first === -1 || next < first)) first = next;
    }
    return first;
  }

  #consumeSegment(segment: Uint8Array, completesLine: boolean, searched = false): void {
    if (!this.#lineMatched && !searched && this.#literals.length > 0)
      this.#lineMatched = this.#hasLiteral(segment);
    this.#appendToLine(segment);
    this.#offset += segment.length;
    if (completesLine) this.#completeLine();
  }

  #hasLiteral(segment: Uint8Array): boolean {
    const ops = this.#ops;
    // A hit that straddles the previous piece and this one is found in the carried bytes plus a few.
    const straddle =
      this.#carry.length > 0
        ? concatBytes(ops, [this.#carry, segment.subarray(0, this.#settings.patterns.longestLiteral - 1)])
        : EMPTY;
    // Through the anchors: a literal sharing a needle with others is looked for in the same pass.
    const holds = (bytes: Uint8Array) =>
      bytes.length > 0 && this.#anchors.some((anchor) => findAnchored(bytes, anchor, 0, ops) !== -1);
    return holds(segment) || holds(straddle);
  }

  #appendToLine(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.#lineLength += bytes.length;
    const room = this.#settings.maxLineBytes - this.#lineHeadLength;
    if (room > 0) {
      // A copy: the written chunk must not stay alive for the few bytes of one line.
      const kept = copyBytes(this.#ops, bytes.subarray(0, room));
      this.#lineHead.push(kept);
      this.#lineHeadLength += kept.length;
    }
    const keep = this.#settings.patterns.longestLiteral - 1;
    if (keep > 0) {
      const joined = this.#carry.length > 0 ? concatBytes(this.#ops, [this.#carry, bytes]) : bytes;
      this.#carry = copyBytes(this.#ops, joined.subarray(Math.max(0, joined.length - keep)));
    }
  }

  #completeLine(): void {
    const offset = this.#offset;
    if (this.#lineStart >= this.#settings.activeFrom || this.#offset > this.#settings.activeFrom) {
      const head = concatBytes(this.#ops, this.#lineHead);
      const matched = this.#lineMatched || this.#testRegexps(head);
      if (matched) this.#settings.onMatch(this.#lineStart);
      if (this.#collecting) this.#collect(head, matched);
    }
    this.#lineNumber++;
    this.#resetLine(offset);
  }

  #testRegexps(head: Uint8Array): boolean {
    if (!this.#lineWise) return false;
    const text = UTF8.decode(head).replace(/\r?\n$/, '');
    return this.#settings.patterns.regexps.some((regexp) => regexp.test(text));
  }

  #collect(head: Uint8Array, matched: boolean): void {
    const excerpt = this.#excerptOf(head, this.#lineStart, this.#lineNumber, matched, this.#lineLength);
    if (matched) {
      const group = [...this.#before.filter((line) => line.line > this.#lastKeptLine), excerpt];
      if (!this.#keep(group)) return;
      this.keptMatches++;
      this.#contextLeft = this.#settings.context;
    } else if (this.#contextLeft > 0) {
      if (!this.#keep([excerpt])) return;
      this.#contextLeft--;
    } else {
      this.#remember(excerpt);
    }
  }

  /** Keeps a group of lines whole or, when it does not fit, stops collecting: the first matches are kept. */
  #keep(group: MatchExcerpt[]): boolean {
    const bytes = group.reduce((sum, line) => sum + line.bytes.length, 0);
    if (this.excerptBytes + bytes > this.#settings.budgetBytes) {
      this.#collecting = false;
      this.#contextLeft = 0;
      this.#before = [];
      return false;
    }
    for (const line of group) {
      line.offset = this.#settings.sourceOffsetOf(line.sinkOffset);
      this.excerpts.push(line);
    }
    this.excerptBytes += bytes;
    this.#lastKeptLine = lastOf(group).line;
    this.#before = [];
    return true;
  }

  #remember(line: MatchExcerpt): void {
    if (this.#settings.contextBefore === 0) return;
    this.#before.push(line);
    if (this.#before.length > this.#settings.contextBefore) this.#before.shift();
  }

  /** `bytes` are the line's first bytes, the whole line unless `lineLength` says it is longer. */
  #excerptOf(
    bytes: Uint8Array,
    sinkOffset: number,
    line: number,
    matched: boolean,
    lineLength = bytes.length,
  ): MatchExcerpt {
    const end = Math.min(bytes.length, this.#settings.maxLineBytes);
    const cut = lineLength > end ? bytes.subarray(0, findUtf8BoundaryBefore(bytes, end)) : bytes;
    // Copied so that a line passed from a chunk does not keep the chunk alive.
    return { line, offset: null, sinkOffset, bytes: copyBytes(this.#ops, cut), matched };
  }

  #resetLine(start: number): void {
    this.#lineStart = start;
    this.#lineLength = 0;
    this.#lineHead = [];
    this.#lineHeadLength = 0;
    this.#carry = EMPTY;
    this.#lineMatched = false;
  }
}

function lastOf(group: MatchExcerpt[]): MatchExcerpt {
  return group[group.length - 1] as MatchExcerpt;
}
