/** A state machine's transitions as data: for each state, the state each event it accepts leads to. */
export type Transitions<S extends string, E extends string> = {
  readonly [state in S]: Readonly<Partial<Record<E, S>>>;
};

/**
 * A finite state machine over a transition table: `send(event)` moves along the table or, for an event
 * the current state does not accept, stays (and says so). Listeners hear every transition.
 */
export class StateMachine<S extends string, E extends string> {
  readonly #transitions: Transitions<S, E>;
  readonly #listeners = new Set<(to: S, from: S, event: E) => void>();
  #state: S;

  constructor(initial: S, transitions: Transitions<S, E>) {
    this.#state = initial;
    this.#transitions = transitions;
  }

  /** The current state. */
  get state(): S {
    return this.#state;
  }

  /** Whether the current state accepts `event`. */
  can(event: E): boolean {
    return this.#transitions[this.#state][event] !== undefined;
  }

  /** Takes `event`: moves to the state the table names and returns `true`, or stays and returns `false`. */
  send(event: E): boolean {
    const from = this.#state;
    const to = this.#transitions[from][event];
    if (to === undefined) return false;
    this.#state = to;
    for (const listener of this.#listeners) listener(to, from, event);
    return true;
  }

  /** Calls `listener` on every transition; returns what stops it. */
  onTransition(listener: (to: S, from: S, event: E) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
