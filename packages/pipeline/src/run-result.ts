import type { Capture } from './pipeline';

/** What a run of a command hands back. */
export interface RunResult {
  /** The child's pid (on POSIX, with `run()`, also its process group id); `undefined` if it never started. */
  pid: number | undefined;
  /** The child's stdout; with a merged stderr (see `stderrMerged`), everything the child wrote. */
  stdout: Capture;
  /** The child's stderr; an empty capture when `stderrMerged`. */
  stderr: Capture;
  /**
   * Both streams interleaved in arrival order, with `all: true`; when `stderrMerged`, the one
   * stream there is, the same object as `stdout`.
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
}

/** The captures of one run: stdout, stderr and, with `all: true`, the interleaved one. */
export type RunCaptures = readonly [stdout: Capture, stderr: Capture, all: Capture | null];

/** Puts a run's captures and facts together as its {@link RunResult}. */
export function composeRunResult([stdout, stderr, all]: RunCaptures, facts: RunFacts): RunResult {
  return {
    pid: facts.pid,
    stdout,
    stderr,
    // A merged stream is already interleaved: `all` is that one stream.
    ...(all ? { all: facts.stderrMerged ? stdout : all } : {}),
    stderrMerged: facts.stderrMerged,
    exitCode: facts.exit?.code ?? null,
    signal: facts.exit?.signal ?? null,
    timedOut: facts.timedOut,
    cancelled: facts.cancelled,
    durationMs: facts.durationMs,
    binaryOutputWithheld: stdout.binaryWithheld || stderr.binaryWithheld,
    pipesHeldAfterExit: facts.pipesHeldAfterExit,
  };
}
