import { PassThrough } from 'readable-stream';
import type { ChildOutput } from '../capture/child-like';
import type { Capture } from '../preset/capture-result';
import { type PipelineRun, pipeline } from '../preset/pipeline';
import type { PipelineOptions } from '../preset/pipeline-options';

/** Where a read's bytes lie in a stream's raw output: `start` included, `end` excluded. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What one stream gave between two reads: its capture, through the whole chain, and the raw range it covers. */
export interface StreamRead {
  capture: Capture;
  range: ByteRange;
}

/** Raw bytes of the current read kept for `waitFor()` to look back on: the end of the unread output. */
const RECENT_BYTES = 64 * 1024;

/** The output one stream gives between two reads: a pipeline of its own, so kept bytes never exceed `maxBytes`. */
interface Segment {
  input: PassThrough;
  run: PipelineRun;
}

/**
 * A child's output stream cut into reads: each read's bytes go through a `pipeline()` of their own (bounded,
 * rendered, folded, with exact markers for what was left out), so memory between reads is that pipeline's.
 * The child's stream is paused while the current pipeline is over its high-water mark.
 */
export class SegmentedOutput {
  readonly #options: PipelineOptions;
  #source: ChildOutput | null = null;
  /** The current read's pipeline: opened at the first byte after a take, so that a last take opens none. */
  #segment: Segment | null = null;
  /** What a read of nothing gives: the first pipeline's capture, built before the spawn over no bytes. */
  readonly #empty: Promise<Capture>;
  /** Where the current read starts in the raw output. */
  #readStart = 0;
  #bytes = 0;
  #ended = false;
  #recent: Buffer[] = [];
  #recentBytes = 0;
  /** Resolves once the stream has ended or closed (a failed pipe has nothing more to give either). */
  closed: Promise<void> = Promise.resolve();

  /**
   * Builds a first pipeline, over no bytes, which validates the options before anything is spawned and
   * gives every read of nothing its capture (a quiet stream's reads then cost no pipeline).
   * @throws TypeError or RangeError for an invalid pipeline option.
   */
  constructor(options: PipelineOptions) {
    this.#options = options;
    const { input, run } = this.#open();
    input.end();
    this.#empty = run;
    run.catch(() => {});
  }

  /** Reads `source` (`null`: a stream the child does not have, which reads empty). */
  attach(source: ChildOutput | null): void {
    this.#source = source;
    this.#ended = source === null;
    this.closed =
      source === null
        ? Promise.resolve()
        : new Promise((resolve) => {
            source.once('end', resolve);
            source.once('close', resolve);
            source.once('error', resolve);
          });
    source?.on('data', this.#write);
  }

  /** Raw bytes read from the stream so far. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Raw bytes since the last {@link take}. */
  get unread(): number {
    return this.#bytes - this.#readStart;
  }

  /** The last raw bytes (at most 64 KiB) of the output since the last {@link take}. */
  unreadTail(): Buffer {
    return Buffer.concat(this.#recent);
  }

  /** Ends the current read and starts the next: resolves with the capture of what came since the last. */
  async take(): Promise<StreamRead> {
    const range = { start: this.#readStart, end: this.#bytes };
    const segment = this.#segment;
    this.#segment = null;
    this.#readStart = this.#bytes;
    this.#recent = [];
    this.#recentBytes = 0;
    if (segment === null) return { capture: structuredClone(await this.#empty), range };
    segment.input.end();
    this.#source?.resume();
    return { capture: await segment.run, range };
  }

  /** Stops reading the stream (it ended, or it is given up) and closes it. */
  detach(): void {
    if (this.#source === null || this.#ended) return;
    this.#ended = true;
    this.#source.removeListener('data', this.#write);
    this.#source.destroy();
  }

  /** Destroys the pipeline of the current read (the command failed: no read will come). */
  discard(error: Error): void {
    this.detach();
    this.#segment?.input.destroy(error);
    this.#segment?.run.catch(() => {});
  }

  readonly #write = (chunk: Buffer): void => {
    this.#bytes += chunk.length;
    this.#recent.push(chunk);
    this.#recentBytes += chunk.length;
    while (this.#recentBytes - (this.#recent[0]?.length ?? 0) >= RECENT_BYTES) {
      this.#recentBytes -= (this.#recent.shift() as Buffer).length;
    }
    this.#segment ??= this.#open();
    if (!this.#segment.input.write(chunk)) {
      this.#source?.pause();
      this.#segment.input.once('drain', () => this.#source?.resume());
    }
  };

  #open(): Segment {
    const input = new PassThrough();
    return { input, run: pipeline(input, this.#options) };
  }
}
