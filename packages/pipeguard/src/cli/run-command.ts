import { AbortError, killProcessGroup, RunError, type RunResult, run } from '@pipeguard/pipeline';
import { endsAtLineStart } from '@pipeguard/shared';
import { printable, writeJson, writeNote, writeOut } from './output';
import type { CliCommand } from './parse-cli';
import { meterOf, ProgressLine } from './progress-line';
import { onTermination, signalExitStatus } from './termination';

/** Exit status when the command timed out, as coreutils `timeout` reports it. */
const EXIT_TIMEOUT = 124;
const EXIT_NOT_EXECUTABLE = 126;
const EXIT_NOT_FOUND = 127;

type RunCommand = Extract<CliCommand, { kind: 'run' }>;

/**
 * `pipeguard [options] -- COMMAND [ARGS…]`: runs the command in its own process group, prints its
 * captured stdout and stderr, and returns the exit status (the command's own, 124 on timeout, 128+N
 * for signal N). Ctrl-C, SIGTERM and SIGHUP stop the group as a cancellation does; a second one kills it.
 */
export async function runCommand({ argv, capture: settings, timeout, json }: RunCommand): Promise<number> {
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
  try {
    const running = run(file, args, { ...settings, timeout, signal: controller.signal });
    pid = running.pid;
    const { stages } = running;
    const progress = stages
      ? new ProgressLine(process.stderr, [meterOf('stdout', stages.stdout), meterOf('stderr', stages.stderr)])
      : undefined;
    // Erased once the run settles and before printing, so the result starts on a clean line.
    const result = await running
      .catch((error: unknown) => {
        if (error instanceof AbortError && error.result) return error.result as RunResult;
        throw error;
      })
      .finally(() => progress?.stop());
    if (json) writeJson(result);
    else printResult(result, stoppedBy);
    return stoppedBy ? signalExitStatus(stoppedBy) : exitStatusOf(result);
  } catch (error) {
    if (!(error instanceof RunError) || error.code !== 'ERR_RUN_SPAWN') throw error;
    writeNote(`cannot run '${file}': ${error.reason}`);
    const notFound = (error.cause as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
    return notFound ? EXIT_NOT_FOUND : EXIT_NOT_EXECUTABLE;
  } finally {
    removeHandlers();
  }
}

/** The exit status pipeguard reports for a finished run. */
function exitStatusOf(result: RunResult): number {
  if (result.timedOut) return EXIT_TIMEOUT;
  if (result.signal !== null) return signalExitStatus(result.signal);
  return result.exitCode ?? 1;
}

function printResult(result: RunResult, stoppedBy: NodeJS.Signals | null): void {
  writeOut(printable(result.stdout));
  const stderr = printable(result.stderr);
  process.stderr.write(stderr);
  const seconds = `${(result.durationMs / 1000).toFixed(1)} s`;
  const notes: string[] = [];
  if (stoppedBy)
    notes.push(`interrupted by ${stoppedBy} after ${seconds}; the command's process group was stopped`);
  else if (result.timedOut) notes.push(`timed out after ${seconds}; the command's process group was killed`);
  else if (result.signal) notes.push(`the command was killed by ${result.signal}`);
  if (result.pipesHeldAfterExit) {
    notes.push('a process the command left behind kept its output open after it exited; pipeguard closed it');
  }
  // A note is a line of its own, even after stderr that a timeout or a kill cut mid-line.
  if (notes.length > 0 && !endsAtLineStart(stderr)) process.stderr.write('\n');
  for (const note of notes) writeNote(note);
}
