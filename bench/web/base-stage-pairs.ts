// The stage streams this branch changes, from the build beside (`PIPEGUARD_BASE=<checkout>`), for a run of
// bench/web/read-sizes.measure.ts that measures both builds in one process: bundled only (`base:` is the
// bundler's, see packages/web/test/runtimes/bundle.ts).
import * as base from 'base:@pipeguard/web';

/** The contenders of the build beside, by name, each making the fresh transforms of one run. */
export const BASE_STREAMS: Record<string, () => TransformStream<never, unknown>[]> = {
  'RepeatFolderStream (base build)': () => [new base.RepeatFolderStream()],
  'LineSplitterStream batched (base build)': () => [new base.LineSplitterStream({ batched: true })],
  'FallbackDecoderStream after LineSplitterStream batched (base build)': () => [
    new base.LineSplitterStream({ batched: true }),
    new base.FallbackDecoderStream({ fallback: 'cp1252' }),
  ],
} as Record<string, () => TransformStream<never, unknown>[]>;
