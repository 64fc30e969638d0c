import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { AbortError, capture, killProcessGroup, type RunResult } from '@pipeguard/pipeline';
import { printable, writeJson, writeNote, writeOut } from './output';
import type { CliCommand } from './parse-cli';
import { toPipelineOptions } from './pipeline-options';
import { ProgressLine, type StreamMeter } from './progress-line';
import { quoteArgument } from './quote';
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
  const options = toPipelineOptions(settings);
  const controller = new AbortController();
  const detached = process.platform !== 'win32';
  let stoppedBy: NodeJS.Signals | null = null;
  let pid: number | undefined;
  // Installed before the spawn: once the command exists, a signal must stop it, not only us.
  const removeHandlers = onTermination((signal, count) => {
    stoppedBy ??= signal;
    if (count === 1) controller.abort(new Error(`pipeguard received ${signal}`));
    else if (pid !== undefined) killProcessGroup(pid, 'SIGKILL');
  });
  let progress: ProgressLine | undefined;
  try {
    // Spawned here rather than by run(), which has no live byte counts yet for the progress line.
    const child = spawn(file, args, { detached, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    pid = child.pid;
    const running = capture(child, {
      ...options,
      command: argv.map(quoteArgument).join(' '),
      timeout,
      signal: controller.signal,
      processGroup: detached,
    });
    const maxBytes = options.maxBytes ?? null;
    progress = new ProgressLine(process.stderr, [
      meterStream('stdout', child.stdout, maxBytes),
      meterStream('stderr', child.stderr, maxBytes),
    ]);
    const result = await running.catch((error: unknown) => {
      if (error instanceof AbortError && error.result) return error.result as RunResult;
      throw error;
    });
    progress.stop();
    if (json) writeJson(result);
    else printResult(result, stoppedBy);
    return stoppedBy ? signalExitStatus(stoppedBy) : exitStatusOf(result);
  } catch (error) {
    progress?.stop();
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EACCES') throw error;
    writeNote(`cannot run '${file}': ${code === 'ENOENT' ? 'command not found' : 'permission denied'}`);
    return code === 'ENOENT' ? EXIT_NOT_FOUND : EXIT_NOT_EXECUTABLE;
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
  process.stderr.write(printable(result.stderr));
  const seconds = `${(result.durationMs / 1000).toFixed(1)} s`;
  if (stoppedBy)
    writeNote(`interrupted by ${stoppedBy} after ${seconds}; the command's process group was stopped`);
  else if (result.timedOut) writeNote(`timed out after ${seconds}; the command's process group was killed`);
  else if (result.signal) writeNote(`the command was killed by ${result.signal}`);
  if (result.pipesHeldAfterExit) {
    writeNote('a process the command left behind kept its output open after it exited; pipeguard closed it');
  }
}

/**
 * Counts the bytes read from a child's pipe. Discarded bytes are estimated as those beyond the
 * budget: exact for a stream the guard passes whole, which is what the sink then omits.
 */
function meterStream(label: string, stream: Readable | null, maxBytes: number | null): StreamMeter {
  let bytes = 0;
  stream?.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  return {
    label,
    readBytes: () => bytes,
    discardedBytes: () => (maxBytes === null ? 0 : Math.max(0, bytes - maxBytes)),
  };
}
