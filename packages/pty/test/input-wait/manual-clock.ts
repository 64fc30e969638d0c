import type { InputWaitClock } from '../../src/index';

/** The epoch time a {@link ManualClock} starts at. */
export const MANUAL_EPOCH_MS = 1_800_000_000_000;

/**
 * A clock a test moves itself: timers fire when `advance` passes their time, in order, and after each the
 * test's `settle` runs (to let an asynchronous sample finish), so many seconds of watching take
 * milliseconds.
 */
export class ManualClock implements InputWaitClock {
  #now = 0;
  #nextId = 1;
  readonly #timers = new Map<number, { at: number; callback: () => void }>();

  nowMs(): number {
    return this.#now;
  }

  wallMs(): number {
    return MANUAL_EPOCH_MS + this.#now;
  }

  setTimeout(callback: () => void, delayMs: number): unknown {
    const id = this.#nextId++;
    this.#timers.set(id, { at: this.#now + delayMs, callback });
    return id;
  }

  clearTimeout(timer: unknown): void {
    this.#timers.delete(timer as number);
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Moves time on by `ms`, firing the timers due on the way, each followed by `settle()`. */
  async advance(ms: number, settle: () => Promise<void>): Promise<void> {
    const end = this.#now + ms;
    for (;;) {
      let dueId: number | null = null;
      let dueAt = Number.POSITIVE_INFINITY;
      for (const [id, timer] of this.#timers) {
        if (timer.at <= end && timer.at < dueAt) {
          dueId = id;
          dueAt = timer.at;
        }
      }
      if (dueId === null) break;
      const timer = this.#timers.get(dueId) as { at: number; callback: () => void };
      this.#timers.delete(dueId);
      this.#now = Math.max(this.#now, timer.at);
      timer.callback();
      await settle();
    }
    this.#now = end;
  }
}
