import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** State, parent and process group of a pid from /proc/<pid>/stat, or `null` when it is gone. */
export function processStat(pid: number): { state: string; ppid: number; pgrp: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name may contain spaces and parentheses: the fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] as string, ppid: Number(fields[1]), pgrp: Number(fields[2]) };
}

/**
 * Whether a process is alive: present and not a zombie. A container without an init does not reap
 * orphans, so killed processes stay zombies and `kill(pid, 0)` would still succeed.
 */
export function isAlive(pid: number): boolean {
  const stat = processStat(pid);
  return stat !== null && stat.state !== 'Z';
}

/** Pids of every process whose /proc/<pid>/stat satisfies `matches`. */
export function findProcesses(
  matches: (stat: NonNullable<ReturnType<typeof processStat>>) => boolean,
): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const stat = processStat(pid);
      return stat !== null && matches(stat);
    });
}

/** Pids of live (non-zombie) processes in a process group. */
export function liveGroupMembers(pgid: number): number[] {
  return findProcesses((stat) => stat.pgrp === pgid && stat.state !== 'Z');
}

/** Polls `condition` every 20 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function eventually(condition: () => boolean, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

/** This process's open descriptors, by what they point at (`pipe:[…]`, a path, …). */
export function openDescriptors(): string[] {
  return readdirSync('/proc/self/fd').map((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return 'closed meanwhile';
    }
  });
}
