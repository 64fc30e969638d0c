import type { LineBatch } from '@pipeguard/line-splitter';
import { LineSplitter } from '@pipeguard/line-splitter';
import { StateMachine, type Transitions, validateInteger, validateOptionsObject } from '@pipeguard/shared';
import { LineEndScanner } from '@pipeguard/shared/core';
import { LiveLineDecoder } from './live-decode';
import type { LiveDrop, LiveEvent, LiveLine } from './live-events';
import { pullAll } from './live-pull';
import { skipLines } from './live-skip';

/** Options of {@link LiveLines}. */
export interface LiveLinesOptions {
  /** Encoding(s) for lines that are not UTF-8 (iconv-lite names), or `null` for none. @defaultValue `null` */
  fallback?: string | string[] | null;
  /** Byte cap of one line unit without a terminator: a longer line arrives in several. @defaultValue `32768` */
  maxUnitBytes?: number;
  /** Byte cap of each line handed out, with an exact marker for the rest; `null` clips nothing. @defaultValue `null` */
  maxLineBytes?: number | null;
  /**
   * Lines waiting for the consumer before newer ones are dropped: room for the bursts a pipe delivers
   * (a 64 KiB chunk of short lines is a thousand or more) while the consumer waits for its turn.
   * @defaultValue `10000`
   */
  maxQueuedLines?: number;
  /** Bytes of lines waiting for the consumer before newer ones are dropped. @defaultValue `1048576` (1 MiB) */
  maxQueuedBytes?: number;
}

/** Counters of a {@link LiveLines}, as a fresh plain object. */
export interface LiveLinesStats {
  /** Lines found in the input, whatever became of them. */
  lines: number;
  /** Lines handed to the consumer. */
  deliveredLines: number;
  /** Lines dropped because the consumer fell behind. */
  droppedLines: number;
  /** Bytes of the dropped lines. */
  droppedBytes: number;
  /** Lines waiting for the consumer now, those of the batch being handed out included: lines = delivered + dropped + queued. */
  queuedLines: number;
  /** Bytes of the lines waiting now. */
  queuedBytes: number;
}

type QueueEntry = LineBatch | LiveDrop;

/**
 * Where a live view is: `open` (taking input, nobody iterating yet), `consumed` (taking input, iterated),
 * `ended` (input ended, not iterated yet), `draining` (input ended, the consumer takes what is queued)
 * and `closed` (the consumer left: input costs nothing from now on).
 */
type LiveLinesState = 'open' | 'consumed' | 'ended' | 'draining' | 'closed';

const TRANSITIONS: Transitions<LiveLinesState> = {
  open: ['consumed', 'ended'],
  consumed: ['draining', 'closed'],
  ended: ['draining'],
  draining: ['closed'],
  closed: [],
};

const KNOWN_OPTIONS = [
  'fallback',
  'maxUnitBytes',
  'maxLineBytes',
  'maxQueuedLines',
  'maxQueuedBytes',
] as const;

/**
 * Hands the lines of a byte stream to one live consumer as they arrive, as an async iterable of
 * {@link LiveEvent}s, without ever holding the producer back: `write()` only splits and queues; when the
 * queue is full, newer lines are dropped whole, counted, and a `{ type: 'dropped' }` event stands in
 * their place. A queued batch of lines is clipped and decoded when the consumer reaches it, so dropped
 * lines cost one split. Memory: at most `maxQueuedLines` lines and `maxQueuedBytes` bytes queued, plus the line
 * being handed out and the splitter's unfinished line (at most `maxUnitBytes`).
 */
export class LiveLines implements AsyncIterable<LiveEvent> {
  readonly #lifecycle = new StateMachine<LiveLinesState>('A LiveLines', 'open', TRANSITIONS);
  #splitter: LineSplitter;
  readonly #maxUnitBytes: number;
  readonly #decoder: LiveLineDecoder;
  readonly #maxQueuedLines: number;
  readonly #maxQueuedBytes: number;
  readonly #queue: QueueEntry[] = [];
  #queuedLines = 0;
  #queuedBytes = 0;
  /** The decoded lines of the batch being handed out, and the next one's index. */
  #current: { lines: LiveLine[]; next: number } | null = null;
  #drop: LiveDrop | null = null;
  #waiting: ((result: IteratorResult<LiveEvent>) => void) | null = null;
  /** Set when lines were dropped; cleared once the consumer has taken the queue down to half its caps. */
  #dropping = false;
  #lines = 0;
  #delivered = 0;
  #droppedLines = 0;
  #droppedBytes = 0;
  /** Bytes written so far, and where the splitter's last batch ended. */
  #written = 0;
  #splitEnd = 0;
  /**
   * While dropping with the queue over half full, input is not split: its terminators are counted, and
   * this is where the line being skipped started (`null` when splitting). `#skipCr`: it ended with a CR.
   */
  #skipFrom: number | null = null;
  #skipCr = false;
  /** The line-end scan of the skipped chunks: it counts them only. */
  readonly #scanner = new LineEndScanner(undefined, false);

  /**
   * @param options - See {@link LiveLinesOptions}.
   * @throws TypeError for an unknown option or a wrong type; RangeError for a value out of range.
   */
  constructor(options?: LiveLinesOptions) {
    validateOptionsObject(options, KNOWN_OPTIONS);
    const {
      fallback = null,
      maxUnitBytes = 32 * 1024,
      maxLineBytes = null,
      maxQueuedLines = 10_000,
      maxQueuedBytes = 1024 * 1024,
    } = options ?? {};
    validateInteger('maxQueuedLines', maxQueuedLines, { minimum: 1 });
    validateInteger('maxQueuedBytes', maxQueuedBytes, { minimum: 1 });
    this.#splitter = new LineSplitter({ maxUnitBytes, batched: true });
    this.#maxUnitBytes = maxUnitBytes;
    this.#decoder = new LiveLineDecoder(fallback, maxLineBytes, maxUnitBytes);
    this.#maxQueuedLines = maxQueuedLines;
    this.#maxQueuedBytes = maxQueuedBytes;
  }

  /** A snapshot of the counters. */
  get stats(): LiveLinesStats {
    return {
      lines: this.#lines,
      deliveredLines: this.#delivered,
      droppedLines: this.#droppedLines,
      droppedBytes: this.#droppedBytes,
      queuedLines:
        this.#queuedLines + (this.#current === null ? 0 : this.#current.lines.length - this.#current.next),
      queuedBytes: this.#queuedBytes,
    };
  }

  /** Takes the next bytes of the stream; returns at once, whatever the consumer is doing. Do not modify `chunk` afterwards. */
  write(chunk: Buffer): void {
    const state = this.#lifecycle.state;
    if (state !== 'open' && state !== 'consumed') return;
    const start = this.#written;
    this.#written += chunk.length;
    // The splitter's unfinished line, if any, is the first skipped one: it is abandoned with the splitter.
    if (this.#skipFrom === null && this.#dropping && this.#overHalf()) this.#skipFrom = this.#splitEnd;
    let rest = chunk;
    if (this.#skipFrom !== null) {
      const resumeAt = this.#skip(chunk, start);
      if (resumeAt === -1) return;
      rest = chunk.subarray(resumeAt);
      this.#splitter = new LineSplitter({
        maxUnitBytes: this.#maxUnitBytes,
        batched: true,
        startOffset: start + resumeAt,
      });
      this.#splitEnd = start + resumeAt;
      this.#dropping = false;
    }
    this.#splitter.write(rest);
    for (const batch of pullAll<LineBatch>(this.#splitter)) this.#offer(batch);
  }

  /**
   * Counts the lines of a chunk being skipped as dropped; returns where splitting may resume (just past
   * the first terminator once the queue is half empty), or -1 to keep skipping. A line longer than
   * `maxUnitBytes` skipped here counts as one line (split, it would be several units).
   */
  #skip(chunk: Buffer, start: number): number {
    // The LF of a CRLF cut between chunks was counted with its CR.
    const from = this.#skipCr && chunk[0] === 0x0a ? 1 : 0;
    if (from === 1) {
      this.#recordDrop(0, 1);
      this.#skipFrom = start + 1;
    }
    const resume = !this.#overHalf();
    if (resume && this.#skipFrom === start + from) {
      // At a line start: nothing of this chunk belongs to a skipped line.
      this.#skipFrom = null;
      this.#skipCr = false;
      return from;
    }
    const { lines, end, endsWithCr } = skipLines(this.#scanner, chunk, from, resume);
    this.#skipCr = endsWithCr;
    if (lines === 0) return -1;
    this.#recordDrop(lines, start + end - (this.#skipFrom as number));
    this.#skipFrom = start + end;
    if (!resume || endsWithCr) return -1;
    this.#skipFrom = null;
    return end;
  }

  /** Whether input may still come (the live view has not ended nor been left). */
  #takingInput(): boolean {
    const state = this.#lifecycle.state;
    return state === 'open' || state === 'consumed';
  }

  #overHalf(): boolean {
    return this.#queuedLines > this.#maxQueuedLines / 2 || this.#queuedBytes > this.#maxQueuedBytes / 2;
  }

  #recordDrop(lines: number, bytes: number): void {
    this.#lines += lines;
    this.#drop ??= { type: 'dropped', lines: 0, bytes: 0 };
    this.#drop.lines += lines;
    this.#drop.bytes += bytes;
    this.#droppedLines += lines;
    this.#droppedBytes += bytes;
  }

  /** Ends the stream: the last unfinished line is handed out, then the iteration ends. */
  end(): void {
    const state = this.#lifecycle.state;
    if (state !== 'open' && state !== 'consumed') return;
    this.#lifecycle.to(state === 'open' ? 'ended' : 'draining');
    if (this.#skipFrom !== null) {
      // The skipped unfinished last line, if any, is dropped too: its bytes were not kept.
      if (this.#written > this.#skipFrom) this.#recordDrop(1, this.#written - this.#skipFrom);
      if (this.#drop !== null) this.#queue.push(this.#drop);
      this.#drop = null;
    } else {
      this.#splitter.end();
      for (const batch of pullAll<LineBatch>(this.#splitter)) this.#offer(batch, true);
      if (this.#drop !== null) this.#queue.push(this.#drop);
      this.#drop = null;
    }
    this.#wake();
  }

  #offer(batch: LineBatch, ending = false): void {
    const lines = batch.unitCount ?? batch.units.length;
    this.#lines += lines;
    this.#splitEnd = batch.offset + batch.bytes.length;
    // The unfinished last line is let in at the end whatever the caps, so the view ends where the input does.
    // Once dropping, lines are dropped whole until the queue is half empty, so a queue at its caps is not
    // cut into every batch (which builds its units) and the consumer gets runs of lines, not scattered ones.
    if (this.#dropping && !ending) this.#dropping = this.#overHalf();
    const admitted = ending ? batch : this.#dropping ? null : this.#admit(batch, lines);
    const admittedLines = admitted === null ? 0 : (admitted.unitCount ?? admitted.units.length);
    if (admittedLines < lines) this.#dropping = true;
    const droppedBytes = batch.bytes.length - (admitted?.bytes.length ?? 0);
    if (admitted !== null) {
      if (this.#drop !== null) this.#queue.push(this.#drop);
      this.#drop = null;
      this.#queue.push(admitted);
      this.#queuedLines += admittedLines;
      this.#queuedBytes += admitted.bytes.length;
    }
    if (admittedLines < lines) {
      this.#lines -= lines - admittedLines;
      this.#recordDrop(lines - admittedLines, droppedBytes);
    }
    this.#wake();
  }

  /** The batch, or its first lines that fit under both caps (`null` when none does): the rest is dropped. */
  #admit(batch: LineBatch, lines: number): LineBatch | null {
    const roomLines = this.#maxQueuedLines - this.#queuedLines;
    const roomBytes = this.#maxQueuedBytes - this.#queuedBytes;
    if (lines <= roomLines && batch.bytes.length <= roomBytes) return batch;
    if (roomLines <= 0 || roomBytes <= 0) return null;
    // Only a batch cut here has its units built: a full queue drops whole batches without looking inside.
    const units = batch.units.slice(0, roomLines);
    let end = 0;
    let count = 0;
    for (const unit of units) {
      const unitEnd = unit.offset - batch.offset + unit.bytes.length + unit.terminator.length;
      if (unitEnd > roomBytes) break;
      end = unitEnd;
      count++;
    }
    if (count === 0) return null;
    return {
      bytes: batch.bytes.subarray(0, end),
      offset: batch.offset,
      units: units.slice(0, count),
      unitCount: count,
    };
  }

  #wake(): void {
    const waiting = this.#waiting;
    if (waiting === null) return;
    const event = this.#take();
    if (event === null && this.#takingInput()) return;
    this.#waiting = null;
    waiting(event === null ? { value: undefined, done: true } : { value: event, done: false });
  }

  /** The next event for the consumer, or `null` when none is queued. */
  #take(): LiveEvent | null {
    if (this.#current !== null && this.#current.next < this.#current.lines.length) {
      this.#delivered++;
      return this.#current.lines[this.#current.next++] as LiveLine;
    }
    this.#current = null;
    const entry = this.#queue.shift();
    if (entry === undefined) return null;
    if ('type' in entry) return entry;
    this.#queuedLines -= entry.unitCount ?? entry.units.length;
    this.#queuedBytes -= entry.bytes.length;
    // Decoded when the consumer reaches it: a dropped line is never decoded.
    this.#current = { lines: this.#decoder.decode(entry), next: 0 };
    return this.#take();
  }

  /**
   * The events, in input order; there is one consumer, so a second iteration throws. Leaving the loop
   * early stops the splitting: later input costs nothing.
   * @throws Error when iterated a second time.
   */
  [Symbol.asyncIterator](): AsyncIterator<LiveEvent> {
    const state = this.#lifecycle.state;
    if (state !== 'open' && state !== 'ended') {
      throw new Error('LiveLines has one consumer: it can be iterated once');
    }
    this.#lifecycle.to(state === 'open' ? 'consumed' : 'draining');
    return {
      next: () => {
        const event = this.#take();
        if (event !== null) return Promise.resolve({ value: event, done: false });
        if (!this.#takingInput()) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.#waiting = resolve;
        });
      },
      return: () => {
        if (this.#lifecycle.state !== 'closed') this.#lifecycle.to('closed');
        this.#queue.length = 0;
        this.#current = null;
        this.#queuedLines = 0;
        this.#queuedBytes = 0;
        this.#wake();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
