import { type ByteOps, concatBytes, copyBytes, validateByteOps } from '@pipeguard/shared/core';
import { type CutAt, cutHeadEnd, splitAllowance } from './cut-points';
import { type BoundedSinkOptions, resolveSinkOptions } from './sink-options';

/**
 * Follows what a sink with the same options is written and hands out, as soon as it is sure of them,
 * the bytes its result will keep at the start of its head whatever the stream writes next: all of them
 * with `maxBytes: null`; else what lies before the reach of the head's cut (its last quarter at lines,
 * its last character), and once the stream is longer than `maxBytes` the head up to its cut exactly.
 * With `keepMatches` nothing: an excerpt owns its whole line, which may start anywhere in the head. It
 * holds at most the head's cut reach; what it has not handed out when the stream ends, the sink's
 * result gives.
 */
export class SettledHead {
  readonly #ops: ByteOps;
  readonly #maxBytes: number | null;
  readonly #headLimit: number;
  readonly #cutAt: CutAt;
  /** Bytes before this offset are kept whatever comes; the exact cut waits for the stream's end when `null`. */
  readonly #bound: number;
  readonly #exactWhenFull: boolean;
  #pending: Uint8Array[] = [];
  #settled = 0;
  #written = 0;
  #full = false;

  /**
   * @param options - The sink's options (`sourceOffsetOf` is not needed), with the byte scans to use.
   * @throws TypeError or RangeError as `BoundedSinkCore` throws them for the same options.
   */
  constructor(options: BoundedSinkOptions & { byteOps: ByteOps }) {
    const { byteOps, ...sinkOptions } = options;
    validateByteOps(byteOps);
    const { maxBytes, keep, cutAt, patterns, matchShare } = resolveSinkOptions(sinkOptions);
    this.#ops = byteOps;
    this.#maxBytes = maxBytes;
    this.#cutAt = cutAt;
    this.#headLimit = maxBytes === null ? Number.POSITIVE_INFINITY : splitAllowance(maxBytes, keep).head;
    // Excerpts of `keepMatches` own whole lines, and a line they take may start anywhere in the head:
    // nothing of it is sure before the end.
    const matching = maxBytes !== null && patterns !== null && Math.floor(maxBytes * matchShare) > 0;
    this.#exactWhenFull = !matching;
    // The cut goes back at most a quarter of the head's allowance (at lines) or one character, and reads
    // the byte before.
    const reach = cutAt === 'line' ? Math.floor(this.#headLimit / 4) + 1 : 0;
    this.#bound = matching || maxBytes === null ? 0 : Math.max(0, this.#headLimit - Math.max(reach, 3));
  }

  /** Bytes handed out so far: the settled head's length. */
  get settledBytes(): number {
    return this.#settled;
  }

  /** Takes the next bytes of the stream and returns those newly settled (a view or copy; empty when none). */
  write(bytes: Uint8Array): Uint8Array {
    const from = this.#written;
    this.#written += bytes.length;
    if (this.#maxBytes === null) {
      this.#settled = this.#written;
      return bytes;
    }
    if (this.#full) return bytes.subarray(0, 0);
    const head = bytes.subarray(0, Math.max(0, Math.min(bytes.length, this.#headLimit - from)));
    if (head.length > 0) this.#pending.push(copyBytes(this.#ops, head));
    if (this.#written > this.#maxBytes) {
      this.#full = true;
      if (this.#exactWhenFull) return this.#settleTo(this.#cutEnd());
      return this.#settleTo(this.#bound);
    }
    return this.#settleTo(Math.min(this.#bound, this.#written));
  }

  /** The exact end of the kept head, the stream being longer than `maxBytes`, as the sink will cut it. */
  #cutEnd(): number {
    const view = concatBytes(this.#ops, this.#pending);
    this.#pending = [view];
    const end = this.#headLimit - this.#settled;
    return this.#settled + cutHeadEnd(view, end, this.#headLimit, this.#cutAt, this.#ops);
  }

  /** Hands out the pending bytes up to `end` (nothing when they are handed out already). */
  #settleTo(end: number): Uint8Array {
    if (end <= this.#settled) return new Uint8Array(0);
    const pending = concatBytes(this.#ops, this.#pending);
    const count = end - this.#settled;
    this.#pending = this.#full ? [] : [pending.subarray(count)];
    this.#settled = end;
    return pending.subarray(0, count);
  }
}
