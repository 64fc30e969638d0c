import type { InputSource, InputWait, InputWaitWatch } from '@pipeguard/pty';
import type { RedactOptions } from '@pipeguard/secret-redactor/core';
import type { ChildLike } from '../capture/child-like';
import { ProcessTerminator, type TerminatorSettings } from '../capture/process-terminator';
import type { RunResult } from '../capture/run-result';
import { watchChildInputWait } from './child-input-wait';
import type { ResolvedInputWaitOptions } from './input-wait-options';

/** What `run()` adds to its result about a wait for input. */
export interface InputWaitFacts {
  /** The wait going on when the command ended (or was ended for it), else `null`. */
  inputWait: InputWait | null;
  /** Whether the command was ended because it waited for input (`onInputWait: 'end'`). */
  endedOnInputWait: boolean;
}

/**
 * Watches one run's command for a wait for input and, with `onInputWait: 'end'`, ends its group once one is
 * found (`killSignal`, SIGKILL after `killGrace`), as a timeout would; {@link settle} puts the facts on the
 * result. Only a command that can wait is watched: one under a terminal, or on pipes with a live `input`.
 */
export class RunInputWait {
  readonly #watch: InputWaitWatch | null;
  readonly #terminator: ProcessTerminator;
  /** The wait the group was ended for: what the command prints as it goes no longer counts. */
  #endedFor: InputWait | null = null;

  constructor(
    child: ChildLike,
    input: InputSource | null,
    options: ResolvedInputWaitOptions,
    terminator: TerminatorSettings,
    redact: RedactOptions | null,
  ) {
    this.#terminator = new ProcessTerminator(child, terminator, () => {});
    this.#watch =
      input === null
        ? null
        : watchChildInputWait(child, {
            input,
            inputWaitMs: options.inputWaitMs,
            redact,
            onChange: (wait) => {
              if (wait === null || options.onInputWait !== 'end' || this.#endedFor !== null) return;
              this.#endedFor = wait;
              this.#watch?.stop();
              this.#terminator.terminate();
            },
          });
  }

  /** Stops watching and returns `result` with the input-wait facts; an ended group gets SIGKILL, so nothing is left. */
  readonly settle = (result: RunResult): RunResult & InputWaitFacts => {
    this.dispose();
    const ended = this.#endedFor !== null;
    if (ended) this.#terminator.kill();
    const inputWait = this.#endedFor ?? this.#watch?.current ?? null;
    return Object.assign(result, { inputWait, endedOnInputWait: ended });
  };

  /** Stops watching and cancels a pending SIGKILL (the run failed, and its lifecycle ended the group). */
  dispose(): void {
    this.#watch?.stop();
    this.#terminator.dispose();
  }
}
