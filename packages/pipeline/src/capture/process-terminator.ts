import type { ChildLike } from './child-like';
import type { DescendantContainment } from './descendants/descendant-containment';
import { killProcessGroup } from './kill-process-group';

/** How a {@link ProcessTerminator} signals. */
export interface TerminatorSettings {
  /** Signal the child's whole process group (it was spawned detached), not only the child. */
  processGroup: boolean;
  /** First signal of a termination. */
  killSignal: NodeJS.Signals;
  /** Milliseconds between `killSignal` and SIGKILL. */
  killGrace: number;
}

/**
 * Ends a child (or its process group): `killSignal` first, SIGKILL after the grace. Knows nothing of
 * results; the lifecycle decides when to call it, as execa keeps terminating apart from resolving.
 */
export class ProcessTerminator {
  readonly #child: ChildLike;
  readonly #settings: TerminatorSettings;
  readonly #onForceKill: () => void;
  readonly #descendants: DescendantContainment | null;
  #graceTimer: NodeJS.Timeout | null = null;
  #terminating = false;
  #exited = false;

  /** `onForceKill` is called when the grace runs out and SIGKILL is sent; `descendants`, when given, are signalled too. */
  constructor(
    child: ChildLike,
    settings: TerminatorSettings,
    onForceKill: () => void,
    descendants: DescendantContainment | null = null,
  ) {
    this.#child = child;
    this.#settings = settings;
    this.#onForceKill = onForceKill;
    this.#descendants = descendants;
  }

  /** The child itself has exited: without a group there is nothing left to signal. */
  markExited(): void {
    this.#exited = true;
  }

  /** Sends `killSignal`, and SIGKILL after `killGrace`; asked again, sends SIGKILL at once. */
  terminate(): void {
    if (this.#terminating) {
      this.kill();
      return;
    }
    this.#terminating = true;
    this.#signal(this.#settings.killSignal);
    this.#graceTimer = setTimeout(() => {
      this.#graceTimer = null;
      this.kill();
      this.#onForceKill();
    }, this.#settings.killGrace);
  }

  /**
   * Sends SIGKILL now: to the group, or to the child while it lives, and with `'all'` to every
   * descendant held by the containment too (`'group'` spares those that left the group).
   */
  kill(reach: 'all' | 'group' = 'all'): void {
    this.#signal('SIGKILL', reach);
  }

  /** Cancels a pending SIGKILL; the lifecycle calls it when it settles. */
  dispose(): void {
    if (this.#graceTimer !== null) clearTimeout(this.#graceTimer);
    this.#graceTimer = null;
  }

  #signal(signal: NodeJS.Signals, reach: 'all' | 'group' = 'all'): void {
    // Those that left the group (setsid, a double fork) are reached through the containment, which
    // also lets go of its cgroup when a spawn failed (no pid).
    if (reach === 'all') this.#descendants?.signalAll(signal);
    const pid = this.#child.pid;
    if (pid === undefined) return;
    if (this.#settings.processGroup) killProcessGroup(pid, signal);
    else if (!this.#exited) this.#child.kill(signal);
  }
}
