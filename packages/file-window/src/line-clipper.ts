import { isUtf8 } from 'node:buffer';
import { isLineBatch, isLineUnit, type LineBatch, type LineUnit } from '@pipeguard/line-splitter';
import {
  describeReceived,
  type TransformCallback,
  validateInteger,
  validateOptionsObject,
} from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { clipLine, DEFAULT_MAX_LINE_BYTES, formatClipMarker, type LineClip } from './clip-line';
import { LineClipperError } from './errors';

const KNOWN_OPTIONS = ['maxLineBytes', 'maxClipRecords'] as const;

/** Options of {@link LineClipper}. */
export interface LineClipperOptions {
  /**
   * Content bytes kept of each unit (terminator excluded); the cut backs off to a character boundary.
   * @defaultValue {@link DEFAULT_MAX_LINE_BYTES} (2000 bytes)
   */
  maxLineBytes?: number;
  /**
   * Clips recorded in `stats.clips`; later clips are only counted.
   * @defaultValue 100 clips
   */
  maxClipRecords?: number;
}

/** A unit as `LineClipper` emits it: a clipped one carries its `clip`, and its bytes end with the marker. */
export interface ClippedLineUnit extends LineUnit {
  /** Present when the unit was clipped: `bytes` is the kept content followed by the marker's bytes. */
  clip?: LineClip;
}

/** Counters of a {@link LineClipper}. */
export interface LineClipperStats {
  /** Units seen (in batches too). */
  units: number;
  /** Units longer than `maxLineBytes`. */
  clippedUnits: number;
  /** Content bytes left out of all clipped units. */
  omittedBytes: number;
  /** Content bytes of the longest unit seen. */
  longestUnitBytes: number;
  /** The first `maxClipRecords` clips; `line` is the 1-based unit number, offsets are stream offsets. */
  clips: LineClip[];
}

/**
 * Caps each `LineSplitter` unit at `maxLineBytes` content bytes and appends a marker naming the omitted
 * bytes by stream offset, e.g. `…[+3000 bytes omitted, starting at byte offset 2000 up to and including
 * byte offset 4999]`. Takes `LineUnit`s or `LineBatch`es in object mode; a unit leaves as a unit, a
 * batch as the same batch or, when it holds a clipped unit, as sub-batches around that clipped unit.
 */
export class LineClipper extends Transform {
  readonly #maxLineBytes: number;
  readonly #maxClipRecords: number;
  #units = 0;
  #clippedUnits = 0;
  #omittedBytes = 0;
  #longestUnitBytes = 0;
  readonly #clips: LineClip[] = [];

  /**
   * @throws {TypeError} When `options` or one of its fields has the wrong type, or a key is unknown.
   * @throws {RangeError} When `maxLineBytes` is below 1 or `maxClipRecords` below 0, or either is fractional.
   */
  constructor(options?: LineClipperOptions) {
    validateOptionsObject(options, KNOWN_OPTIONS);
    const maxLineBytes = options?.maxLineBytes === undefined ? DEFAULT_MAX_LINE_BYTES : options.maxLineBytes;
    const maxClipRecords = options?.maxClipRecords === undefined ? 100 : options.maxClipRecords;
    validateInteger('maxLineBytes', maxLineBytes, { minimum: 1 });
    validateInteger('maxClipRecords', maxClipRecords);
    super({ objectMode: true });
    this.#maxLineBytes = maxLineBytes;
    this.#maxClipRecords = maxClipRecords;
  }

  /** A fresh snapshot of the counters. */
  get stats(): LineClipperStats {
    return {
      units: this.#units,
      clippedUnits: this.#clippedUnits,
      omittedBytes: this.#omittedBytes,
      longestUnitBytes: this.#longestUnitBytes,
      clips: this.#clips.slice(),
    };
  }

  override _transform(chunk: unknown, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (isLineBatch(chunk)) {
      this.#clipBatch(chunk);
      callback();
    } else if (isLineUnit(chunk)) {
      callback(null, this.#clipUnit(chunk));
    } else {
      const received = describeReceived(chunk);
      callback(
        new LineClipperError(
          'ERR_LINE_CLIPPER_INVALID_CHUNK',
          `LineClipper takes LineUnit or LineBatch objects from a LineSplitter. Received ${received}`,
        ),
      );
    }
  }

  #clipUnit(unit: LineUnit): LineUnit | ClippedLineUnit {
    this.#units++;
    const length = unit.bytes.length;
    if (length > this.#longestUnitBytes) this.#longestUnitBytes = length;
    const clip = clipLine(unit.bytes, length, unit.offset, this.#maxLineBytes, this.#units);
    if (clip === undefined) return unit;
    this.#clippedUnits++;
    this.#omittedBytes += clip.omittedBytes;
    if (this.#clips.length < this.#maxClipRecords) this.#clips.push(clip);
    const kept = unit.bytes.subarray(0, clip.keptBytes);
    // A fallback (legacy) decoder will read these bytes: an ASCII ellipsis survives it, U+2026 would not.
    const marker = Buffer.from(formatClipMarker(clip, isUtf8(kept) ? '…' : '...'));
    return { bytes: Buffer.concat([kept, marker]), terminator: unit.terminator, offset: unit.offset, clip };
  }

  /** Pushes the batch as is, or, when a unit in it is clipped, views of it around each clipped unit. */
  #clipBatch(batch: LineBatch): void {
    const { unitCount, longestUnitBytes } = batch;
    if (unitCount !== undefined && longestUnitBytes !== undefined && longestUnitBytes <= this.#maxLineBytes) {
      // Nothing to clip: count from the batch's numbers, so a lazy batch builds no units here.
      this.#units += unitCount;
      if (longestUnitBytes > this.#longestUnitBytes) this.#longestUnitBytes = longestUnitBytes;
      this.push(batch);
      return;
    }
    const { units } = batch;
    // A clipped unit's new bytes cannot sit inside the batch's bytes without copying all of them, so
    // the runs of units that pass as they are leave as views of the batch and each clipped one alone.
    let runFirst = 0;
    let runStart = 0;
    let runLongest = 0;
    let position = 0;
    for (let index = 0; index < units.length; index++) {
      const unit = units[index] as LineUnit;
      const clipped = this.#clipUnit(unit);
      // Positions come from unit lengths, as FallbackDecoder places them, not from stream offsets.
      const next = position + unit.bytes.length + unit.terminator.length;
      if (clipped === unit) {
        if (unit.bytes.length > runLongest) runLongest = unit.bytes.length;
      } else {
        this.#pushRun(batch.bytes, units.slice(runFirst, index), runStart, position, runLongest);
        this.push(clipped);
        runFirst = index + 1;
        runStart = next;
        runLongest = 0;
      }
      position = next;
    }
    if (runFirst === 0) this.push(batch);
    else this.#pushRun(batch.bytes, units.slice(runFirst), runStart, position, runLongest);
  }

  /** Pushes `units`, whose bytes and terminators are `bytes[start, end)`, as one batch (none: nothing). */
  #pushRun(bytes: Buffer, units: LineUnit[], start: number, end: number, longest: number): void {
    if (units.length === 0) return;
    this.push({
      bytes: bytes.subarray(start, end),
      // The first unit's own offset: an earlier unit rewritten upstream keeps its stream offset, so
      // the batch's offset plus a position is not always a stream offset.
      offset: (units[0] as LineUnit).offset,
      units,
      unitCount: units.length,
      longestUnitBytes: longest,
    } satisfies LineBatch);
  }
}
