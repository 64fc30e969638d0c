import {
  type ByteOps,
  concatBytes,
  describeReceived,
  type Emit,
  type UnitCore,
  validateByteOps,
  validateInteger,
  validateOptionsObject,
  writeAfterEndError,
} from '@pipeguard/shared/core';
import { clipLine, DEFAULT_MAX_LINE_BYTES, formatClipMarker, type LineClip } from './clip-line';
import { LineClipperError } from './errors';
import { isLineBatch, isLineUnit, type LineBatch, type LineUnit } from './line-unit';

const ENCODER = new TextEncoder();

/** The options a line clipper takes (its Node stage's `LineClipperOptions`). */
export const LINE_CLIPPER_OPTIONS = ['maxLineBytes', 'maxClipRecords'] as const;
const CORE_OPTIONS = [...LINE_CLIPPER_OPTIONS, 'byteOps'] as const;

/** Options of a line clipper. */
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

/** Options of `LineClipperCore`: the stage's, plus the byte scans to use. */
export interface LineClipperCoreOptions extends LineClipperOptions {
  /** The byte scans and allocation: `nodeByteOps` in Node (clipped units are then Buffers), `portableByteOps` anywhere. */
  byteOps: ByteOps;
}

/** A unit as a line clipper emits it: a clipped one carries its `clip`, and its bytes end with the marker. */
export interface ClippedLineUnit<Bytes extends Uint8Array = Uint8Array> extends LineUnit<Bytes> {
  /** Present when the unit was clipped: `bytes` is the kept content followed by the marker's bytes. */
  clip?: LineClip;
}

/** Counters of a line clipper. */
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
 * The clipper's logic without a runtime: caps each unit at `maxLineBytes` content bytes and appends a
 * marker naming the omitted bytes by stream offset. A unit leaves as itself or clipped; a batch as itself
 * or, when it holds a clipped unit, as sub-batches (views of its bytes) around that clipped unit. Holds
 * nothing between writes.
 */
export class LineClipperCore
  implements UnitCore<LineUnit | LineBatch, LineUnit | LineBatch, LineClipperStats>
{
  #ended = false;
  readonly #ops: ByteOps;
  readonly #maxLineBytes: number;
  readonly #maxClipRecords: number;
  #units = 0;
  #clippedUnits = 0;
  #omittedBytes = 0;
  #longestUnitBytes = 0;
  #clips: LineClip[] = [];

  /**
   * @throws {TypeError} When `options` or one of its fields has the wrong type, a key is unknown or
   * `byteOps` is missing.
   * @throws {RangeError} When `maxLineBytes` is below 1 or `maxClipRecords` below 0, or either is fractional.
   */
  constructor(options: LineClipperCoreOptions) {
    validateOptionsObject(options, CORE_OPTIONS);
    const {
      maxLineBytes = DEFAULT_MAX_LINE_BYTES,
      maxClipRecords = 100,
      byteOps,
    } = options ?? ({} as Partial<LineClipperCoreOptions>);
    validateInteger('maxLineBytes', maxLineBytes, { minimum: 1 });
    validateInteger('maxClipRecords', maxClipRecords);
    validateByteOps(byteOps);
    this.#ops = byteOps;
    this.#maxLineBytes = maxLineBytes;
    this.#maxClipRecords = maxClipRecords;
  }

  /**
   * Starts over as a core just built with the same options (counters and clips cleared), without checking
   * them again: it holds nothing between writes, so a reader that clips one part after another keeps one.
   */
  restart(): void {
    this.#ended = false;
    this.#units = 0;
    this.#clippedUnits = 0;
    this.#omittedBytes = 0;
    this.#longestUnitBytes = 0;
    this.#clips = [];
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

  /**
   * Clips a unit or a batch.
   * @throws LineClipperError (`ERR_LINE_CLIPPER_INVALID_CHUNK`) when `chunk` is neither.
   */
  write(chunk: LineUnit | LineBatch, emit: Emit<LineUnit | LineBatch>): void {
    if (this.#ended) throw writeAfterEndError('LineClipperCore');
    if (isLineBatch(chunk)) this.#clipBatch(chunk, emit);
    else if (isLineUnit(chunk)) emit(this.#clipUnit(chunk));
    else {
      throw new LineClipperError(
        'ERR_LINE_CLIPPER_INVALID_CHUNK',
        `LineClipper takes LineUnit or LineBatch objects from a LineSplitter. Received ${describeReceived(chunk)}`,
      );
    }
  }

  /** Ends the input: nothing is held, so nothing is emitted. */
  end(_emit?: Emit<LineUnit | LineBatch>): void {
    this.#ended = true;
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
    const marker = ENCODER.encode(formatClipMarker(clip, this.#ops.isUtf8(kept) ? '…' : '...'));
    const bytes = concatBytes(this.#ops, [kept, marker], kept.length + marker.length);
    return { bytes, terminator: unit.terminator, offset: unit.offset, clip };
  }

  /** Emits the batch as is, or, when a unit in it is clipped, views of it around each clipped unit. */
  #clipBatch(batch: LineBatch, emit: Emit<LineUnit | LineBatch>): void {
    const { unitCount, longestUnitBytes } = batch;
    if (unitCount !== undefined && longestUnitBytes !== undefined && longestUnitBytes <= this.#maxLineBytes) {
      // Nothing to clip: count from the batch's numbers, so a lazy batch builds no units here.
      this.#units += unitCount;
      if (longestUnitBytes > this.#longestUnitBytes) this.#longestUnitBytes = longestUnitBytes;
      emit(batch);
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
        emitRun(batch.bytes, units.slice(runFirst, index), runStart, position, runLongest, emit);
        emit(clipped);
        runFirst = index + 1;
        runStart = next;
        runLongest = 0;
      }
      position = next;
    }
    if (runFirst === 0) emit(batch);
    else emitRun(batch.bytes, units.slice(runFirst), runStart, position, runLongest, emit);
  }
}

/** Emits `units`, whose bytes and terminators are `bytes[start, end)`, as one batch (none: nothing). */
function emitRun(
  bytes: Uint8Array,
  units: LineUnit[],
  start: number,
  end: number,
  longest: number,
  emit: Emit<LineUnit | LineBatch>,
): void {
  if (units.length === 0) return;
  emit({
    bytes: bytes.subarray(start, end),
    // The first unit's own offset: an earlier unit rewritten upstream keeps its stream offset, so
    // the batch's offset plus a position is not always a stream offset.
    offset: (units[0] as LineUnit).offset,
    units,
    unitCount: units.length,
    longestUnitBytes: longest,
  } satisfies LineBatch);
}
