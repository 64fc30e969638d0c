import { PtyChild } from '@pipeguard/pty';
import type { LiveStreamEvent } from '../live/live-merge';
import { mergeLiveLines } from '../live/live-merge';
import { ListenerGuard } from '../preset/listener-guard';
import { type PipelineRun, pipeline } from '../preset/pipeline';
import type { PipelineStages } from '../preset/pipeline-stages';
import { type CaptureOptions, type ResolvedCaptureOptions, resolveCaptureOptions } from './capture-options';
import type { ChildLike } from './child-like';
import { RunLifecycle, type RunParts } from './run-lifecycle';
import type { RunResult } from './run-result';
import { StreamTap } from './stream-tap';

/**
 * Captures the stdout and stderr of a child you spawned (`stdio` pipes), or of anything shaped like
 * one ({@link ChildLike}), each through its own bounded `pipeline()`, and resolves once the child
 * has exited and its pipes have closed — or `pipeGrace` ms after exit, when a descendant holds them:
 * then they are closed for it. A failure after this call ends the child (its group with
 * `processGroup`) before the promise rejects.
 * @throws TypeError or RangeError for an invalid or unknown option, before anything is read.
 */
export function capture(child: ChildLike, options?: CaptureOptions): RunningCapture {
  return prepareCapture(resolveCaptureOptions(options)).attach(child, {
    ptyFallback: null,
    watch: null,
    descendants: null,
  });
}

/** The stages capturing each stream, for live progress (`stages.stdout.counter.bytes`…). */
export interface CaptureStages {
  stdout: PipelineStages;
  stderr: PipelineStages;
  /** The interleaved capture's stages with `all: true` (stdout's when stderr is merged into it). */
  all: PipelineStages | null;
}

/**
 * A running capture or run: a promise of its {@link RunResult} that also exposes its stages, the
 * child's pid (`null` and `undefined` when it never started) and, with `liveLines`, the lines of both
 * streams as they arrive (`null` without): an async iterable for one consumer, each event naming its
 * `stream`. The type parameter is there for code written when `run()` had a result type of its own:
 * it is always {@link RunResult}.
 */
export type RunningCapture<R extends RunResult = RunResult> = Promise<R> & {
  stages: CaptureStages | null;
  pid: number | undefined;
  lines: AsyncIterable<LiveStreamEvent> | null;
  /** Ends the run's `leftovers` (and whatever they started since); nothing for `capture()`. */
  endLeftovers: () => void;
};

/** The pipelines of one capture, built and waiting for a child; {@link PreparedCapture.destroy} if none comes. */
export interface PreparedCapture {
  /** Attaches the child: from now on a failure ends it before the promise rejects. */
  attach(child: ChildLike, extra: Pick<RunParts, 'ptyFallback' | 'watch' | 'descendants'>): RunningCapture;
  /** Destroys the pipelines (their spill files closed and removed) when no child will be attached. */
  destroy(): Promise<void>;
}

/**
 * Builds the pipelines for resolved options, which validates every stage's options, and returns
 * what attaches a child to them: an invalid option throws here, before a child is spawned or read.
 */
export function prepareCapture(settings: ResolvedCaptureOptions): PreparedCapture {
  // Guards as inputs: a throwing listener of a stage fails the run, and pipeline() adds no guard of its own.
  const inputs = [new ListenerGuard(), new ListenerGuard()] as const;
  const allInput = settings.all ? new ListenerGuard() : null;
  const live = settings.liveLines ?? false;
  const captures = [
    pipeline(inputs[0], { ...settings.pipeline, label: 'stdout', live }),
    pipeline(inputs[1], { ...settings.pipeline, label: 'stderr', live }),
    allInput ? pipeline(allInput, { ...settings.pipeline, label: 'output' }) : null,
  ] as const;
  return {
    attach: (child, extra) => attachChild(child, settings, { inputs, allInput, captures, ...extra }),
    async destroy() {
      const reason = new Error('The capture was given up before a child was attached');
      for (const input of [...inputs, allInput]) input?.destroy(reason);
      await Promise.allSettled(captures);
    },
  };
}

interface Prepared extends Pick<RunParts, 'ptyFallback' | 'watch' | 'descendants'> {
  inputs: readonly [ListenerGuard, ListenerGuard];
  allInput: ListenerGuard | null;
  captures: readonly [PipelineRun, PipelineRun, PipelineRun | null];
}

function attachChild(
  child: ChildLike,
  settings: ResolvedCaptureOptions,
  { inputs, allInput, captures, ptyFallback, watch, descendants }: Prepared,
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
  const pty = child instanceof PtyChild;
  const [stdoutLines, stderrLines] = [captures[0].lines, captures[1].lines];
  const live = stdoutLines === null || stderrLines === null ? null : ([stdoutLines, stderrLines] as const);
  const pipelineInputs = allInput === null ? inputs : [...inputs, allInput];
  const lifecycle = new RunLifecycle(
    {
      child,
      taps,
      inputs: pipelineInputs,
      watch,
      captures,
      stderrMerged,
      live,
      pty,
      ptyFallback,
      descendants,
    },
    settings,
  );
  lifecycle.start();
  const stages = {
    stdout: captures[0].stages,
    stderr: captures[1].stages,
    all: (stderrMerged ? captures[0] : captures[2])?.stages ?? null,
  };
  const lines =
    live === null
      ? null
      : mergeLiveLines([
          ['stdout', live[0]],
          ['stderr', live[1]],
        ]);
  const endLeftovers = () => descendants?.killAll();
  return Object.assign(lifecycle.result, { stages, pid: child.pid, lines, endLeftovers });
}
