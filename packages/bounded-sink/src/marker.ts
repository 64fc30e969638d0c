/**
 * What a truncation marker says, one field per fact: every word of a marker is written here, so a
 * caller that adds to it (the preset names what the counts count and where the raw stream went)
 * passes fields, never edits the text.
 */
export interface TruncationMarkerFields {
  /** The stream's name (`stdout`). */
  label: string;
  omittedBytes: number;
  totalBytes: number;
  /** The byte budget (`maxBytes`). */
  limitBytes: number;
  /** What the counts count when not the raw bytes: `'rendered bytes'`, `'bytes after folding'`. @defaultValue `'bytes'` */
  counted?: string;
  /** Matching lines of the omitted part, with `keepMatches`, when there were any. */
  matches?: { kept: number; matched: number } | undefined;
  /** Where the raw stream was written, with the preset's `spill`. */
  spill?: SpillAddress | undefined;
}

/** Where a spilled raw stream is, and where its omitted part starts in it. */
export interface SpillAddress {
  path: string;
  /** Bytes the spill file holds. */
  spilledBytes: number;
  /** Bytes of the raw stream. */
  rawBytes: number;
  /** Raw offset of the omitted part, or `null` when it cannot be told. */
  omittedSourceStart: number | null;
  /** Whether that offset is exact, or the start of the raw line the omitted part falls in. */
  exact: boolean;
  /** Why the file stopped growing before the stream's end (an error code such as `ENOSPC`), or `null`. */
  stoppedBy: string | null;
}

/** `1 byte`, `2 bytes`: a count and its noun, singular for one. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/**
 * The exact words of a truncation marker: `...[stdout truncated: N of M bytes omitted; limit is L bytes]`,
 * with `; K of X matching lines kept` before the bracket when the omitted part had matching lines, and
 * the spill's address after that. The positional form is the sink's own (raw bytes, no spill).
 */
export function formatTruncationMarker(fields: TruncationMarkerFields): string;
export function formatTruncationMarker(
  label: string,
  omittedBytes: number,
  totalBytes: number,
  limit: number,
  matches?: { kept: number; matched: number },
): string;
export function formatTruncationMarker(
  fieldsOrLabel: TruncationMarkerFields | string,
  omittedBytes = 0,
  totalBytes = 0,
  limitBytes = 0,
  matches?: { kept: number; matched: number },
): string {
  const fields =
    typeof fieldsOrLabel === 'string'
      ? { label: fieldsOrLabel, omittedBytes, totalBytes, limitBytes, matches }
      : fieldsOrLabel;
  const counted = fields.counted ?? 'bytes';
  // "K of X matching lines": the noun counts a share, plural whatever X is (bounded-sink's tests say so).
  const found = fields.matches
    ? `; ${fields.matches.kept} of ${fields.matches.matched} matching lines kept`
    : '';
  const spill = fields.spill ? `; ${formatSpillAddress(fields.spill)}` : '';
  return (
    `...[${fields.label} truncated: ${fields.omittedBytes} of ${fields.totalBytes} ${counted} omitted; ` +
    `limit is ${countOf(fields.limitBytes, 'byte')}${found}${spill}]`
  );
}

function formatSpillAddress(spill: SpillAddress): string {
  const stopped = spill.stoppedBy === null ? '' : ` (writing more failed: ${spill.stoppedBy})`;
  const what =
    spill.spilledBytes < spill.rawBytes
      ? `its first ${countOf(spill.spilledBytes, 'byte')} ${spill.spilledBytes === 1 ? 'is' : 'are'} in`
      : 'full output in';
  const where =
    spill.omittedSourceStart === null
      ? ''
      : spill.exact
        ? `; omitted bytes start at byte offset ${spill.omittedSourceStart}`
        : `; omitted part starts in the raw line at byte offset ${spill.omittedSourceStart}`;
  return `${what} ${spill.path}${stopped}${where}`;
}
