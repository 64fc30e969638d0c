import { resolveAutoFallback } from '@pipeguard/fallback-decoder';
import { describeReceived } from '@pipeguard/shared';
import { LiveLines } from '../live/live-lines';
import { optionKeysOf } from './option-table';
import { type PresetOptions, type ResolvedPresetOptions, resolvePresetOptions } from './preset-options';

export { RENDER_MODES, type RenderMode } from './preset-options';

/** Options of {@link pipeline}: every stage's option, by the name the stage gives it. */
export interface PipelineOptions extends PresetOptions {
  /**
   * Also hands the lines that pass the guard, the transcoder and the renderer (before folding) to this
   * {@link LiveLines} as they arrive; `null` for none (then live lines cost nothing). @defaultValue `null`
   */
  live?: LiveLines | null;
}

/** Options with every default filled in (the caller's object is never changed). */
export interface ResolvedPipelineOptions extends ResolvedPresetOptions {
  live: LiveLines | null;
}

/**
 * Validates the options the preset itself uses and fills in defaults; each stage validates its own.
 * `fallback: 'auto'` is resolved here, at the edge, from this process's environment.
 * @throws TypeError for an unknown key, naming the nearest known one, or an option of the wrong type.
 * @throws RangeError for an unknown `profile` or `render`, or `maxLiveLines` or `cols` below 1.
 */
export function resolvePipelineOptions(options: PipelineOptions | undefined): ResolvedPipelineOptions {
  const settings = resolvePresetOptions(options, optionKeysOf('pipeline'), resolveAutoFallback);
  const live = options?.live ?? null;
  if (live !== null && !(live instanceof LiveLines)) {
    throw new TypeError(
      `The "live" option must be an instance of LiveLines or null. Received ${describeReceived(live)}`,
    );
  }
  return { ...settings, live };
}
