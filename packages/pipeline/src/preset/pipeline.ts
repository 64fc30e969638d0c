import { resolveAutoFallback } from '@pipeguard/fallback-decoder';
import type { Readable } from 'readable-stream';
import { LiveLinesFeed } from '../live/live-feed';
import { LiveLines } from '../live/live-lines';
import { resolveLiveLinesOption } from '../live/live-queue-options';
import { SpillTap } from '../spill/spill-tap';
import { CaptureChain } from './capture-chain';
import { CaptureChainStream } from './capture-chain-stream';
import { CaptureInput } from './capture-input';
import type { Capture } from './capture-result';
import { composeStreams, composeWhenData } from './compose-streams';
import { NODE_CHAIN_TOOLS } from './node-chain-tools';
import { type OptionRow, optionKeysOf, optionRow, readOptionValue } from './option-table';
import type { PipelineOptions } from './pipeline-options';
import { type PipelineStages, stagesOf } from './pipeline-stages';
import { type SettledTextListener, SettledTextTap } from './settled-text-tap';

/** The keys `pipeline()` takes: read from the table once, as a session builds a pipeline per read. */
const PIPELINE_OPTION_KEYS = optionKeysOf('pipeline');
const SETTLED_TEXT_ROW = optionRow('pipeline', 'onSettledText') as OptionRow;

/**
 * A running {@link pipeline}: a promise of its {@link Capture} that also exposes its stages' counts and,
 * with `live`, its live lines (else `null`).
 */
export type PipelineRun = Promise<Capture> & { stages: PipelineStages; lines: LiveLines | null };

/**
 * Feeds any byte stream through one capture chain (`CaptureChain`, the only assembly of the stages) —
 * ByteCounter → BinaryGuard → (UTF-16 → UTF-8) →
 * (TerminalRenderer) → (SecretRedactor) → (RepeatFolder) → BoundedSink, each chunk through every core in one
 * call — with the spill file before it, the live lines tapped after the transcoder and the settled text
 * (`onSettledText`) taken before the sink, then splits, clips
 * and decodes only the bytes the sink kept: discarded bytes cost no more than counting (and rendering or
 * folding, when asked for). Errors of the source or of the chain reject the promise, and every stream
 * is destroyed.
 * @throws TypeError or RangeError for an invalid option, before anything is read.
 */
export function pipeline(source: NodeJS.ReadableStream | Readable, options?: PipelineOptions): PipelineRun {
  let lines: LiveLines | null = null;
  let feed: LiveLinesFeed | null = null;
  // Live lines see what a reader would (guarded, transcoded, rendered on a terminal of their own that
  // holds back no rows, redacted by a redactor of their own), before folding and the budget; they decode
  // as the pipeline does: its fallback, its unit and line caps.
  let settled: SettledTextTap | null = null;
  const chain = new CaptureChain(options, PIPELINE_OPTION_KEYS, NODE_CHAIN_TOOLS, {
    resolveFallback: resolveAutoFallback,
    tap: (settings) => {
      const live = resolveLiveLinesOption('live', options?.live ?? false);
      if (live === null) return null;
      lines = new LiveLines({
        ...live,
        fallback: settings.fallback,
        maxUnitBytes: settings.maxUnitBytes,
        maxLineBytes: settings.maxLineBytes,
      });
      feed = new LiveLinesFeed(lines, {
        render: settings.render === 'terminal',
        cols: settings.cols,
        redact: settings.redact,
      });
      return feed;
    },
    beforeSink: (settings, sink) => {
      const listener = readOptionValue(SETTLED_TEXT_ROW, options?.onSettledText) as
        | SettledTextListener
        | undefined;
      settled = listener === undefined ? null : new SettledTextTap(settings, sink, listener);
      return settled;
    },
  });
  const settledText = settled as SettledTextTap | null;
  const { settings } = chain;
  const spill =
    settings.spill === null ? null : new SpillTap(settings.spill, settings.label, settings.spillMaxBytes);
  const shell = new CaptureChainStream(
    chain,
    () =>
      spill
        ? {
            path: spill.path,
            spilledBytes: spill.spilledBytes,
            created: spill.created,
            stoppedBy: spill.stoppedBy?.code ?? null,
          }
        : null,
    settledText && (() => settledText.handOn()),
  );
  const streams = spill === null ? [shell] : [spill, shell];
  const liveFeed = feed as LiveLinesFeed | null;
  const run = (async (): Promise<Capture> => {
    try {
      // capture()'s inputs tell whether any bytes came: a quiet stream is not composed.
      if (source instanceof CaptureInput) await composeWhenData(source, streams);
      else await composeStreams([source, ...streams]);
      return shell.result as Capture;
    } catch (error) {
      // No capture will name the spill file: it goes with the failure, and the live lines end.
      liveFeed?.destroy();
      await spill?.discard();
      throw error;
    }
  })();
  return Object.assign(run, { stages: stagesOf(chain.cores, spill), lines: lines as LiveLines | null });
}
