import { SourceOffsetMap } from '@pipeguard/shared/core';
import type { ResolvedOptions } from './options';
import {
  encodePlaceholder,
  endsWithLineFeed,
  formatPlaceholder,
  formatSummary,
  type WithheldRun,
} from './placeholder';
import { type BinaryGuardSegment, type BinaryGuardVerdictCounts, SegmentLog } from './segment-log';
import type { BinaryGuardEncoding, BinaryGuardStats, BinaryGuardWithheldRun } from './stats';
import type { Utf16Encoding } from './utf16';

/** Withheld runs kept in full in `stats.withheldRuns`; later ones are only counted. */
const KEPT_WITHHELD_RUNS = 32;

/** The withheld run in progress, as the record reports it. */
export interface OpenRunView {
  from: number;
  controlShare: number;
  /** Bytes of it withheld for good. */
  settled: number;
  /** Bytes of it looked at and not yet settled. */
  held: number;
}

/**
 * What the guard did, in counts: bytes passed and withheld, the runs (the first 32 in full), the segment
 * log, where each output byte came from, and the placeholder texts. Memory is bounded however long the stream.
 */
export class GuardRecord {
  readonly #options: ResolvedOptions;
  readonly #log = new SegmentLog();
  readonly #offsets = new SourceOffsetMap();
  #passedBytes = 0;
  /** Bytes withheld for good, in closed runs and the open one's settled windows. */
  #withheldBytes = 0;
  #runs: BinaryGuardWithheldRun[] = [];
  #runCount = 0;
  #atLineStart = true;

  constructor(options: ResolvedOptions) {
    this.#options = options;
  }

  /** Input offset of the first byte neither passed nor withheld for good. */
  get inputOffset(): number {
    return this.#passedBytes + this.#withheldBytes;
  }

  /** Raw input bytes passed through (placeholders not included). */
  get passedBytes(): number {
    return this.#passedBytes;
  }

  /** Raw input bytes withheld for good. */
  get withheldBytes(): number {
    return this.#withheldBytes;
  }

  /** See `SourceOffsets.sourceOffsetOf`: passed bytes map one for one, a placeholder to its run's start. */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#offsets.sourceOffsetOf(outputOffset);
  }

  /** Records `bytes` passed as they came, with the verdict they passed on. */
  pass(
    bytes: Uint8Array,
    verdict: 'utf-8' | 'legacy' | Utf16Encoding,
    share: number | null,
    utf16: Utf16Encoding | null,
  ): void {
    const offset = this.inputOffset;
    this.#log.add(verdict, offset, bytes.length, share);
    this.#offsets.record(bytes.length, offset, true);
    this.#passedBytes += bytes.length;
    this.#atLineStart = endsWithLineFeed(bytes, utf16);
  }

  /** Records `bytes` more of the open run, from its start plus what it settled before, as withheld for good. */
  settle(open: OpenRunView, bytes: number): void {
    this.#log.add('binary', open.from + open.settled, bytes, open.controlShare);
    this.#withheldBytes += bytes;
  }

  /**
   * Closes the open run at `runBytes` long. Returns its placeholder line (in the stream's encoding) to emit
   * in its place, or `null` when the consumer asked for none.
   */
  closeRun(open: OpenRunView, runBytes: number, utf16: Utf16Encoding | null): Uint8Array | null {
    this.settle(open, runBytes - open.settled);
    this.#runCount++;
    const run = { offset: open.from, bytes: runBytes, controlShare: open.controlShare };
    if (this.#runs.length < KEPT_WITHHELD_RUNS) this.#runs.push(run);
    if (!this.#options.emitPlaceholder) return null;
    const placeholder = encodePlaceholder(formatPlaceholder(this.#describe(run)), utf16, this.#atLineStart);
    this.#offsets.record(placeholder.length, open.from, false);
    this.#atLineStart = true;
    return placeholder;
  }

  /** One text for every withheld run so far, the open one included, or `null`. */
  placeholder(open: OpenRunView | null): string | null {
    const runs = this.#runs.map((run) => this.#describe(run));
    if (open)
      runs.push(
        this.#describe({
          offset: open.from,
          bytes: open.settled + open.held,
          controlShare: open.controlShare,
        }),
      );
    const count = this.#runCount + (open ? 1 : 0);
    return formatSummary(runs, count, this.#withheldBytes + (open ? open.held : 0));
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
  stats(open: OpenRunView | null, heldBytes: number, encoding: BinaryGuardEncoding): BinaryGuardStats {
    const first = this.#runs[0] ?? (open ? { offset: open.from, controlShare: open.controlShare } : null);
    return {
      label: this.#options.label,
      withheld: this.#runCount > 0 || open !== null,
      withheldBytes: this.#withheldBytes,
      withheldFrom: first?.offset ?? null,
      controlShare: first?.controlShare ?? null,
      withheldRuns: this.#runs.map((run) => ({ ...run })),
      withheldRunCount: this.#runCount,
      passedBytes: this.#passedBytes,
      heldBytes,
      encoding,
      verdicts: this.#log.counts,
      segments: this.#log.segments,
      placeholder: this.placeholder(open),
    };
  }

  /** Withheld runs closed so far. */
  get runCount(): number {
    return this.#runCount;
  }

  #describe(run: BinaryGuardWithheldRun): WithheldRun {
    const { label, command } = this.#options;
    return { label, command, bytes: run.bytes, from: run.offset, controlShare: run.controlShare };
  }
}
