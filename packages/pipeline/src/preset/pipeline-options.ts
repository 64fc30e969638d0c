import { resolveAutoFallback } from '@pipeguard/fallback-decoder';
import { type LiveLinesQueueOptions, resolveLiveLinesOption } from '../live/live-queue-options';
import { optionKeysOf } from './option-table';
import { type PresetOptions, type ResolvedPresetOptions, resolvePresetOptions } from './preset-options';

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
}

/** Options with every default filled in (the caller's object is never changed). */
export interface ResolvedPipelineOptions extends ResolvedPresetOptions {
  /** The live lines' queue caps, or `null` for no live lines. */
  live: LiveLinesQueueOptions | null;
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
  return { ...settings, live: resolveLiveLinesOption('live', options?.live ?? false) };
}
