import { StateMachine, type Transitions } from '@pipeguard/shared';

/** A server session: serving calls, stopping them, or done. */
export type SessionState = 'serving' | 'closing' | 'closed';

const TRANSITIONS: Transitions<SessionState> = {
  serving: ['closing'],
  closing: ['closed'],
  closed: [],
};

/** How long closing waits for cancelled commands to report before the spill directory goes anyway. */
const SETTLE_MS = 2000;

/**
 * The server's lifecycle. Every call runs under the session's signal; closing (client gone, SIGTERM)
 * aborts it, so each running command and all it started is killed, the leftovers of finished commands too, waits briefly for the calls to settle,
 * then runs the clean-up (removing the spill directory). Calls that arrive while closing are refused.
 */
export class Session {
  readonly #lifecycle = new StateMachine<SessionState>('session', 'serving', TRANSITIONS);
  readonly #controller = new AbortController();
  readonly #calls = new Set<Promise<unknown>>();
  readonly #cleanUp: () => void;
  readonly #leftovers: (() => void)[] = [];
  #closed: Promise<void> | undefined;

  constructor(cleanUp: () => void) {
    this.#cleanUp = cleanUp;
  }

  get state(): SessionState {
    return this.#lifecycle.state;
  }

  /** Aborted when the session starts closing. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Runs a call under the session, so closing can wait for it; refuses when the session is closing. */
  track<T>(call: () => Promise<T>): Promise<T> {
    if (this.state !== 'serving') return Promise.reject(new Error('The server is shutting down'));
    const promise = call();
    const settled = promise.then(
      () => {},
      () => {},
    );
    this.#calls.add(settled);
    settled.then(() => this.#calls.delete(settled));
    return promise;
  }

  /**
   * Keeps what ends a finished command's leftovers (its descendants still running, such as a
   * `server &`) until the session closes; calls it at once when the session is closing already.
   */
  adoptLeftovers(end: () => void): void {
    if (this.state === 'serving') this.#leftovers.push(end);
    else end();
  }

  /** Stops every running command, ends the leftovers of finished ones and cleans up; resolves when closed (the same promise every time). */
  close(reason: string): Promise<void> {
    if (this.#closed) return this.#closed;
    this.#lifecycle.to('closing');
    this.#controller.abort(new Error(reason));
    for (const end of this.#leftovers.splice(0)) end();
    const waited = new Promise<void>((resolve) => setTimeout(resolve, SETTLE_MS).unref());
    this.#closed = Promise.race([Promise.all(this.#calls), waited]).then(() => {
      this.#cleanUp();
      this.#lifecycle.to('closed');
    });
    return this.#closed;
  }
}
