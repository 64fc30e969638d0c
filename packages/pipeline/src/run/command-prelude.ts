import { resolveAutoFallback } from '@pipeguard/fallback-decoder';
import {
  type PtyUnavailableError,
  ptyUnavailable,
  type ResolvedPtyOption,
  resolvePtyOption,
  validateCommand,
  withNoPromptEnv,
} from '@pipeguard/pty';
import { quoteShellArgument, validateOptionsObject } from '@pipeguard/shared';
import { type ResolvedCaptureOptions, resolveCaptureOptions } from '../capture/capture-options';
import { spillDirectoryProblem } from '../spill/spill-directory';
import { RunError } from './run-error';
import { type RunOptions, validateSpawnOptions } from './run-options';

/** The options of `run()` or `start()` that are neither the spawn's nor the capture's. */
type OwnKeys = 'inputWaitMs' | 'onInputWait' | 'endInput';

/** What `run()` and `start()` settle alike before anything is spawned. */
export interface CommandPrelude<Own> {
  /** The caller's own checks, made in their place among the others. */
  own: Own;
  spawnOptions: Pick<RunOptions, 'cwd' | 'env' | 'shell' | 'input'>;
  /** The child's environment: the caller's, with the no-prompt variables under the agent profile. */
  childEnv: RunOptions['env'];
  killLeftovers: boolean;
  /** The terminal the command gets (`null`: pipes). */
  terminal: ResolvedPtyOption | null;
  /** With `pty: true`, why the terminal cannot load, as the error to fail with; else `null`. */
  ptyError: PtyUnavailableError | null;
  /** Why `pty: 'auto'` fell back to pipes, or `null`. */
  ptyFallback: string | null;
  settings: ResolvedCaptureOptions;
  /** A spill directory that cannot take files, as the error to fail with; else `null`. */
  spillError: RunError | null;
}

/**
 * Validates a command and its options for `run()` or `start()` (`keys`: the options it takes) and resolves
 * them alike: the terminal, the capture's defaults under a terminal (rendered on a screen of its size),
 * `fallback: 'auto'` for the command's environment, the command's label, the spill directory's check.
 * `resolveOwn` checks the options of the caller's own (`inputWaitMs`, `onInputWait`, `endInput`).
 * @throws TypeError or RangeError for an invalid command or an invalid or unknown option.
 */
export function resolveCommand<Own>(
  file: string,
  args: readonly string[],
  options: (RunOptions & { endInput?: boolean }) | undefined,
  keys: readonly string[],
  resolveOwn: (own: Pick<RunOptions & { endInput?: boolean }, OwnKeys | 'profile'>) => Own,
): CommandPrelude<Own> {
  validateCommand(file, args);
  validateOptionsObject(options, keys);
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
    endInput,
    ...ownCaptureOptions
  } = options ?? {};
  const own = resolveOwn({ inputWaitMs, onInputWait, endInput, profile: ownCaptureOptions.profile });
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
  const { spill } = settings.pipeline;
  const spillProblem = typeof spill === 'string' ? spillDirectoryProblem(spill) : null;
  return {
    own,
    spawnOptions: { cwd, env, shell, input },
    // The agent profile's commands answer for themselves instead of prompting; the caller's env wins.
    childEnv: ownCaptureOptions.profile === 'agent' ? withNoPromptEnv(env) : env,
    killLeftovers,
    terminal: usePty ? pty : null,
    ptyError: pty?.mode === 'on' ? unavailable : null,
    ptyFallback: pty?.mode === 'auto' && unavailable !== null ? unavailable.message : null,
    settings,
    spillError:
      spillProblem === null
        ? null
        : new RunError('ERR_RUN_SPILL', file, `the "spill" option names "${spill}", which ${spillProblem}`),
  };
}
