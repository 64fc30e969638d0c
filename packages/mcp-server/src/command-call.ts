import { AbortError, killProcessGroup, type RunResult, run } from '@pipeguard/pipeline';
import { StateMachine, type Transitions } from '@pipeguard/shared';
import type { CallSlots } from './call-slots';
import { type CommandRequest, toRunOptions } from './run-options';
import type { SpillDirectory } from './spill-directory';

/** Where a call is: waiting for a slot, running, or ended one of three ways. */
export type CommandCallState = 'waiting' | 'running' | 'finished' | 'cancelled' | 'failed';

const TRANSITIONS: Transitions<CommandCallState> = {
  waiting: ['running', 'cancelled', 'failed'],
  running: ['finished', 'cancelled', 'failed'],
  finished: [],
  cancelled: [],
  failed: [],
};

/** Bytes a running command has written so far, per stream, and the time since it started. */
export interface CommandProgress {
  stdoutBytes: number;
  stderrBytes: number;
  elapsedMs: number;
}

/** How often a running command reports progress: twice a second, so a client hears at least once a second. */
const PROGRESS_INTERVAL_MS = 500;

/** What a call needs from the server: the slots it waits for, the directory it spills to, who ends its leftovers. */
export interface CallEnvironment {
  slots: CallSlots;
  spill: SpillDirectory;
  /** Whether commands' output is redacted (the server's `--no-redact` turns it off). */
  redact: boolean;
  /** Given what ends a finished command's leftovers: they run on until the MCP session ends. */
  adoptLeftovers: (end: () => void) => void;
}

/**
 * One `run_command` call from slot to result. The caller has checked everything that can be checked
 * (the program, `cwd`, whether a pseudo-terminal can be had) before this builds anything: the slot,
 * then the run's spill directory, then the run. Cancelling it (its signal) while it waits gives up the
 * wait; while it runs, the process group is killed with SIGKILL at once, not after a grace period.
 * Every way out frees the slot and removes the run's spill directory; only truncated streams keep
 * their spill file.
 */
export class CommandCall {
  readonly #lifecycle = new StateMachine<CommandCallState>('run_command call', 'waiting', TRANSITIONS);
  readonly #environment: CallEnvironment;
  readonly #signal: AbortSignal;

  constructor(environment: CallEnvironment, signal: AbortSignal) {
    this.#environment = environment;
    this.#signal = signal;
  }

  get state(): CommandCallState {
    return this.#lifecycle.state;
  }

  /** Waits for a slot, runs `file` with `args`, and resolves with the result (rejects with `AbortError` when cancelled). */
  async execute(
    file: string,
    args: readonly string[],
    request: CommandRequest,
    onProgress?: (progress: CommandProgress) => void,
  ): Promise<RunResult> {
    const { slots, spill } = this.#environment;
    try {
      await slots.acquire(this.#signal);
    } catch (error) {
      this.#lifecycle.to(this.#signal.aborted ? 'cancelled' : 'failed');
      throw error;
    }
    let directory: string | undefined;
    let running: ReturnType<typeof run> | undefined;
    let result: RunResult | undefined;
    let ticker: NodeJS.Timeout | undefined;
    const killAtOnce = () => {
      if (running?.pid !== undefined) killProcessGroup(running.pid, 'SIGKILL');
    };
    try {
      directory = await spill.reserve();
      this.#lifecycle.to('running');
      const context = {
        spillDirectory: directory,
        spillMaxBytes: spill.perStreamBytes,
        signal: this.#signal,
        redact: this.#environment.redact,
      };
      running = run(file, args, toRunOptions(request, context));
      this.#signal.addEventListener('abort', killAtOnce, { once: true });
      const { stages } = running;
      if (onProgress && stages) {
        const started = performance.now();
        ticker = setInterval(() => {
          onProgress({
            stdoutBytes: stages.stdout.counter.bytes,
            stderrBytes: stages.stderr.counter.bytes,
            elapsedMs: performance.now() - started,
          });
        }, PROGRESS_INTERVAL_MS);
      }
      result = await running;
      if (result.leftovers.length > 0) this.#environment.adoptLeftovers(running.endLeftovers);
      this.#lifecycle.to('finished');
      return result;
    } catch (error) {
      this.#lifecycle.to(error instanceof AbortError || this.#signal.aborted ? 'cancelled' : 'failed');
      throw error;
    } finally {
      clearInterval(ticker);
      this.#signal.removeEventListener('abort', killAtOnce);
      if (directory !== undefined) await spill.release(directory, keptFiles(running, result));
      slots.release();
    }
  }
}

/** The spill files of a run's truncated streams: the only ones the model is told about. */
function keptFiles(
  running: ReturnType<typeof run> | undefined,
  result: RunResult | undefined,
): { path: string; bytes: number }[] {
  const captures = [running?.stages?.stdout.spill, running?.stages?.stderr.spill];
  const truncated = [result?.stdout.truncated, result?.stderr.truncated];
  return captures.flatMap((tap, index) =>
    tap && truncated[index] ? [{ path: tap.path, bytes: tap.spilledBytes }] : [],
  );
}
