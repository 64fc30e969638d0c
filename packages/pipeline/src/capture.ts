import { PassThrough } from 'readable-stream';
import { type CaptureOptions, type ResolvedCaptureOptions, resolveCaptureOptions } from './capture-options';
import type { ChildLike } from './child-like';
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

/**
 * A running capture: a promise of its result that also exposes its stages and the child's pid
 * (`null` and `undefined` when it never started).
 */
export type RunningCapture = Promise<RunResult> & { stages: CaptureStages | null; pid: number | undefined };

/**
 * Builds the pipelines for resolved options, which validates every stage's options, and returns
 * what attaches a child to them: an invalid option throws here, before a child is spawned or read.
 */
export function prepareCapture(settings: ResolvedCaptureOptions): (child: ChildLike) => RunningCapture {
  const inputs = [new PassThrough(), new PassThrough()] as const;
  const allInput = settings.all ? new PassThrough() : null;
  const captures = [
    pipeline(inputs[0], { ...settings.pipeline, label: 'stdout' }),
    pipeline(inputs[1], { ...settings.pipeline, label: 'stderr' }),
    allInput ? pipeline(allInput, { ...settings.pipeline, label: 'output' }) : null,
  ] as const;
  return (child) => attachChild(child, settings, inputs, allInput, captures);
}

function attachChild(
  child: ChildLike,
  settings: ResolvedCaptureOptions,
  inputs: readonly [PassThrough, PassThrough],
  allInput: PassThrough | null,
  captures: readonly [PipelineRun, PipelineRun, PipelineRun | null],
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
  return Object.assign(lifecycle.result, { stages, pid: child.pid });
}
