import { endsAtLineStart, findUtf8BoundaryBefore, skipUtf8Continuation } from '@pipeguard/shared';
import type { KeepMode } from './keep-mode';
import { formatTruncationMarker } from './marker';

const DECODER = new TextDecoder();

/** What a `BoundedSink` kept of its stream, and how much it dropped. */
export interface BoundedSinkResult {
  /** The kept raw bytes (head then tail for `'both'`). */
  bytes: Buffer;
  /** The kept bytes decoded as UTF-8 (with replacement), the marker in place when truncated. */
  text: string;
  totalBytes: number;
  keptBytes: number;
  omittedBytes: number;
  truncated: boolean;
  /** The marker's text, or `null` when nothing was omitted. */
  marker: string | null;
  /** Index of the marker in `text` (UTF-16 units), or `null`. */
  markerIndex: number | null;
  /** Stream byte offset of the first omitted byte, or `null`; the omitted bytes are contiguous. */
  omittedStart: number | null;
}

/** What a sink holds when it composes its result. */
export interface HeldBytes {
  /** The kept head then tail, the sink's own copy. */
  kept: Buffer;
  /** How many of `kept`'s bytes are the head; the rest are the tail. */
  headLength: number;
  totalBytes: number;
  maxBytes: number | null;
  keep: KeepMode;
  label: string;
}

/** Composes a sink's result from the bytes it holds: cuts between characters and places the marker. */
export function composeResult({
  kept,
  headLength,
  totalBytes,
  maxBytes,
  keep,
  label,
}: HeldBytes): BoundedSinkResult {
  if (maxBytes === null || totalBytes <= maxBytes) {
    return withLazyText(
      {
        bytes: kept,
        totalBytes,
        keptBytes: kept.length,
        omittedBytes: 0,
        truncated: false,
        marker: null,
        omittedStart: null,
      },
      (bytes) => ({ text: DECODER.decode(bytes), markerIndex: null }),
    );
  }
  // Cut only between characters; the marker's counts include the few bytes backed off.
  const headEnd = findUtf8BoundaryBefore(kept, headLength);
  const tailStart = skipUtf8Continuation(kept, headLength);
  const keptBytes = headEnd + kept.length - tailStart;
  const omittedBytes = totalBytes - keptBytes;
  const marker = formatTruncationMarker(label, omittedBytes, totalBytes, maxBytes);
  return withLazyText(
    {
      bytes: cutKept(kept, headEnd, tailStart),
      totalBytes,
      keptBytes,
      omittedBytes,
      truncated: true,
      marker,
      omittedStart: headEnd,
    },
    (bytes) =>
      joinAroundMarker(
        DECODER.decode(bytes.subarray(0, headEnd)),
        marker,
        DECODER.decode(bytes.subarray(headEnd)),
        keep,
      ),
  );
}

/**
 * `kept` without the bytes from `headEnd` to `tailStart` backed off around the cut: `kept` itself or
 * a view of it when one side is all that is left, a copy only when bytes were backed off between two.
 */
function cutKept(kept: Buffer, headEnd: number, tailStart: number): Buffer {
  if (headEnd === tailStart) return kept;
  if (tailStart === kept.length) return kept.subarray(0, headEnd);
  if (headEnd === 0) return kept.subarray(tailStart);
  return Buffer.concat([kept.subarray(0, headEnd), kept.subarray(tailStart)]);
}

/**
 * Adds `text` and `markerIndex` as enumerable getters decoded on first read: a consumer that decodes
 * the kept bytes its own way (the preset does) never pays for a second decode of up to `maxBytes`.
 * `decode` is handed the result's `bytes`, so until it runs they are all the result keeps alive.
 */
function withLazyText(
  result: Omit<BoundedSinkResult, 'text' | 'markerIndex'>,
  decode: (bytes: Buffer) => { text: string; markerIndex: number | null },
): BoundedSinkResult {
  const { bytes } = result;
  let decoded: { text: string; markerIndex: number | null } | undefined;
  const read = () => {
    decoded ??= decode(bytes);
    return decoded;
  };
  return Object.defineProperties(result, {
    text: { enumerable: true, get: () => read().text },
    markerIndex: { enumerable: true, get: () => read().markerIndex },
  }) as BoundedSinkResult;
}

/**
 * Places a marker between the kept head text and tail text the way every capture shows it: on a
 * line of its own after the head, before the tail. Returns the text and the marker's index in it.
 */
export function joinAroundMarker(
  headText: string,
  marker: string,
  tailText: string,
  keep: KeepMode,
): { text: string; markerIndex: number } {
  const separator = endsAtLineStart(headText) ? '' : '\n';
  const before = keep === 'tail' ? '' : `${headText}${separator}`;
  const after = keep === 'head' ? '' : `\n${tailText}`;
  return { text: `${before}${marker}${after}`, markerIndex: before.length };
}
