import type { LiveStreamEvent, RunOptions, RunResult } from '@pipeguard/pipeline';
import { AbortError, RunError, run } from '@pipeguard/pipeline';
import { killProcessGroup } from '@pipeguard/pipeline/internal';
import { countOf } from './count-of';
import { isDevNull } from './descriptor';
import {
  type OutputName,
  onOutputFailure,
  outputFailure,
  printable,
  whenWritable,
  write,
  writeErr,
  writeJson,
  writeNote,
  writeOut,
} from './output';
import type { CliCommand } from './parse-cli';
import { meterOf, type ProgressLine, progressOnStderr } from './progress-line';
import { printsAsItSettles, unprinted, writeSettled } from './settled-output';
import { onTermination, signalExitStatus } from './termination';

/** Exit status when the command timed out, as coreutils `timeout` reports it. */
const EXIT_TIMEOUT = 124;
// Its own status, so that a script tells a command ended at its prompt from one that failed.
const EXIT_INPUT_WAIT = 125;
const EXIT_NOT_EXECUTABLE = 126;
const EXIT_NOT_FOUND = 127;

type RunCommand = Extract<CliCommand, { kind: 'run' }>;

/**
 * `pipeguard [run] [options] -- COMMAND [ARGS…]`: runs the command through `run()` (its own process
 * group, its descendants contained) with pipeguard's stdin, prints its stdout and stderr made safe, and
 * returns the exit status (the command's own, 124 on timeout, 128+N for signal N). The kept head
 * (`--keep head`, the default) and all of an unbounded output (`--max-bytes none`) are printed as they
 * settle; a tail, both ends, `--json` and `--live-lines` print at the end. Ctrl-C, SIGTERM and SIGHUP
 * stop the group as a cancellation does; a second one kills it. A reader of pipeguard's stdout or stderr
 * that leaves stops it the same way, and nothing more is printed (main() then reports 141, as a shell
 * does for SIGPIPE).
 */
export async function runCommand({ argv, options, stdin, json }: RunCommand): Promise<number> {
  const [file, ...args] = argv;
  const controller = new AbortController();
  let stoppedBy: NodeJS.Signals | null = null;
  let pid: number | undefined;
  // Installed before the spawn: once the command exists, a signal must stop it, not only us.
  const removeHandlers = onTermination((signal, count) => {
    stoppedBy ??= signal;
    if (count === 1) controller.abort(new Error(`pipeguard received ${signal}`));
    else if (pid !== undefined) killProcessGroup(pid, 'SIGKILL');
  });
  const removeOutputWatch = onOutputFailure(({ name }) =>
    controller.abort(new Error(`the reader of pipeguard's ${name} left`)),
  );
  const settings = { ...options, signal: controller.signal } as RunOptions;
  const flowing = printsAsItSettles(options as RunOptions, json);
  try {
    const printed = { stdout: 0, stderr: 0 };
    const result = await captureCommand(file, args, settings, stdin, flowing ? printed : null, (started) => {
      pid = started;
    });
    // A reader that left was the end of the run, as SIGPIPE ends a pipeline: nothing more is printed,
    // and main() reports the status.
    if (outputFailure() !== null) return signalExitStatus('SIGPIPE');
    if (json) writeJson('run', result);
    else if (flowing) {
      const unbounded = options.maxBytes === null;
      writeOut(unprinted(result.stdout, 'stdout', printed.stdout, unbounded));
      writeErr(unprinted(result.stderr, 'stderr', printed.stderr, unbounded));
    } else printResult(result, options.liveLines === true);
    if (!json) printNotes(result, stoppedBy, options.timeout as number | null | undefined);
    return stoppedBy ? signalExitStatus(stoppedBy) : exitStatusOf(result);
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { reason?: string };
    const spawnFailed =
      (error instanceof RunError && error.code === 'ERR_RUN_SPAWN') || failure.syscall?.startsWith('spawn');
    if (!spawnFailed) throw error;
    const cause = (error instanceof RunError ? error.cause : error) as NodeJS.ErrnoException | undefined;
    const notFound = cause?.code === 'ENOENT';
    // Worded as run()'s RunError words them, whichever path spawned the command.
    const denied = cause?.code === 'EACCES' ? 'permission denied (not executable?)' : undefined;
    const reason = failure.reason ?? (notFound ? 'command not found' : (denied ?? failure.message));
    writeNote(`cannot run '${file}': ${reason}`);
    return notFound ? EXIT_NOT_FOUND : EXIT_NOT_EXECUTABLE;
  } finally {
    removeHandlers();
    removeOutputWatch();
  }
}

/**
 * Runs the command through `run()`. With `printed`, each stream's text is printed as it settles (counted
 * there) and the progress line steps aside for it; else the progress line runs until the result.
 */
async function captureCommand(
  file: string,
  args: readonly string[],
  settings: RunOptions,
  stdin: boolean,
  printed: Record<OutputName, number> | null,
  onSpawn: (pid: number | undefined) => void,
): Promise<RunResult> {
  let progress: ProgressLine | undefined;
  const onSettledText = (text: string, label: string) => {
    // `output` (both streams as one with --all) comes whole through stdout's pipe: stdout carries it.
    if (printed === null || (label !== 'stdout' && label !== 'stderr')) return;
    progress?.clear();
    return writeSettled(label, text, printed);
  };
  const options = printed === null ? settings : { ...settings, onSettledText };
  // Without input the command's stdin is /dev/null: when pipeguard's is too, no pipe is needed to pass it on.
  const piped = stdin && !isDevNull(0);
  const running = run(file, args, piped ? { ...options, input: process.stdin } : options);
  onSpawn(running.pid);
  const { stages, lines } = running;
  // Live lines use stderr as they arrive; the progress line would be drawn over them.
  progress =
    stages && lines === null
      ? progressOnStderr([meterOf('stdout', stages.stdout), meterOf('stderr', stages.stderr)])
      : undefined;
  const shown = lines === null ? undefined : showLive(lines);
  try {
    // Erased once the run settles and before printing, so the result starts on a clean line.
    const result = await running
      .catch((error: unknown) => {
        if (error instanceof AbortError && error.result) return error.result as RunResult;
        throw error;
      })
      .finally(() => progress?.stop());
    // The live view ends with the streams; its last lines go out before the result.
    await shown;
    return result;
  } finally {
    // The command is done with pipeguard's stdin; reading on would keep this process alive.
    if (piped) process.stdin.destroy();
  }
}

/**
 * Writes each live line to stderr as it arrives, for a person watching: stderr is waited for, so when
 * it falls behind the live view drops lines (counted in a note) and the command is never held back.
 */
async function showLive(lines: AsyncIterable<LiveStreamEvent>): Promise<void> {
  for await (const event of lines) {
    const text =
      event.type === 'line'
        ? `${event.text}${event.terminator === '\r' ? '\r' : '\n'}`
        : `[${countOf(event.lines, 'line')} not shown live: stderr fell behind; the result keeps them]\n`;
    if (!write('stderr', text)) await whenWritable('stderr');
  }
}

/** The exit status pipeguard reports for a finished run. */
function exitStatusOf(result: RunResult): number {
  if (result.timedOut) return EXIT_TIMEOUT;
  if (result.endedOnInputWait) return EXIT_INPUT_WAIT;
  if (result.signal !== null) return signalExitStatus(result.signal);
  return result.exitCode ?? 1;
}

function printResult(result: RunResult, live: boolean): void {
  if (live) writeNote('the live output ends here; the bounded result follows');
  if (result.all) {
    writeOut(printable(result.all));
    return;
  }
  writeOut(printable(result.stdout));
  writeErr(printable(result.stderr));
}

/** `1 s`, `0.3 s`, `1.25 s`: a duration given in milliseconds, as a person reads it. */
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

function printNotes(
  result: RunResult,
  stoppedBy: NodeJS.Signals | null,
  timeout: number | null | undefined,
): void {
  if (result.ptyFallback) writeNote(`ran on pipes, not a pseudo-terminal: ${result.ptyFallback}`);
  const took = seconds(Math.round(result.durationMs / 100) * 100);
  if (stoppedBy)
    writeNote(`interrupted by ${stoppedBy} after ${took}; the command's process group was stopped`);
  else if (result.timedOut) {
    writeNote(
      `timed out: the ${seconds(timeout ?? 0)} timeout fired; the command's process group was sent SIGTERM and killed after the grace`,
    );
  } else if (result.endedOnInputWait) {
    const prompt = result.inputWait?.prompt ?? '';
    writeNote(
      `the command waited for input${prompt === '' ? '' : ` at ${JSON.stringify(prompt)}`}; its process group was ended (--on-input-wait end)`,
    );
  } else if (result.signal) writeNote(`the command was killed by ${result.signal}`);
  if (result.pipesHeldAfterExit) {
    writeNote('a process the command left behind kept its output open after it exited; pipeguard closed it');
  }
  for (const { pid, command } of result.leftovers) {
    writeNote(`still running after the command ended: ${pid} ${command}`);
  }
  // Every spill file is named: by the marker of what was printed, or here.
  const printed = result.all ? [result.all] : [result.stdout, result.stderr];
  for (const captured of new Set([result.stdout, result.stderr, ...(result.all ? [result.all] : [])])) {
    const named = printed.includes(captured) && captured.truncated;
    if (captured.spillPath !== null && !named)
      writeNote(`the raw ${captured.label} is in ${captured.spillPath}`);
  }
}
