import {
  type ByteOps,
  copyBytes,
  type Emit,
  findUtf8BoundaryBefore,
  type SourceOffsets,
  type StageCore,
  sharesMemory,
  validateByteOps,
  writeAfterEndError,
} from '@pipeguard/shared/core';
import { WindowClassifier } from './classify';
import { GuardRecord, type OpenRunView } from './guard-record';
import { HeldBytes } from './held-bytes';
import {
  BINARY_GUARD_OPTIONS,
  type BinaryGuardOptions,
  type ResolvedOptions,
  resolveOptions,
} from './options';
import type { BinaryGuardSegment, BinaryGuardVerdictCounts } from './segment-log';
import type { BinaryGuardEncoding, BinaryGuardStats } from './stats';
import { Utf8Run } from './utf8-run';
import type { Utf16Encoding } from './utf16';
import { WithheldWatch } from './withheld-watch';

const EMPTY = new Uint8Array(0);

/** Options of `BinaryGuardCore`: the stage's, plus the byte scans to use. */
export interface BinaryGuardCoreOptions extends BinaryGuardOptions {
  /** The byte scans and allocation: `nodeByteOps` in Node, `portableByteOps` anywhere. */
  byteOps: ByteOps;
}

/** Where the stream is: in a strict-UTF-8 run, classifying windows, or inside a withheld run. */
type GuardState = 'run' | 'windowing' | 'withheld';

/** The withheld run in progress. */
interface OpenRun {
  from: number;
  controlShare: number;
  watch: WithheldWatch;
}

/**
 * The guard's logic without a runtime: passes text unchanged (UTF-8, legacy codepages, UTF-16 with a BOM)
 * and withholds binary, one placeholder per withheld run in its place. What it emits are views of the
 * written bytes or arrays of its own; what it holds past a `write` is always its own copy: the last few
 * undecided bytes of a UTF-8 run, a window's worth while classifying, a few bytes of a withheld run.
 */
export class BinaryGuardCore implements StageCore<Uint8Array, BinaryGuardStats>, SourceOffsets {
  readonly #options: ResolvedOptions;
  readonly #ops: ByteOps;
  readonly #record: GuardRecord;
  readonly #held: HeldBytes;
  readonly #run: Utf8Run;
  readonly #windows: WindowClassifier;
  #state: GuardState = 'run';
  #open: OpenRun | null = null;
  #ended = false;

  /**
   * @throws TypeError when an option has the wrong type, is not a known option, or `byteOps` is missing.
   * @throws RangeError when `guardWindowBytes` is below 1024 or not a safe integer, or `label` is empty.
   */
  constructor(options: BinaryGuardCoreOptions) {
    const { byteOps, label, guardWindowBytes, command, emitPlaceholder } =
      options ?? ({} as Partial<BinaryGuardCoreOptions>);
    this.#options = resolveOptions(
      options === undefined ? undefined : { label, guardWindowBytes, command, emitPlaceholder },
      [...BINARY_GUARD_OPTIONS, 'byteOps'],
    );
    validateByteOps(byteOps);
    this.#ops = byteOps;
    this.#record = new GuardRecord(this.#options);
    this.#held = new HeldBytes(byteOps);
    this.#run = new Utf8Run(byteOps);
    this.#windows = new WindowClassifier(this.#options.guardWindowBytes, byteOps);
  }

  /** Examines the next bytes; `emit` receives what passes (and placeholders) in order. */
  write(bytes: Uint8Array, emit: Emit<Uint8Array>): void {
    if (this.#ended) throw writeAfterEndError('BinaryGuardCore');
    if (bytes.length === 0) return;
    this.#advance(bytes, false, emit);
    this.#own(bytes);
  }

  /** Ends the input: what was held is decided, a run in progress closed (its clean last line passes). */
  end(emit: Emit<Uint8Array>): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#advance(EMPTY, true, emit);
  }

  /**
   * Classifies now without ending the input (a reader's checkpoint): the undecided end of a UTF-8 run (the
   * look-back that waits for a binary's header, or a first line not yet ended) passes, all but a character
   * the input cut, which stays held. A window being classified or a withheld run stays as it is (at most
   * `guardWindowBytes`): only more input decides those.
   */
  classifyNow(emit: Emit<Uint8Array>): void {
    if (this.#ended || this.#state !== 'run') return;
    const carried = this.#run.carried;
    if (carried.length === 0) return;
    const decided = findUtf8BoundaryBefore(carried, carried.length);
    if (decided === 0) return;
    this.#held.shift(decided, (bytes) => this.#pass(bytes, 'utf-8', null, emit));
    const rest = copyBytes(this.#ops, carried.subarray(decided));
    this.#run.carry(rest);
    this.#held.replace(rest);
  }

  /** Moves `input` and what was held as far as they can go; `final`: the input ends after it. */
  #advance(input: Uint8Array, final: boolean, emit: Emit<Uint8Array>): void {
    const { guardWindowBytes } = this.#options;
    let fresh = input;
    for (;;) {
      if (this.#state === 'withheld') {
        const watch = (this.#open as OpenRun).watch;
        const end = watch.consume(fresh) ?? (final ? watch.finish() : null);
        if (end === null) return;
        this.#closeRun(end.runBytes, emit);
        this.#state = 'run';
        fresh = end.text;
      } else if (this.#state === 'run') {
        if (fresh.length === 0 && !final) return;
        // The held bytes are the run's carried bytes: `extend` reads them from there.
        this.#held.push(fresh);
        const step = this.#run.extend(fresh, final, this.#record.inputOffset);
        this.#held.shift(step.pass, (bytes) => this.#pass(bytes, 'utf-8', null, emit));
        if (!step.window) {
          this.#held.replace(this.#run.carried);
          return;
        }
        this.#state = 'windowing';
        fresh = EMPTY;
      } else {
        this.#held.push(fresh);
        if ((this.#held.length < guardWindowBytes && !final) || this.#held.length === 0) return;
        const offset = this.#record.inputOffset;
        const bytes = this.#held.takeAll();
        const { verdict, controlShare, cut } = this.#windows.classify(bytes, offset, final);
        if (verdict === 'binary') {
          this.#openRun(offset, controlShare);
          this.#state = 'withheld';
          fresh = bytes;
          continue;
        }
        this.#pass(bytes.subarray(0, cut), verdict, controlShare, emit);
        // Back from a legacy window, what follows is new to a UTF-8 run; UTF-16 goes on in windows.
        this.#state = this.#windows.utf16 ? 'windowing' : 'run';
        fresh = bytes.subarray(cut);
      }
    }
  }

  #openRun(from: number, controlShare: number): void {
    const watch = new WithheldWatch({
      windowBytes: this.#options.guardWindowBytes,
      legacy: this.#windows.encoding === 'legacy',
      // A UTF-16 stream stays withheld: its text would need windows aligned to its code units.
      watching: this.#windows.utf16 === null,
      ops: this.#ops,
      settle: (bytes) => this.#record.settle(this.#openView() as OpenRunView, bytes),
    });
    this.#open = { from, controlShare, watch };
  }

  /** Closes the open run, `runBytes` long: records it and emits its placeholder unless asked not to. */
  #closeRun(runBytes: number, emit: Emit<Uint8Array>): void {
    const placeholder = this.#record.closeRun(this.#openView() as OpenRunView, runBytes, this.#windows.utf16);
    this.#open = null;
    if (placeholder) emit(placeholder);
  }

  #pass(
    bytes: Uint8Array,
    verdict: 'utf-8' | 'legacy' | Utf16Encoding,
    share: number | null,
    emit: Emit<Uint8Array>,
  ) {
    if (bytes.length === 0) return;
    this.#record.pass(bytes, verdict, share, this.#windows.utf16);
    emit(bytes);
  }

  /** Copies what is held of `chunk`: its writer may reuse it once `write` returns. */
  #own(chunk: Uint8Array): void {
    if (this.#state === 'withheld') (this.#open as OpenRun).watch.own(chunk);
    else if (this.#state === 'windowing') this.#held.own(chunk);
    else if (sharesMemory(this.#run.carried, chunk)) {
      const carried = copyBytes(this.#ops, this.#run.carried);
      this.#run.carry(carried);
      this.#held.replace(carried);
    }
  }

  #openView(): OpenRunView | null {
    const open = this.#open;
    if (open === null) return null;
    const { from, controlShare, watch } = open;
    return { from, controlShare, settled: watch.settledBytes, held: watch.heldBytes };
  }

  /**
   * The input offset that the output byte at `outputOffset` came from: passed bytes map one for one,
   * a placeholder's bytes to the start of the run it stands for. Answers within the last
   * `SOURCE_OFFSET_LOOKBACK_BYTES` of output; `null` for older or unknown offsets.
   */
  sourceOffsetOf(outputOffset: number): number | null {
    return this.#record.sourceOffsetOf(outputOffset);
  }

  /**
   * One text for every withheld run so far (the single run's placeholder, or a summary of several),
   * or `null`: for a consumer that set `emitPlaceholder: false`.
   */
  get placeholder(): string | null {
    return this.#record.placeholder(this.#openView());
  }

  /** Whether any binary was met (withheld so far, or being withheld). */
  get withheld(): boolean {
    return this.#record.runCount > 0 || this.#open !== null;
  }

  /** Raw input bytes withheld for good so far. */
  get withheldBytes(): number {
    return this.#record.withheldBytes;
  }

  /** Raw input bytes passed through so far (placeholders not included). */
  get passedBytes(): number {
    return this.#record.passedBytes;
  }

  /** How the passed text is encoded; a UTF-16 stream reports it before its first byte is emitted. */
  get encoding(): BinaryGuardEncoding {
    return this.#windows.encoding;
  }

  /** How many segments got each verdict. */
  get verdicts(): BinaryGuardVerdictCounts {
    return this.#record.verdicts;
  }

  /** Copies of the first 32 segments, in stream order. */
  get segments(): BinaryGuardSegment[] {
    return this.#record.segments;
  }

  /** A fresh snapshot of every counter. */
  get stats(): BinaryGuardStats {
    const open = this.#openView();
    const heldBytes = this.#held.length + (open ? open.held : 0);
    return this.#record.stats(open, heldBytes, this.#windows.encoding);
  }
}
