import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive } from './process-table';
import { randomHex } from './random-hex';

/** Where this process may make cgroups: a cgroup2 or cgroup v1 (pids, freezer) directory of its own cgroup. */
interface CgroupBase {
  directory: string;
  version: 1 | 2;
}

/** The cgroup v1 controllers whose hierarchy can hold a run: any would do, these are the light ones. */
const V1_CONTROLLERS = ['pids', 'freezer'];

/** The name of a cgroup made here: `pipeguard-<pid of the process that made it>-<random hex>`. */
const SCOPE_NAME = /^pipeguard-(\d+)-[0-9a-f]+$/;

/** The cgroup directories this process has already cleared of abandoned scopes (once each is enough). */
const cleared = new Set<string>();

/**
 * Removes the empty scopes, under `base`, of processes that are gone: one ended by SIGKILL, or one that
 * exited while its leftovers ran on, could not remove its own, and nothing else would. A scope still
 * holding a process is busy (rmdir refuses it), and one whose maker lives is left to its maker.
 */
function removeAbandonedScopes(base: string): void {
  if (cleared.has(base)) return;
  cleared.add(base);
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return;
  }
  for (const name of names) {
    const maker = SCOPE_NAME.exec(name)?.[1];
    if (maker === undefined || Number(maker) === process.pid || isAlive(Number(maker))) continue;
    try {
      rmdirSync(join(base, name));
    } catch {
      // Busy: a process its maker left behind still runs in it.
    }
  }
}

/** Rounds of SIGKILL to every member before giving up on a cgroup that keeps forking (v1, without cgroup.kill). */
const MAX_KILL_ROUNDS = 100;

/** The mounted cgroup file systems this process is in, cgroup2 first (from /proc/self/mountinfo and /proc/self/cgroup). */
function cgroupBases(): CgroupBase[] {
  let mountinfo: string;
  let membership: string;
  try {
    mountinfo = readFileSync('/proc/self/mountinfo', 'utf8');
    membership = readFileSync('/proc/self/cgroup', 'utf8');
  } catch {
    return [];
  }
  const pathOf = (controller: string) =>
    membership
      .split('\n')
      .map((line) => line.split(':'))
      .find(
        ([, controllers]) =>
          controllers?.split(',').includes(controller) || (controller === '' && controllers === ''),
      )?.[2];
  const bases: CgroupBase[] = [];
  for (const line of mountinfo.split('\n')) {
    const [mount, rest] = line.split(' - ');
    const mountPoint = mount?.split(' ')[4];
    const [fsType, , options = ''] = rest?.split(' ') ?? [];
    if (mountPoint === undefined) continue;
    if (fsType === 'cgroup2') {
      const path = pathOf('');
      if (path !== undefined) bases.unshift({ directory: join(mountPoint, path), version: 2 });
    } else if (fsType === 'cgroup') {
      const controller = V1_CONTROLLERS.find((name) => options.split(',').includes(name));
      const path = controller === undefined ? undefined : pathOf(controller);
      if (path !== undefined) bases.push({ directory: join(mountPoint, path), version: 1 });
    }
  }
  return bases;
}

/**
 * A cgroup made for one run: every process moved into it, and all it forks, stays in it whatever it
 * does (setsid, double fork), so the cgroup lists and ends all of them. Made under this process's own
 * cgroup, which takes the right to (root, or a delegated systemd scope).
 */
export class CgroupScope {
  readonly directory: string;
  readonly version: 1 | 2;

  private constructor(directory: string, version: 1 | 2) {
    this.directory = directory;
    this.version = version;
  }

  /**
   * Calls `spawn` with this process moved into a new cgroup for the while, so that the child starts
   * in it (a child is forked into its parent's cgroup) before it can fork anything, then moves back.
   * Moving the child after the spawn would race its first fork. Returns what `spawn` returned and the
   * cgroup, or `null` for it where none can be made or entered (no cgroup file system, no right to
   * write it): the caller then tracks descendants another way.
   */
  static spawnInside<T>(spawn: () => T): { spawned: T; scope: CgroupScope | null } {
    for (const base of cgroupBases()) {
      const directory = join(base.directory, `pipeguard-${process.pid}-${randomHex(6)}`);
      try {
        mkdirSync(directory);
      } catch {
        continue;
      }
      try {
        writeFileSync(join(directory, 'cgroup.procs'), String(process.pid));
      } catch {
        rmdirSync(directory);
        continue;
      }
      try {
        return { spawned: spawn(), scope: new CgroupScope(directory, base.version) };
      } finally {
        writeFileSync(join(base.directory, 'cgroup.procs'), String(process.pid));
        // After the spawn: the command starts meanwhile.
        removeAbandonedScopes(base.directory);
      }
    }
    return { spawned: spawn(), scope: null };
  }

  /** The pids in the cgroup now (zombies included on some kernels: the caller filters). */
  members(): number[] {
    try {
      return readFileSync(join(this.directory, 'cgroup.procs'), 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map(Number);
    } catch {
      return [];
    }
  }

  /** Sends SIGKILL to every member: at once through cgroup.kill (cgroup2, Linux 5.14+), else member by member until none is left. */
  killAll(isAlive: (pid: number) => boolean): void {
    const killFile = join(this.directory, 'cgroup.kill');
    if (this.version === 2 && existsSync(killFile)) {
      try {
        writeFileSync(killFile, '1');
        return;
      } catch {
        // An older kernel's file system refused it: kill member by member below.
      }
    }
    for (let round = 0; round < MAX_KILL_ROUNDS; round++) {
      const alive = this.members().filter(isAlive);
      if (alive.length === 0) return;
      for (const pid of alive) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
      }
    }
  }

  /** Removes the cgroup once it is empty; `false` while members (not yet reaped) keep it busy. */
  tryRemove(): boolean {
    try {
      rmdirSync(this.directory);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT';
    }
  }
}
