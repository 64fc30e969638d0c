import type { InputWait, RunningCommandState } from '@pipeguard/pty';
import type { Capture } from '../preset/capture-result';
import type { ByteRange } from './segmented-output';

/** What {@link RunningCommand.read} hands back: the output since the last read, and where the command is. */
export interface CommandRead {
  /** Stdout since the last read (everything, under a pseudo-terminal), through the same chain as `run()`'s. */
  stdout: Capture;
  /** Stderr since the last read; empty under a pseudo-terminal, whose one stream is `stdout`. */
  stderr: Capture;
  /** The raw bytes of each stream this read covers: consecutive reads' ranges meet, nothing is skipped. */
  ranges: { stdout: ByteRange; stderr: ByteRange };
  /**
   * Per stream, the text at the end of what the reads have shown that is not settled yet: the rows a terminal
   * still shows and a redraw may change (a progress bar), a run of repeated lines with its count so far, a
   * line not yet ended; `''` when nothing is held (or the budget cut it away). A later read replaces it: it
   * leaves out the first `unchanged` characters of it, which stand as they were, and shows the rest as it
   * then stands. So a bar redrawn across reads settles once, as its last state, and a run of repeats once,
   * with its whole count; a reader that keeps a transcript drops the last read's `unsettled` text after its
   * first `unchanged` characters, then appends `text`, and the transcript is `run()`'s text at the end.
   */
  unsettled: { stdout: string; stderr: string };
  /** Per stream, characters at the start of the last read's `unsettled` text that this read does not show again. */
  unchanged: { stdout: number; stderr: number };
  /** Whether the command is still running (it has not exited, or its output has not ended). */
  running: boolean;
  /** The command's state: `'running'`, `'waiting-for-input'` or `'exited'`. */
  state: RunningCommandState;
  /** The exit code once it has exited, else `null`. */
  exitCode: number | null;
  /** The signal that ended it, once it has ended, else `null`. */
  signal: NodeJS.Signals | null;
  /** The wait for input going on (its `since`, `prompt` and `evidence`), else `null`. */
  inputWait: InputWait | null;
}

/** What {@link RunningCommand.waitFor} waits for: any of them ends the wait. */
export interface WaitForCondition {
  /** A line of output (either stream) containing this string, or matching this RegExp. */
  match?: string | RegExp;
  /** The command's end. @defaultValue `false` */
  exit?: boolean;
  /** A wait for input. @defaultValue `false` */
  inputWait?: boolean;
}

/** How long {@link RunningCommand.waitFor} waits. */
export interface WaitForOptions {
  /** Milliseconds before it rejects with a `WaitForTimeoutError` carrying the output so far. */
  timeoutMs: number;
}

/** How {@link RunningCommand.stop} ends the command. */
export interface StopOptions {
  /** The first signal, to the whole process group. @defaultValue the `killSignal` option (`'SIGTERM'`) */
  signal?: NodeJS.Signals;
  /** Milliseconds between that signal and SIGKILL. @defaultValue the `killGrace` option (`2000`) */
  graceMs?: number;
}
