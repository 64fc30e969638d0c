import { BinaryGuard } from '@pipeguard/binary-guard';
import { BoundedSink } from '@pipeguard/bounded-sink';
import { ByteCounter } from '@pipeguard/byte-counter';
import { loadIconv } from '@pipeguard/fallback-decoder/internal';
import { RepeatFolder } from '@pipeguard/repeat-folder';
import { SecretRedactor } from '@pipeguard/secret-redactor';
import { nodeByteOps } from '@pipeguard/shared';
import { TerminalRenderer } from '@pipeguard/terminal-renderer';
import type { Readable } from 'readable-stream';
import { LiveLines } from '../live/live-lines';
import { LiveLinesTap } from '../live/live-tap';
import { SpillTap } from '../spill/spill-tap';
import { type Capture, composeCapture } from './capture-result';
import { CaptureSizeLimit, MAX_CAPTURE_BYTES } from './capture-size-limit';
import { composeStreams, composeWhenData } from './compose-streams';
import { createDecodeCores, decodeKeptBytes } from './decode-kept';
import { excerptDecoder } from './excerpt-decoder';
import { ListenerGuard } from './listener-guard';
import { NODE_CHAIN_TOOLS } from './node-chain-tools';
import { type PipelineOptions, resolvePipelineOptions } from './pipeline-options';
import type { PipelineStages } from './pipeline-stages';
import { noteRedactor } from './redact-note';
import { SettledTextTap } from './settled-text-tap';
import { composeSourceOffsets, HeadLineOffsets } from './source-offset-chain';
import { presetStageSettings } from './stage-settings';
import { Utf16Transcoder } from './utf16-transcoder';

/**
 * A running {@link pipeline}: a promise of its {@link Capture} that also exposes its stages and, with
 * `live`, its live lines (else `null`).
 */
export type PipelineRun = Promise<Capture> & { stages: PipelineStages; lines: LiveLines | null };

/**
 * Composes ByteCounter → (spill) → BinaryGuard → (UTF-16 → UTF-8) → (TerminalRenderer) →
 * (SecretRedactor) → (RepeatFolder) → BoundedSink over any byte stream, then splits, clips and decodes only the bytes the
 * sink kept: discarded bytes cost no more than counting (and rendering or folding, when asked for).
 * Errors of the source or of any stage reject the promise, and every stage is destroyed.
 * @throws TypeError or RangeError for an invalid option, before anything is read.
 */
export function pipeline(source: NodeJS.ReadableStream | Readable, options?: PipelineOptions): PipelineRun {
  const settings = resolvePipelineOptions(options);
  const { label, maxBytes } = settings;
  // Built now so that every stage's options are validated before anything is read.
  const headDecode = createDecodeCores(settings, NODE_CHAIN_TOOLS);
  const counter = new ByteCounter();
  const stageSettings = presetStageSettings(settings);
  const guard = stageSettings.guard ? new BinaryGuard(stageSettings.guard) : null;
  const transcoder = new Utf16Transcoder(() => guard?.encoding);
  const renderer =
    settings.render === 'terminal'
      ? new TerminalRenderer({
          cols: settings.cols,
          ...(settings.maxLiveLines === undefined ? {} : { maxLiveLines: settings.maxLiveLines }),
        })
      : null;
  // After rendering (a coloured or redrawn token is whole), before folding and the budget (they count redacted text).
  const redactor = settings.redact === null ? null : new SecretRedactor(settings.redact);
  const folder = settings.foldRepeats ? new RepeatFolder() : null;
  // The guard resumes after binary, so even its output needs mapping back to raw offsets.
  const sourceOffsetOf = composeSourceOffsets(
    [folder, redactor, renderer, guard],
    () => transcoder.encoding === null,
  );
  const sink = new BoundedSink({ ...stageSettings.sink, sourceOffsetOf });
  const spill = settings.spill === null ? null : new SpillTap(settings.spill, label, settings.spillMaxBytes);
  // Only a capture that may outgrow a string needs counting on its way to the sink.
  const limit = maxBytes === null || maxBytes > MAX_CAPTURE_BYTES ? new CaptureSizeLimit(label) : null;
  const stages = { counter, spill, guard, transcoder, renderer, redactor, folder, sink };
  // Live lines see what a reader would (guarded, transcoded, rendered on a terminal of their own that
  // holds back no rows, redacted by a redactor of their own), before folding and the budget.
  // A live view decodes as the pipeline does: its fallback, its unit and line caps.
  const lines =
    settings.live === null
      ? null
      : new LiveLines({
          ...settings.live,
          fallback: settings.fallback,
          maxUnitBytes: settings.maxUnitBytes,
          maxLineBytes: settings.maxLineBytes,
        });
  const liveTap =
    lines === null
      ? null
      : new LiveLinesTap(lines, { render: renderer !== null, cols: settings.cols, redact: settings.redact });
  const settledText =
    settings.onSettledText === null
      ? null
      : new SettledTextTap(settings, stageSettings.sink, settings.onSettledText);
  // A source that is a guard already (capture()'s inputs are) needs no second one.
  const chain = [
    source instanceof ListenerGuard ? null : new ListenerGuard(),
    counter,
    spill,
    guard,
    transcoder,
    liveTap,
    renderer,
    redactor,
    folder,
    settledText,
    limit,
    sink,
  ].filter((stage) => stage !== null);
  const mapped = folder ?? redactor ?? renderer ?? (guard ? transcoder : null);
  // The sink names its head's end only once the stream has ended, when the stages have forgotten it.
  const { headHorizon } = stageSettings;
  const headLines =
    mapped && headHorizon !== null
      ? watchHeadLines(mapped, new HeadLineOffsets(sourceOffsetOf, headHorizon))
      : null;
  const run = (async (): Promise<Capture> => {
    try {
      return await capture();
    } catch (error) {
      // No capture will name the spill file: it goes with the failure.
      await spill?.discard();
      throw error;
    }
  })();
  return Object.assign(run, { stages, lines });

  async function capture(): Promise<Capture> {
    if (source instanceof ListenerGuard) await composeWhenData(source, chain);
    else await composeStreams([source, ...chain]);
    const kept = await sink.done;
    const headBytes = kept.omittedStart ?? kept.bytes.length;
    const maxTextLength = MAX_CAPTURE_BYTES;
    const head = decodeKeptBytes(kept.bytes.subarray(0, headBytes), headDecode, { label, maxTextLength });
    const tailOffset = kept.totalBytes - (kept.bytes.length - headBytes);
    const tail = kept.truncated
      ? decodeKeptBytes(
          kept.bytes.subarray(headBytes),
          createDecodeCores(settings, NODE_CHAIN_TOOLS, tailOffset),
          { label, maxTextLength, decodedLength: head.text.length },
        )
      : null;
    return composeCapture({
      settings,
      kept,
      head,
      tail,
      bytes: counter.bytes,
      spill: spill
        ? {
            path: spill.path,
            spilledBytes: spill.spilledBytes,
            created: spill.created,
            stoppedBy: spill.stoppedBy?.code ?? null,
          }
        : null,
      guard: guard?.stats ?? null,
      transcodedFrom: transcoder.encoding,
      renderer: renderer?.stats ?? null,
      folder: folder?.stats ?? null,
      redactor: redactor?.stats ?? null,
      redactNote: noteRedactor(settings.redact),
      headLines,
      decodeExcerpt: excerptDecoder(settings.fallback, { byteOps: nodeByteOps, codec: ICONV_EXCERPTS }),
    });
  }
}

/** Excerpts decode as iconv-lite's `decode` does (a BOM-aware fallback drops a leading BOM). */
const ICONV_EXCERPTS = { decode: (bytes: Buffer, encoding: string) => loadIconv().decode(bytes, encoding) };

/** Hands `headLines` every chunk `output` (the stream the sink reads) emits, until its horizon. */
function watchHeadLines(output: Readable, headLines: HeadLineOffsets): HeadLineOffsets {
  const watch = (chunk: Buffer) => {
    headLines.record(chunk);
    if (!headLines.watching) output.off('data', watch);
  };
  // A second 'data' listener beside pipe()'s: it sees every chunk, and does not change the flow.
  output.on('data', watch);
  return headLines;
}
