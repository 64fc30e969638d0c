import { readdirSync, readFileSync } from 'node:fs';

/** A process still running after its command ended, as a result reports it. */
export interface Leftover {
  pid: number;
  /** Its command line, arguments joined by spaces (at most 200 characters). */
  command: string;
}

const MAX_COMMAND_CHARS = 200;

/** A process's state letter and process group from /proc/<pid>/stat, or `null` when it is gone. */
export function statOf(pid: number): { state: string; pgid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] as string, pgid: Number(fields[2]) };
  } catch {
    return null;
  }
}

/** Whether a process is alive: present and not a zombie (pid 1 here may never reap it). */
export function isAlive(pid: number): boolean {
  const stat = statOf(pid);
  return stat !== null && stat.state !== 'Z' && stat.state !== 'X';
}

/** A process's command line as a leftover reports it. */
export function leftoverOf(pid: number): Leftover {
  let command = '';
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '').replaceAll('\0', ' ');
  } catch {
    // Gone meanwhile, or unreadable: the pid is still worth reporting.
  }
  return {
    pid,
    command: command.length > MAX_COMMAND_CHARS ? `${command.slice(0, MAX_COMMAND_CHARS)}…` : command,
  };
}

/** The pids /proc lists now, this process excluded; empty where there is no /proc. */
export function listPids(): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => pid !== process.pid);
}

/** The live members of the process group `pgid`. */
export function groupMembers(pgid: number): number[] {
  return listPids().filter((pid) => {
    const stat = statOf(pid);
    return stat !== null && stat.pgid === pgid && stat.state !== 'Z' && stat.state !== 'X';
  });
}

/** Sends `signal` to `pid`, ignoring a process that is gone or not ours to signal. */
export function signalProcess(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // ESRCH: gone already; EPERM: it changed user, and nothing here can end it.
  }
}
