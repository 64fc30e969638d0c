import type { BinaryGuardStats, Utf16Encoding } from '@pipeguard/binary-guard/core';
import {
  type BoundedSinkResult,
  formatExcerpts,
  formatTruncationMarker,
  joinAroundMarker,
  type MatchExcerpt,
} from '@pipeguard/bounded-sink/core';
import type { FallbackDecoderStats } from '@pipeguard/fallback-decoder/core';
import type { RepeatFolderStats } from '@pipeguard/repeat-folder/core';
import type { SecretRedactorStats } from '@pipeguard/secret-redactor/core';
import { endsAtLineStart } from '@pipeguard/shared/core';
import type { TerminalRendererStats } from '@pipeguard/terminal-renderer/core';
import type { DecodedText } from './decode-kept';
import type { ResolvedPresetOptions } from './preset-options';
import type { HeadLineOffsets } from './source-offset-chain';

const LF = 0x0a;

/** What `pipeline()` hands back for one stream, its excerpts' bytes Buffers: see {@link CaptureResult}. */
export type Capture = CaptureResult<Buffer>;

/**
 * What a pipeline hands back for one stream: safe text and the true counts behind it. Every raw byte
 * is accounted for: `bytes === keptBytes + omittedBytes + withheldBytes + renderedAwayBytes + foldedBytes`
 * (unless a UTF-16 stream was transcoded, when the last four count its UTF-8 bytes).
 */
export interface CaptureResult<Bytes extends Uint8Array = Uint8Array>
  extends Pick<
    BoundedSinkResult<Bytes>,
    | 'keptBytes'
    | 'omittedBytes'
    | 'truncated'
    | 'markerIndex'
    | 'omittedStart'
    | 'matchedLines'
    | 'keptMatchedLines'
  > {
  label: string;
  /** The kept output decoded, with the truncation marker, the excerpts and any binary placeholder in place. */
  text: string;
  /** Raw bytes read from the source, counted before any stage touched them. */
  bytes: number;
  /**
   * The truncation marker, or `null`. Its counts are of the text the budget is spent on: rendered
   * bytes with `render: 'terminal'` (it says `rendered bytes`), bytes after folding with `foldRepeats`;
   * past a full head whose redactor was passed over, bytes as they came to the redactor (see `redactions`).
   */
  marker: string | null;
  /** Whether the binary guard withheld any of the stream. */
  binaryWithheld: boolean;
  /** Raw bytes the guard withheld. */
  withheldBytes: number;
  /** The binary placeholder, on its own line after the kept text (never cut by `maxBytes`), or `null`. */
  placeholder: string | null;
  /** Where the placeholder starts in `text` (UTF-16 units), or `null`. */
  placeholderIndex: number | null;
  /** `'utf-16le'` or `'utf-16be'` when the stream was UTF-16 with a byte-order mark and was transcoded. */
  transcodedFrom: string | null;
  /** Bytes the terminal renderer emitted (the text the budget is spent on), or `null` when not rendering. */
  renderedBytes: number | null;
  /**
   * Bytes rendering took away: what the renderer read less what it emitted (escape sequences, redrawn
   * frames); negative when cursor moves padded more than they cost. `0` when not rendering.
   */
  renderedAwayBytes: number;
  /**
   * Bytes folding took away: the repeated lines removed less the `[previous line repeated N more times]`
   * notices added (negative for short lines repeated once). `0` without `foldRepeats`.
   */
  foldedBytes: number;
  /** The renderer's counts with `render: 'terminal'`, else `null`. */
  renderer: TerminalRendererStats | null;
  /** The folder's counts with `foldRepeats`, else `null`. */
  folder: RepeatFolderStats | null;
  /**
   * Secrets replaced by `[REDACTED:<kind>]` with `redact`, else `null` (not looked for). With a head-only
   * budget and no excerpts the redactor is passed over from the first chunk after the kept head filled
   * (nothing after it is shown): this then counts every secret shown and those met up to there, not those
   * of the omitted rest.
   */
  redactions: number | null;
  /** Those secrets by kind (`github-token`, `env:API_TOKEN`, …) with `redact`, else `null`. */
  redactionsByKind: Record<string, number> | null;
  /**
   * Where the omitted part begins in the raw stream, or `null` (not truncated, a transcoded stream, or
   * beyond what the stages remember): the exact byte offset when `rawOffsetsExact`, else the offset
   * of the start of the raw line it falls in (a short line after a redraw may give an earlier line's).
   */
  omittedSourceStart: number | null;
  /**
   * Whether raw offsets (`omittedSourceStart`, each excerpt's `offset`) are exact byte offsets: `true`
   * unless rendering, folding or a redaction, when they name the start of the raw line the text came
   * from (an excerpt's stays exact after a redaction; a marker's bytes map to its secret's start).
   */
  rawOffsetsExact: boolean;
  /** Lines kept from the omitted part with `keepMatches`: `offset` raw (see `rawOffsetsExact`), `line` in the rendered text. */
  excerpts: MatchExcerpt<Bytes>[];
  /** Counts of the decoder over the kept bytes. */
  decoder: FallbackDecoderStats;
  /** Lines cut at `maxLineBytes` (0 when no line cap is set). */
  clippedLines: number;
  /** The file holding the raw stream, with `spill` and a stream that had bytes, else `null`. */
  spillPath: string | null;
  /** Bytes in the spill file (at most `spillMaxBytes`). */
  spilledBytes: number;
}

/** The spill file's facts, as a capture reports them (Node's shell only). */
export interface SpillFacts {
  path: string;
  spilledBytes: number;
  /** Whether the file was made (a stream with bytes). */
  created: boolean;
  /** The code of what stopped spilling, or `null`. */
  stoppedBy: string | null;
}

/** What {@link composeCapture} puts together: the sink's result, the decoded text and the stages' counts. */
export interface CaptureParts<Bytes extends Uint8Array> {
  settings: Pick<ResolvedPresetOptions, 'label' | 'keep' | 'maxBytes'>;
  kept: BoundedSinkResult<Bytes>;
  head: DecodedText;
  tail: DecodedText | null;
  /** Raw bytes the counter saw. */
  bytes: number;
  spill: SpillFacts | null;
  guard: BinaryGuardStats | null;
  /** The UTF-16 flavour transcoded, or `null`. */
  transcodedFrom: Utf16Encoding | null;
  renderer: TerminalRendererStats | null;
  folder: RepeatFolderStats | null;
  /** The redactor's counts with `redact`, else `null`. */
  redactor: SecretRedactorStats | null;
  /** Redacts the capture's own notes (marker, placeholder) as the stream was; identity without `redact`. */
  redactNote: (note: string) => string;
  headLines: HeadLineOffsets | null;
  /** The raw offset of the sink's first byte while nothing changed offsets (a part after a checkpoint). @defaultValue `0` */
  sourceBase?: number;
  /** Decodes an excerpt line: UTF-8 when it is, else the first fallback encoding (as the decoder would). */
  decodeExcerpt: (bytes: Bytes) => string;
}

/** Puts a finished pipeline's sink result, decoded text and stage counts together as its {@link CaptureResult}. */
export function composeCapture<Bytes extends Uint8Array>(parts: CaptureParts<Bytes>): CaptureResult<Bytes> {
  const { settings, kept, head, tail, spill, transcodedFrom, headLines, redactNote } = parts;
  const { label, keep } = settings;
  const rendererStats = parts.renderer;
  const folderStats = parts.folder;
  const guardStats = parts.guard;
  const redactorStats = parts.redactor;
  // A redaction changes lengths within its line: where the omitted part starts is then known to its line.
  const rawOffsetsExact =
    rendererStats === null && folderStats === null && (redactorStats?.redactions ?? 0) === 0;
  // Output offsets are raw ones up to the guard's first withheld run.
  const guardShifted = (guardStats?.withheldFrom ?? Number.POSITIVE_INFINITY) < (kept.omittedStart ?? 0);
  const omittedSourceStart =
    transcodedFrom === null
      ? sourceStartOf(
          kept,
          headLines,
          rawOffsetsExact && !guardShifted,
          rawOffsetsExact,
          parts.sourceBase ?? 0,
        )
      : null;
  const marker = kept.truncated
    ? redactNote(
        formatTruncationMarker({
          label,
          omittedBytes: kept.omittedBytes,
          totalBytes: kept.totalBytes,
          // Only a stream with a budget is ever truncated.
          limitBytes: settings.maxBytes as number,
          counted: rendererStats ? 'rendered bytes' : folderStats ? 'bytes after folding' : 'bytes',
          matches:
            kept.matchedLines > 0 ? { kept: kept.keptMatchedLines, matched: kept.matchedLines } : undefined,
          spill: spill
            ? {
                path: spill.path,
                spilledBytes: spill.spilledBytes,
                rawBytes: parts.bytes,
                omittedSourceStart,
                exact: rawOffsetsExact,
                stoppedBy: spill.stoppedBy,
              }
            : undefined,
        }),
      )
    : null;
  const excerptText = formatExcerpts(kept.excerpts, parts.decodeExcerpt);
  const placed = marker && tail ? joinAroundMarker(head.text, marker, tail.text, keep, excerptText) : null;
  const body = placed ? placed.text : head.text;
  const placeholder = guardStats?.placeholder ? redactNote(guardStats.placeholder) : null;
  const separator = endsAtLineStart(body) ? '' : '\n';
  return {
    label,
    text: placeholder ? `${body}${separator}${placeholder}\n` : body,
    bytes: parts.bytes,
    keptBytes: kept.keptBytes,
    omittedBytes: kept.omittedBytes,
    truncated: kept.truncated,
    marker,
    markerIndex: placed ? placed.markerIndex : null,
    omittedStart: kept.omittedStart,
    matchedLines: kept.matchedLines,
    keptMatchedLines: kept.keptMatchedLines,
    binaryWithheld: guardStats?.withheld ?? false,
    withheldBytes: guardStats?.withheldBytes ?? 0,
    placeholder,
    placeholderIndex: placeholder ? body.length + separator.length : null,
    transcodedFrom,
    renderedBytes: rendererStats?.bytesOut ?? null,
    renderedAwayBytes: rendererStats ? rendererStats.bytesIn - rendererStats.bytesOut : 0,
    foldedBytes: folderStats ? folderStats.foldedBytes - folderStats.noticeBytes : 0,
    renderer: rendererStats,
    folder: folderStats,
    redactions: redactorStats?.redactions ?? null,
    redactionsByKind: redactorStats?.redactionsByKind ?? null,
    omittedSourceStart,
    rawOffsetsExact,
    excerpts: kept.excerpts,
    decoder: tail ? addDecoderStats(head.decoder, tail.decoder) : head.decoder,
    clippedLines: head.clippedLines + (tail?.clippedLines ?? 0),
    spillPath: spill?.created ? spill.path : null,
    spilledBytes: spill?.spilledBytes ?? 0,
  };
}

/**
 * The raw offset of the omitted part: its sink offset while nothing before it was changed; else where
 * its line came from, plus (for an unrendered, unfolded stream) its place in that line.
 */
function sourceStartOf(
  kept: BoundedSinkResult<Uint8Array>,
  headLines: HeadLineOffsets | null,
  unchanged: boolean,
  withinLine: boolean,
  sourceBase: number,
): number | null {
  const start = kept.omittedStart;
  if (start === null) return null;
  if (unchanged) return start + sourceBase;
  const lineStart = start === 0 ? 0 : kept.bytes.lastIndexOf(LF, start - 1) + 1;
  const source = headLines ? headLines.sourceLineStartOf(lineStart) : lineStart === 0 ? 0 : null;
  return source === null || !withinLine ? source : source + start - lineStart;
}

function addDecoderStats(a: FallbackDecoderStats, b: FallbackDecoderStats): FallbackDecoderStats {
  // Every field is a count: summing them all keeps up with the decoder's stats as they change.
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof FallbackDecoderStats)[]) sum[key] += b[key];
  return sum;
}
