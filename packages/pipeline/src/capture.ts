import type { ChildProcess } from 'node:child_process';
import { PassThrough } from 'readable-stream';
import { type CaptureOptions, type ResolvedCaptureOptions, resolveCaptureOptions } from './capture-options';
import { AbortError } from './errors';
import { killProcessGroup } from './kill-process-group';
import { type Capture, type PipelineRun, type PipelineStages, pipeline } from './pipeline';
import { StreamTap } from './stream-tap';

/** What a run of a command hands back. */
export interface RunResult {
  /** The child's pid (on POSIX, with `run()`, also its process group id). */
  pid: number | undefined;
  stdout: Capture;
  stderr: Capture;
  /** Both streams interleaved in arrival order, when `all: true`. */
  all?: Capture;
  /** The exit code, or `null` when the child was ended by a signal. */
  exitCode: number | null;
  /** The signal that ended the child, or `null`. */
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Always `false` in a result: a cancelled run rejects with an `AbortError` carrying its result. */
  cancelled: boolean;
  durationMs: number;
  /** Whether the binary guard withheld any of stdout or stderr. */
  binaryOutputWithheld: boolean;
  /** Whether a descendant still held a pipe open `pipeGrace` ms after the child exited (the pipes were then closed). */
  pipesHeldAfterExit: boolean;
}

/**
 * Captures the stdout and stderr of a child you spawned (`stdio` pipes), each through its own
 * bounded {@link pipeline}, and resolves once the child has exited and its pipes have closed —
 * or `pipeGrace` ms after exit, when a descendant holds them: then they are closed for it.
 * @throws TypeError or RangeError for an invalid option, before anything is read.
 */
export function capture(child: ChildProcess, options?: CaptureOptions): RunningCapture {
  return prepareCapture(resolveCaptureOptions(options))(child);
}

/** The stages capturing each stream, for live progress (`stages.stdout.counter.bytes`…). */
export interface CaptureStages {
  stdout: PipelineStages;
  stderr: PipelineStages;
  /** The interleaved capture's stages, with `all: true`. */
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
export function prepareCapture(settings: ResolvedCaptureOptions): (child: ChildProcess) => RunningCapture {
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
  child: ChildProcess,
  settings: ResolvedCaptureOptions,
  inputs: readonly [PassThrough, PassThrough],
  allInput: PassThrough | null,
  captures: readonly [PipelineRun, PipelineRun, PipelineRun | null],
): RunningCapture {
  const started = performance.now();
  const feedAll = allInput ? (chunk: Buffer) => allInput.write(chunk) : undefined;
  const taps = [
    new StreamTap(child.stdout, inputs[0], feedAll),
    new StreamTap(child.stderr, inputs[1], feedAll),
  ] as const;
  if (allInput) {
    let open = 2;
    for (const tap of taps) tap.output.once('finish', () => --open === 0 && allInput.end());
  }

  const stages = {
    stdout: captures[0].stages,
    stderr: captures[1].stages,
    all: captures[2]?.stages ?? null,
  };
  const result = new Promise<RunResult>((resolve, reject) => {
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let timedOut = false;
    let aborted = false;
    let pipesHeld = false;
    let settled = false;
    const timers = new Set<NodeJS.Timeout>();
    const after = (ms: number, action: () => void) => timers.add(setTimeout(action, ms));
    const signalChild = (signal: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      if (settings.processGroup) killProcessGroup(child.pid, signal);
      else if (exit === null) child.kill(signal);
    };
    let terminating = false;
    const terminate = () => {
      // A second request (a cancellation during a timeout's kill grace) does not wait any longer.
      if (terminating) {
        signalChild('SIGKILL');
        return;
      }
      terminating = true;
      signalChild(settings.killSignal);
      after(settings.killGrace, () => signalChild('SIGKILL'));
    };
    const onAbort = () => {
      if (aborted || settled) return;
      aborted = true;
      if (exit === null) terminate();
      else for (const tap of taps) tap.detach();
    };
    const cleanUp = () => {
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      settings.signal?.removeEventListener('abort', onAbort);
      child.stdin?.destroy();
      // After a timeout or cancellation nothing of the group may outlive the result.
      if (timedOut || aborted) signalChild('SIGKILL');
    };
    const fail = (error: Error) => {
      if (settled) return;
      for (const tap of taps) tap.detach();
      allInput?.destroy();
      cleanUp();
      reject(error);
    };

    if (settings.timeout !== null) {
      after(settings.timeout, () => {
        if (exit !== null) return;
        timedOut = true;
        terminate();
      });
    }
    settings.signal?.addEventListener('abort', onAbort, { once: true });
    if (settings.signal?.aborted) onAbort();
    child.once('error', (error) => fail(error));
    child.stdin?.on('error', () => {
      // The child may exit or close stdin before reading all its input: that is not the caller's error.
    });
    let markExited: () => void = () => {};
    const exited = new Promise<void>((resolveExit) => {
      markExited = resolveExit;
    });
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      exit = { code, signal };
      markExited();
      if (taps.every((tap) => tap.closed)) return;
      after(settings.pipeGrace, () => {
        pipesHeld = !taps.every((tap) => tap.closed);
        for (const tap of taps) tap.detach();
        // The child is gone but its group still holds a pipe: end the group; only a setsid escapee
        // outlives this, and it gets EPIPE on its next write now that the read ends are closed.
        if (pipesHeld) signalChild('SIGKILL');
      });
    };
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
    else child.once('exit', onExit);

    Promise.all([...captures, exited]).then(([stdout, stderr, all]) => {
      if (settled) return;
      cleanUp();
      const result: RunResult = {
        pid: child.pid,
        stdout,
        stderr,
        ...(all ? { all } : {}),
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        timedOut,
        cancelled: false,
        durationMs: performance.now() - started,
        binaryOutputWithheld: stdout.binaryWithheld || stderr.binaryWithheld,
        pipesHeldAfterExit: pipesHeld,
      };
      if (aborted) {
        reject(
          new AbortError('The operation was aborted', {
            cause: settings.signal?.reason,
            result: { ...result, cancelled: true },
          }),
        );
      } else resolve(result);
    }, fail);
  });
  return Object.assign(result, { stages, pid: child.pid });
}
