import type { SourceOffsets } from '@pipeguard/shared/core';
import { OutputQueue } from './output-queue';
import { RowOutput } from './row-output';

/**
 * Where a core records which input each output byte came from: the seam to the source-offset map (the
 * Node shell passes `SourceOffsetMap` of `@pipeguard/shared/core`).
 */
export interface OutputOffsets extends SourceOffsets {
  /** Records the next `length` output bytes as coming from `inputStart` (exactly, or as a line). */
  record(length: number, inputStart: number, exact: boolean): void;
}

/**
 * The renderer's output: the rows and text the screen hands on, counted, their input recorded in the
 * offsets, and gathered into pieces for `emit`.
 */
export class RecordedOutput {
  readonly rows: RowOutput;
  readonly #queue: OutputQueue;
  #bytesOut = 0;

  constructor(cols: number | null, offsets: OutputOffsets, emit: (piece: Uint8Array) => void) {
    const queue = new OutputQueue(emit);
    this.#queue = queue;
    this.rows = new RowOutput(
      cols,
      (source, start, end, inputStart, exact, stable) => {
        if (end === start) return;
        offsets.record(end - start, inputStart, exact);
        this.#bytesOut += end - start;
        queue.add(source, start, end, stable);
      },
      // A row and its line end are one stretch for the offsets: the line end continues the row exactly, or
      // maps, as the row does, to where its line began.
      (bytes, start, end, crlf, inputStart, exact) => {
        const total = end - start + (crlf ? 2 : 1);
        offsets.record(total, inputStart, exact);
        this.#bytesOut += total;
        queue.addLine(bytes, start, end, crlf);
      },
    );
  }

  get bytesOut(): number {
    return this.#bytesOut;
  }

  /** Hands on what was gathered. */
  flush(): void {
    this.#queue.flush();
  }
}
