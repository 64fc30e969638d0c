import { CgroupScope } from './cgroup-scope';
import { EnvironMarker } from './environ-marker';
import { groupMembers, isAlive, type Leftover, leftoverOf, signalProcess } from './process-table';

/**
 * How a run keeps hold of everything its command starts: `'cgroup'` (Linux, where a cgroup can be made:
 * nothing escapes), `'environ'` (Linux otherwise: processes carrying the run's environment marker, plus
 * its process group), `'process-group'` (elsewhere: only what stays in the command's group).
 */
export type ContainmentMechanism = 'cgroup' | 'environ' | 'process-group';

/** How long the cgroup's removal is retried while killed members are still exiting. */
const REMOVE_RETRY_MS = 50;
const REMOVE_ATTEMPTS = 100;
/** How often the cgroup of leftovers left running is checked for emptiness. */
const EMPTY_CHECK_MS = 1000;

/**
 * The descendants of one command, whatever they do to leave its process group (setsid, a double fork,
 * nohup, disown): listed at its end, signalled with it, ended on request. Made before the spawn (its
 * marker goes into the environment), given the child's pid right after it.
 */
export class DescendantContainment {
  readonly #marker: EnvironMarker | null;
  readonly #killLeftovers: boolean;
  readonly #preferCgroup: boolean;
  #cgroup: CgroupScope | null = null;
  #pgid: number | undefined;

  /**
   * @param killLeftovers Whether descendants still alive at a normal end are ended then.
   * @param preferred The mechanism to try first; `'environ'` skips the cgroup (tests of the fallback).
   */
  constructor(killLeftovers: boolean, preferred: ContainmentMechanism = 'cgroup') {
    this.#killLeftovers = killLeftovers;
    this.#marker = process.platform === 'linux' && preferred !== 'process-group' ? new EnvironMarker() : null;
    this.#preferCgroup = preferred === 'cgroup';
  }

  /** The mechanism in use: known once the child is adopted. */
  get mechanism(): ContainmentMechanism {
    if (this.#cgroup !== null) return 'cgroup';
    return this.#marker !== null ? 'environ' : 'process-group';
  }

  /** The command's environment with the run's marker (unchanged where no marker is used). */
  environment(env: NodeJS.ProcessEnv | undefined): NodeJS.ProcessEnv | undefined {
    return this.#marker === null ? env : this.#marker.mark(env ?? process.env);
  }

  /**
   * Spawns the child with `spawn`, inside a cgroup where one can be made, and holds it from then on
   * (its pid is its process group's id).
   */
  spawn<T extends { pid?: number | undefined }>(spawn: () => T): T {
    if (!this.#preferCgroup || process.platform !== 'linux') {
      const child = spawn();
      this.#pgid = child.pid;
      return child;
    }
    const { spawned, scope } = CgroupScope.spawnInside(spawn);
    this.#cgroup = scope;
    this.#pgid = spawned.pid;
    return spawned;
  }

  /** The live descendants (the command itself too, while it runs), each once. */
  members(): number[] {
    // A cgroup holds every descendant (a fork starts in its parent's cgroup): its list is the answer, where
    // the group's members take a read of every process's /proc stat (~0.05 ms CPU a process, per call).
    if (this.#cgroup !== null) return this.#cgroup.members().filter(isAlive);
    const pids = new Set<number>(this.#pgid === undefined ? [] : groupMembers(this.#pgid));
    for (const pid of this.#marker?.carriers() ?? []) pids.add(pid);
    return [...pids].filter(isAlive);
  }

  /** Sends `signal` to every live descendant. */
  signalAll(signal: NodeJS.Signals): void {
    if (signal === 'SIGKILL') {
      this.killAll();
      return;
    }
    for (const pid of this.members()) signalProcess(pid, signal);
  }

  /** Ends every descendant with SIGKILL, then removes the cgroup once they are gone. */
  killAll(): void {
    this.#cgroup?.killAll(isAlive);
    for (const pid of this.members()) signalProcess(pid, 'SIGKILL');
    this.#release();
  }

  /**
   * At the command's end: the descendants still alive, ended at once with `killLeftovers` (still
   * reported: they were there). Without it they run on, until {@link killAll}.
   */
  settle(): Leftover[] {
    const leftovers = this.members().map(leftoverOf);
    // None alive, none to fork another: nothing to end, and no second scan of every process to find so.
    if (leftovers.length === 0) this.#release();
    else if (this.#killLeftovers) this.killAll();
    else this.#releaseWhenEmpty();
    return leftovers;
  }

  /** Removes the cgroup once the leftovers have ended by themselves (checked each second, without keeping the process alive). */
  #releaseWhenEmpty(): void {
    const cgroup = this.#cgroup;
    if (cgroup === null) return;
    const check = setInterval(() => {
      if (cgroup.members().some(isAlive)) return;
      clearInterval(check);
      this.#release();
    }, EMPTY_CHECK_MS);
    check.unref();
  }

  #release(): void {
    const cgroup = this.#cgroup;
    if (cgroup === null || cgroup.tryRemove()) return;
    let attempts = 0;
    const retry = setInterval(() => {
      if (cgroup.tryRemove() || ++attempts >= REMOVE_ATTEMPTS) clearInterval(retry);
    }, REMOVE_RETRY_MS);
    retry.unref();
  }
}
