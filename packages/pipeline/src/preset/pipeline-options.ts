import { resolveAutoFallback } from '@pipeguard/fallback-decoder';
import { type LiveLinesQueueOptions, resolveLiveLinesOption } from '../live/live-queue-options';
import { type OptionRow, optionKeysOf, optionRow, readOptionValue } from './option-table';
import { type PresetOptions, type ResolvedPresetOptions, resolvePresetOptions } from './preset-options';
import type { SettledTextListener } from './settled-text-tap';

export { RENDER_MODES, type RenderMode } from './preset-options';

/** Options of {@link pipeline}: every stage's option, by the name the stage gives it. */
export interface PipelineOptions extends PresetOptions {
  /**
   * Also hands the lines that pass the guard, the transcoder and the renderer (before folding) to
   * `run.lines`, a `LiveLines` the pipeline builds to decode as it does (its `fallback`, `maxUnitBytes`
   * and `maxLineBytes`), as they arrive; an object sets its queue's caps. Off, there is no live view and
   * it costs nothing. @defaultValue `false`
   */
  live?: boolean | LiveLinesQueueOptions;
  /**
   * Called with the stream's text as it settles, with the stream's label: the text the capture's `text`
   * will start with (its kept head: all of it once the stream is longer than `maxBytes`, else what lies
   * before the reach of the head's cut; nothing with `keep: 'tail'` or `keepMatches`), decoded as the capture decodes
   * it. With `maxBytes: null` it is the whole text, which the capture then does not keep (its `text` holds
   * only the binary placeholder), so memory stays flat. The chain waits for a promise it returns: a slow
   * taker holds the command back, as a slow pipe would; one that throws or rejects fails the capture.
   * @defaultValue none
   */
  onSettledText?: SettledTextListener;
}

/** Options with every default filled in (the caller's object is never changed). */
export interface ResolvedPipelineOptions extends ResolvedPresetOptions {
  /** The live lines' queue caps, or `null` for no live lines. */
  live: LiveLinesQueueOptions | null;
  /** Who takes the settled text, or `null`. */
  onSettledText: SettledTextListener | null;
}

/** The keys `pipeline()` takes: read from the table once, as a session builds a pipeline per read. */
const PIPELINE_OPTION_KEYS = optionKeysOf('pipeline');

/**
 * Validates the options the preset itself uses and fills in defaults; each stage validates its own.
 * `fallback: 'auto'` is resolved here, at the edge, from this process's environment.
 * @throws TypeError for an unknown key, naming the nearest known one, or an option of the wrong type.
 * @throws RangeError for an unknown `profile` or `render`, or `maxLiveLines` or `cols` below 1.
 */
export function resolvePipelineOptions(options: PipelineOptions | undefined): ResolvedPipelineOptions {
  const settings = resolvePresetOptions(options, PIPELINE_OPTION_KEYS, resolveAutoFallback);
  const onSettledText = readOptionValue(
    optionRow('pipeline', 'onSettledText') as OptionRow,
    options?.onSettledText,
  ) as SettledTextListener | undefined;
  return {
    ...settings,
    live: resolveLiveLinesOption('live', options?.live ?? false),
    onSettledText: onSettledText ?? null,
  };
}
