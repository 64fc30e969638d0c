import type { HttpSession, SessionOwner } from './http-session';

/**
 * The server's open sessions, at most `maxSessions` of them whatever their state (one still opening or
 * still closing holds resources too), found by id only from the address and with the token that opened
 * them: an id seen by another client (a log, a proxy, another holder of a token) does not let it in.
 */
export class SessionRegistry {
  readonly maxSessions: number;
  readonly #open = new Set<HttpSession>();
  readonly #byId = new Map<string, HttpSession>();

  constructor(maxSessions: number) {
    this.maxSessions = maxSessions;
  }

  /** Sessions held now: opening, active or closing. */
  get size(): number {
    return this.#open.size;
  }

  /** Whether one more session may open. */
  hasRoom(): boolean {
    return this.#open.size < this.maxSessions;
  }

  /** Holds a new session's place; the caller checked {@link hasRoom} in the same turn. */
  add(session: HttpSession): void {
    this.#open.add(session);
  }

  /** Makes an active session findable by its id. */
  activate(session: HttpSession): void {
    if (session.id !== undefined) this.#byId.set(session.id, session);
  }

  /** Forgets a closed session, freeing its place. */
  remove(session: HttpSession): void {
    this.#open.delete(session);
    if (session.id !== undefined && this.#byId.get(session.id) === session) this.#byId.delete(session.id);
  }

  /** The active session with this id opened by `owner`, or `null`: the same answer for an unknown id and another client's. */
  find(id: string, owner: SessionOwner): HttpSession | null {
    const session = this.#byId.get(id);
    const same = session?.owner.peer === owner.peer && session.owner.credential === owner.credential;
    return same && session.state === 'active' ? session : null;
  }

  /** Closes every session; resolves when all are closed. */
  async closeAll(reason: string): Promise<void> {
    await Promise.all([...this.#open].map((session) => session.close(reason)));
  }

  /** Removes every session's spill directory at once, for the process's `exit` handler. */
  removeSpillSync(): void {
    for (const session of this.#open) session.removeSpillSync();
  }
}
