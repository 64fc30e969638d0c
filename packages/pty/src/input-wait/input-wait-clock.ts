import { monotonicMs } from '@pipeguard/shared';

/** The time and timers an {@link InputWaitWatch} runs on; a test gives one it advances itself. */
export interface InputWaitClock {
  /** Milliseconds on a monotonic clock, for quiet spells. */
  nowMs(): number;
  /** Milliseconds since the epoch, for `since`. */
  wallMs(): number;
  /** Calls `callback` once, `delayMs` from now; returns what `clearTimeout` takes. */
  setTimeout(callback: () => void, delayMs: number): unknown;
  /** Cancels a timer `setTimeout` returned. */
  clearTimeout(timer: unknown): void;
}

/** The real clock; its timers do not keep the process alive (the command does). */
export const SYSTEM_CLOCK: InputWaitClock = Object.freeze({
  nowMs: monotonicMs,
  wallMs: () => Date.now(),
  setTimeout: (callback: () => void, delayMs: number) => setTimeout(callback, delayMs).unref(),
  clearTimeout: (timer: unknown) => clearTimeout(timer as NodeJS.Timeout),
});
