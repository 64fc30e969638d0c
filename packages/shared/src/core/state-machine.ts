/** A lifecycle's transitions as data: for each state, the states it may move to. */
export type Transitions<S extends string> = { readonly [state in S]: readonly S[] };

/**
 * The error a {@link StateMachine} throws for a move its table does not list: a bug in the code
 * driving it, thrown rather than leaving a lifecycle half in two states.
 */
export class IllegalTransitionError extends Error {
  /** Always `'ERR_ILLEGAL_TRANSITION'`. */
  readonly code = 'ERR_ILLEGAL_TRANSITION';
  /** The state the machine was in. */
  readonly from: string;
  /** The state it was asked to move to. */
  readonly to: string;

  constructor(machine: string, from: string, to: string) {
    super(`${machine} cannot move from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
    this.from = from;
    this.to = to;
  }
}

/**
 * A named lifecycle over a transition table: `to(next)` moves along the table or throws, `can(next)`
 * asks first, `visited(state)` says where the machine has been (so an outcome is read from the path,
 * not from flags kept beside the state), and listeners hear every move.
 */
export class StateMachine<S extends string> {
  readonly #name: string;
  readonly #transitions: Transitions<S>;
  readonly #visited = new Set<S>();
  readonly #listeners = new Set<(to: S, from: S) => void>();
  #state: S;

  /**
   * @param name - What the machine is the lifecycle of, for the error message (`'A run'`).
   * @param initial - The state it starts in.
   * @param transitions - For each state, the states it may move to.
   * @throws RangeError when `initial` or a target in `transitions` is not a state of the table.
   */
  constructor(name: string, initial: S, transitions: Transitions<S>) {
    for (const [from, targets] of Object.entries<readonly S[]>(transitions)) {
      const unknown = targets.find((target) => !Object.hasOwn(transitions, target));
      if (unknown !== undefined) {
        throw new RangeError(
          `The "transitions" of ${name} name an unknown state. Received ${from} → ${unknown}`,
        );
      }
    }
    if (!Object.hasOwn(transitions, initial)) {
      throw new RangeError(`The "initial" state of ${name} is not in its table. Received ${initial}`);
    }
    this.#name = name;
    this.#transitions = transitions;
    this.#state = initial;
    this.#visited.add(initial);
  }

  /** The current state. */
  get state(): S {
    return this.#state;
  }

  /** Whether the table allows a move from the current state to `next`. */
  can(next: S): boolean {
    return this.#transitions[this.#state].includes(next);
  }

  /**
   * Moves to `next` and tells the listeners.
   * @throws {@link IllegalTransitionError} when the table does not allow the move.
   */
  to(next: S): void {
    const from = this.#state;
    if (!this.can(next)) throw new IllegalTransitionError(this.#name, from, next);
    this.#state = next;
    this.#visited.add(next);
    for (const listener of this.#listeners) listener(next, from);
  }

  /** Whether the machine has been in `state` (the initial one included). */
  visited(state: S): boolean {
    return this.#visited.has(state);
  }

  /** Calls `listener` on every move; returns what stops it. */
  onTransition(listener: (to: S, from: S) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }
}
