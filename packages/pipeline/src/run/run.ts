import { finished } from 'readable-stream';
import { AbortError } from '../capture/abort-error';
import { prepareCapture, type RunningCapture } from '../capture/capture';
import { DescendantContainment } from '../capture/descendants/descendant-containment';
import { resolveRedactOption } from '../preset/redact-option';
import { resolveInputWaitOptions } from '../session/input-wait-options';
import { RunInputWait } from '../session/run-input-wait';
import { resolveCommand } from './command-prelude';
import { RunError, spawnFailure } from './run-error';
import { isInputStream, RUN_OPTION_KEYS, type RunOptions } from './run-options';
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
  const command = resolveCommand(
    file,
    args,
    options,
    RUN_OPTION_KEYS,
    ({ inputWaitMs, onInputWait, profile }) => resolveInputWaitOptions({ inputWaitMs, onInputWait }, profile),
  );
  const { settings, spawnOptions, terminal } = command;
  const { cwd, input } = spawnOptions;
  if (settings.signal?.aborted) {
    const cause = settings.signal.reason;
    return rejected(new AbortError('The operation was aborted before the command started', { cause }));
  }
  if (command.spillError !== null) return rejected(command.spillError);
  if (command.ptyError !== null) return rejected(command.ptyError);
  // Every stage is built, and so every option validated, before anything is spawned.
  const prepared = prepareCapture(settings);
  const descendants = new DescendantContainment(command.killLeftovers);
  let child: ReturnType<typeof spawnChild>;
  try {
    const marked = descendants.environment(command.childEnv);
    child = descendants.spawn(() =>
      spawnChild(file, args, { ...spawnOptions, env: marked }, terminal, {
        onePipe: settings.all,
      }),
    );
  } catch (error) {
    void prepared.destroy();
    throw error;
  }
  const stream = isInputStream(input) ? input : null;
  const running = prepared.attach(child, {
    ptyFallback: command.ptyFallback,
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
  const waitInput = terminal !== null ? 'terminal' : stream === null ? null : 'stdin';
  const inputWait = new RunInputWait(
    child,
    waitInput,
    command.own,
    settings,
    resolveRedactOption(settings.pipeline.redact, false),
  );
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
