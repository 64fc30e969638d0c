import { isProcProblem, listProcDir, type ProcProblem, readProcFile, readProcLink } from './proc-files';

/** A process's open descriptors: number → what the link names (`/dev/pts/3`, `pipe:[12]`, `socket:[9]`). */
export type DescriptorTable = ReadonlyMap<number, string>;

/** Reads the descriptor table of `pid`, or why not. */
export function readDescriptors(pid: number): DescriptorTable | ProcProblem {
  const names = listProcDir(`/proc/${pid}/fd`);
  if (isProcProblem(names)) return names;
  const table = new Map<number, string>();
  for (const name of names) {
    const link = readProcLink(`/proc/${pid}/fd/${name}`);
    // A descriptor closed between the listing and the read is simply not there.
    if (link === 'denied') return link;
    if (link !== 'gone') table.set(Number(name), link);
  }
  return table;
}

/** Whether descriptor `fd` of `pid` was opened write-only (its end of a pipe cannot bring input). */
export function isWriteOnly(pid: number, fd: number): boolean {
  const info = readProcFile(`/proc/${pid}/fdinfo/${fd}`);
  if (isProcProblem(info)) return false;
  const flags = /^flags:\s*([0-7]+)$/m.exec(info)?.[1];
  return flags !== undefined && (Number.parseInt(flags, 8) & 3) === 1;
}

/** EPOLLIN: the instance is told when the descriptor has input. */
const EPOLLIN = 0x1;

/** The descriptors epoll instance `epfd` of `pid` waits on for input, from its fdinfo's `tfd:` lines. */
export function readEpollInputs(pid: number, epfd: number): number[] | ProcProblem {
  const info = readProcFile(`/proc/${pid}/fdinfo/${epfd}`);
  if (isProcProblem(info)) return info;
  const inputs: number[] = [];
  for (const match of info.matchAll(/^tfd:\s*(\d+)\s+events:\s*([0-9a-f]+)/gm)) {
    if (Number.parseInt(match[2] as string, 16) & EPOLLIN) inputs.push(Number(match[1]));
  }
  return inputs;
}

/**
 * Devices that never make a reader wait (a poll on them returns at once), so a wait cannot be on them;
 * regular files and directories (every other path) never do either.
 */
const NEVER_WAITING_DEVICES = new Set(['/dev/null', '/dev/zero', '/dev/full', '/dev/random', '/dev/urandom']);
/** Kernel objects a program waits on beside its input only to be woken (signals, timers, other threads). */
const WAKE_UP_OBJECTS = new Set(['anon_inode:[eventfd]', 'anon_inode:[signalfd]', 'anon_inode:[timerfd]']);

/**
 * What a descriptor in a waiting set can mean: `'input'`, the input watched for; `'wake-up'`, nothing a
 * person is asked for (a file, /dev/null, an eventfd, a pipe whose both ends the process holds, which
 * programs write to wake themselves); `'other'`, something else that may bring input (a socket, another
 * pipe or terminal, an inotify watch), so the wait is not only for the input.
 */
export type WaitRole = 'input' | 'wake-up' | 'other';

/** The role of the descriptor linked to `link` in a process whose descriptors are `table`. */
export function waitRole(link: string, table: DescriptorTable, isInput: (link: string) => boolean): WaitRole {
  if (isInput(link)) return 'input';
  if (link.startsWith('/'))
    return link.startsWith('/dev/') && !NEVER_WAITING_DEVICES.has(link) ? 'other' : 'wake-up';
  if (WAKE_UP_OBJECTS.has(link)) return 'wake-up';
  if (link.startsWith('pipe:')) {
    let ends = 0;
    for (const other of table.values()) if (other === link) ends++;
    return ends >= 2 ? 'wake-up' : 'other';
  }
  return 'other';
}
