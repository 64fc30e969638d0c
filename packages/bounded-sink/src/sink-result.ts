import { type ByteOps, concatBytes, endsAtLineStart } from '@pipeguard/shared/core';
import { type CutAt, cutHeadEnd, cutTailStart, splitAllowance } from './cut-points';
import { formatExcerpts, type MatchExcerpt } from './excerpt';
import type { KeepMode } from './keep-mode';
import { formatTruncationMarker } from './marker';

const DECODER = new TextDecoder();

/**
 * What a bounded sink kept of its stream, and how much it dropped. `Bytes` is the kind of byte array:
 * `Uint8Array` from a core, `Buffer` from the Node stage.
 */
export interface BoundedSinkResult<Bytes extends Uint8Array = Uint8Array> {
  /** The kept raw bytes of the head and tail (head then tail for `'both'`); excerpts are in `excerpts`. */
  bytes: Bytes;
  /** The kept bytes decoded as UTF-8 (with replacement), the marker and excerpts in place when truncated. */
  text: string;
  totalBytes: number;
  /** Head, tail and excerpt bytes kept: `keptBytes + omittedBytes === totalBytes`. */
  keptBytes: number;
  omittedBytes: number;
  truncated: boolean;
  /** The marker's text, or `null` when nothing was omitted. */
  marker: string | null;
  /** Index of the marker in `text` (UTF-16 units), or `null`. */
  markerIndex: number | null;
  /**
   * Sink offset of the first omitted byte, or `null`; the omitted bytes run from there to the kept
   * tail, except the excerpts' bytes.
   */
  omittedStart: number | null;
  /** `omittedStart` mapped through the `sourceOffsetOf` option (raw when mapped); `null` when it cannot be. */
  omittedSourceStart: number | null;
  /** The lines kept from the omitted part with `keepMatches`, in stream order (empty otherwise). */
  excerpts: MatchExcerpt<Bytes>[];
  /** Bytes of `excerpts`, counted in `keptBytes` (not in `bytes`). */
  excerptBytes: number;
  /** Lines of the omitted part that matched, kept or not (0 without `keepMatches`). */
  matchedLines: number;
  /** How many of `matchedLines` are among `excerpts`. */
  keptMatchedLines: number;
}

/** The matches a sink found in the part it omits, when there was at least one. */
export interface HeldMatches {
  excerpts: MatchExcerpt[];
  excerptBytes: number;
  /** Counts the matching lines whose start lies in `[from, to)` (sink offsets). */
  countMatches: (from: number, to: number) => number;
  keptMatchedLines: number;
}

/** What a sink holds when it composes its result. */
export interface HeldBytes {
  /** The held head then the held tail window (the stream's last bytes), the sink's own copy. */
  kept: Uint8Array;
  /** How many of `kept`'s bytes are the head; the rest are the tail. */
  headLength: number;
  /** The byte just before `tail` in the stream, when known. */
  byteBeforeTail: number | undefined;
  totalBytes: number;
  maxBytes: number | null;
  keep: KeepMode;
  label: string;
  cutAt: CutAt;
  matches: HeldMatches | null;
  sourceOffsetOf: (offset: number) => number | null;
  ops: ByteOps;
}

/** Composes a sink's result from the bytes it holds: places the cuts, the marker and the excerpts. */
export function composeResult(held: HeldBytes): BoundedSinkResult {
  const { kept, totalBytes, maxBytes, keep, label, matches, ops } = held;
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
        omittedSourceStart: null,
        excerpts: [],
        excerptBytes: 0,
        matchedLines: 0,
        keptMatchedLines: 0,
      },
      (bytes) => ({ text: DECODER.decode(bytes), markerIndex: null }),
    );
  }
  const head = kept.subarray(0, held.headLength);
  const tail = kept.subarray(held.headLength);
  const excerptBytes = matches?.excerptBytes ?? 0;
  const allowance = splitAllowance(maxBytes - excerptBytes, keep);
  const first = matches?.excerpts[0];
  const last = matches?.excerpts.at(-1);
  // Excerpts lie in the omitted part: the head ends before the first, the tail starts after the last.
  const headEnd = cutHeadEnd(
    head,
    Math.min(allowance.head, head.length, first?.sinkOffset ?? Number.POSITIVE_INFINITY),
    allowance.head,
    held.cutAt,
    ops,
  );
  const tailOffset = totalBytes - tail.length;
  // An excerpt cut to nothing (a character longer than the cap) still owns its line's first byte.
  const tailFrom = Math.max(
    totalBytes - allowance.tail,
    last ? last.sinkOffset + Math.max(1, last.bytes.length) : 0,
  );
  const tailStart = cutTailStart(
    tail,
    tailFrom - tailOffset,
    allowance.tail,
    held.cutAt,
    held.byteBeforeTail,
    ops,
  );
  const keptTail = tail.subarray(tailStart);
  const keptBytes = headEnd + keptTail.length + excerptBytes;
  const omittedBytes = totalBytes - keptBytes;
  const found = matches
    ? {
        matched: matches.countMatches(headEnd, tailOffset + tailStart),
        kept: matches.keptMatchedLines,
      }
    : undefined;
  const marker = formatTruncationMarker(label, omittedBytes, totalBytes, maxBytes, found);
  const excerpts = matches?.excerpts ?? [];
  return withLazyText(
    {
      bytes: cutKept(kept, headEnd, held.headLength + tailStart, ops),
      totalBytes,
      keptBytes,
      omittedBytes,
      truncated: true,
      marker,
      omittedStart: headEnd,
      omittedSourceStart: held.sourceOffsetOf(headEnd),
      excerpts,
      excerptBytes,
      matchedLines: found?.matched ?? 0,
      keptMatchedLines: found?.kept ?? 0,
    },
    (bytes) =>
      joinAroundMarker(
        DECODER.decode(bytes.subarray(0, headEnd)),
        marker,
        DECODER.decode(bytes.subarray(headEnd)),
        keep,
        formatExcerpts(excerpts),
      ),
  );
}

/**
 * `kept` without the bytes from `headEnd` to `tailStart` given back around the cut: `kept` itself or
 * a view of it when one side is all that is left, a copy only when bytes were given back between two.
 */
function cutKept(kept: Uint8Array, headEnd: number, tailStart: number, ops: ByteOps): Uint8Array {
  if (headEnd === tailStart) return kept;
  if (tailStart === kept.length) return kept.subarray(0, headEnd);
  if (headEnd === 0) return kept.subarray(tailStart);
  return concatBytes(ops, [kept.subarray(0, headEnd), kept.subarray(tailStart)]);
}

/**
 * Adds `text` and `markerIndex` as enumerable getters decoded on first read: a consumer that decodes
 * the kept bytes its own way (the preset does) never pays for a second decode of up to `maxBytes`.
 * `decode` is handed the result's `bytes`, so until it runs they are all the result keeps alive.
 */
function withLazyText(
  result: Omit<BoundedSinkResult, 'text' | 'markerIndex'>,
  decode: (bytes: Uint8Array) => { text: string; markerIndex: number | null },
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
 * line of its own after the head, before the tail, with the excerpts' lines (from `formatExcerpts`, each
 * ending with a line feed) right after it. Returns the text and the marker's index in it.
 */
export function joinAroundMarker(
  headText: string,
  marker: string,
  tailText: string,
  keep: KeepMode,
  excerptText = '',
): { text: string; markerIndex: number } {
  const separator = endsAtLineStart(headText) ? '' : '\n';
  const before = keep === 'tail' ? '' : `${headText}${separator}`;
  const after =
    keep === 'head' ? (excerptText === '' ? '' : `\n${excerptText}`) : `\n${excerptText}${tailText}`;
  return { text: `${before}${marker}${after}`, markerIndex: before.length };
}
