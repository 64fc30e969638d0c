import { BinaryGuardCore } from '@pipeguard/binary-guard/core';
import {
  BoundedSinkCore,
  type BoundedSinkOptions,
  type BoundedSinkResult,
} from '@pipeguard/bounded-sink/core';
import { ByteCounterCore } from '@pipeguard/byte-counter/core';
import type { LegacyCodec } from '@pipeguard/fallback-decoder/core';
import { RepeatFolderCore } from '@pipeguard/repeat-folder/core';
import { portableLatin1, SecretRedactorCore } from '@pipeguard/secret-redactor/core';
import { type Emit, SourceOffsetMap } from '@pipeguard/shared/core';
import { TerminalRendererCore } from '@pipeguard/terminal-renderer/core';
import { type CaptureResult, composeCapture, type SpillFacts } from './capture-result';
import {
  createDecodeCores,
  type DecodeCores,
  type DecodeTools,
  decodeKeptBytes,
  restartDecodeCores,
} from './decode-kept';
import { PipelineError } from './errors';
import { excerptDecoder } from './excerpt-decoder';
import { type PresetOptions, type ResolvedPresetOptions, resolvePresetOptions } from './preset-options';
import { noteRedactor } from './redact-note';
import { RedactorPass } from './redactor-pass';
import { ShownLines } from './shown-lines';
import { composeSourceOffsets, HeadLineOffsets, type OffsetMap } from './source-offset-chain';
import { type StageCounts, stageCountsSince } from './stage-counts';
import { type PresetStageSettings, presetStageSettings } from './stage-settings';
import { Utf16TranscoderCore } from './utf16-transcoder-core';

/** What a {@link CaptureChain} runs on: the runtime's byte scans, text helpers and legacy codec, and its string bound. */
export interface CaptureChainTools extends DecodeTools {
  /** Most bytes a capture keeps before it fails with `ERR_PIPELINE_CAPTURE_TOO_LARGE` (the runtime's longest string, less room for the marker). */
  maxCaptureBytes: number;
  /** The bytes as Latin-1 text for the redactor's string search (Node's `latin1Slice` is fastest). @defaultValue `portableLatin1` */
  latin1?: (bytes: Uint8Array) => string;
  /** Decodes an excerpt line that is not UTF-8 with the fallbacks. @defaultValue `codec` */
  excerptCodec?: LegacyCodec;
}

/** The cores a {@link CaptureChain} drives, in stream order. */
export interface CaptureCores {
  counter: ByteCounterCore;
  guard: BinaryGuardCore | null;
  transcoder: Utf16TranscoderCore;
  renderer: TerminalRendererCore | null;
  redactor: SecretRedactorCore | null;
  folder: RepeatFolderCore | null;
  sink: BoundedSinkCore;
}

const EMPTY = new Uint8Array(0);

/** What {@link CaptureChain.checkpoint} hands back: the capture of the part since the last checkpoint. */
export interface ChainCheckpoint {
  capture: CaptureResult;
  /**
   * The end of `capture.text` that shows output not settled yet (the screen's rows, a run of repeats so far,
   * a line the redactor holds): shown again, as it then stands, by the next part; `''` when there is none or
   * the budget cut it away. It may begin in lines the last checkpoint showed, which `unchanged` counts.
   */
  unsettled: string;
  /**
   * Characters at the start of the last checkpoint's `unsettled` text that still stand as they were and
   * that this part leaves out (a reader keeps them, and drops the rest of that text for this part's).
   */
  unchanged: number;
}

/** What sees the bytes that leave the transcoder (guarded, UTF-16 made UTF-8) before rendering: a live view. */
export interface CaptureChainTap {
  /** Takes the next chunk. */
  write(bytes: Uint8Array): void;
  /** The chain ended: nothing more comes. */
  end(): void;
}

/** What sees each chunk on its way to the sink (after folding) and says what goes on to it. */
export interface CaptureChainFilter {
  /** Takes the next chunk; returns what goes on to the sink (`null` for nothing). */
  write(bytes: Uint8Array): Uint8Array | null;
  /** The chain ended: nothing more comes. */
  end(): void;
}

/** What a runtime's shell adds to a {@link CaptureChain}: its host's codepage, a tap and a filter before the sink. */
export interface CaptureChainShell {
  /** Resolves `fallback: 'auto'` (Node's shell reads the host). @defaultValue the fallback as given */
  resolveFallback?: (fallback: string | string[] | null) => string | string[] | null;
  /**
   * Builds, from the resolved options, a tap after the transcoder (or `null` for none); called once,
   * right after the options are resolved. @defaultValue no tap
   */
  tap?: (settings: ResolvedPresetOptions) => CaptureChainTap | null;
  /**
   * Builds, from the resolved options and the sink's, a filter before the sink (or `null` for none);
   * called once, after the tap. @defaultValue no filter
   */
  beforeSink?: (
    settings: ResolvedPresetOptions,
    sink: Omit<BoundedSinkOptions, 'sourceOffsetOf'>,
  ) => CaptureChainFilter | null;
  /**
   * Whether the shell calls {@link CaptureChain.checkpoint}: each part's sink then starts a new head that
   * must see redacted text, so the redactor is never passed over (else it is, once a head-only sink is
   * full); `checkpoint()` on a chain built without it throws. @defaultValue `false`
   */
  checkpoints?: boolean;
}

interface Step {
  write(bytes: Uint8Array, emit: Emit<Uint8Array>): void;
  end(emit: Emit<Uint8Array>): void;
}

/** The tap as a step: it sees each chunk, which then goes on unchanged. */
function tapStep(tap: CaptureChainTap): Step {
  return {
    write(bytes, emit) {
      tap.write(bytes);
      emit(bytes);
    },
    end: () => tap.end(),
  };
}

/** The filter as a step: what it returns goes on. */
function filterStep(filter: CaptureChainFilter): Step {
  return {
    write(bytes, emit) {
      const kept = filter.write(bytes);
      if (kept !== null && kept.length > 0) emit(kept);
    },
    end: () => filter.end(),
  };
}

/** The clock of a counter that never reports. */
const readNoClock = (): number => 0;

/**
 * `pipeline()`'s composition as one chain of runtime-free cores: ByteCounter → BinaryGuard → (UTF-16 →
 * UTF-8) → (TerminalRenderer) → (SecretRedactor) → (RepeatFolder) → BoundedSink, each chunk through every core in one call;
 * at the end the kept bytes are split, clipped and decoded and the {@link CaptureResult} is composed as
 * `pipeline()` composes its capture. A shell feeds it from any source (a WHATWG reader).
 */
export class CaptureChain {
  readonly settings: ResolvedPresetOptions;
  readonly cores: CaptureCores;
  readonly #tools: CaptureChainTools;
  /** Built with the chain, so that their options are checked first; restarted for each capture. */
  readonly #headDecode: DecodeCores;
  /** The cores that decode a checkpoint's view (built at the first that shows one), restarted for each decode. */
  #viewDecode: DecodeCores | null = null;
  #headLines: HeadLineOffsets | null;
  readonly #enter: Emit<Uint8Array>;
  readonly #steps: (readonly [Pick<Step, 'end'>, Emit<Uint8Array>])[] = [];
  readonly #stageSettings: PresetStageSettings;
  readonly #partOffsetOf: OffsetMap;
  readonly #guardEmit: Emit<Uint8Array> | null;
  readonly #checkpoints: boolean;
  #sinkBytes = 0;
  /** Bytes the stages gave the current part (the settled ones: a view is not among them). */
  #partBytes = 0;
  /** What the last checkpoint showed unsettled, and what leaves out its lines that stand in the next part. */
  #shown: Uint8Array = EMPTY;
  readonly #shownLines: ShownLines;
  #unchanged = 0;
  /** Bytes the sink of the current part follows (what earlier parts' sinks took, their views left out). */
  #sinkBase = 0;
  /** The counts at the last checkpoint, or `null` before the first. */
  #counts: StageCounts | null = null;
  #result: BoundedSinkResult | null = null;

  /**
   * @param knownKeys - The option keys the shell takes (any other is a TypeError).
   * @throws TypeError or RangeError for an invalid option, with `pipeline()`'s messages, in its order.
   */
  constructor(
    options: PresetOptions | undefined,
    knownKeys: readonly string[],
    tools: CaptureChainTools,
    shell: CaptureChainShell = {},
  ) {
    const settings = resolvePresetOptions(options, knownKeys, shell.resolveFallback);
    const tap = shell.tap?.(settings) ?? null;
    const { maxBytes } = settings;
    const { byteOps } = tools;
    this.settings = settings;
    this.#tools = tools;
    // Built now so that every core's options are validated before anything is read, as pipeline() does.
    this.#headDecode = createDecodeCores(settings, tools);
    // It only counts (no trigger, so it never reports): no clock to read. Its default, performance.now,
    // loads node:perf_hooks at its first call, which a command-line start would pay for nothing.
    const counter = new ByteCounterCore({ now: readNoClock });
    const stageSettings = presetStageSettings(settings);
    const guard = stageSettings.guard ? new BinaryGuardCore({ ...stageSettings.guard, byteOps }) : null;
    const transcoder = new Utf16TranscoderCore(() => guard?.encoding);
    const renderer =
      settings.render === 'terminal'
        ? new TerminalRendererCore(
            {
              cols: settings.cols,
              ...(settings.maxLiveLines === undefined ? {} : { maxLiveLines: settings.maxLiveLines }),
            },
            byteOps,
            new SourceOffsetMap(),
          )
        : null;
    // After rendering (a coloured or redrawn token is whole), before folding and the budget.
    const redactor =
      settings.redact === null
        ? null
        : new SecretRedactorCore({
            ...settings.redact,
            byteOps,
            latin1: tools.latin1 ?? ((bytes) => portableLatin1(bytes, byteOps.isAscii)),
          });
    const folder = settings.foldRepeats ? new RepeatFolderCore({ byteOps }) : null;
    const sourceOffsetOf = composeSourceOffsets(
      [folder, redactor, renderer, guard],
      () => transcoder.encoding === null,
    );
    this.#checkpoints = shell.checkpoints ?? false;
    // One map for every part: each part's offsets count from where its sink began, less the lines it left out.
    const partOffsetOf: OffsetMap = this.#checkpoints
      ? (offset) => sourceOffsetOf(offset + this.#sinkBase + this.#shownLines.skipped)
      : sourceOffsetOf;
    const sink = new BoundedSinkCore({ ...stageSettings.sink, sourceOffsetOf: partOffsetOf, byteOps });
    this.cores = { counter, guard, transcoder, renderer, redactor, folder, sink };
    this.#stageSettings = stageSettings;
    this.#shownLines = new ShownLines(byteOps);
    this.#partOffsetOf = partOffsetOf;
    this.#headLines = this.#headLinesFrom();
    const limited = maxBytes === null || maxBytes > tools.maxCaptureBytes;
    let next: Emit<Uint8Array> = (bytes) => this.#toSink(bytes, limited);
    const filter = shell.beforeSink?.(settings, stageSettings.sink) ?? null;
    if (filter !== null) next = this.#before(filterStep(filter), next);
    // Once a head-only sink is full nothing after it is shown: the redactor's work would serve only counts.
    // Full is not enough: until the sink has left a byte out, the redacted output may still end within the
    // budget (a key block left open is withheld to the stream's end), and the capture is then not truncated.
    const redactorPass =
      redactor &&
      new RedactorPass(
        redactor,
        this.#checkpoints ? null : () => this.cores.sink.keepsNoMore && this.#sinkLeftOut(),
      );
    for (const core of [folder, redactorPass, renderer]) next = this.#before(core, next);
    if (tap !== null) next = this.#before(tapStep(tap), next);
    next = this.#before(transcoder, next);
    this.#guardEmit = guard === null ? null : next;
    for (const core of [guard, counter]) next = this.#before(core, next);
    this.#enter = next;
  }

  /** Sends the next chunk through every core; a core's error escapes (the shell fails the capture with it). */
  write(chunk: Uint8Array): void {
    this.#enter(chunk);
  }

  /** Ends every core in order and composes the capture (of what came since the last checkpoint, if any); `spill` is what a shell's spill file holds. */
  finish(spill: SpillFacts | null = null): CaptureResult {
    for (const [core, downstream] of this.#steps) core.end(downstream);
    this.#endPart();
    return this.#compose(spill, stageCountsSince(this.#countsNow(), this.#counts));
  }

  /**
   * Ends the current part of the stream without ending the stream (a reader's checkpoint) and composes its
   * capture, bounded by `maxBytes` as a whole capture is: the guard classifies what it holds; what the
   * renderer, the redactor and the folder hold (the screen's rows, a held line, an open run's count) is
   * shown at the end of the text without being committed, so that the next part shows it again as it then
   * stands, and the parts' settled texts follow one another as one capture's text would.
   */
  checkpoint(spill: SpillFacts | null = null): ChainCheckpoint {
    if (!this.#checkpoints)
      throw new Error('checkpoint() needs a CaptureChain built with { checkpoints: true }');
    const { guard, renderer, redactor, folder } = this.cores;
    if (guard !== null) guard.classifyNow(this.#guardEmit as Emit<Uint8Array>);
    const settledBytes = this.#partBytes;
    let held = renderer?.view() ?? EMPTY;
    if (redactor !== null) held = redactor.view(held);
    if (folder !== null) held = folder.view(held);
    if (held.length > 0) this.#shownLines.write(held, this.#toPart);
    const unchanged = this.#endPart();
    const counts = this.#countsNow();
    const capture = this.#compose(spill, stageCountsSince(counts, this.#counts));
    this.#counts = counts;
    this.#sinkBase += settledBytes;
    this.#partBytes = 0;
    this.#sinkBytes = 0;
    // What the sink took of the view: all of it but what its first lines had in common with the last view.
    const inSink = held.subarray(Math.max(0, this.#shownLines.skipped - settledBytes));
    const unsettled =
      held.length > 0 && capture.text.endsWith(this.#decode(inSink)) ? this.#decode(held) : '';
    this.#shown = unsettled === '' ? EMPTY : held;
    this.#shownLines.start(this.#shown);
    this.cores.sink.restart();
    this.#headLines = this.#headLinesFrom();
    return { capture, unsettled, unchanged };
  }

  /**
   * Characters at the start of the last checkpoint's `unsettled` text that the part {@link finish} composed
   * did not show again: they stand unchanged (see {@link ChainCheckpoint.unchanged}).
   */
  get unchanged(): number {
    return this.#unchanged;
  }

  /** Ends the part's leaving out of shown lines; returns the characters it left out. */
  #endPart(): number {
    this.#shownLines.end(this.#toPart);
    const skipped = this.#shownLines.skipped;
    this.#unchanged = skipped === 0 ? 0 : this.#decode(this.#shown.subarray(0, skipped)).length;
    return this.#unchanged;
  }

  #decode(bytes: Uint8Array): string {
    if (bytes.length === 0) return '';
    this.#viewDecode ??= createDecodeCores(this.settings, this.#tools);
    return decodeKeptBytes(bytes, restartDecodeCores(this.#viewDecode), {
      label: this.settings.label,
      maxTextLength: this.#tools.maxCaptureBytes,
    }).text;
  }

  #countsNow(): StageCounts {
    const { counter, guard, renderer, redactor, folder } = this.cores;
    return {
      bytes: counter.stats.bytes,
      guard: guard?.stats ?? null,
      renderer: renderer?.stats ?? null,
      folder: folder?.stats ?? null,
      redactor: redactor?.stats ?? null,
    };
  }

  #headLinesFrom(): HeadLineOffsets | null {
    const { folder, redactor, renderer, guard, transcoder } = this.cores;
    const mapped = folder ?? redactor ?? renderer ?? (guard ? transcoder : null);
    const { headHorizon } = this.#stageSettings;
    return mapped && headHorizon !== null ? new HeadLineOffsets(this.#partOffsetOf, headHorizon) : null;
  }

  #compose(spill: SpillFacts | null, counts: StageCounts): CaptureResult {
    const { sink, transcoder } = this.cores;
    sink.end((result) => {
      this.#result = result;
    });
    const kept = this.#result as unknown as BoundedSinkResult;
    const { settings } = this;
    const { label } = settings;
    const maxTextLength = this.#tools.maxCaptureBytes;
    const headBytes = kept.omittedStart ?? kept.bytes.length;
    // Restarting cores just built changes nothing: each capture of a checkpointed chain starts them over.
    const head = decodeKeptBytes(kept.bytes.subarray(0, headBytes), restartDecodeCores(this.#headDecode), {
      label,
      maxTextLength,
    });
    const tailOffset = kept.totalBytes - (kept.bytes.length - headBytes);
    const tail = kept.truncated
      ? decodeKeptBytes(
          kept.bytes.subarray(headBytes),
          createDecodeCores(settings, this.#tools, tailOffset),
          {
            label,
            maxTextLength,
            decodedLength: head.text.length,
          },
        )
      : null;
    return composeCapture({
      settings,
      kept,
      head,
      tail,
      bytes: counts.bytes,
      spill,
      guard: counts.guard,
      transcodedFrom: transcoder.encoding,
      renderer: counts.renderer,
      folder: counts.folder,
      redactor: counts.redactor,
      sourceBase: this.#sinkBase,
      redactNote: noteRedactor(settings.redact),
      headLines: this.#headLines,
      decodeExcerpt: excerptDecoder(settings.fallback, {
        byteOps: this.#tools.byteOps,
        textOps: this.#tools.textOps,
        codec: this.#tools.excerptCodec ?? this.#tools.codec,
      }),
    });
  }

  /** Puts `step` before `next` (`null` puts nothing there) and returns what feeds it; steps end in stream order. */
  #before(step: Step | null, next: Emit<Uint8Array>): Emit<Uint8Array> {
    if (step === null) return next;
    this.#steps.unshift([step, next]);
    return (bytes) => step.write(bytes, next);
  }

  /** Whether the sink has left out a byte written to it: the capture is truncated whatever comes next. */
  #sinkLeftOut(): boolean {
    const { totalBytes, retainedBytes } = this.cores.sink.stats;
    return totalBytes > retainedBytes;
  }

  #toSink(bytes: Uint8Array, limited: boolean): void {
    this.#partBytes += bytes.length;
    if (limited) {
      this.#sinkBytes += bytes.length;
      const limit = this.#tools.maxCaptureBytes;
      if (this.#sinkBytes > limit)
        throw new PipelineError('ERR_PIPELINE_CAPTURE_TOO_LARGE', this.settings.label, limit);
    }
    this.#shownLines.write(bytes, this.#toPart);
  }

  readonly #toPart = (bytes: Uint8Array): void => {
    if (this.#headLines?.watching) this.#headLines.record(bytes);
    this.cores.sink.write(bytes);
  };
}
