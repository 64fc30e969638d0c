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
import { createDecodeCores, type DecodeCores, type DecodeTools, decodeKeptBytes } from './decode-kept';
import { PipelineError } from './errors';
import { excerptDecoder } from './excerpt-decoder';
import { type PresetOptions, type ResolvedPresetOptions, resolvePresetOptions } from './preset-options';
import { noteRedactor } from './redact-note';
import { composeSourceOffsets, HeadLineOffsets } from './source-offset-chain';
import { presetStageSettings } from './stage-settings';
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
  readonly #headDecode: DecodeCores;
  readonly #headLines: HeadLineOffsets | null;
  readonly #enter: Emit<Uint8Array>;
  readonly #steps: (readonly [Pick<Step, 'end'>, Emit<Uint8Array>])[] = [];
  #sinkBytes = 0;
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
    const counter = new ByteCounterCore({});
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
    const sink = new BoundedSinkCore({ ...stageSettings.sink, sourceOffsetOf, byteOps });
    this.cores = { counter, guard, transcoder, renderer, redactor, folder, sink };
    const mapped = folder ?? redactor ?? renderer ?? (guard ? transcoder : null);
    const { headHorizon } = stageSettings;
    this.#headLines =
      mapped && headHorizon !== null ? new HeadLineOffsets(sourceOffsetOf, headHorizon) : null;
    const limited = maxBytes === null || maxBytes > tools.maxCaptureBytes;
    let next: Emit<Uint8Array> = (bytes) => this.#toSink(bytes, limited);
    const filter = shell.beforeSink?.(settings, stageSettings.sink) ?? null;
    if (filter !== null) next = this.#before(filterStep(filter), next);
    for (const core of [folder, redactor, renderer]) next = this.#before(core, next);
    if (tap !== null) next = this.#before(tapStep(tap), next);
    for (const core of [transcoder, guard, counter]) next = this.#before(core, next);
    this.#enter = next;
  }

  /** Sends the next chunk through every core; a core's error escapes (the shell fails the capture with it). */
  write(chunk: Uint8Array): void {
    this.#enter(chunk);
  }

  /** Ends every core in order and composes the capture; `spill` is what a shell's spill file holds. */
  finish(spill: SpillFacts | null = null): CaptureResult {
    for (const [core, downstream] of this.#steps) core.end(downstream);
    const { sink, counter, guard, transcoder, renderer, redactor, folder } = this.cores;
    sink.end((result) => {
      this.#result = result;
    });
    const kept = this.#result as unknown as BoundedSinkResult;
    const { settings } = this;
    const { label } = settings;
    const maxTextLength = this.#tools.maxCaptureBytes;
    const headBytes = kept.omittedStart ?? kept.bytes.length;
    const head = decodeKeptBytes(kept.bytes.subarray(0, headBytes), this.#headDecode, {
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
      bytes: counter.stats.bytes,
      spill,
      guard: guard?.stats ?? null,
      transcodedFrom: transcoder.encoding,
      renderer: renderer?.stats ?? null,
      folder: folder?.stats ?? null,
      redactor: redactor?.stats ?? null,
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

  #toSink(bytes: Uint8Array, limited: boolean): void {
    if (limited) {
      this.#sinkBytes += bytes.length;
      const limit = this.#tools.maxCaptureBytes;
      if (this.#sinkBytes > limit)
        throw new PipelineError('ERR_PIPELINE_CAPTURE_TOO_LARGE', this.settings.label, limit);
    }
    if (this.#headLines?.watching) this.#headLines.record(bytes);
    this.cores.sink.write(bytes);
  }
}
