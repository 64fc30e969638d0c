import { resolveAutoFallback } from '@pipeguard/fallback-decoder';
import { ptyUnavailable, resolvePtyOption, validateCommand, withNoPromptEnv } from '@pipeguard/pty';
import { quoteShellArgument, validateOptionsObject } from '@pipeguard/shared';
import { finished } from 'readable-stream';
import { AbortError } from '../capture/abort-error';
import { prepareCapture, type RunningCapture } from '../capture/capture';
import { resolveCaptureOptions } from '../capture/capture-options';
import { DescendantContainment } from '../capture/descendants/descendant-containment';
import { resolveInputWaitOptions } from '../session/input-wait-options';
import { RunInputWait } from '../session/run-input-wait';
import { spillDirectoryProblem } from '../spill/spill-directory';
import { RunError, spawnFailure } from './run-error';
import { isInputStream, RUN_OPTION_KEYS, type RunOptions, validateSpawnOptions } from './run-options';
import { spawnChild } from './spawn-child';

function rejected(error: Error): RunningCapture {
  const promise = Promise.reject(error);
  return Object.assign(promise, { stages: null, pid: undefined, lines: null, endLeftovers: () => {} });
}

/**
 * Spawns a command without a shell, in its own process group, and captures stdout and stderr
 * safely: each bounded, binary withheld, legacy text recovered; the group is killed on timeout,
 * cancellation or any failure after the spawn, and a descendant holding a pipe cannot delay the
 * result beyond `pipeGrace`. A missing command, working or spill directory, a terminal that cannot
 * load (`pty: true`) or an `input` stream that fails rejects with a `RunError` or `PtyUnavailableError`,
 * and nothing of the run is left: no process, no descriptor, no spill file.
 * @throws TypeError or RangeError for an invalid command or an invalid or unknown option, before anything is spawned.
 */
export function run(file: string, args: readonly string[] = [], options?: RunOptions): RunningCapture {
  validateCommand(file, args);
  validateOptionsObject(options, RUN_OPTION_KEYS);
  // Everything that can be checked is checked before the pipelines are built (which opens nothing yet).
  validateSpawnOptions(options ?? {});
  const {
    cwd,
    env,
    shell = false,
    input,
    pty: ptyOption,
    killLeftovers = false,
    inputWaitMs,
    onInputWait,
    ...ownCaptureOptions
  } = options ?? {};
  const inputWaitOptions = resolveInputWaitOptions({ inputWaitMs, onInputWait }, ownCaptureOptions.profile);
  const pty = resolvePtyOption(ptyOption);
  const unavailable = pty === null ? null : ptyUnavailable();
  const usePty = pty !== null && unavailable === null;
  // A terminal's output is drawn for a terminal: rendered unless the caller asks for the bytes, on a screen
  // of the terminal's size (cursor addressing counts from its top row, long lines wrap at its width).
  const captureOptions = usePty
    ? { render: 'terminal' as const, cols: pty.cols, maxLiveLines: pty.rows, ...ownCaptureOptions }
    : ownCaptureOptions;
  // `??` rather than the parameter's default: spawn() also runs a command given a null env with process.env.
  const fallback = resolveAutoFallback(captureOptions.fallback, env ?? process.env);
  const command = captureOptions.command ?? [file, ...args].map(quoteShellArgument).join(' ');
  const settings = resolveCaptureOptions(
    { ...captureOptions, fallback, command, processGroup: true },
    env ?? process.env,
  );
  if (settings.signal?.aborted) {
    const cause = settings.signal.reason;
    return rejected(new AbortError('The operation was aborted before the command started', { cause }));
  }
  const { spill } = settings.pipeline;
  const spillProblem = typeof spill === 'string' ? spillDirectoryProblem(spill) : null;
  if (spillProblem !== null) {
    return rejected(
      new RunError('ERR_RUN_SPILL', file, `the "spill" option names "${spill}", which ${spillProblem}`),
    );
  }
  if (pty?.mode === 'on' && unavailable !== null) return rejected(unavailable);
  // Every stage is built, and so every option validated, before anything is spawned.
  const prepared = prepareCapture(settings);
  const descendants = new DescendantContainment(killLeftovers);
  let child: ReturnType<typeof spawnChild>;
  try {
    // The agent profile's commands answer for themselves instead of prompting; the caller's env wins.
    const marked = descendants.environment(
      ownCaptureOptions.profile === 'agent' ? withNoPromptEnv(env) : env,
    );
    child = descendants.spawn(() =>
      spawnChild(file, args, { cwd, env: marked, shell, input }, usePty ? pty : null, {
        onePipe: settings.all,
      }),
    );
  } catch (error) {
    void prepared.destroy();
    throw error;
  }
  const ptyFallback = pty?.mode === 'auto' && unavailable !== null ? unavailable.message : null;
  const stream = isInputStream(input) ? input : null;
  const running = prepared.attach(child, {
    ptyFallback,
    descendants,
    watch:
      stream === null
        ? null
        : (fail) =>
            finished(stream, { writable: false }, (error) => {
              if (error) fail(inputFailure(file, error));
            }),
  });
  // Only a command that can wait for input is watched: under a terminal, or reading a live input stream.
  const waitInput = usePty ? 'terminal' : stream === null ? null : 'stdin';
  const inputWait = new RunInputWait(child, waitInput, inputWaitOptions, settings);
  const result = running.then(inputWait.settle, (error: NodeJS.ErrnoException) => {
    inputWait.dispose();
    throw error.syscall?.startsWith('spawn') ? spawnFailure(file, cwd, error) : error;
  });
  return Object.assign(result, {
    stages: running.stages,
    pid: running.pid,
    lines: running.lines,
    endLeftovers: running.endLeftovers,
  });
}

function inputFailure(file: string, error: Error): RunError {
  return new RunError('ERR_RUN_INPUT', file, `its input stream failed (${error.message})`, { cause: error });
}
