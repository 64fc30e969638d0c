import type { LineTerminator } from '@pipeguard/line-splitter';

/** A line as it arrived, decoded; `offset` counts bytes written to the `LiveLines`. */
export interface LiveLine {
  type: 'line';
  /** The decoded line without its terminator, clipped at `maxLineBytes` with a marker. */
  text: string;
  /** What ended it: `'\n'`, `'\r\n'`, `'\r'`, or `''` for a cut at `maxUnitBytes` or the end of input. */
  terminator: LineTerminator;
  /** Byte offset of the line's first byte in the input. */
  offset: number;
  /** Whether `maxLineBytes` cut the line. */
  clipped: boolean;
}

/** Lines the consumer did not get because it fell behind, in the place where they were. */
export interface LiveDrop {
  type: 'dropped';
  /** Lines dropped here. */
  lines: number;
  /** Their bytes, terminators included (the next line's offset is that much further). */
  bytes: number;
}

/** What a consumer of `LiveLines` receives, in input order. */
export type LiveEvent = LiveLine | LiveDrop;
