import { DEFAULT_INPUT_WAIT_MS } from '@pipeguard/pty';
import { validateInteger, validateOneOf } from '@pipeguard/shared';
import type { Duration } from '../capture/capture-options';
import type { PipelineProfile } from '../preset/agent-profile';
import { type OptionRow, optionRow, readOptionValue } from '../preset/option-table';

/** What a run does once its command is found waiting for input. */
export type OnInputWait = 'wait' | 'end';

/** Every {@link OnInputWait}, in the order options list them. */
export const ON_INPUT_WAIT_VALUES: readonly OnInputWait[] = Object.freeze(['wait', 'end'] as const);

/** The options of `run()` and `start()` about a command that waits for input. */
export interface InputWaitOptions {
  /**
   * Milliseconds without output or input before the command is looked at (under a pseudo-terminal, or on
   * pipes with a live `input` stream), then at most once a second while the quiet lasts; a duration, as
   * every duration option takes (`'1.5s'`). @defaultValue `1500`
   */
  inputWaitMs?: Duration;
  /**
   * `'wait'` lets a command that waits for input wait (its `inputWait` is reported); `'end'` ends its group
   * once the wait is found and resolves with the output so far, `inputWait` and `endedOnInputWait: true`.
   * @defaultValue `'wait'`; `'end'` under `profile: 'agent'`
   */
  onInputWait?: OnInputWait;
}

/** The input-wait options with their defaults filled in. */
export interface ResolvedInputWaitOptions {
  inputWaitMs: number;
  onInputWait: OnInputWait;
}

/**
 * Validates the input-wait options and fills in the defaults (the profile's, then the general ones).
 * @throws TypeError or RangeError naming the option and the value.
 */
export function resolveInputWaitOptions(
  { inputWaitMs = DEFAULT_INPUT_WAIT_MS, onInputWait }: InputWaitOptions,
  profile: PipelineProfile | null | undefined,
): ResolvedInputWaitOptions {
  const waitMs = readOptionValue(optionRow('run', 'inputWaitMs') as OptionRow, inputWaitMs);
  validateInteger('inputWaitMs', waitMs);
  const resolved = onInputWait ?? (profile === 'agent' ? 'end' : 'wait');
  validateOneOf('onInputWait', resolved, ON_INPUT_WAIT_VALUES);
  return { inputWaitMs: waitMs as number, onInputWait: resolved };
}
