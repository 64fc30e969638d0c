import type { LiveLinesQueueOptions } from '../live/live-queue-options';
import type { PresetOptions } from './preset-options';

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
