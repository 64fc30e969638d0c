import { type CommandRead, type RunResult, start } from '@pipeguard/pipeline';
import { redactText } from '@pipeguard/secret-redactor';
import type { CallSlots } from './call-slots';
import type { CommandSession, CommandSessions } from './command-sessions';
import { type CommandRequest, toRunOptions } from './run-options';
import type { SpillDirectory } from './spill-directory';

/** What a call needs from the server: the slots it waits for, the directory it spills to, who ends its leftovers. */
export interface CallEnvironment {
  slots: CallSlots;
  spill: SpillDirectory;
  /** Whether commands' output is redacted (the server's `--no-redact` turns it off). */
  redact: boolean;
  /** Given what ends a finished command's leftovers: they run on until the MCP session ends. */
  adoptLeftovers: (end: () => void) => void;
}

/** How often a running call reports progress: twice a second, so a client hears at least once a second. */
const PROGRESS_INTERVAL_MS = 500;

/** What a `run_command` call came to: the command's end, or the command kept running as a session. */
export type StartedCall =
  | { kind: 'ended'; result: RunResult }
  | { kind: 'kept'; session: CommandSession; read: CommandRead };

/** What one call needs: the slots and spill directory, this client's kept commands, and the call's own signal. */
export interface StartContext {
  environment: CallEnvironment;
  commands: CommandSessions;
  signal: AbortSignal;
  /** Sends the last line as progress, when the client asked for progress. */
  onProgress:
    | ((elapsedMs: number, bytes: { stdout: number; stderr: number }, lastLine: string) => void)
    | null;
}

/**
 * Runs one `run_command` call: waits for a slot, starts the command, and waits up to `yieldMs` for its end
 * or a wait for input. An ended command's result comes back as `run()`'s would (its truncated streams'
 * spill files kept); one still running is kept as a session of this client, with its output so far. The slot
 * is the call's only: a kept command holds none. A cancelled call ends the group at once, removes its spill
 * and keeps what the command printed as an ended command, for `read_output` (no answer reaches it).
 * @throws Error when the client keeps as many commands as it may, or the call was cancelled.
 */
export async function startCall(
  file: string,
  args: readonly string[],
  request: CommandRequest & { yieldMs: number },
  context: StartContext,
): Promise<StartedCall> {
  const { environment, commands, signal } = context;
  commands.checkRoom();
  await environment.slots.acquire(signal);
  let directory: string | undefined;
  let ticker: NodeJS.Timeout | undefined;
  let kept = false;
  try {
    directory = await environment.spill.reserve();
    const { signal: _cancel, ...options } = toRunOptions(request, {
      spillDirectory: directory,
      spillMaxBytes: environment.spill.perStreamBytes,
      signal,
      redact: environment.redact,
    });
    // On pipes stdin is as run() gives it (`input`, then end-of-file): no prompt can wait on it. A terminal
    // stays open, so that a prompt found on it can be answered with write_input.
    const command = start(file, args, { ...options, endInput: options.pty !== true });
    const stopAtOnce = () => void command.stop({ graceMs: 0 }).catch(() => {});
    signal.addEventListener('abort', stopAtOnce, { once: true });
    const started = performance.now();
    if (context.onProgress !== null) {
      const send = context.onProgress;
      const report = () => send(performance.now() - started, command.outputBytes, command.lastLine);
      ticker = setInterval(report, PROGRESS_INTERVAL_MS);
    }
    const settled = await command.settled({ inputWait: true }, request.yieldMs);
    signal.removeEventListener('abort', stopAtOnce);
    // For a kept command only (most end within yield_ms): list_commands lists it, a token on its command
    // line withheld as in the output.
    const details = () => ({
      display: environment.redact ? redactText(request.display, { env: process.env }) : request.display,
      startedAt: Date.now() - (performance.now() - started),
      timeoutMs: request.timeoutMs,
    });
    if (signal.aborted) {
      await command.stop({ graceMs: 0 }).catch(() => {});
      // No answer reaches a cancelled request: what it printed is kept as an ended command for read_output,
      // owning no spill (removed first), so a client gone mid-run leaves no file behind.
      await environment.spill.release(directory, []);
      directory = undefined;
      commands.add(command, { ...details(), directory: null, cancelled: true });
      throw new Error(
        'The command was cancelled; its process group was killed. list_commands and read_output give what it printed.',
      );
    }
    if (settled && command.state !== 'waiting-for-input') {
      // Ended (or failed to start: the result rejects with the RunError).
      const result = await command.result;
      if (result.leftovers.length > 0) environment.adoptLeftovers(() => command.endLeftovers());
      await environment.spill.release(directory, keptFiles(result));
      directory = undefined;
      return { kind: 'ended', result };
    }
    const session = commands.add(command, { ...details(), directory, cancelled: false });
    kept = true;
    const read = await command.read();
    // Ended between the wait and the read: nothing is left to keep.
    if (!read.running) await commands.forget(session.id);
    return { kind: 'kept', session, read };
  } finally {
    clearInterval(ticker);
    if (directory !== undefined && !kept) await environment.spill.release(directory, []);
    environment.slots.release();
  }
}

/** The spill files of a result's truncated streams: the only ones the model is told about. */
function keptFiles(result: RunResult): { path: string; bytes: number }[] {
  return [result.stdout, result.stderr].flatMap((capture) =>
    capture.truncated && capture.spillPath !== null
      ? [{ path: capture.spillPath, bytes: capture.spilledBytes }]
      : [],
  );
}
