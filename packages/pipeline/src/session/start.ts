import { validateBoolean } from '@pipeguard/shared';
import { DescendantContainment } from '../capture/descendants/descendant-containment';
import { resolveRedactOption } from '../preset/redact-option';
import { resolveCommand } from '../run/command-prelude';
import { spawnFailure } from '../run/run-error';
import { isInputStream, RUN_OPTION_KEYS, type RunOptions } from '../run/run-options';
import { spawnChild } from '../run/spawn-child';
import { resolveInputWaitOptions } from './input-wait-options';
import { RunningCommand } from './running-command';
import { SegmentedOutput } from './segmented-output';

/**
 * Options of `start()`: `run()`'s, but those about one result at the end (`all`, `liveLines`, `signal`,
 * `onSettledText`) and `onInputWait` (a started command's wait is reported by its reads and answered with `write()`).
 */
export interface StartOptions
  extends Omit<RunOptions, 'all' | 'liveLines' | 'signal' | 'onInputWait' | 'onSettledText'> {
  /**
   * End the command's input after `input`, as `run()` does (on pipes without `input`, stdin is `/dev/null`);
   * `write()` then fails. Open stdin on pipes is a socket pair, which bash run without `SHLVL` takes for rshd's
   * and so reads `~/.bashrc`: end it for scripts that need no input. @defaultValue `false` (left open)
   */
  endInput?: boolean;
}

const NOT_FOR_START: readonly string[] = ['all', 'liveLines', 'signal', 'onInputWait', 'onSettledText'];
const START_OPTION_KEYS = [...RUN_OPTION_KEYS.filter((key) => !NOT_FOR_START.includes(key)), 'endInput'];

/**
 * Starts a command as `run()` does (no shell, its own process group or terminal session, the same chain)
 * and hands it back running, to read in pieces, write to, wait on and stop: see {@link RunningCommand}. Its
 * stdin (a pipe, or the terminal) stays open for `write()`; `input` is written first.
 * @throws TypeError or RangeError for an invalid command or option, RunError for a bad spill directory,
 * PtyUnavailableError for `pty: true` without the package; before anything is spawned.
 */
export function start(file: string, args: readonly string[] = [], options?: StartOptions): RunningCommand {
  const {
    own: { quietMs, endInput },
    spawnOptions,
    childEnv,
    killLeftovers,
    terminal,
    ptyError,
    ptyFallback,
    settings,
    spillError,
  } = resolveCommand(file, args, options, START_OPTION_KEYS, ({ inputWaitMs, endInput = false }) => {
    validateBoolean('endInput', endInput);
    return { quietMs: resolveInputWaitOptions({ inputWaitMs }, null).inputWaitMs, endInput };
  });
  if (ptyError !== null) throw ptyError;
  if (spillError !== null) throw spillError;
  const stdout = { ...settings.pipeline, label: 'stdout' };
  const stderr = { ...settings.pipeline, label: 'stderr' };
  const outputs = [new SegmentedOutput(stdout), new SegmentedOutput(stderr)] as const;
  const { cwd, input } = spawnOptions;
  const descendants = new DescendantContainment(killLeftovers);
  const child = descendants.spawn(() =>
    spawnChild(
      file,
      args,
      { ...spawnOptions, input: endInput ? input : undefined, env: descendants.environment(childEnv) },
      terminal,
      {
        openStdin: !endInput,
      },
    ),
  );
  const running = new RunningCommand(child, outputs, {
    pty: terminal !== null,
    waitInput: terminal !== null ? 'terminal' : !endInput || isInputStream(input) ? 'stdin' : null,
    ptyFallback,
    inputWaitMs: quietMs,
    redact: resolveRedactOption(settings.pipeline.redact, false),
    timeout: settings.timeout,
    killSignal: settings.killSignal,
    killGrace: settings.killGrace,
    pipeGrace: settings.pipeGrace,
    spawnFailure: (error) => spawnFailure(file, cwd, error as NodeJS.ErrnoException),
    descendants,
  });
  // With endInput, spawnChild has written `input` and ended stdin, as for run().
  if (endInput) return running;
  if (isInputStream(input)) {
    if (child.stdin !== null) input.pipe(child.stdin);
  } else if (input !== undefined) void running.write(input).catch(() => {});
  return running;
}
