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
  /** The kept head, the sink's own copy (a view of one buffer with `tail`). */
  head: Buffer;
  /** The kept tail, the sink's own copy. */
  tail: Buffer;
  totalBytes: number;
  maxBytes: number | null;
  keep: KeepMode;
  label: string;
}

/** Composes a sink's result from the bytes it holds: cuts between characters and places the marker. */
export function composeResult({
  head,
  tail,
  totalBytes,
  maxBytes,
  keep,
  label,
}: HeldBytes): BoundedSinkResult {
  if (maxBytes === null || totalBytes <= maxBytes) {
    const bytes = joinKept(head, tail);
    return withLazyText(
      {
        bytes,
        totalBytes,
        keptBytes: bytes.length,
        omittedBytes: 0,
        truncated: false,
        marker: null,
        omittedStart: null,
      },
      () => ({ text: DECODER.decode(bytes), markerIndex: null }),
    );
  }
  // Cut only between characters; the marker's counts include the few bytes backed off.
  const keptHead = head.subarray(0, findUtf8BoundaryBefore(head, head.length));
  const keptTail = tail.subarray(skipUtf8Continuation(tail, 0));
  const keptBytes = keptHead.length + keptTail.length;
  const omittedBytes = totalBytes - keptBytes;
  const marker = formatTruncationMarker(label, omittedBytes, totalBytes, maxBytes);
  return withLazyText(
    {
      bytes: joinKept(keptHead, keptTail),
      totalBytes,
      keptBytes,
      omittedBytes,
      truncated: true,
      marker,
      omittedStart: keptHead.length,
    },
    () => joinAroundMarker(DECODER.decode(keptHead), marker, DECODER.decode(keptTail), keep),
  );
}

/**
 * The kept head then tail as one Buffer. Both are views of the sink's own copy of what it kept, so
 * they are returned as they are, or as one view when they touch, instead of being copied again.
 */
function joinKept(head: Buffer, tail: Buffer): Buffer {
  if (tail.length === 0) return head;
  if (head.length === 0) return tail;
  if (head.buffer === tail.buffer && head.byteOffset + head.length === tail.byteOffset) {
    return Buffer.from(head.buffer, head.byteOffset, head.length + tail.length);
  }
  return Buffer.concat([head, tail]);
}

/**
 * Adds `text` and `markerIndex` as enumerable getters decoded on first read: a consumer that decodes
 * the kept bytes its own way (the preset does) never pays for a second decode of up to `maxBytes`.
 */
function withLazyText(
  result: Omit<BoundedSinkResult, 'text' | 'markerIndex'>,
  decode: () => { text: string; markerIndex: number | null },
): BoundedSinkResult {
  let decoded: { text: string; markerIndex: number | null } | undefined;
  const read = () => {
    decoded ??= decode();
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
