import type { InputSource } from '@pipeguard/pty';
import type { RedactOptions } from '@pipeguard/secret-redactor/core';
import { describeReceived, validateInteger, validateOptionsObject, validateString } from '@pipeguard/shared';
import type { DescendantContainment } from '../capture/descendants/descendant-containment';
import type { StopOptions, WaitForCondition, WaitForOptions } from './command-read';

/** How a {@link RunningCommand} reads, times and ends its command: `start()`'s options, resolved. */
export interface CommandSettings {
  pty: boolean;
  /** Where the command can wait for input (its terminal, or its stdin left open or a live stream), or `null`. */
  waitInput: InputSource | null;
  ptyFallback: string | null;
  inputWaitMs: number;
  /** The redactor's options (the chain's), or `null`: the prompt and the last line go through them. */
  redact: RedactOptions | null;
  timeout: number | null;
  killSignal: NodeJS.Signals;
  killGrace: number;
  pipeGrace: number;
  /** The error a failure to start is reported as. */
  spawnFailure: (error: Error) => Error;
  /** What holds the command's descendants: signalled on a stop or timeout, listed (or ended) at its end. */
  descendants: DescendantContainment;
}

/** @throws TypeError or RangeError for an invalid `read()` option. */
export function validateReadOptions(options: { waitMs?: number } | undefined): { waitMs: number } {
  validateOptionsObject(options, ['waitMs']);
  const { waitMs = 0 } = options ?? {};
  validateInteger('waitMs', waitMs);
  return { waitMs };
}

/** @throws TypeError or RangeError for an invalid `stop()` option. */
export function validateStopOptions(
  options: StopOptions | undefined,
  settings: CommandSettings,
): Required<StopOptions> {
  validateOptionsObject(options, ['signal', 'graceMs']);
  const { signal = settings.killSignal, graceMs = settings.killGrace } = options ?? {};
  validateString('signal', signal);
  if (!/^SIG[A-Z0-9]+$/.test(signal)) {
    throw new RangeError(`The "signal" option must be a signal name such as 'SIGTERM'. Received '${signal}'`);
  }
  validateInteger('graceMs', graceMs);
  return { signal, graceMs };
}

/** @throws TypeError or RangeError for an invalid `waitFor()` condition or option. */
export function validateWaitFor(
  condition: WaitForCondition,
  options: WaitForOptions,
): { match: string | RegExp | undefined; exit: boolean; inputWait: boolean; timeoutMs: number } {
  validateOptionsObject(condition, ['match', 'exit', 'inputWait'], 'condition');
  validateOptionsObject(options, ['timeoutMs']);
  const { match, exit = false, inputWait = false } = condition ?? {};
  if (match !== undefined && typeof match !== 'string' && !(match instanceof RegExp)) {
    throw new TypeError(
      `The "match" option must be a string or a RegExp. Received ${describeReceived(match)}`,
    );
  }
  if (match === undefined && !exit && !inputWait) {
    throw new RangeError(
      'The "condition" argument must ask for at least one of match, exit or inputWait. Received {}',
    );
  }
  const { timeoutMs } = options ?? ({} as WaitForOptions);
  validateInteger('timeoutMs', timeoutMs);
  return { match, exit, inputWait, timeoutMs };
}
