import type { InputWait } from '@pipeguard/pty';
import type { LiveLinesStats } from '../live/live-lines';
import type { Capture } from '../preset/capture-result';
import type { ContainmentMechanism } from './descendants/descendant-containment';
import type { Leftover } from './descendants/process-table';

/** The live lines' counters of each stream (`stderr`'s are zero when it was merged into stdout). */
export interface LiveLinesReport {
  /** The counters of stdout's live lines (everything, under a pseudo-terminal). */
  stdout: LiveLinesStats;
  /** The counters of stderr's live lines. */
  stderr: LiveLinesStats;
}

/**
 * What a run of a command hands back: the one result type of `capture()` and `run()`, and of the
 * `result` an `AbortError` carries.
 */
export interface RunResult {
  /** The child's pid (on POSIX, with `run()`, also its process group id); `undefined` if it never started. */
  pid: number | undefined;
  /** The child's stdout; with a merged stderr (see `stderrMerged`), everything the child wrote. */
  stdout: Capture;
  /** The child's stderr; an empty capture when `stderrMerged`. */
  stderr: Capture;
  /**
   * Both streams interleaved in arrival order, with `all: true`; when `stderrMerged` (always under a
   * pseudo-terminal), the one stream there is, the same object as `stdout`, whatever `all` says.
   */
  all?: Capture;
  /**
   * Whether the child had no stderr of its own (`stderr: null`, as a pseudo-terminal, whose one
   * stream carries both): then `stderr` is empty and `stdout` holds everything.
   */
  stderrMerged: boolean;
  /** The exit code, or `null` when the child was ended by a signal. */
  exitCode: number | null;
  /** The signal that ended the child, or `null`. */
  signal: NodeJS.Signals | null;
  /** Whether `timeout` ran out, so the child (group) was killed. */
  timedOut: boolean;
  /**
   * Whether the run was cancelled through `signal`: `false` in a resolved result, `true` in the
   * result an `AbortError` carries (a cancelled run rejects).
   */
  cancelled: boolean;
  /** Milliseconds from attaching to the child to the result. */
  durationMs: number;
  /** Whether the binary guard withheld any of stdout or stderr. */
  binaryOutputWithheld: boolean;
  /** Whether a descendant still held a pipe open `pipeGrace` ms after the child exited (the pipes were then closed). */
  pipesHeldAfterExit: boolean;
  /**
   * How `run()` kept hold of the command's descendants (`'cgroup'`, `'environ'` or `'process-group'`:
   * see the README); `null` for `capture()` of a child spawned elsewhere.
   */
  containment: ContainmentMechanism | null;
  /**
   * Descendants still alive when the command ended normally (setsid and double-forked ones included):
   * ended then with `killLeftovers`, else left running. Empty after a timeout or cancellation, which
   * end them all, and for `capture()`.
   */
  leftovers: Leftover[];
  /** With `liveLines`, how many lines each stream had, were handed out and were dropped; else `null`. */
  liveLines: LiveLinesReport | null;
  /** Whether the command ran under a pseudo-terminal. */
  pty: boolean;
  /** With `run()`'s `pty: 'auto'`, why pipes were used instead (the package could not load); else `null`. */
  ptyFallback: string | null;
  /**
   * With `run()`, the wait for input going on when the command ended or was ended for it (see `onInputWait`):
   * its `since`, `prompt` (the last partial line) and `evidence`; else `null`.
   */
  inputWait: InputWait | null;
  /** Whether `run()` ended the command because it waited for input (`onInputWait: 'end'`). */
  endedOnInputWait: boolean;
}

/** What the lifecycle learnt about a run, apart from its captures. */
export interface RunFacts {
  pid: number | undefined;
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  stderrMerged: boolean;
  timedOut: boolean;
  cancelled: boolean;
  durationMs: number;
  pipesHeldAfterExit: boolean;
  containment: ContainmentMechanism | null;
  leftovers: Leftover[];
  liveLines: LiveLinesReport | null;
  pty: boolean;
  ptyFallback: string | null;
}

/** The captures of one run: stdout, stderr and, with `all: true`, the interleaved one. */
export type RunCaptures = readonly [stdout: Capture, stderr: Capture, all: Capture | null];

/** Puts a run's captures and facts together as its {@link RunResult}. */
export function composeRunResult([stdout, stderr, all]: RunCaptures, facts: RunFacts): RunResult {
  return {
    pid: facts.pid,
    stdout,
    stderr,
    // A merged stream is already interleaved: `all` is that one stream, asked for or not.
    ...(facts.stderrMerged ? { all: stdout } : all ? { all } : {}),
    stderrMerged: facts.stderrMerged,
    exitCode: facts.exit?.code ?? null,
    signal: facts.exit?.signal ?? null,
    timedOut: facts.timedOut,
    cancelled: facts.cancelled,
    durationMs: facts.durationMs,
    binaryOutputWithheld: stdout.binaryWithheld || stderr.binaryWithheld,
    pipesHeldAfterExit: facts.pipesHeldAfterExit,
    containment: facts.containment,
    leftovers: facts.leftovers,
    liveLines: facts.liveLines,
    pty: facts.pty,
    ptyFallback: facts.ptyFallback,
    // run() sets these from its input-wait watch; capture() watches nothing.
    inputWait: null,
    endedOnInputWait: false,
  };
}
