import { closeSync, openSync, readdirSync, readFileSync, readlinkSync, readSync } from 'node:fs';

/**
 * Why /proc could not answer: `'gone'`, the process (or task, or descriptor) no longer exists;
 * `'denied'`, /proc refused or is missing (another user's or a setuid process, `hidepid`, no /proc).
 */
export type ProcProblem = 'gone' | 'denied';

let procMounted: boolean | undefined;

/** Whether this machine has a /proc of processes at all: without it, every "missing" file is a denial. */
function hasProc(): boolean {
  if (procMounted === undefined) {
    try {
      readFileSync('/proc/self/stat');
      procMounted = true;
    } catch {
      procMounted = false;
    }
  }
  return procMounted;
}

function problemOf(error: unknown): ProcProblem {
  const code = (error as NodeJS.ErrnoException).code;
  // ESRCH: the process exited while its file was read.
  return (code === 'ENOENT' || code === 'ESRCH') && hasProc() ? 'gone' : 'denied';
}

/**
 * One buffer for every read: the files read here (stat, syscall, wchan, children, fdinfo) are a few hundred
 * bytes, which the kernel produces whole in one read.
 */
const buffer = Buffer.allocUnsafe(64 * 1024);

/**
 * A /proc file's text (latin1: names there are bytes), or why not. Read with one open, one read and one
 * close: `readFileSync` also stats the file (whose size /proc gives as 0) and reads again to find its end,
 * which made a sample of a Node process twice the system calls.
 */
export function readProcFile(path: string): string | ProcProblem {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    return problemOf(error);
  }
  try {
    const length = readSync(fd, buffer, 0, buffer.length, null);
    // A file larger than the buffer (a process with thousands of children) is read to its end.
    if (length === buffer.length) return buffer.toString('latin1') + readFileSync(fd, 'latin1');
    return buffer.toString('latin1', 0, length);
  } catch (error) {
    return problemOf(error);
  } finally {
    closeSync(fd);
  }
}

/** Where a /proc link points (a descriptor's `/dev/pts/3`, `pipe:[1234]`), or why not. */
export function readProcLink(path: string): string | ProcProblem {
  try {
    return readlinkSync(path);
  } catch (error) {
    return problemOf(error);
  }
}

/** The names in a /proc directory (a process's tasks or descriptors), or why not. */
export function listProcDir(path: string): string[] | ProcProblem {
  try {
    return readdirSync(path);
  } catch (error) {
    return problemOf(error);
  }
}

/** Whether a /proc read failed. */
export function isProcProblem(value: unknown): value is ProcProblem {
  return value === 'gone' || value === 'denied';
}
