/** A child's output stream: Node's and readable-stream's Readables both fit. */
export type ChildOutput = NodeJS.ReadableStream & {
  /** Closes the stream (the capture closes a pipe a descendant still holds). */
  destroy(error?: Error): unknown;
};

/** A child's input stream: Node's and readable-stream's Writables both fit. */
export type ChildInput = NodeJS.WritableStream & {
  /** Closes the stream (the capture closes stdin once it settles). */
  destroy(error?: Error): unknown;
};

/**
 * What {@link capture} attaches to: the subset of `ChildProcess` it uses, so that another process
 * adapter (a pseudo-terminal, which has one output stream and so `stderr: null`) can present itself
 * the same way.
 */
export interface ChildLike {
  /** The process id, or `undefined` when it failed to start (then `'error'` follows). */
  readonly pid?: number | undefined;
  /** Its output, or `null` when not piped. */
  readonly stdout: ChildOutput | null;
  /** Its error output, or `null` when not piped or merged into `stdout` (a pseudo-terminal). */
  readonly stderr: ChildOutput | null;
  /** Its input, or `null` when not piped; destroyed once the capture settles. */
  readonly stdin: ChildInput | null;
  /** The exit code once it has exited, else `null`. */
  readonly exitCode: number | null;
  /** The signal that ended it, once it has exited, else `null`. */
  readonly signalCode: NodeJS.Signals | null;
  /** Registers the listener of its exit (a code, or `null` and the signal that ended it). */
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  /** Registers the listener of a failure to start or to be signalled. */
  once(event: 'error', listener: (error: Error) => void): unknown;
  /** Sends `signal` to the process itself (not its group). */
  kill(signal?: NodeJS.Signals): boolean;
}
