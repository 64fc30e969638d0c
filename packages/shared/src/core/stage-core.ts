/** Where a core's output goes: called synchronously, zero or more times, during `write` or `end`. */
export type Emit<Out> = (out: Out) => void;

/**
 * A stage's logic without a runtime: bytes in, output handed to `emit`, an explicit end. No `node:*`,
 * no `Buffer`, no stream class: a Node `Transform` and a WHATWG `TransformStream` are thin shells that
 * drive the same core, so both give the same output and stats for the same bytes.
 *
 * Ownership: the caller may reuse or overwrite `bytes` as soon as `write` returns, so a core copies
 * whatever it keeps past the call. What it hands to `emit` may be a view of `bytes` (no copy), valid
 * until `write` returns: a shell passes it on at once, as a `PassThrough` passes on its chunk.
 */
export interface StageCore<Out, Stats> {
  /** Works on the next bytes of the input; `emit` receives what they complete. */
  write(bytes: Uint8Array, emit: Emit<Out>): void;
  /** Ends the input: `emit` receives what was held. A core written to after its end throws. */
  end(emit: Emit<Out>): void;
  /** A fresh plain object of fixed shape. */
  readonly stats: Stats;
}

/**
 * A core that works on the units of an earlier core instead of bytes (a clipper or a decoder after a
 * line splitter): the same contract as `StageCore` (`./core`), with `In` for `Uint8Array`.
 */
export interface UnitCore<In, Out, Stats> {
  /** Works on the next unit; `emit` receives what it completes. */
  write(input: In, emit: Emit<Out>): void;
  /** Ends the input: `emit` receives what was held. */
  end(emit: Emit<Out>): void;
  /** A fresh plain object of fixed shape. */
  readonly stats: Stats;
}

/**
 * The error a core throws when written to after its end: Node's own code for the same misuse of a stream.
 */
export function writeAfterEndError(core: string): Error {
  return Object.assign(new Error(`${core} was written to after its end`), {
    code: 'ERR_STREAM_WRITE_AFTER_END',
  });
}
