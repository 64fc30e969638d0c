import { BinaryGuard } from '@pipeguard/binary-guard';
import { BoundedSink, type BoundedSinkResult, joinAroundMarker } from '@pipeguard/bounded-sink';
import { ByteCounter } from '@pipeguard/byte-counter';
import type { FallbackDecoderStats } from '@pipeguard/fallback-decoder';
import { endsAtLineStart } from '@pipeguard/shared';
import type { Readable } from 'readable-stream';
import { CaptureSizeLimit, MAX_CAPTURE_BYTES } from './capture-size-limit';
import { composeStreams } from './compose-streams';
import { createDecodeStages, decodeKept } from './decode-kept';
import { type PipelineOptions, resolvePipelineOptions } from './pipeline-options';
import { SpillTap } from './spill-tap';
import { Utf16Transcoder } from './utf16-transcoder';

/** What {@link pipeline} hands back for one stream: safe text and the true counts behind it. */
export interface Capture
  extends Pick<
    BoundedSinkResult,
    'keptBytes' | 'omittedBytes' | 'truncated' | 'markerIndex' | 'omittedStart'
  > {
  label: string;
  /** The kept output decoded, with the truncation marker and any binary placeholder in place. */
  text: string;
  /** Raw bytes read from the source, counted before any stage touched them. */
  bytes: number;
  /** The truncation marker (naming the spill file with `spill`), or `null`. */
  marker: string | null;
  /** Whether the binary guard withheld any of the stream. */
  binaryWithheld: boolean;
  /** Raw bytes the guard withheld; `bytes === keptBytes + omittedBytes + withheldBytes` unless transcoded. */
  withheldBytes: number;
  /** The binary placeholder, on its own line after the kept text (never cut by `maxBytes`), or `null`. */
  placeholder: string | null;
  /** Where the placeholder starts in `text` (UTF-16 units), or `null`. */
  placeholderIndex: number | null;
  /** `'utf-16le'` or `'utf-16be'` when the stream was UTF-16 with a byte-order mark and was transcoded. */
  transcodedFrom: string | null;
  /** Counts of the decoder over the kept bytes. */
  decoder: FallbackDecoderStats;
  /** Lines cut at `maxLineBytes` (0 when no line cap is set). */
  clippedLines: number;
  /** The file holding the raw stream, with `spill`, else `null`. */
  spillPath: string | null;
  /** Bytes in the spill file (at most `spillMaxBytes`). */
  spilledBytes: number;
}

/** The stages a running {@link pipeline} composed, for live progress (`stages.counter.bytes`…). */
export interface PipelineStages {
  counter: ByteCounter;
  spill: SpillTap | null;
  guard: BinaryGuard | null;
  transcoder: Utf16Transcoder;
  sink: BoundedSink;
}

/** A running {@link pipeline}: a promise of its capture that also exposes its stages. */
export type PipelineRun = Promise<Capture> & { stages: PipelineStages };

/**
 * Composes ByteCounter → BinaryGuard → (UTF-16 → UTF-8) → BoundedSink over any byte stream, then
 * splits, clips and decodes only the bytes the sink kept: discarded bytes cost no more than counting.
 * Errors of the source or of any stage reject the promise, and every stage is destroyed.
 * @throws TypeError or RangeError for an invalid option, before anything is read.
 */
export function pipeline(source: NodeJS.ReadableStream | Readable, options?: PipelineOptions): PipelineRun {
  const settings = resolvePipelineOptions(options);
  const { label, maxBytes, keep } = settings;
  // Built now so that every stage's options are validated before anything is read.
  const headStages = createDecodeStages(settings);
  const counter = new ByteCounter();
  const guard = settings.binaryGuard
    ? new BinaryGuard({
        label,
        windowBytes: settings.windowBytes,
        // The placeholder is placed after the kept text, outside the byte budget it must never be cut by.
        emitPlaceholder: false,
        ...(settings.command === undefined ? {} : { command: settings.command }),
      })
    : null;
  const transcoder = new Utf16Transcoder(() => guard?.encoding);
  const sink = new BoundedSink({ maxBytes, keep, label });
  const spill = settings.spill === null ? null : new SpillTap(settings.spill, label, settings.spillMaxBytes);
  // Only a capture that may outgrow a string needs counting on its way to the sink.
  const limit = maxBytes === null || maxBytes > MAX_CAPTURE_BYTES ? new CaptureSizeLimit(label) : null;
  const stages = { counter, spill, guard, transcoder, sink };
  const chain = [counter, spill, guard, transcoder, limit, sink].filter((stage) => stage !== null);
  const run = (async (): Promise<Capture> => {
    await composeStreams([source, ...chain]);
    const kept = await sink.done;
    const headBytes = kept.omittedStart ?? kept.bytes.length;
    const head = await decodeKept(kept.bytes.subarray(0, headBytes), headStages, { label });
    const tailOffset = kept.totalBytes - (kept.bytes.length - headBytes);
    const tail = kept.truncated
      ? await decodeKept(kept.bytes.subarray(headBytes), createDecodeStages(settings, tailOffset), {
          label,
          decodedLength: head.text.length,
        })
      : null;
    const guardStats = guard?.stats;
    // Withheld bytes only ever follow the passed ones, so sink offsets are raw offsets unless transcoded.
    const exactOffsets = transcoder.encoding === null;
    const marker =
      kept.marker && spill
        ? addressMarker(kept.marker, spill, counter.bytes, exactOffsets ? kept.omittedStart : null)
        : kept.marker;
    const placed = marker && tail ? joinAroundMarker(head.text, marker, tail.text, keep) : null;
    const body = placed ? placed.text : head.text;
    const placeholder = guardStats?.placeholder ?? null;
    const separator = endsAtLineStart(body) ? '' : '\n';
    return {
      label,
      text: placeholder ? `${body}${separator}${placeholder}\n` : body,
      bytes: counter.bytes,
      keptBytes: kept.keptBytes,
      omittedBytes: kept.omittedBytes,
      truncated: kept.truncated,
      marker,
      markerIndex: placed ? placed.markerIndex : null,
      omittedStart: kept.omittedStart,
      binaryWithheld: guardStats?.withheld ?? false,
      withheldBytes: guardStats?.withheldBytes ?? 0,
      placeholder,
      placeholderIndex: placeholder ? body.length + separator.length : null,
      transcodedFrom: transcoder.encoding,
      decoder: tail ? addDecoderStats(head.decoder, tail.decoder) : head.decoder,
      clippedLines: head.clippedLines + (tail?.clippedLines ?? 0),
      spillPath: spill?.path ?? null,
      spilledBytes: spill?.spilledBytes ?? 0,
    };
  })();
  return Object.assign(run, { stages });
}

function addDecoderStats(a: FallbackDecoderStats, b: FallbackDecoderStats): FallbackDecoderStats {
  // Every field is a count: summing them all keeps up with the decoder's stats as they change.
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof FallbackDecoderStats)[]) sum[key] += b[key];
  return sum;
}

/** Extends a truncation marker with where the raw stream was spilled and where its omitted part starts. */
function addressMarker(
  marker: string,
  spill: SpillTap,
  totalBytes: number,
  omittedStart: number | null,
): string {
  const what =
    spill.spilledBytes < totalBytes ? `its first ${spill.spilledBytes} bytes are in` : 'full output in';
  const where = omittedStart === null ? '' : `; omitted bytes start at byte offset ${omittedStart}`;
  return `${marker.slice(0, -1)}; ${what} ${spill.path}${where}]`;
}
