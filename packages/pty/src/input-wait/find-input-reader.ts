import { type DescriptorTable, isWriteOnly, readDescriptors, readEpollInputs, waitRole } from './descriptors';
import { isProcProblem, listProcDir, readProcFile } from './proc-files';
import { type ProcessStat, readProcessStat } from './process-stat';
import { type InputSyscall, inputSyscall, parseTaskSyscall } from './syscalls';

/** A task found blocked waiting for the input: how, and on what. */
export interface InputReader {
  pid: number;
  tid: number;
  /** The process's name (`comm`). */
  name: string;
  syscall: InputSyscall;
  /** The descriptor read (`read` calls), or `null` for a wait on a set. */
  fd: number | null;
  /** What the input descriptor links to (`/dev/pts/3`, `/dev/tty`, `socket:[9]`). */
  link: string;
  /** The kernel function it sleeps in (`wait_woken`, `n_tty_read`, `do_epoll_wait`), or `null` if unread. */
  wchan: string | null;
}

/** What a scan of the members found. */
export type ReaderScan =
  | { found: 'reader'; reader: InputReader }
  /** A member is running (or in disk wait): the group is busy, whatever the others do. */
  | { found: 'busy'; pid: number; name: string; state: string }
  | { found: 'none' }
  /** /proc refused some member's tasks, and no reader was found among the others. */
  | { found: 'denied'; pid: number };

/** Decides whether descriptor links of process `member` name the input. */
export type InputMatcher = (link: string, member: ProcessStat) => boolean;

/**
 * Looks through every task of `members` for one blocked waiting for the input only: in a read of it,
 * or in poll/select/epoll on a set in which nothing else could bring input. A running member makes the
 * group busy, which is checked first (one read per task) as it is the usual answer for a quiet command.
 */
export function findInputReader(members: readonly ProcessStat[], isInput: InputMatcher): ReaderScan {
  const sleeping: { member: ProcessStat; tid: number }[] = [];
  let denied: number | null = null;
  for (const member of members) {
    const tids = listProcDir(`/proc/${member.pid}/task`);
    if (tids === 'denied') denied ??= member.pid;
    if (isProcProblem(tids)) continue;
    for (const name of tids) {
      const tid = Number(name);
      const stat = readProcessStat(member.pid, tid);
      if (isProcProblem(stat)) continue;
      if (stat.state === 'R' || stat.state === 'D') {
        return { found: 'busy', pid: member.pid, name: member.name, state: stat.state };
      }
      if (stat.state === 'S') sleeping.push({ member, tid });
    }
  }
  const tables = new Map<number, DescriptorTable | null>();
  for (const { member, tid } of sleeping) {
    const reader = readerOf(member, tid, isInput, tables);
    if (reader === 'denied') denied ??= member.pid;
    else if (reader !== null) return { found: 'reader', reader };
  }
  return denied === null ? { found: 'none' } : { found: 'denied', pid: denied };
}

/** The task `tid` of `member` as an input reader, `null` when it waits for something else, or `'denied'`. */
function readerOf(
  member: ProcessStat,
  tid: number,
  isInput: InputMatcher,
  tables: Map<number, DescriptorTable | null>,
): InputReader | null | 'denied' {
  const text = readProcFile(`/proc/${member.pid}/task/${tid}/syscall`);
  if (isProcProblem(text)) return text === 'denied' ? text : null;
  const call = parseTaskSyscall(text);
  if (call.kind !== 'call') return null;
  const syscall = inputSyscall(call.number);
  if (syscall === null) return null;
  if (!tables.has(member.pid)) {
    const table = readDescriptors(member.pid);
    if (table === 'denied') return table;
    tables.set(member.pid, isProcProblem(table) ? null : table);
  }
  const table = tables.get(member.pid);
  if (table == null) return null;
  const matches = (link: string) => isInput(link, member);
  const waitedOn = waitedDescriptors(member.pid, syscall, call.args, table);
  if (waitedOn === null) return null;
  let input: number | null = null;
  for (const fd of waitedOn.fds) {
    const link = table.get(fd);
    if (link === undefined) continue;
    const role = waitRole(link, table, matches);
    // Of a set guessed from the table, a write-only end cannot be what a wait for input is on.
    if (role === 'other' && waitedOn.guessed && isWriteOnly(member.pid, fd)) continue;
    if (role === 'other') return null;
    if (role === 'input') input ??= fd;
  }
  if (input === null) return null;
  const wchan = readProcFile(`/proc/${member.pid}/task/${tid}/wchan`);
  return {
    pid: member.pid,
    tid,
    name: member.name,
    syscall,
    fd: syscall.kind === 'read' ? input : null,
    link: table.get(input) as string,
    wchan: isProcProblem(wchan) || wchan === '0' || wchan === '' ? null : wchan,
  };
}

/**
 * The descriptors a call may be waiting on: the one read; an epoll instance's input set; for poll and
 * select, whose sets lie in the process's memory (not read: no ptrace), every open descriptor, as a
 * guess (select's highest + 1 bounds it); `null` when the call waits on none (a sleep by poll).
 */
function waitedDescriptors(
  pid: number,
  syscall: InputSyscall,
  args: readonly number[],
  table: DescriptorTable,
): { fds: number[]; guessed: boolean } | null {
  const [first = -1, second = 0] = args;
  switch (syscall.kind) {
    case 'read':
      return { fds: [first], guessed: false };
    case 'epoll': {
      const inputs = readEpollInputs(pid, first);
      return isProcProblem(inputs) ? null : { fds: inputs, guessed: false };
    }
    case 'poll':
    case 'select': {
      const count = syscall.kind === 'poll' ? second : first;
      if (!(count > 0)) return null;
      const limit = syscall.kind === 'select' ? count : Number.POSITIVE_INFINITY;
      return { fds: [...table.keys()].filter((fd) => fd < limit), guessed: true };
    }
  }
}
