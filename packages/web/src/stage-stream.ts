import type { Emit } from '@pipeguard/shared/core';
import { acceptBytes } from './accept-bytes';

/**
 * A chunk of at least this many bytes goes to the core a few microtask turns after it is written, so
 * that a pipe has asked its source for the next chunk first: the source's read (a file, a socket, a
 * child's pipe) runs meanwhile, as a Node stream reads ahead of its transform. A smaller chunk goes to
 * the core at once (its work is short; a line splitter's units come one per line).
 */
export const OVERLAP_FROM_BYTES = 4096;

/**
 * Microtask turns between a write and the core's work on its chunk. Node 20's `pipeTo` asks for the next
 * read two turns after a write whose queue has room (the writable side queues two chunks); Bun's, Deno's
 * and Chromium's read ahead of the write anyway. Twice that, for margin: a turn costs ~0.1 µs.
 */
const READ_AHEAD_TURNS = 4;

/** A promise that settles `turns` microtask turns from now. */
function afterTurns(turns: number): Promise<void> {
  let later = Promise.resolve();
  for (let turn = 1; turn < turns; turn++) later = later.then();
  return later;
}

/**
 * What a {@link StageStream} drives: a `StageCore` from `@pipeguard/shared/core` (`In` is `Uint8Array`),
 * or a core whose input is not bytes (the decoder takes the splitter's line units), with the same contract.
 */
export interface ChunkCore<In, Out, Stats> {
  /** Works on the next chunk; `emit` receives what it completes. */
  write(chunk: In, emit: Emit<Out>): void;
  /** Ends the input: `emit` receives what was held. */
  end(emit: Emit<Out>): void;
  /** A fresh plain object of fixed shape. */
  readonly stats: Stats;
}

/** How a {@link StageStream} queues and which chunks it takes. */
export interface StageStreamInit<In, Out> {
  /**
   * Queuing on the writable side, as `TransformStream`'s second argument.
   * @defaultValue `{ highWaterMark: 2 }` (the chunk being worked on and the next, read meanwhile)
   */
  writableStrategy?: QueuingStrategy<In>;
  /**
   * Queuing on the readable side, as `TransformStream`'s third argument.
   * @defaultValue `{ highWaterMark: 0 }` (nothing ahead of a read, as `TransformStream`)
   */
  readableStrategy?: QueuingStrategy<Out>;
  /**
   * Checks a written chunk and returns it as the core's input; throws (a `TypeError`) to error the stream.
   * @defaultValue `acceptBytes`: a `Uint8Array`, else Node's `ERR_INVALID_ARG_TYPE` `TypeError`
   */
  acceptChunk?: (chunk: unknown) => In;
  /**
   * What the core needs before its first chunk (a codepage's table being loaded): the stream takes no chunk
   * until it fulfils, and errors with its reason if it rejects.
   * @defaultValue `undefined` (ready at once)
   */
  ready?: Promise<unknown>;
}

/**
 * A `TransformStream` that drives a stage's runtime-free core: each chunk goes to `core.write`, the end
 * of the input to `core.end`, and what the core emits is enqueued at once. A chunk of
 * {@link OVERLAP_FROM_BYTES} or more goes to the core a few microtask turns later, after a pipe has asked
 * for the next chunk (its writable side queues two): the source's read and the core's work overlap, where
 * an identity `TransformStream` would leave the source idle while the core works. An error the core throws
 * errors both sides with that very error (its class and `code` intact); backpressure is the queuing
 * strategies' as for any `TransformStream`. Output may be a view of the written chunk, as an identity
 * `TransformStream` passes the chunk itself: a writer does not reuse a chunk's buffer before it is read.
 */
export class StageStream<Out, Stats, In = Uint8Array> extends TransformStream<In, Out> {
  readonly #core: ChunkCore<In, Out, Stats>;

  /**
   * @param core - The core to drive; the stream owns it from now on.
   * @param init - See {@link StageStreamInit}.
   * @throws RangeError when a strategy's `highWaterMark` is negative or NaN (from `TransformStream`).
   */
  constructor(core: ChunkCore<In, Out, Stats>, init: StageStreamInit<In, Out> = {}) {
    const accept = init.acceptChunk ?? (acceptBytes as (chunk: unknown) => In);
    let emit: Emit<Out> = () => {};
    super(
      {
        // One closure for the stream's life: a small chunk's path allocates nothing.
        start: (controller) => {
          emit = (out) => controller.enqueue(out);
          return init.ready;
        },
        transform: (chunk) => {
          const input = accept(chunk);
          if (!(input instanceof Uint8Array) || input.length < OVERLAP_FROM_BYTES) {
            core.write(input, emit);
            return undefined;
          }
          return afterTurns(READ_AHEAD_TURNS).then(() => core.write(input, emit));
        },
        flush: () => core.end(emit),
      },
      init.writableStrategy ?? { highWaterMark: 2 },
      init.readableStrategy,
    );
    this.#core = core;
  }

  /** The core's counters: a fresh plain object on each get. */
  get stats(): Stats {
    return this.#core.stats;
  }
}
