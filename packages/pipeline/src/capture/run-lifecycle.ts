import { monotonicMs, StateMachine, type Transitions } from '@pipeguard/shared';
import type { Transform } from 'readable-stream';
import type { LiveLines } from '../live/live-lines';
import type { Capture } from '../preset/capture-result';
import type { PipelineRun } from '../preset/pipeline';
import { AbortError } from './abort-error';
import type { ChildLike } from './child-like';
import type { DescendantContainment } from './descendants/descendant-containment';
import { ProcessTerminator, type TerminatorSettings } from './process-terminator';
import { composeRunResult, type RunCaptures, type RunResult } from './run-result';
import type { StreamTap } from './stream-tap';

/**
 * Where a run is: `spawned` (handed over), `running` (read, timed), `timed-out` (the timeout fired: the
 * child is being ended, its output still read), `cancelling` (aborted while the child runs: likewise),
 * `exited` (the child exited; its pipes drain, for at most `pipeGrace`), `held` (the grace passed with a
 * pipe still held: the group was ended), `cancelled` (aborted after the exit: the pipes were let go),
 * `ending` (a failure: the child or group is being ended) and `settled` (the promise has its outcome and
 * nothing of the run is pending). The result's `timedOut`, `cancelled` and `pipesHeldAfterExit` are
 * where the run has been, not flags kept beside the state.
 */
export type RunState =
  | 'spawned'
  | 'running'
  | 'timed-out'
  | 'cancelling'
  | 'exited'
  | 'held'
  | 'cancelled'
  | 'ending'
  | 'settled';

/** The lifecycle's transitions as data; every way into `ending` ends the child or group first. */
export const RUN_TRANSITIONS: Transitions<RunState> = {
  spawned: ['running', 'ending'],
  running: ['timed-out', 'cancelling', 'exited', 'ending'],
  'timed-out': ['cancelling', 'exited', 'ending'],
  cancelling: ['exited', 'ending'],
  exited: ['held', 'cancelled', 'settled', 'ending'],
  held: ['cancelled', 'settled', 'ending'],
  cancelled: ['held', 'settled', 'ending'],
  ending: ['settled'],
  settled: [],
};

/** States in which the child may still be running. */
const BEFORE_EXIT: ReadonlySet<RunState> = new Set(['running', 'timed-out', 'cancelling']);
/** States after the child's exit, before the run settles. */
const AFTER_EXIT: ReadonlySet<RunState> = new Set(['exited', 'held', 'cancelled']);

/** What a lifecycle watches: the child, its taps and the pipelines they feed. */
export interface RunParts {
  child: ChildLike;
  taps: readonly StreamTap[];
  /** The pipelines' inputs (stdout's, stderr's, the interleaved one with `all`), failed on failure. */
  inputs: readonly Transform[];
  /**
   * Called at the start with what fails the run, to watch what else may fail it (`run()`'s `input`);
   * returns what stops watching, called when the run settles. `null` when nothing else is watched.
   */
  watch: ((fail: (error: Error) => void) => () => void) | null;
  captures: readonly [PipelineRun, PipelineRun, PipelineRun | null];
  stderrMerged: boolean;
  /** Each stream's live lines, whose counters the result reports; `null` without `liveLines`. */
  live: readonly [LiveLines, LiveLines] | null;
  /** Whether the child is a command under a pseudo-terminal. */
  pty: boolean;
  /** Why pipes were used though a terminal was asked for (`pty: 'auto'`), else `null`. */
  ptyFallback: string | null;
  /** What holds the command's descendants (`run()`), ended with it; `null` for `capture()`. */
  descendants: DescendantContainment | null;
}

/** How a lifecycle times and ends a run. */
export interface LifecycleSettings extends TerminatorSettings {
  timeout: number | null;
  pipeGrace: number;
  signal: AbortSignal | undefined;
}

/**
 * The life of one captured child as an explicit state machine (see {@link RunState}): it resolves
 * once the child has exited and its pipelines are done, and every failure after the start ends the
 * child (its group with `processGroup`: `killSignal`, SIGKILL after `killGrace`) before rejecting.
 */
export class RunLifecycle {
  readonly #lifecycle = new StateMachine<RunState>('A run', 'spawned', RUN_TRANSITIONS);
  readonly #parts: RunParts;
  readonly #settings: LifecycleSettings;
  readonly #terminator: ProcessTerminator;
  readonly #started = monotonicMs();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #result: Promise<RunResult>;
  #settle!: { resolve: (result: RunResult) => void; reject: (error: Error) => void };
  #exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  #captures: RunCaptures | null = null;
  #failure: Error | null = null;
  #unwatch: (() => void) | null = null;

  constructor(parts: RunParts, settings: LifecycleSettings) {
    this.#parts = parts;
    this.#settings = settings;
    this.#terminator = new ProcessTerminator(parts.child, settings, this.#onForceKill, parts.descendants);
    this.#result = new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
  }

  /** The run's outcome. */
  get result(): Promise<RunResult> {
    return this.#result;
  }

  /** spawned → running: listens to the child, the pipelines, the timeout and the abort signal. */
  start(): void {
    this.#lifecycle.to('running');
    const { child, captures } = this.#parts;
    const { timeout, signal } = this.#settings;
    child.once('error', (error) => this.#fail(error));
    this.#unwatch = this.#parts.watch?.((error) => this.#fail(error)) ?? null;
    child.stdin?.on('error', () => {
      // The child may exit or close stdin before reading all its input: that is not the caller's error.
    });
    Promise.all(captures).then(this.#onDrained, (error: Error) => this.#fail(error));
    if (timeout !== null) this.#after(timeout, this.#onTimeout);
    if (child.exitCode !== null || child.signalCode !== null) this.#onExit(child.exitCode, child.signalCode);
    else child.once('exit', this.#onExit);
    signal?.addEventListener('abort', this.#onAbort, { once: true });
    if (signal?.aborted) this.#onAbort();
  }

  readonly #onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
    this.#exit ??= { code, signal };
    this.#terminator.markExited();
    const state = this.#lifecycle.state;
    if (state === 'ending') {
      this.#end();
      return;
    }
    if (!BEFORE_EXIT.has(state)) return;
    this.#lifecycle.to('exited');
    if (this.#captures) this.#resolve();
    else if (!this.#parts.taps.every((tap) => tap.closed))
      this.#after(this.#settings.pipeGrace, this.#onPipeGrace);
  };

  readonly #onDrained = ([stdout, stderr, all]: [Capture, Capture, Capture | null]): void => {
    const state = this.#lifecycle.state;
    if (!BEFORE_EXIT.has(state) && !AFTER_EXIT.has(state)) return;
    this.#captures = [stdout, stderr, all];
    // While running, the exit is still to come: a child may close its pipes and go on.
    if (AFTER_EXIT.has(state)) this.#resolve();
  };

  readonly #onPipeGrace = (): void => {
    const state = this.#lifecycle.state;
    if (state !== 'exited' && state !== 'cancelled') return;
    const held = !this.#parts.taps.every((tap) => tap.closed);
    this.#detach();
    if (!held) return;
    // The child is gone but its group still holds a pipe: end the group; a setsid escapee outlives
    // this (a leftover, ended with `killLeftovers`) and gets EPIPE on its next write.
    this.#lifecycle.to('held');
    this.#terminator.kill('group');
  };

  readonly #onTimeout = (): void => {
    if (this.#lifecycle.state !== 'running') return;
    this.#lifecycle.to('timed-out');
    this.#terminator.terminate();
  };

  readonly #onAbort = (): void => {
    const state = this.#lifecycle.state;
    if (state === 'running' || state === 'timed-out') {
      this.#lifecycle.to('cancelling');
      // A second termination (a cancellation during a timeout's kill grace) sends SIGKILL at once.
      this.#terminator.terminate();
    } else if (state === 'exited' || state === 'held') {
      this.#lifecycle.to('cancelled');
      this.#detach();
    }
  };

  readonly #onForceKill = (): void => {
    if (this.#lifecycle.state === 'ending') this.#end();
  };

  /**
   * Any state before `ending` → ending: stop reading, fail the pipelines (which close and remove their
   * spill files: no result will name them), end the child (group), settle once it is ended.
   */
  #fail(error: Error): void {
    const state = this.#lifecycle.state;
    if (state === 'ending' || state === 'settled') return;
    const childGone = this.#exit !== null || this.#parts.child.pid === undefined;
    this.#lifecycle.to('ending');
    this.#failure = error;
    for (const input of this.#parts.inputs) input.destroy(error);
    this.#detach();
    this.#terminator.terminate();
    // Without a child to wait for, the grace has nobody to spare: what is left gets SIGKILL now.
    if (childGone) this.#end();
  }

  /**
   * ending → settled: the child has exited or was sent SIGKILL; the rest of its group gets SIGKILL,
   * and the promise rejects once every pipeline has let go of its files.
   */
  #end(): void {
    this.#cleanUp();
    this.#terminator.kill();
    const failure = this.#failure as Error;
    const { captures } = this.#parts;
    void Promise.allSettled(captures)
      .then(() => Promise.all(captures.map((run) => run?.stages.spill?.discard())))
      .then(() => this.#settle.reject(failure));
  }

  /** exited (held, cancelled) → settled with the captures: resolves, or rejects with an `AbortError` carrying them. */
  #resolve(): void {
    const lifecycle = this.#lifecycle;
    const timedOut = lifecycle.visited('timed-out');
    const cancelled = lifecycle.visited('cancelling') || lifecycle.visited('cancelled');
    this.#cleanUp();
    // After a timeout or cancellation nothing of the group may outlive the result.
    if (timedOut || cancelled) this.#terminator.kill();
    const { live, descendants } = this.#parts;
    const ended = timedOut || cancelled;
    const result = composeRunResult(this.#captures as RunCaptures, {
      pid: this.#parts.child.pid,
      exit: this.#exit,
      stderrMerged: this.#parts.stderrMerged,
      timedOut,
      cancelled,
      durationMs: monotonicMs() - this.#started,
      pipesHeldAfterExit: lifecycle.visited('held'),
      containment: descendants?.mechanism ?? null,
      leftovers: ended ? [] : (descendants?.settle() ?? []),
      liveLines: live === null ? null : { stdout: live[0].stats, stderr: live[1].stats },
      pty: this.#parts.pty,
      ptyFallback: this.#parts.ptyFallback,
    });
    if (!cancelled) {
      this.#settle.resolve(result);
      return;
    }
    const cause = this.#settings.signal?.reason;
    this.#settle.reject(new AbortError('The operation was aborted', { cause, result }));
  }

  #cleanUp(): void {
    this.#lifecycle.to('settled');
    for (const timer of this.#timers) clearTimeout(timer);
    this.#terminator.dispose();
    this.#settings.signal?.removeEventListener('abort', this.#onAbort);
    this.#unwatch?.();
    this.#parts.child.stdin?.destroy();
  }

  #detach(): void {
    for (const tap of this.#parts.taps) tap.detach();
  }

  #after(ms: number, action: () => void): void {
    this.#timers.add(setTimeout(action, ms));
  }
}
