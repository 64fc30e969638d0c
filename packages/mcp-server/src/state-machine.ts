/**
 * A lifecycle as data: each state lists the states it may move to. A move the table does not list is
 * a bug in the server, so it throws rather than leaving a call or a session half in two states.
 */
export class StateMachine<S extends string> {
  #state: S;
  readonly #transitions: Readonly<Record<S, readonly S[]>>;
  readonly #name: string;

  constructor(name: string, initial: S, transitions: Readonly<Record<S, readonly S[]>>) {
    this.#name = name;
    this.#state = initial;
    this.#transitions = transitions;
  }

  get state(): S {
    return this.#state;
  }

  /** Moves to `next` when the table allows it from the current state; returns whether it moved. */
  tryMove(next: S): boolean {
    if (!this.#transitions[this.#state].includes(next)) return false;
    this.#state = next;
    return true;
  }

  /** Moves to `next`, which the table must allow. */
  move(next: S): void {
    if (!this.tryMove(next)) throw new Error(`${this.#name}: no transition from ${this.#state} to ${next}`);
  }
}
