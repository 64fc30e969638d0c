/** Calls that may wait per slot: past that a call is refused at once, so the queue (and the inputs it holds) stays bounded. */
export const WAITING_PER_SLOT = 8;

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout;
}

const commands = (count: number) => `${count} ${count === 1 ? 'command' : 'commands'}`;

/**
 * A call was not started because the server's slots were full: no input of the call is at fault, so
 * the answer names the server's limit, not a field.
 */
export class ServerBusyError extends Error {
  override readonly name = 'ServerBusyError';
  readonly code = 'ERR_MCP_SERVER_BUSY';
}

/**
 * At most `size` commands run at once; a further call waits up to `maxWaitMs` for a slot (first come,
 * first served) and is then refused with a message saying why; at most `size` × {@link WAITING_PER_SLOT}
 * calls wait, and one more is refused at once, rather than queueing without bound. A call whose signal
 * is already aborted takes no slot and no place in the queue.
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

  /** Calls waiting for a slot now. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Resolves once a slot is taken for the caller; rejects with the signal's reason when it is or becomes
   * aborted first, and with a {@link ServerBusyError} when the queue is full or the wait exceeds its bound.
   */
  acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.#busy < this.size) {
      this.#busy++;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.size * WAITING_PER_SLOT) {
      return Promise.reject(
        new ServerBusyError(
          `The server is busy: ${commands(this.size)} running and ${this.#waiting.length} more waiting (its --max-concurrent limit); the call was not started. Try again when one has finished`,
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
            new ServerBusyError(
              `The server is busy: ${commands(this.size)} already running for ${this.#maxWaitMs} ms (its --max-concurrent limit); the call was not started. Try again when one has finished`,
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
