/**
 * How a blocked system call waits for input: `'read'` reads one descriptor (its first argument);
 * `'poll'` and `'select'` wait on a set held in the caller's memory (which is not read: no ptrace),
 * `poll`'s count in its second argument, `select`'s highest descriptor + 1 in its first; `'epoll'`
 * waits on an epoll instance (its first argument), whose set /proc lists.
 */
export type WaitKind = 'read' | 'poll' | 'select' | 'epoll';

/** A system call that can block on input. */
export interface InputSyscall {
  name: string;
  kind: WaitKind;
}

const call = (name: string, kind: WaitKind): InputSyscall => ({ name, kind });

/**
 * The input-waiting calls by number, per architecture (Linux's syscall tables: arch/x86/entry/syscalls/
 * syscall_64.tbl, and the generic table arm64 uses, include/uapi/asm-generic/unistd.h).
 */
const INPUT_SYSCALLS: Readonly<Record<string, ReadonlyMap<number, InputSyscall>>> = {
  x64: new Map([
    [0, call('read', 'read')],
    [17, call('pread64', 'read')],
    [19, call('readv', 'read')],
    [295, call('preadv', 'read')],
    [327, call('preadv2', 'read')],
    [7, call('poll', 'poll')],
    [271, call('ppoll', 'poll')],
    [23, call('select', 'select')],
    [270, call('pselect6', 'select')],
    [232, call('epoll_wait', 'epoll')],
    [281, call('epoll_pwait', 'epoll')],
    [441, call('epoll_pwait2', 'epoll')],
  ]),
  arm64: new Map([
    [63, call('read', 'read')],
    [65, call('readv', 'read')],
    [67, call('pread64', 'read')],
    [69, call('preadv', 'read')],
    [286, call('preadv2', 'read')],
    [73, call('ppoll', 'poll')],
    [72, call('pselect6', 'select')],
    [22, call('epoll_pwait', 'epoll')],
    [441, call('epoll_pwait2', 'epoll')],
  ]),
};

/** Whether this architecture's system call numbers are known here (else /proc's syscall file says nothing). */
export function knowsSyscalls(arch: string = process.arch): boolean {
  return arch in INPUT_SYSCALLS;
}

/** What a task blocked in system call `number` waits for, or `null` when that call does not wait on input. */
export function inputSyscall(number: number, arch: string = process.arch): InputSyscall | null {
  return INPUT_SYSCALLS[arch]?.get(number) ?? null;
}

/** A task's system call, as `/proc/<pid>/task/<tid>/syscall` gives it. */
export type TaskSyscall =
  | { kind: 'running' }
  /** Blocked outside a system call (a page fault) or a line this parser does not know. */
  | { kind: 'none' }
  | { kind: 'call'; number: number; args: readonly number[] };

/** Parses a syscall line: `running`, `-1 sp pc`, or the number and six arguments in hex. */
export function parseTaskSyscall(text: string): TaskSyscall {
  const words = text.trim().split(' ');
  if (words[0] === 'running') return { kind: 'running' };
  const number = Number(words[0]);
  if (!Number.isInteger(number) || number < 0) return { kind: 'none' };
  // Descriptors and counts fit a double exactly; pointers (never used as numbers here) may not.
  return { kind: 'call', number, args: words.slice(1, 7).map((word) => Number.parseInt(word, 16)) };
}
