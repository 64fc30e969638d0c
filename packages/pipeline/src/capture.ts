import { resolveAutoFallback } from '@pipeguard/fallback-decoder';
import { PassThrough } from 'readable-stream';
import { type CaptureOptions, type ResolvedCaptureOptions, resolveCaptureOptions } from './capture-options';
import type { ChildLike } from './child-like';
import { LiveLines, type LiveLinesStats } from './live-lines';
import { type LiveStreamEvent, mergeLiveLines } from './live-merge';
import { type PipelineRun, type PipelineStages, pipeline } from './pipeline';
import { RunLifecycle } from './run-lifecycle';
import type { RunResult } from './run-result';
import { StreamTap } from './stream-tap';

/**
 * Captures the stdout and stderr of a child you spawned (`stdio` pipes), or of anything shaped like
 * one ({@link ChildLike}), each through its own bounded {@link pipeline}, and resolves once the child
 * has exited and its pipes have closed — or `pipeGrace` ms after exit, when a descendant holds them:
 * then they are closed for it. A failure after this call ends the child (its group with
 * `processGroup`) before the promise rejects.
 * @throws TypeError or RangeError for an invalid or unknown option, before anything is read.
 */
export function capture(child: ChildLike, options?: CaptureOptions): RunningCapture {
  return prepareCapture(resolveCaptureOptions(options))(child);
}

/** The stages capturing each stream, for live progress (`stages.stdout.counter.bytes`…). */
export interface CaptureStages {
  stdout: PipelineStages;
  stderr: PipelineStages;
  /** The interleaved capture's stages with `all: true` (stdout's when stderr is merged into it). */
  all: PipelineStages | null;
}

/** The live lines' counters of each stream (`stderr`'s are zero when it was merged into stdout). */
export interface LiveLinesReport {
  /** The counters of stdout's live lines (everything, under a pseudo-terminal). */
  stdout: LiveLinesStats;
  /** The counters of stderr's live lines. */
  stderr: LiveLinesStats;
}

/** A {@link RunResult} with what a capture adds. */
export interface CapturedRun extends RunResult {
  /** With `liveLines`, how many lines each stream had, were handed out and were dropped; else `null`. */
  liveLines: LiveLinesReport | null;
}

/**
 * A running capture: a promise of its result that also exposes its stages, the child's pid (`null` and
 * `undefined` when it never started) and, with `liveLines`, the lines of both streams as they arrive
 * (`null` without): an async iterable for one consumer, each event naming its `stream`.
 */
export type RunningCapture<R extends CapturedRun = CapturedRun> = Promise<R> & {
  stages: CaptureStages | null;
  pid: number | undefined;
  lines: AsyncIterable<LiveStreamEvent> | null;
};

/**
 * Builds the pipelines for resolved options, which validates every stage's options, and returns
 * what attaches a child to them: an invalid option throws here, before a child is spawned or read.
 */
export function prepareCapture(settings: ResolvedCaptureOptions): (child: ChildLike) => RunningCapture {
  const inputs = [new PassThrough(), new PassThrough()] as const;
  const allInput = settings.all ? new PassThrough() : null;
  const live = createLiveLines(settings);
  const captures = [
    pipeline(inputs[0], { ...settings.pipeline, label: 'stdout', live: live?.[0] ?? null }),
    pipeline(inputs[1], { ...settings.pipeline, label: 'stderr', live: live?.[1] ?? null }),
    allInput ? pipeline(allInput, { ...settings.pipeline, label: 'output' }) : null,
  ] as const;
  return (child) => attachChild(child, settings, inputs, allInput, captures, live);
}

/** One {@link LiveLines} per stream with the pipeline's decoding and line cap, or `null` when not asked for. */
function createLiveLines(settings: ResolvedCaptureOptions): readonly [LiveLines, LiveLines] | null {
  if (settings.liveLines === null) return null;
  const { fallback, maxUnitBytes, maxLineBytes } = settings.pipeline;
  const options = {
    ...settings.liveLines,
    fallback: resolveAutoFallback(fallback) ?? null,
    ...(maxUnitBytes === undefined ? {} : { maxUnitBytes }),
    ...(maxLineBytes === undefined ? {} : { maxLineBytes }),
  };
  return [new LiveLines(options), new LiveLines(options)];
}

function attachChild(
  child: ChildLike,
  settings: ResolvedCaptureOptions,
  inputs: readonly [PassThrough, PassThrough],
  allInput: PassThrough | null,
  captures: readonly [PipelineRun, PipelineRun, PipelineRun | null],
  live: readonly [LiveLines, LiveLines] | null,
): RunningCapture {
  // One stream (a pseudo-terminal's) is interleaved already: it is not fed twice.
  const stderrMerged = child.stderr === null;
  const interleaved = stderrMerged ? null : allInput;
  let open = 2;
  const onTapEnded = () => {
    if (--open === 0) allInput?.end();
  };
  const taps = [
    new StreamTap(child.stdout, inputs[0], interleaved, onTapEnded),
    new StreamTap(child.stderr, inputs[1], interleaved, onTapEnded),
  ];
  const lifecycle = new RunLifecycle({ child, taps, allInput, captures, stderrMerged }, settings);
  lifecycle.start();
  const stages = {
    stdout: captures[0].stages,
    stderr: captures[1].stages,
    all: (stderrMerged ? captures[0] : captures[2])?.stages ?? null,
  };
  const result = lifecycle.result.then(
    (outcome): CapturedRun => ({
      ...outcome,
      liveLines: live === null ? null : { stdout: live[0].stats, stderr: live[1].stats },
    }),
  );
  const lines =
    live === null
      ? null
      : mergeLiveLines([
          ['stdout', live[0]],
          ['stderr', live[1]],
        ]);
  return Object.assign(result, { stages, pid: child.pid, lines });
}
