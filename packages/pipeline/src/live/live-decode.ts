import { FallbackDecoder } from '@pipeguard/fallback-decoder';
import {
  type ClippedLineUnit,
  isLineBatch,
  type LineBatch,
  LineClipper,
  type LineUnit,
} from '@pipeguard/line-splitter';
import type { LiveLine } from './live-events';
import { pullAll, pullOne } from './live-pull';

/** The first CR or LF from `lastIndex` on: where a decoded line ends. */
const LINE_END = /[\r\n]/g;
const LF = 0x0a;
const CR = 0x0d;
/** How far a forced cut may back off from `maxUnitBytes` to keep a UTF-8 character whole. */
const UTF8_BACK_OFF = 3;

/**
 * Turns a batch of line units into decoded {@link LiveLine}s: the batch is clipped (LineClipper) and
 * decoded (FallbackDecoder) whole, at batch speed, and the text is cut back into lines at CR and LF,
 * which no decoded line content holds (its bytes had none, and fallback encodings keep ASCII as is).
 */
export class LiveLineDecoder {
  readonly #clipper: LineClipper | null;
  readonly #decoder: FallbackDecoder;

  readonly #maxLineBytes: number;
  readonly #maxUnitBytes: number;

  /** Builds the stages, which validates their options. */
  constructor(fallback: string | string[] | null, maxLineBytes: number | null, maxUnitBytes: number) {
    this.#clipper = maxLineBytes === null ? null : new LineClipper({ maxLineBytes });
    this.#decoder = new FallbackDecoder({ fallback });
    this.#maxLineBytes = maxLineBytes ?? Number.POSITIVE_INFINITY;
    this.#maxUnitBytes = maxUnitBytes;
  }

  /** The batch's lines, decoded and clipped, in order. */
  decode(batch: LineBatch): LiveLine[] {
    const lines: LiveLine[] = [];
    const longest = batch.longestUnitBytes;
    if (
      longest !== undefined &&
      longest < this.#maxUnitBytes - UTF8_BACK_OFF &&
      longest <= this.#maxLineBytes
    ) {
      // No unit was cut at maxUnitBytes and none is clipped: cut without building the units.
      this.#cutWhole(pullOne<string | null>(this.#decoder, batch) ?? '', batch, lines);
    } else if (this.#clipper === null) {
      this.#cut(pullOne<string | null>(this.#decoder, batch) ?? '', batch.units, lines);
    } else {
      this.#clipper.write(batch);
      // A clipper hands on runs of units as batches and each clipped unit alone.
      for (const item of [...pullAll<LineBatch | ClippedLineUnit>(this.#clipper)]) {
        const units = isLineBatch(item) ? item.units : [item];
        this.#cut(pullOne<string | null>(this.#decoder, item) ?? '', units, lines);
      }
    }
    return lines;
  }

  /**
   * Cuts the decoded text of a batch with no unit cut at `maxUnitBytes`: the text at its CRs and LFs, the
   * bytes at theirs for the offsets (each scan native and forward only). Only the last unit of the input
   * may lack a terminator.
   */
  #cutWhole(text: string, batch: LineBatch, lines: LiveLine[]): void {
    const { bytes } = batch;
    let nextLf = bytes.indexOf(LF);
    let nextCr = bytes.indexOf(CR);
    let position = 0;
    let byteStart = 0;
    while (byteStart < bytes.length) {
      if (nextLf !== -1 && nextLf < byteStart) nextLf = bytes.indexOf(LF, byteStart);
      if (nextCr !== -1 && nextCr < byteStart) nextCr = bytes.indexOf(CR, byteStart);
      const found = nextCr === -1 || (nextLf !== -1 && nextLf < nextCr) ? nextLf : nextCr;
      const byteEnd = found === -1 ? bytes.length : found;
      const terminator =
        found === -1 ? '' : bytes[byteEnd] === LF ? '\n' : bytes[byteEnd + 1] === LF ? '\r\n' : '\r';
      LINE_END.lastIndex = position;
      const end = found === -1 ? text.length : (LINE_END.exec(text)?.index ?? text.length);
      lines.push({
        type: 'line',
        text: text.slice(position, end),
        terminator,
        offset: batch.offset + byteStart,
        clipped: false,
      });
      position = end + terminator.length;
      byteStart = byteEnd + terminator.length;
    }
  }

  /** Cuts the decoded text of `units` into their lines. */
  #cut(text: string, units: readonly (LineUnit | ClippedLineUnit)[], lines: LiveLine[]): void {
    let position = 0;
    for (const unit of units) {
      let end: number;
      if (unit.terminator === '') {
        // Cut at maxUnitBytes or the end of input, it has no terminator to find: decoded alone, it gives its length.
        end = position + (pullOne<string | null>(this.#decoder, unit) ?? '').length;
      } else {
        LINE_END.lastIndex = position;
        end = LINE_END.exec(text)?.index ?? text.length;
      }
      lines.push({
        type: 'line',
        text: text.slice(position, end),
        terminator: unit.terminator,
        offset: unit.offset,
        clipped: 'clip' in unit && unit.clip !== undefined,
      });
      position = end + unit.terminator.length;
    }
  }
}
