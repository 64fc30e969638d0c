import { ToolInputError } from './tool-input-error';

/** Calls that may wait per slot: past that a call is refused at once, so the queue (and the inputs it holds) stays bounded. */
export const WAITING_PER_SLOT = 8;

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout;
}

/**
 * At most `size` commands run at once; a further call waits up to `maxWaitMs` for a slot (first come,
 * first served) and is then refused with a message saying why; at most `size` × {@link WAITING_PER_SLOT}
 * calls wait, and one more is refused at once, rather than queueing without bound.
 */
export class CallSlots {
  readonly size: number;
  readonly #maxWaitMs: number;
  readonly #waiting: Waiter[] = [];
  #busy = 0;

  constructor(size: number, maxWaitMs: number) {
    this.size = size;
    this.#maxWaitMs = maxWaitMs;
  }

  /** Commands running now. */
  get busy(): number {
    return this.#busy;
  }

  /** Resolves once a slot is taken for the caller; rejects when the wait exceeds its bound or `signal` aborts. */
  acquire(signal: AbortSignal): Promise<void> {
    if (this.#busy < this.size) {
      this.#busy++;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.size * WAITING_PER_SLOT) {
      return Promise.reject(
        new ToolInputError(
          'command',
          `could not start: ${this.size} commands are running and ${this.#waiting.length} more are waiting (the server's limit); try again when one has finished`,
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const leave = () => {
        const index = this.#waiting.indexOf(waiter);
        if (index >= 0) this.#waiting.splice(index, 1);
        clearTimeout(waiter.timer);
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        leave();
        reject(signal.reason);
      };
      const waiter: Waiter = {
        grant: () => {
          leave();
          resolve();
        },
        timer: setTimeout(() => {
          leave();
          reject(
            new ToolInputError(
              'command',
              `could not start: ${this.size} commands were already running for ${this.#maxWaitMs} ms (the server's --max-concurrent limit); try again when one has finished`,
            ),
          );
        }, this.#maxWaitMs),
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  /** Frees a slot, handing it straight to the longest-waiting call. */
  release(): void {
    const next = this.#waiting[0];
    if (next) next.grant();
    else this.#busy--;
  }
}
