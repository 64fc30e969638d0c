import { constants } from 'node:os';

/** Signals that stop, continue or are ignored by default: they do not end a process. */
const NOT_ENDING = new Set([
  'SIGSTOP',
  'SIGTSTP',
  'SIGTTIN',
  'SIGTTOU',
  'SIGCONT',
  'SIGCHLD',
  'SIGURG',
  'SIGWINCH',
]);

/**
 * Every signal Node names that ends a process by default (SIGKILL included), each by its first name
 * in Node's table (SIGABRT, not its alias SIGIOT), as `child_process` reports a death by it.
 */
export function endingSignals(): NodeJS.Signals[] {
  const names = new Map<number, NodeJS.Signals>();
  for (const [name, number] of Object.entries(constants.signals)) {
    if (!names.has(number)) names.set(number, name as NodeJS.Signals);
  }
  return [...names.values()].filter((name) => !NOT_ENDING.has(name));
}

/**
 * A python3 program that prints `first`, then waits (up to 10 s) for `flag` to exist before it prints
 * `second`: without -u its stdout is block-buffered on a pipe and line-buffered on a terminal, so it
 * shows whether a line is handed out before the program's next one.
 */
export function firstLineThenFlagScript(flag: string): string {
  return [
    'import os, time',
    'print("first")',
    'time.sleep(1)',
    'deadline = time.time() + 10',
    `while not os.path.exists(${JSON.stringify(flag)}) and time.time() < deadline: time.sleep(0.05)`,
    `print("second" if os.path.exists(${JSON.stringify(flag)}) else "second, first never arrived")`,
  ].join('\n');
}
