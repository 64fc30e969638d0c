import { resolveAutoFallback } from '@pipeguard/fallback-decoder';
import type { ChildOutput } from '../capture/child-like';
import { CaptureChain } from '../preset/capture-chain';
import type { Capture, SpillFacts } from '../preset/capture-result';
import { NODE_CHAIN_TOOLS } from '../preset/node-chain-tools';
import { optionKeysOf } from '../preset/option-table';
import type { PipelineOptions } from '../preset/pipeline-options';
import { SpillTap } from '../spill/spill-tap';

/** Where a read's bytes lie in a stream's raw output: `start` included, `end` excluded. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What one stream gave between two reads: its capture, through the chain, the raw range it covers, what is unsettled. */
export interface StreamRead {
  capture: Capture;
  range: ByteRange;
  /** The text at the end of the reader's view of the stream that is not settled yet (see `CommandRead.unsettled`). */
  unsettled: string;
  /** Characters at the start of the last read's `unsettled` that stand as they were (see `CommandRead.unchanged`). */
  unchanged: number;
}

/** Raw bytes of the current read kept for `waitFor()` to look back on: the end of the unread output. */
const RECENT_BYTES = 64 * 1024;
const CHAIN_OPTION_KEYS = optionKeysOf('pipeline');

/**
 * A child's output stream cut into reads: one {@link CaptureChain} for the whole stream, fed each chunk as it
 * comes (so nothing waits between reads but what the cores hold, and the kept bytes of the current read,
 * at most `maxBytes`), and checkpointed at each read. The spill file, if asked for, takes the whole stream.
 */
export class SegmentedOutput {
  readonly #options: PipelineOptions;
  readonly #chain: CaptureChain;
  readonly #spill: SpillTap | null;
  #source: ChildOutput | null = null;
  /** Where the current read starts in the raw output. */
  #readStart = 0;
  #bytes = 0;
  #ended = false;
  #finished = false;
  /** Whether the last read showed output not settled yet (a quiet stream's next read must show it again). */
  #heldShown = false;
  /** A core's error (the capture outgrew the runtime's strings): the next take fails with it. */
  #failure: Error | null = null;
  #recent: Buffer[] = [];
  #recentBytes = 0;
  #empty: Capture | null = null;
  /** Resolves once the stream has ended or closed (a failed pipe has nothing more to give either). */
  closed: Promise<void> = Promise.resolve();

  /**
   * Builds the chain, which validates the options before anything is spawned.
   * @throws TypeError or RangeError for an invalid pipeline option.
   */
  constructor(options: PipelineOptions) {
    this.#options = options;
    this.#chain = new CaptureChain(options, CHAIN_OPTION_KEYS, NODE_CHAIN_TOOLS, {
      resolveFallback: resolveAutoFallback,
      checkpoints: true,
    });
    const { spill, label, spillMaxBytes } = this.#chain.settings;
    this.#spill = spill === null ? null : new SpillTap(spill, label, spillMaxBytes);
    // The tap's readable side carries the same bytes on: nothing reads them.
    this.#spill?.resume();
    this.#spill?.on('error', (error: Error) => {
      this.#failure ??= error;
    });
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

  /**
   * Ends the current read and starts the next: resolves with the capture of what came since the last;
   * `final`: the stream has ended, and the chain with it (a later take reads nothing).
   */
  async take(final = false): Promise<StreamRead> {
    const range = { start: this.#readStart, end: this.#bytes };
    this.#readStart = this.#bytes;
    this.#recent = [];
    this.#recentBytes = 0;
    if (this.#failure !== null) throw this.#failure;
    if (this.#finished || (!final && range.end === range.start && !this.#heldShown))
      return { capture: this.#emptyCapture(), range, unsettled: '', unchanged: 0 };
    if (final) {
      this.#finished = true;
      await this.#endSpill();
      const capture = this.#chain.finish(this.#spillFacts()) as Capture;
      return { capture, range, unsettled: '', unchanged: this.#chain.unchanged };
    }
    const { capture, unsettled, unchanged } = this.#chain.checkpoint(this.#spillFacts());
    this.#heldShown = unsettled !== '';
    return { capture: capture as Capture, range, unsettled, unchanged };
  }

  /** Stops reading the stream (it ended, or it is given up) and closes it. */
  detach(): void {
    if (this.#source === null || this.#ended) return;
    this.#ended = true;
    this.#source.removeListener('data', this.#write);
    this.#source.destroy();
  }

  /** Stops reading and removes the spill file (the command failed: no read will come). */
  discard(_error: Error): void {
    this.detach();
    this.#finished = true;
    void this.#spill?.discard();
  }

  readonly #write = (chunk: Buffer): void => {
    this.#bytes += chunk.length;
    this.#recent.push(chunk);
    this.#recentBytes += chunk.length;
    while (this.#recentBytes - (this.#recent[0]?.length ?? 0) >= RECENT_BYTES) {
      this.#recentBytes -= (this.#recent.shift() as Buffer).length;
    }
    if (this.#failure !== null || this.#finished) return;
    const spill = this.#spill;
    if (spill !== null && !spill.write(chunk)) {
      this.#source?.pause();
      spill.once('drain', () => this.#source?.resume());
    }
    try {
      this.#chain.write(chunk);
    } catch (error) {
      this.#failure = error as Error;
    }
  };

  /** A read of nothing: the capture of a chain over no bytes (built once, then copied). */
  #emptyCapture(): Capture {
    this.#empty ??= new CaptureChain(this.#options, CHAIN_OPTION_KEYS, NODE_CHAIN_TOOLS, {
      resolveFallback: resolveAutoFallback,
    }).finish() as Capture;
    return copyFlat(this.#empty);
  }

  #spillFacts(): SpillFacts | null {
    const spill = this.#spill;
    if (spill === null) return null;
    const { path, spilledBytes, created, stoppedBy } = spill;
    return { path, spilledBytes, created, stoppedBy: stoppedBy?.code ?? null };
  }

  #endSpill(): Promise<void> {
    const spill = this.#spill;
    if (spill === null || spill.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      spill.once('end', resolve);
      spill.once('close', resolve);
      spill.end();
    });
  }
}

/**
 * A fresh copy of a capture whose object values hold no objects (an empty one's `decoder` counts, `excerpts`):
 * a quiet stream's read costs a copy, not a `structuredClone` (a tenth of a read's own cost).
 */
function copyFlat(capture: Capture): Capture {
  const copy: Record<string, unknown> = { ...capture };
  for (const key in copy) {
    const value = copy[key];
    if (Array.isArray(value)) copy[key] = [...value];
    else if (value !== null && typeof value === 'object') copy[key] = { ...value };
  }
  return copy as unknown as Capture;
}
