import {
  createRunningCommandState,
  type InputWait,
  type InputWaitWatch,
  lineText,
  type RunningCommandState,
} from '@pipeguard/pty';
import { monotonicMs } from '@pipeguard/shared';
import type { ChildLike } from '../capture/child-like';
import { killProcessGroup } from '../capture/kill-process-group';
import { composeRunResult, type RunResult } from '../capture/run-result';
import { noteRedactor } from '../preset/redact-note';
import { watchChildInputWait } from './child-input-wait';
import type { CommandRead, StopOptions, WaitForCondition, WaitForOptions } from './command-read';
import {
  type CommandSettings,
  validateReadOptions,
  validateStopOptions,
  validateWaitFor,
} from './command-settings';
import { LineMatch } from './line-match';
import type { SegmentedOutput, StreamRead } from './segmented-output';
import { WaitForTimeoutError } from './wait-for-timeout-error';

/**
 * A command started with `start()` and still yours to read, answer and stop: its output is read in
 * pieces (`read()`), each through the same bounded chain as `run()`'s, so memory between reads is at most
 * `maxBytes` kept per stream whatever it prints. `result` resolves once it has ended, as `run()` would.
 */
export class RunningCommand {
  /** The command's pid, also its process group id; `undefined` when it did not start. */
  readonly pid: number | undefined;
  /** The final result, as `run()` returns it, once the command has ended: the output no read took, bounded. */
  readonly result: Promise<RunResult>;
  readonly #child: ChildLike;
  readonly #settings: CommandSettings;
  readonly #outputs: readonly [SegmentedOutput, SegmentedOutput];
  readonly #state = createRunningCommandState();
  readonly #watch: InputWaitWatch | null;
  readonly #started = monotonicMs();
  readonly #listeners = new Set<(chunk: Buffer | null) => void>();
  readonly #timers = new Set<NodeJS.Timeout>();
  /** The last line as progress shows it: redacted with the chain's options when it redacts. */
  readonly #redactLine: (line: string) => string;
  #settle!: { resolve: (result: RunResult) => void; reject: (error: Error) => void };
  #takes: Promise<unknown> = Promise.resolve();
  #exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  #ending = false;
  #final: readonly [StreamRead, StreamRead] | null = null;
  #finalRead = false;
  #failure: Error | null = null;
  #reportedWait: InputWait | null = null;
  #stopped = false;
  #timedOut = false;
  #pipesHeld = false;
  #lastLine = '';

  /** @internal Use `start()`. */
  constructor(
    child: ChildLike,
    outputs: readonly [SegmentedOutput, SegmentedOutput],
    settings: CommandSettings,
  ) {
    this.#child = child;
    this.#settings = settings;
    this.#redactLine = noteRedactor(settings.redact);
    this.pid = child.pid;
    this.result = new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
    this.result.catch(() => {});
    this.#outputs = outputs;
    outputs[0].attach(child.stdout);
    outputs[1].attach(child.stderr);
    // After the outputs' own listeners, so that a listener told of a chunk finds it counted as unread.
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => this.#notify(chunk));
    child.stdin?.on('error', () => {
      // The command may close its stdin or exit before reading what was written: a write then fails alone.
    });
    // As run(): only a command that can wait is watched (on pipes with its input ended, none can).
    this.#watch =
      settings.waitInput === null
        ? null
        : watchChildInputWait(child, {
            input: settings.waitInput,
            inputWaitMs: settings.inputWaitMs,
            redact: settings.redact,
            onChange: (wait) => {
              const next = wait === null ? 'running' : 'waiting-for-input';
              if (this.#state.can(next)) this.#state.to(next);
              this.#notify(null);
            },
          });
    child.once('error', (error) => this.#fail(settings.spawnFailure(error)));
    if (child.exitCode !== null || child.signalCode !== null) this.#onExit(child.exitCode, child.signalCode);
    else child.once('exit', (code, signal) => this.#onExit(code, signal));
    void Promise.all(this.#outputs.map((output) => output.closed)).then(() => this.#onClosed());
    if (settings.timeout !== null) {
      this.#after(settings.timeout, () => {
        this.#timedOut = true;
        void this.stop();
      });
    }
  }

  /** `'running'`, `'waiting-for-input'` (a prompt is shown and the command blocks reading it) or `'exited'`. */
  get state(): RunningCommandState {
    return this.#state.state;
  }

  /** The wait for input going on, else `null`. */
  get inputWait(): InputWait | null {
    return this.#watch?.current ?? null;
  }

  /**
   * The output since the last read, through the chain, and where the command is. With `waitMs`, waits up to
   * that long for something new: output, the end, or a new wait for input, returning as soon as it comes.
   * @throws TypeError or RangeError for an invalid `waitMs`.
   */
  async read(options?: { waitMs?: number }): Promise<CommandRead> {
    const { waitMs } = validateReadOptions(options);
    if (waitMs > 0 && !this.#hasNews()) await this.#until(() => this.#hasNews(), waitMs);
    return this.#read();
  }

  /** Writes text or bytes to the command's stdin (its pipe, or its terminal); ends any wait for input. */
  write(input: string | Uint8Array): Promise<void> {
    if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
      throw new TypeError(`The "input" argument must be a string or a Uint8Array. Received ${typeof input}`);
    }
    const stdin = this.#child.stdin;
    if (stdin === null || (stdin as { writableEnded?: boolean }).writableEnded || this.#ending) {
      return Promise.reject(new Error("The command's input is closed: it has ended, or its input was ended"));
    }
    this.#watch?.input();
    return new Promise((resolve, reject) => {
      stdin.write(input, (error?: Error | null) => (error ? reject(error) : resolve()));
    });
  }

  /** Ends the command's input: end-of-file on its stdin pipe, ^D on an empty line of its terminal. */
  endInput(): void {
    this.#watch?.input();
    this.#child.stdin?.end();
  }

  /** Raw bytes each stream has written so far. */
  get outputBytes(): { stdout: number; stderr: number } {
    return { stdout: this.#outputs[0].bytes, stderr: this.#outputs[1].bytes };
  }

  /**
   * Resolves with a read once what was asked for comes: a line matching `match`, the end (`exit`), or a wait
   * for input (`inputWait`); rejects with a {@link WaitForTimeoutError} carrying the output so far after `timeoutMs`.
   * @throws TypeError or RangeError for an invalid condition or timeout.
   */
  async waitFor(condition: WaitForCondition, options: WaitForOptions): Promise<CommandRead> {
    const { match, exit, inputWait, timeoutMs } = validateWaitFor(condition, options);
    const lines = match === undefined ? null : new LineMatch(match);
    // Output that came before this call and no read took counts too (its last 64 KiB per stream).
    let matched =
      match !== undefined && this.#outputs.some((output) => new LineMatch(match).add(output.unreadTail()));
    const met = () =>
      matched || (exit && this.#final !== null) || (inputWait && this.#state.state === 'waiting-for-input');
    if (!met()) {
      const listen = (chunk: Buffer | null) => {
        if (chunk !== null && lines?.add(chunk)) matched = true;
      };
      this.#listeners.add(listen);
      try {
        if (!(await this.#until(met, timeoutMs)))
          throw new WaitForTimeoutError(timeoutMs, await this.#read());
      } finally {
        this.#listeners.delete(listen);
      }
    }
    return this.#read();
  }

  /**
   * Waits, without reading, until the command has ended or (with `inputWait`) waits for input; `false` when
   * `timeoutMs` ran out first. For surfaces that hand back a command still running after a while.
   */
  settled({ inputWait = false } = {}, timeoutMs = 0): Promise<boolean> {
    return this.#until(
      () =>
        this.#final !== null ||
        this.#failure !== null ||
        (inputWait && this.#state.state === 'waiting-for-input'),
      timeoutMs,
    );
  }

  /**
   * The last line of output no read has taken yet (as a terminal shows it), else the last one seen: for
   * progress; redacted with the chain's options when it redacts.
   */
  get lastLine(): string {
    for (const output of this.#outputs) {
      const tail = output.unreadTail();
      const end = tail.length > 0 && tail[tail.length - 1] === 0x0a ? tail.length - 1 : tail.length;
      if (end === 0) continue;
      this.#lastLine = lineText(tail.subarray(tail.lastIndexOf(0x0a, end - 1) + 1, end));
    }
    return this.#redactLine(this.#lastLine);
  }

  /**
   * Ends the whole process group: `signal`, then SIGKILL after `graceMs`; resolves with the final result,
   * the same promise as `result`. A command that has ended already is not signalled.
   * @throws TypeError or RangeError for an invalid option.
   */
  stop(options?: StopOptions): Promise<RunResult> {
    const { signal, graceMs } = validateStopOptions(options, this.#settings);
    if (this.#ending || this.pid === undefined) return this.result;
    this.#stopped = true;
    this.#signal(signal);
    this.#after(graceMs, () => this.#signal('SIGKILL'));
    return this.result;
  }

  #hasNews(): boolean {
    const wait = this.#watch?.current ?? null;
    return (
      this.#outputs.some((output) => output.unread > 0) ||
      (this.#final !== null && !this.#finalRead) ||
      this.#failure !== null ||
      (wait !== null && wait !== this.#reportedWait)
    );
  }

  /** Resolves `true` once `condition` holds (checked at each event), or `false` after `ms`. */
  #until(condition: () => boolean, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (met: boolean) => {
        clearTimeout(timer);
        this.#listeners.delete(check);
        resolve(met);
      };
      const check = () => {
        // After this chunk's other listeners (a line match) have seen it.
        if (condition()) queueMicrotask(() => done(true));
      };
      const timer = setTimeout(() => done(condition()), ms);
      this.#listeners.add(check);
      check();
    });
  }

  async #read(): Promise<CommandRead> {
    if (this.#failure !== null) throw this.#failure;
    const wait = this.#watch?.current ?? null;
    const [stdout, stderr] = await this.#take(false);
    this.#reportedWait = wait;
    return {
      stdout: stdout.capture,
      stderr: stderr.capture,
      ranges: { stdout: stdout.range, stderr: stderr.range },
      unsettled: { stdout: stdout.unsettled, stderr: stderr.unsettled },
      unchanged: { stdout: stdout.unchanged, stderr: stderr.unchanged },
      running: this.#final === null,
      state: this.#state.state,
      exitCode: this.#exit?.code ?? null,
      signal: this.#exit?.signal ?? null,
      inputWait: wait,
    };
  }

  /** Takes both streams' reads, one take at a time; after the end, the final take once, then empty ones. */
  #take(final: boolean): Promise<readonly [StreamRead, StreamRead]> {
    const take = this.#takes.then(async () => {
      if (!final && this.#final !== null && !this.#finalRead) {
        this.#finalRead = true;
        return this.#final;
      }
      const reads = await Promise.all([this.#outputs[0].take(final), this.#outputs[1].take(final)] as const);
      if (final) this.#final = reads;
      return reads;
    });
    this.#takes = take.catch(() => {});
    return take;
  }

  #onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.#exit ??= { code, signal };
    this.#watch?.stop();
    if (this.#state.can('exited')) this.#state.to('exited');
    // A descendant holding the pipes cannot keep the command running: they are closed after the grace.
    this.#after(this.#settings.pipeGrace, () => {
      if (this.#ending) return;
      this.#pipesHeld = true;
      for (const output of this.#outputs) output.detach();
      this.#signal('SIGKILL');
    });
  }

  async #onClosed(): Promise<void> {
    if (this.#exit === null) await new Promise((resolve) => this.#child.once('exit', resolve));
    if (this.#ending) return;
    this.#ending = true;
    this.#cleanUp();
    try {
      const [stdout, stderr] = await this.#take(true);
      this.#settle.resolve(this.#compose(stdout, stderr));
    } catch (error) {
      this.#fail(error as Error);
    }
    this.#notify(null);
  }

  #compose(stdout: StreamRead, stderr: StreamRead): RunResult {
    const settings = this.#settings;
    const result = composeRunResult([stdout.capture, stderr.capture, null], {
      pid: this.pid,
      exit: this.#exit,
      stderrMerged: this.#child.stderr === null,
      timedOut: this.#timedOut,
      cancelled: false,
      durationMs: monotonicMs() - this.#started,
      pipesHeldAfterExit: this.#pipesHeld,
      containment: settings.descendants.mechanism,
      // Stopped or timed out, every descendant was ended with it; at a normal end they are listed.
      leftovers: this.#stopped || this.#timedOut ? [] : settings.descendants.settle(),
      liveLines: null,
      pty: settings.pty,
      ptyFallback: settings.ptyFallback,
    });
    return Object.assign(result, { inputWait: this.#watch?.current ?? null });
  }

  #fail(error: Error): void {
    if (this.#failure !== null) return;
    this.#failure = error;
    this.#ending = true;
    this.#cleanUp();
    for (const output of this.#outputs) output.discard(error);
    this.#signal('SIGKILL');
    this.#settle.reject(error);
    this.#notify(null);
  }

  #cleanUp(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#watch?.stop();
    this.#child.stdin?.destroy();
    // Stopped or timed out: nothing it started may outlive the result (#signal kills the descendants too).
    if (this.#stopped) this.#signal('SIGKILL');
  }

  #notify(chunk: Buffer | null): void {
    for (const listener of this.#listeners) listener(chunk);
  }

  /** Ends the leftovers a normal end listed (they run on until then). */
  endLeftovers(): void {
    this.#settings.descendants.killAll();
  }

  #signal(signal: NodeJS.Signals): void {
    if (this.pid !== undefined) killProcessGroup(this.pid, signal);
    // A stop or a timeout reaches what left the group too (setsid, double fork).
    if (this.#stopped || this.#timedOut) this.#settings.descendants.signalAll(signal);
  }

  #after(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      action();
    }, ms);
    this.#timers.add(timer);
  }
}
